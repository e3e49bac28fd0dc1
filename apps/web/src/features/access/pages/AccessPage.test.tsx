import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_PRIVILEGES } from '@portal/contract';
import { USERS_MESSAGES } from '@portal/contract';
import type { ErrorBody, ListResult, PortalUser, Profile, RbacRole } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import type { Reply } from '../../../test/fetchMock';
import { adminProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AccessPage } from './AccessPage';

const USERS = '/api/v1/admin/users';
const rolesOf = (email: string) => `${USERS}/${encodeURIComponent(email)}/roles`;
const disabledOf = (email: string) => `${USERS}/${encodeURIComponent(email)}/disabled`;

function user(overrides: Partial<PortalUser> = {}): PortalUser {
  return {
    email: 'olivia@example.com',
    name: 'Olivia Operator',
    roles: ['operator'],
    disabled: false,
    created_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const role = (id: number, name: string, privileges: readonly string[], builtin = true): RbacRole => ({
  id,
  name,
  description: `${name} role`,
  builtin,
  privileges: [...privileges],
  users: 1,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
});
const ROLES: ListResult<RbacRole> = {
  items: [
    role(1, 'admin', ROLE_PRIVILEGES.admin!),
    role(4, 'billing-analyst', ['billing.read', 'billing.write'], false),
    role(2, 'operator', ROLE_PRIVILEGES.operator!),
    role(3, 'viewer', ROLE_PRIVILEGES.viewer!),
  ],
  total: 4,
};

const me = user({ email: adminProfile.email, name: adminProfile.name, roles: ['admin'] });
const olivia = user();

function serve(replies: { roles?: Reply; create?: Reply; disabled?: Reply; profile?: Profile } = {}) {
  const page: ListResult<PortalUser> = { items: [me, olivia], total: 2 };
  return mockFetch({
    'GET /api/v1/devops/me': { body: replies.profile ?? adminProfile },
    'POST /api/v1/devops/users/sync': {
      body: { source: 'built-in', added: 1, updated: 0, unchanged: 7, added_users: [], updated_users: [] },
    },
    'GET /api/v1/admin/rbac/role/list': { body: ROLES },
    [`GET ${USERS}`]: { body: page },
    [`POST ${USERS}`]: replies.create ?? { status: 201, body: user({ email: 'nora@example.com' }) },
    [`PUT ${USERS}/:email/roles`]: replies.roles ?? { body: { ...olivia, roles: ['operator', 'viewer'] } },
    [`PUT ${USERS}/:email/disabled`]: replies.disabled ?? { body: { ...olivia, disabled: true } },
  });
}

/** Role queries over the whole page are slow (antd tables, jsdom): find dialogs and buttons by their text instead. */
async function dialogTitled(title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('.ant-modal') as HTMLElement;
}

const button = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'button span' }).closest('button') as HTMLElement;

async function openEditRoles(email: string) {
  await userEvent.click(await screen.findByLabelText(`Edit roles of ${email}`));
  return dialogTitled(`Edit roles of ${email}`);
}

async function openAddUser() {
  await userEvent.click(await screen.findByText('Add user', { selector: 'button span' }));
  return dialogTitled('Add user');
}

const box = (dialog: HTMLElement, role: string) =>
  within(dialog).getByRole('checkbox', { name: new RegExp(`^${role}\\b`) });

