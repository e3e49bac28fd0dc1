import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRIVILEGES } from '@portal/contract';
import type { IamUserGroupDetail, Profile } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { UserGroupPage } from './UserGroupPage';

const GROUP = '/api/v1/devops/iam/usergroups';
const admin: Profile = { email: 'ada@example.com', name: 'Ada', roles: ['admin'], privileges: [...PRIVILEGES] };

const billingTeam: IamUserGroupDetail = {
  name: 'billing-team',
  description: 'Finance staff',
  members: 1,
  roles: ['viewer'],
  policies: ['allow-billing'],
  created_by: 'admin@example.com',
  created_at: '2026-10-02T09:00:00.000Z',
  updated_at: '2026-10-02T09:00:00.000Z',
  member_list: [
    {
      email: 'maria.garcia@example.com',
      name: 'Maria Garcia',
      roles: ['operator'],
      disabled: false,
      added_by: 'admin@example.com',
      added_at: '2026-10-02T10:00:00.000Z',
    },
  ],
  bindings: [],
};

function serve() {
  return mockFetch({
    'GET /api/v1/devops/me': { body: admin },
    [`GET ${GROUP}/billing-team`]: { body: billingTeam },
    [`GET ${GROUP}/:name`]: {
      status: 404,
      body: { code: 'iam.groupNotFound', message: 'No user group named root', requestId: 't' },
    },
  });
}

describe('/access/usergroups/:userGroup', () => {
  it('shows the IAM group: its members and the roles and policies bound to it', async () => {
    serve();
    renderWithProviders(<UserGroupPage />, {
      path: '/access/usergroups/billing-team',
      routePath: '/access/usergroups/:userGroup',
    });
    const members = await screen.findByRole('table', { name: 'Members' });
    expect(await within(members).findByText('Maria Garcia')).toBeInTheDocument();
    expect(screen.getByText('User group: billing-team')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'viewer' })).toHaveAttribute('href', '/iam/role/roles/viewer');
    expect(screen.getByRole('link', { name: 'allow-billing' })).toHaveAttribute(
      'href',
      '/iam/role/policies/allow-billing',
    );
    expect(screen.getByRole('link', { name: 'Manage in IAM' })).toHaveAttribute(
      'href',
      '/iam/entity/usergroups/billing-team',
    );
  });

  it('says so when there is no such group', async () => {
    serve();
    renderWithProviders(<UserGroupPage />, {
      path: '/access/usergroups/root',
      routePath: '/access/usergroups/:userGroup',
    });
    expect(await screen.findByText('No user group named "root".')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Members' })).not.toBeInTheDocument();
  });
});
