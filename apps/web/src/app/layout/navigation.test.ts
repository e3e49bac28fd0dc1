import { describe, expect, it } from 'vitest';
import { testFeatures } from '../../test/manifests';
import { ROLE_PRIVILEGES } from '@portal/contract';
import { breadcrumbs, documentTitle, menuGroups, pathRequirement, selectedMenu } from './navigation';

const operator = ROLE_PRIVILEGES.operator ?? [];
const admin = ROLE_PRIVILEGES.admin ?? [];

describe('document title', () => {
  it('joins the path segments with " / " and ends with the portal name', () => {
    expect(documentTitle('/orgs/123')).toBe('orgs / 123 - Management Portal');
    expect(documentTitle('/overview')).toBe('overview - Management Portal');
    expect(documentTitle('/orgs/123/')).toBe('orgs / 123 - Management Portal');
    expect(documentTitle('/orgs/a%20b')).toBe('orgs / a b - Management Portal');
  });
});

describe('breadcrumb', () => {
  it('has one crumb per segment; crumbs that are pages link there, the last does not', () => {
    expect(breadcrumbs('/orgs/123/clusters/456', testFeatures)).toEqual([
      { title: 'Orgs', path: '/orgs' },
      { title: '123', path: '/orgs/123' },
      { title: 'clusters' },
      { title: '456' },
    ]);
    expect(breadcrumbs('/overview', testFeatures)).toEqual([{ title: 'Overview' }]);
  });
});

describe('sidebar menu', () => {
  it('leaves the admin sections out for an operator', () => {
    const groups = menuGroups(testFeatures, operator);
    expect(groups.map((g) => g.key)).toEqual(['root', 'settings']);
    expect(groups.find((g) => g.key === 'settings')?.label).toBe('DBaaS Settings');
    expect(groups.flatMap((g) => g.entries.map((e) => e.key))).not.toContain('audits');
  });

  it('shows them to an admin, in spec order', () => {
    expect(menuGroups(testFeatures, admin).map((g) => g.key)).toEqual(['root', 'settings', 'admin']);
  });

  it('selects the entry whose path prefixes the location', () => {
    const groups = menuGroups(testFeatures, admin);
    expect(selectedMenu('/orgs/1/clusters/2', groups)).toEqual({ group: 'root', key: 'orgs' });
    expect(selectedMenu('/providers', groups)).toEqual({ group: 'settings', key: 'providers' });
    expect(selectedMenu('/nowhere', groups)).toBeUndefined();
  });

  it('knows which paths are admin only', () => {
    expect(pathRequirement('/audits', testFeatures)).toBe('admin.audits');
    expect(pathRequirement('/orgs', testFeatures)).toBe('orgs.read');
    expect(pathRequirement('/nowhere', testFeatures)).toBeUndefined();
  });
});
