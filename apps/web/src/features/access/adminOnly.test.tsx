import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@portal/contract';
import { mockFetch } from '../../test/fetchMock';
import { adminProfile, authConfig, operatorProfile } from '../../test/fixtures';
import { testFeatures } from '../../test/manifests';
import { renderApp, signIn } from '../../test/render';
import { auditsFeature } from '../audits';
import { accessFeature } from '.';

// The real admin manifests next to stand-ins for the rest (the shared test set has its own /audits stand-in).
const features = [...testFeatures.filter((f) => f.key !== 'audits'), auditsFeature, accessFeature];

function serve(profile: Profile) {
  return mockFetch({
    'GET /api/v1/public/auth-config': { body: authConfig },
    'GET /api/v1/devops/me': { body: profile },
    'GET /api/v1/admin/audits': { body: { items: [], total: 0 } },
    'GET /api/v1/admin/users': { body: { items: [], total: 0 } },
  });
}

/** The admin API calls a page made: the shell's read of the maintenance banner (settings.read, every role) aside. */
const adminCalls = (requests: ReturnType<typeof serve>['requests']) =>
  requests.filter(
    (r) => r.url.pathname.startsWith('/api/v1/admin/') && r.url.pathname !== '/api/v1/admin/system-settings',
  );

describe('the admin-only areas /audits and /access', () => {
  it.each([
    ['/audits', 'admin.audits'],
    ['/access', 'admin.users'],
    ['/access/usergroups/admin', 'admin.users'],
  ])('render the 403 page naming the privilege for an operator at %s, with no admin menu', async (path, privilege) => {
    const { requests } = serve(operatorProfile);
    signIn(operatorProfile.email);
    renderApp(path, features);
    expect(
      await screen.findByText(
        `Sorry, you are not authorized to access this page. It needs the privilege ${privilege}: ask an administrator for a role that grants it, or a time-bound grant.`,
      ),
    ).toBeInTheDocument();
    const nav = screen.getByLabelText('Main menu');
    expect(within(nav).getByText('Orgs')).toBeInTheDocument();
    expect(within(nav).queryByText('Admin')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Audits')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Access')).not.toBeInTheDocument();
    // The page never loaded, so it asked the server for nothing.
    expect(adminCalls(requests)).toEqual([]);
  });

  it('show an admin the Admin menu with Audits and Access, and the pages', async () => {
    serve(adminProfile);
    signIn(adminProfile.email);
    renderApp('/audits', features);
    expect(await screen.findByText('Audit Logs')).toBeInTheDocument();
    const nav = screen.getByLabelText('Main menu');
    expect(within(nav).getByText('Admin')).toBeInTheDocument();
    expect(within(nav).getByText('Audits')).toBeInTheDocument();
    expect(within(nav).getByText('Access')).toBeInTheDocument();
  });
});
