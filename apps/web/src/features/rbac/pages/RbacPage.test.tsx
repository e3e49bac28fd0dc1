import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRIVILEGE_CATALOGUE, ROLE_PRIVILEGES } from '@portal/contract';
import type { ListResult, Profile, RbacRole } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { adminProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { RbacPage } from './RbacPage';

const LIST = '/api/v1/admin/rbac/role/list';

const role = (id: number, name: string, privileges: readonly string[], builtin: boolean, users: number): RbacRole => ({
  id,
  name,
  description: `${name} role`,
  builtin,
  privileges: [...privileges],
  users,
  created_at: '2026-10-01T00:00:00.000Z',
  updated_at: '2026-10-01T00:00:00.000Z',
});
const ROLES: ListResult<RbacRole> = {
  items: [
    role(1, 'admin', ROLE_PRIVILEGES.admin!, true, 1),
    role(5, 'auditor', ['admin.audits', 'rbac.read'], false, 0),
    role(4, 'billing-analyst', ['billing.read', 'billing.write'], false, 2),
    role(2, 'operator', ROLE_PRIVILEGES.operator!, true, 3),
  ],
  total: 4,
};

function serve(profile: Profile = adminProfile) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${LIST}`]: { body: ROLES },
    'GET /api/v1/admin/rbac/privilege/list': {
      body: {
        items: PRIVILEGE_CATALOGUE.map((p) => ({
          name: p.name,
          area: p.name.split('.')[0],
          area_label: p.name.split('.')[0],
          description: p.description,
        })),
        total: PRIVILEGE_CATALOGUE.length,
      },
    },
    'POST /api/v1/admin/rbac/role-privilege/create': {
      status: 201,
      body: role(6, 'billing-reader', ['billing.read'], false, 0),
    },
    'POST /api/v1/admin/rbac/role/update': { body: role(2, 'operator', ['orgs.read'], true, 3) },
    'DELETE /api/v1/admin/rbac/role/:id': { body: { id: 5 } },
  });
}

async function dialogTitled(title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('.ant-modal') as HTMLElement;
}
const button = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'button span' }).closest('button') as HTMLElement;

describe('/rbac', () => {
  it('lists the roles with their privileges and how many users hold each, linked to /access', async () => {
    const { calls } = serve();
    renderWithProviders(<RbacPage />, { path: '/rbac' });
    const table = await screen.findByLabelText('RBAC roles');
    const analyst = (await within(table).findByText('billing-analyst')).closest('tr') as HTMLElement;
    expect(within(analyst).getByText('billing.write')).toBeInTheDocument();
    expect(within(analyst).getByText('2', { selector: 'a' })).toHaveAttribute('href', '/access?role=billing-analyst');
    const admin = within(table).getByText('admin', { selector: 'button span' }).closest('tr') as HTMLElement;
    expect(within(admin).getByText('built-in')).toBeInTheDocument();
    expect(within(admin).getByText(/^\+\d+ more$/)).toBeInTheDocument();
    // Built-in roles and roles still held cannot be deleted.
    expect(within(admin).queryByText('Delete')).not.toBeInTheDocument();
    expect(button(analyst, 'Delete')).toBeDisabled();
    expect(calls('GET', LIST)[0]?.url.searchParams.get('page')).toBe('1');
  });

  it('creates a role: name and at least one privilege, then sends them in catalogue order', async () => {
    const { calls } = serve();
    renderWithProviders(<RbacPage />, { path: '/rbac' });
    await userEvent.click(await screen.findByText('Create role', { selector: 'button span' }));
    const dialog = await dialogTitled('Create role');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Bad Name');
    await userEvent.click(button(dialog, 'Create'));
    expect(
      await within(dialog).findByText(
        'Lower-case letters, digits, - and _; 2 to 40 characters, starting with a letter',
      ),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Select at least one privilege')).toBeInTheDocument();
    expect(calls('POST', '/api/v1/admin/rbac/role-privilege/create')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'billing-reader');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'partners.read' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'billing.read' }));
    await userEvent.click(button(dialog, 'Create'));
    await waitFor(() => expect(calls('POST', '/api/v1/admin/rbac/role-privilege/create')).toHaveLength(1));
    expect(calls('POST', '/api/v1/admin/rbac/role-privilege/create')[0]?.body).toEqual({
      name: 'billing-reader',
      description: '',
      privileges: ['billing.read', 'partners.read'],
    });
    expect(await screen.findByText('Role billing-reader created')).toBeInTheDocument();
  });

  it('edits a role’s privileges; the admin role opens read-only', async () => {
    const { calls } = serve();
    renderWithProviders(<RbacPage />, { path: '/rbac' });
    const table = await screen.findByLabelText('RBAC roles');
    const admin = (await within(table).findByText('admin', { selector: 'button span' })).closest('tr') as HTMLElement;
    await userEvent.click(button(admin, 'View'));
    const view = await dialogTitled('Role admin');
    expect(within(view).getByText(/always grants every privilege/)).toBeInTheDocument();
    expect(within(view).getByRole('checkbox', { name: 'orgs.read' })).toBeDisabled();
    await userEvent.click(button(view, 'Cancel'));

    const operator = within(table).getByText('operator', { selector: 'button span' }).closest('tr') as HTMLElement;
    await userEvent.click(button(operator, 'Edit'));
    const dialog = await dialogTitled('Edit role operator');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ctl.write' }));
    await userEvent.click(button(dialog, 'Save'));
    await waitFor(() => expect(calls('POST', '/api/v1/admin/rbac/role/update')).toHaveLength(1));
    const body = calls('POST', '/api/v1/admin/rbac/role/update')[0]?.body as { id: number; privileges: string[] };
    expect(body.id).toBe(2);
    expect(body.privileges).not.toContain('ctl.write');
    expect(body.privileges).toContain('orgs.read');
  });

  it('deletes a role nobody holds after a confirmation', async () => {
    const { calls } = serve();
    renderWithProviders(<RbacPage />, { path: '/rbac' });
    const table = await screen.findByLabelText('RBAC roles');
    const auditor = (await within(table).findByText('auditor')).closest('tr') as HTMLElement;
    await userEvent.click(button(auditor, 'Delete'));
    const confirm = (
      await screen.findByText('Delete the role auditor?', { selector: '.ant-modal-confirm-title' })
    ).closest('.ant-modal') as HTMLElement;
    expect(calls('DELETE', '/api/v1/admin/rbac/role/5')).toHaveLength(0);
    await userEvent.click(button(confirm, 'Delete'));
    await waitFor(() => expect(calls('DELETE', '/api/v1/admin/rbac/role/5')).toHaveLength(1));
    expect(await screen.findByText('Role auditor deleted')).toBeInTheDocument();
  });

  it('shows a reader the roles without the create, edit and delete actions; the privileges tab lists who grants what', async () => {
    serve({ ...viewerProfile, privileges: ['rbac.read'] });
    renderWithProviders(<RbacPage />, { path: '/rbac?tab=privileges' });
    const table = await screen.findByLabelText('Privilege catalogue');
    const row = (await within(table).findByText('billing.write')).closest('tr') as HTMLElement;
    expect(within(row).getByText('billing-analyst')).toBeInTheDocument();
    expect(within(row).getByText('admin')).toBeInTheDocument();
    expect(screen.queryByText('Create role', { selector: 'button span' })).not.toBeInTheDocument();
  });
});