describe('/access', () => {
  it('lists portal users with their roles (linked to /rbac) and status', async () => {
    const { calls } = serve();
    renderWithProviders(<AccessPage />, { path: '/access' });
    expect(await screen.findByText('Olivia Operator')).toBeInTheDocument();
    const table = screen.getByLabelText('Portal users');
    expect(calls('GET', USERS)[0]?.url.search).toBe('?page=1&per_page=10');
    expect(within(table).getByText('operator', { selector: 'a' })).toHaveAttribute('href', '/rbac?role=operator');
    expect(within(table).getAllByText('Enabled')).toHaveLength(2);
  });

  it('filters by role and search through the URL', async () => {
    const { calls } = serve();
    const { router } = renderWithProviders(<AccessPage />, { path: '/access?search=oli' });
    await screen.findByText('Olivia Operator');
    expect(calls('GET', USERS)[0]?.url.searchParams.get('search')).toBe('oli');
    await userEvent.click(screen.getByLabelText('Role'));
    await userEvent.click(await screen.findByTitle('viewer'));
    await waitFor(() => expect(calls('GET', USERS).at(-1)?.url.searchParams.get('role')).toBe('viewer'));
    expect(router.state.location.search).toBe('?search=oli&role=viewer');
  });

  it('edit roles: at least one role, nothing sent while none is ticked, then saves', async () => {
    const { calls } = serve();
    renderWithProviders(<AccessPage />, { path: '/access' });
    const dialog = await openEditRoles(olivia.email);
    expect(box(dialog, 'operator')).toBeChecked();
    await userEvent.click(box(dialog, 'operator'));
    await userEvent.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('select at least one role')).toBeInTheDocument();
    expect(calls('PUT', rolesOf(olivia.email))).toHaveLength(0);

    await userEvent.click(box(dialog, 'viewer'));
    await userEvent.click(box(dialog, 'operator'));
    await userEvent.click(button(dialog, 'Save'));
    await waitFor(() => expect(calls('PUT', rolesOf(olivia.email))).toHaveLength(1));
    expect(calls('PUT', rolesOf(olivia.email))[0]?.body).toEqual({ roles: ['viewer', 'operator'] });
    expect(await screen.findByText('Save successful!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(`Edit roles of ${olivia.email}`)).not.toBeInTheDocument());
    await waitFor(() => expect(calls('GET', USERS)).toHaveLength(2));
  });

  it("keeps your own admin role ticked, and shows the server's refusal in the dialog", async () => {
    const refusal: ErrorBody = {
      code: 'user.cannotDemoteSelf',
      message: 'You cannot remove the admin role from yourself',
      requestId: 'r',
    };
    serve({ roles: { status: 409, body: refusal } });
    renderWithProviders(<AccessPage />, { path: '/access' });
    const dialog = await openEditRoles(me.email);
    expect(box(dialog, 'admin')).toBeChecked();
    expect(box(dialog, 'admin')).toBeDisabled();
    await userEvent.click(box(dialog, 'viewer'));
    await userEvent.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('You cannot remove the admin role from yourself')).toBeInTheDocument();
    expect(document.querySelectorAll('.ant-modal')).toHaveLength(1);
  });

  it('add user: validates email, roles and the optional password; sends no password when left empty', async () => {
    const { calls } = serve();
    renderWithProviders(<AccessPage />, { path: '/access' });
    const dialog = await openAddUser();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'short' } });
    await userEvent.click(box(dialog, 'viewer'));
    await userEvent.click(button(dialog, 'Add'));
    expect(await within(dialog).findByText('a valid email address')).toBeInTheDocument();
    expect(await within(dialog).findByText('required')).toBeInTheDocument();
    expect(await within(dialog).findByText('select at least one role')).toBeInTheDocument();
    expect(await within(dialog).findByText('at least 10 characters')).toBeInTheDocument();
    expect(calls('POST', USERS)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'Nora@Example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Nora New' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: '' } });
    await userEvent.click(box(dialog, 'operator'));
    await userEvent.click(button(dialog, 'Add'));
    await waitFor(() => expect(calls('POST', USERS)).toHaveLength(1));
    expect(calls('POST', USERS)[0]?.body).toEqual({ email: 'Nora@Example.com', name: 'Nora New', roles: ['operator'] });
    expect(await screen.findByText('Create successful!')).toBeInTheDocument();
  });

  it('add user: a taken email shows the 409 in the dialog', async () => {
    serve({
      create: {
        status: 409,
        body: { code: 'user.exists', message: 'A user with this email already exists', requestId: 'r' },
      },
    });
    renderWithProviders(<AccessPage />, { path: '/access' });
    const dialog = await openAddUser();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: olivia.email } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Olivia Again' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'a-long-enough-password' } });
    await userEvent.click(button(dialog, 'Add'));
    expect(await within(dialog).findByText('A user with this email already exists')).toBeInTheDocument();
  });

  it('sync users: in the header next to Add user, asks first, then syncs and refreshes the list', async () => {
    const { calls } = serve();
    renderWithProviders(<AccessPage />, { path: '/access' });
    await screen.findByText('Olivia Operator');
    const header = document.querySelector('.page-header') as HTMLElement;
    expect(within(header).getByText('Add user', { selector: 'button span' })).toBeInTheDocument();
    await userEvent.click(button(header, 'Sync users'));
    const confirm = (await screen.findByText('Sync users?', { selector: '.ant-modal-confirm-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(confirm).getByText(USERS_MESSAGES.syncConfirm)).toBeInTheDocument();
    expect(calls('POST', '/api/v1/devops/users/sync')).toHaveLength(0);
    await userEvent.click(button(confirm, 'Sync'));
    await waitFor(() => expect(calls('POST', '/api/v1/devops/users/sync')).toHaveLength(1));
    expect(await screen.findByText('Users synced: 1 added, 0 updated, 7 unchanged')).toBeInTheDocument();
    await waitFor(() => expect(calls('GET', USERS)).toHaveLength(2));
  });

  it('sync users: not offered without admin.users', async () => {
    const profile: Profile = { ...adminProfile, roles: ['viewer'], privileges: [...ROLE_PRIVILEGES.viewer!] };
    serve({ profile });
    renderWithProviders(<AccessPage />, { path: '/access' });
    await screen.findByText('Olivia Operator');
    const header = document.querySelector('.page-header') as HTMLElement;
    expect(within(header).getByText('Add user', { selector: 'button span' })).toBeInTheDocument();
    expect(within(header).queryByText('Sync users')).toBeNull();
  });

  it('disables a user after confirmation; you cannot disable yourself', async () => {
    const { calls } = serve();
    renderWithProviders(<AccessPage />, { path: '/access' });
    expect(await screen.findByLabelText(`Disable ${me.email}`)).toBeDisabled();
    await userEvent.click(screen.getByLabelText(`Disable ${olivia.email}`));
    const confirm = (
      await screen.findByText(`Disable ${olivia.email}?`, { selector: '.ant-modal-confirm-title' })
    ).closest('.ant-modal') as HTMLElement;
    expect(calls('PUT', disabledOf(olivia.email))).toHaveLength(0);
    await userEvent.click(button(confirm, 'Disable'));
    await waitFor(() => expect(calls('PUT', disabledOf(olivia.email))).toHaveLength(1));
    expect(calls('PUT', disabledOf(olivia.email))[0]?.body).toEqual({ disabled: true });
    expect(await screen.findByText(`Disabled ${olivia.email}`)).toBeInTheDocument();
  });
});
