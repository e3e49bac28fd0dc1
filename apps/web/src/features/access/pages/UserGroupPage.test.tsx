import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListResult, PortalUser } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { adminProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { UserGroupPage } from './UserGroupPage';

const USERS = '/api/v1/admin/users';

function serve() {
  const page: ListResult<PortalUser> = {
    items: [
      {
        email: 'olivia@example.com',
        name: 'Olivia Operator',
        roles: ['operator'],
        disabled: false,
        created_at: '2024-01-01T00:00:00.000Z',
      },
    ],
    total: 1,
  };
  return mockFetch({ 'GET /api/v1/devops/me': { body: adminProfile }, [`GET ${USERS}`]: { body: page } });
}

describe('/access/usergroups/:userGroup', () => {
  it("lists the role's holders and the privileges it grants", async () => {
    const { calls } = serve();
    renderWithProviders(<UserGroupPage />, {
      path: '/access/usergroups/operator',
      routePath: '/access/usergroups/:userGroup',
    });
    expect(await screen.findByText('Olivia Operator')).toBeInTheDocument();
    expect(calls('GET', USERS)[0]?.url.search).toBe('?page=1&per_page=10&role=operator');
    expect(screen.getByText('User group: operator')).toBeInTheDocument();
    expect(screen.getByText('portal.operate')).toBeInTheDocument();
    expect(screen.queryByText('admin.manage')).not.toBeInTheDocument();
  });

  it('says so when there is no such role', async () => {
    serve();
    renderWithProviders(<UserGroupPage />, {
      path: '/access/usergroups/root',
      routePath: '/access/usergroups/:userGroup',
    });
    expect(await screen.findByText('No role named "root". The roles are admin, operator, viewer.')).toBeInTheDocument();
  });
});
