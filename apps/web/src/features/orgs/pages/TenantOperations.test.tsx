import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TENANT_MESSAGES } from '@portal/contract';
import type {
  AccountUser,
  ListResult,
  Profile,
  SupportSession,
  SupportSessions,
  TenantQuota,
  TenantVpcCidrs,
} from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import type { RecordedRequest } from '../../../test/fetchMock';
import { tenant } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { OrgDetailPage } from './OrgDetailPage';
import { OrgListPage } from './OrgListPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const ID = '1372813089189341184';
const T = `/api/v1/devops/tenants/${ID}`;
const admin: Profile = {
  email: 'ada@example.com',
  name: 'Ada',
  roles: ['admin'],
  privileges: ['orgs.read', 'orgs.manage', 'providers.read'],
};
const operator: Profile = {
  email: 'olivia@example.com',
  name: 'Olivia',
  roles: ['operator'],
  privileges: ['orgs.read'],
};

function session(overrides: Partial<SupportSession> = {}): SupportSession {
  const now = Date.now();
  return {
    id: 7,
    tenant_id: ID,
    operator: admin.email,
    reason: 'Ticket OPS-9: customer cannot connect',
    started_at: new Date(now - 10 * 60_000).toISOString(),
    expires_at: new Date(now + 50 * 60_000 + 30_000).toISOString(),
    ended_at: null,
    ended_by: null,
    status: 'active',
    ...overrides,
  };
}

const quota: TenantQuota = {
  tenant_id: ID,
  max_clusters: 20,
  max_nodes_per_cluster: 50,
  max_storage_tb: 100,
  is_default: true,
  used_clusters: 3,
  used_storage_tb: 2,
  updated_by: null,
  updated_at: null,
};
const cidrs: TenantVpcCidrs = {
  tenant_id: ID,
  home_region: 'us-east-1',
  items: [
    { region: 'us-east-1', cidr: '10.20.0.0/16', updated_by: 'ada@example.com', updated_at: '2026-10-01T10:00:00Z' },
  ],
};
const users: ListResult<AccountUser> = {
  total: 1,
  items: [
    {
      id: 1,
      tenant_id: ID,
      email: 'ava.chen@acme.test',
      name: 'Ava Chen',
      role: 'Owner',
      status: 'active',
      created_at: '2025-01-01T00:00:00Z',
    },
  ],
};

/** The tenant page's answers; `state.active` is the caller's session as the server holds it. */
function serve(
  profile: Profile = admin,
  extra: Record<string, (req: RecordedRequest) => { status?: number; body?: unknown }> = {},
) {
  const state: { active: SupportSession | null } = { active: null };
  const sessions = (): SupportSessions => ({
    active: state.active,
    recent: state.active ? [state.active] : [],
    max_minutes: 480,
  });
  const mock = mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    'GET /api/v1/admin/orgs/:id': { body: tenant() },
    'GET /api/v1/admin/orgs/:id/projects': { body: { items: [], total: 0 } },
    [`GET ${T}/impersonate`]: () => ({ body: sessions() }),
    [`POST ${T}/impersonate`]: (req) => {
      state.active = session({ reason: (req.body as { reason: string }).reason });
      return { status: 201, body: state.active };
    },
    [`DELETE ${T}/impersonate`]: () => {
      const ended = { ...state.active!, status: 'ended' as const, ended_at: new Date().toISOString() };
      state.active = null;
      return { body: ended };
    },
    [`GET ${T}/quota`]: { body: quota },
    [`GET ${T}/vpc_cidr`]: { body: cidrs },
    [`GET ${T}/accountusers`]: { body: users },
    ...extra,
  });
  return { ...mock, state };
}

const showTenant = (search = '') =>
  renderWithProviders(<OrgDetailPage />, { path: `/orgs/${ID}${search}`, routePath: '/orgs/:orgId' });

async function openAction(label: string) {
  await userEvent.click(await screen.findByText('Actions', { selector: 'button span' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: label }));
}

describe('tenant page: support sessions', () => {
  it('starts a session with a reason and a duration, shows the banner, ends it after confirming', async () => {
    const { calls } = serve();
    showTenant();
    await screen.findByText('Acme Corp', { selector: 'h2' });
    expect(screen.queryByRole('status', { name: 'Support session' })).not.toBeInTheDocument();

    await openAction('Start support session');
    const dialog = await screen.findByRole('dialog', { name: 'Start support session in Acme Corp' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'too short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start session' }));
    expect(await within(dialog).findByText(TENANT_MESSAGES.reasonLength)).toBeInTheDocument();
    expect(calls('POST', `${T}/impersonate`)).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Reason'));
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Ticket OPS-9: customer cannot connect');
    await userEvent.click(within(dialog).getByLabelText('Duration'));
    await userEvent.click(await screen.findByTitle('2 hours'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start session' }));
    await waitFor(() => expect(calls('POST', `${T}/impersonate`)).toHaveLength(1));
    expect(calls('POST', `${T}/impersonate`)[0]!.body).toEqual({
      reason: 'Ticket OPS-9: customer cannot connect',
      minutes: 120,
    });

    const banner = await screen.findByRole('status', { name: 'Support session' });
    expect(banner).toHaveTextContent(/Support session active: 51 min left/);
    expect(banner).toHaveTextContent('Reason: Ticket OPS-9: customer cannot connect');

    await userEvent.click(within(banner).getByRole('button', { name: 'End session' }));
    const confirm = await screen.findByText('End the support session?', { selector: '.ant-modal-confirm-title' });
    expect(calls('DELETE', `${T}/impersonate`)).toHaveLength(0);
    await userEvent.click(
      within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'End session' }),
    );
    await waitFor(() => expect(calls('DELETE', `${T}/impersonate`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Support session' })).not.toBeInTheDocument());
  });

  it('offers no actions to a reader, who still sees the tabs', async () => {
    serve(operator);
    showTenant();
    await screen.findByText('Acme Corp', { selector: 'h2' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(
      expect.arrayContaining(['Account Users', 'Quota', 'Network']),
    );
    expect(screen.queryByText('Actions', { selector: 'button span' })).not.toBeInTheDocument();
  });
});

describe('tenant page: delete', () => {
  it('asks for the exact name, then shows the refusal of a tenant with live clusters', async () => {
    const message = TENANT_MESSAGES.liveClusters(3);
    const { calls } = serve(admin, {
      [`DELETE ${T}`]: () => ({ status: 409, body: { code: 'tenants.liveClusters', message, requestId: 't' } }),
    });
    showTenant();
    await screen.findByText('Acme Corp', { selector: 'h2' });
    await openAction('Delete tenant');
    const dialog = await screen.findByRole('dialog', { name: 'Delete tenant Acme Corp' });
    await userEvent.type(within(dialog).getByLabelText('Tenant name'), 'Acme');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Type the tenant name exactly as shown')).toBeInTheDocument();
    expect(calls('DELETE', T)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Tenant name'), ' Corp');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(calls('DELETE', T)).toHaveLength(1);
  });

  it('deletes and goes back to the tenant list', async () => {
    const { calls } = serve(admin, {
      [`DELETE ${T}`]: () => ({ body: { id: ID, name: 'Acme Corp', projects_deleted: 0, clusters_deleted: 0 } }),
      'GET /api/v1/admin/orgs': () => ({ body: { items: [], total: 0 } }),
    });
    const { router } = renderWithProviders(<OrgDetailPage />, { path: `/orgs/${ID}`, routePath: '/orgs/:orgId' });
    await screen.findByText('Acme Corp', { selector: 'h2' });
    await openAction('Delete tenant');
    const dialog = await screen.findByRole('dialog', { name: 'Delete tenant Acme Corp' });
    await userEvent.type(within(dialog).getByLabelText('Tenant name'), 'Acme Corp');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orgs'));
    expect(calls('DELETE', T)).toHaveLength(1);
  });
});

describe('tenant page: quota, network and account users tabs', () => {
  it('shows the quota and saves an edit within the ranges', async () => {
    const { calls } = serve(admin, {
      [`PUT ${T}/quota`]: (req) => ({
        body: {
          ...quota,
          ...(req.body as object),
          is_default: false,
          updated_by: admin.email,
          updated_at: '2026-11-01T00:00:00Z',
        },
      }),
    });
    showTenant('?tab=quota');
    const facts = await screen.findByRole('region', { name: 'Quota limits' });
    expect(facts).toHaveTextContent('20 (3 of 20 in use)');
    expect(screen.getByText('Platform default')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Edit quota/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit quota' });
    const clusters = within(dialog).getByLabelText('Max clusters');
    await userEvent.clear(clusters);
    await userEvent.type(clusters, '1001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(TENANT_MESSAGES.maxClusters)).toBeInTheDocument();
    await userEvent.clear(clusters);
    await userEvent.type(clusters, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT', `${T}/quota`)).toHaveLength(1));
    expect(calls('PUT', `${T}/quota`)[0]!.body).toEqual({
      max_clusters: 12,
      max_nodes_per_cluster: 50,
      max_storage_tb: 100,
    });
    expect(await screen.findByText('Set for this tenant')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Quota limits' })).toHaveTextContent('12 (3 of 12 in use)');
  });

  it('says when a tenant uses more than its quota', async () => {
    serve(operator, { [`GET ${T}/quota`]: () => ({ body: { ...quota, used_clusters: 24, used_storage_tb: 170 } }) });
    showTenant('?tab=quota');
    const facts = await screen.findByRole('region', { name: 'Quota limits' });
    expect(facts).toHaveTextContent('20 (24 of 20 in use: over quota)');
    expect(facts).toHaveTextContent('100 (170 of 100 TB in use: over quota)');
    expect(screen.queryByRole('button', { name: /Edit quota/ })).not.toBeInTheDocument();
  });

  it('checks a CIDR in the form and places the server overlap message on its field', async () => {
    const overlap = TENANT_MESSAGES.cidrOverlap('us-east-1', '10.20.0.0/16');
    const { calls } = serve(admin, {
      [`PUT ${T}/vpc_cidr`]: () => ({
        status: 400,
        body: {
          code: 'request.invalid',
          message: overlap,
          requestId: 't',
          details: [{ field: 'body.cidr', message: overlap }],
        },
      }),
    });
    showTenant('?tab=network');
    const table = await screen.findByRole('table', { name: 'VPC CIDRs' });
    expect(await within(table).findByText('10.20.0.0/16')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Set VPC CIDR/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set VPC CIDR' });
    // Prefilled with the home region and its CIDR.
    expect(within(dialog).getByLabelText('Region')).toHaveValue('us-east-1');
    expect(within(dialog).getByLabelText('CIDR')).toHaveValue('10.20.0.0/16');
    await userEvent.clear(within(dialog).getByLabelText('CIDR'));
    await userEvent.clear(within(dialog).getByLabelText('Region'));
    await userEvent.type(within(dialog).getByLabelText('Region'), 'us-west-2');
    await userEvent.type(within(dialog).getByLabelText('CIDR'), '8.8.0.0/16');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(TENANT_MESSAGES.cidrPrivate)).toBeInTheDocument();
    expect(calls('PUT', `${T}/vpc_cidr`)).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText('CIDR'));
    await userEvent.type(within(dialog).getByLabelText('CIDR'), '10.20.128.0/17');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(overlap)).toBeInTheDocument();
    expect(calls('PUT', `${T}/vpc_cidr`)[0]!.body).toEqual({ region: 'us-west-2', cidr: '10.20.128.0/17' });
  });

  it('lists account users', async () => {
    const { calls } = serve(operator);
    showTenant('?tab=users');
    const table = await screen.findByRole('table', { name: 'Account users' });
    expect(await within(table).findByText('ava.chen@acme.test')).toBeInTheDocument();
    expect(within(table).getByText('Owner')).toBeInTheDocument();
    expect(calls('GET', `${T}/accountusers`)[0]!.url.search).toBe('?page=1&per_page=10&sort=email');
  });
});

describe('/orgs: create a tenant', () => {
  it('creates one in a chosen region and opens it; hidden from readers', async () => {
    const { calls } = serve(admin, {
      'GET /api/v1/admin/orgs': () => ({ body: { items: [tenant()], total: 1 } }),
      'GET /api/v1/admin/providers': () => ({
        body: {
          items: [
            {
              id: 'aws',
              name: 'AWS',
              display_name: 'Amazon Web Services',
              enabled: true,
              region_count: 1,
              cluster_count: 0,
              created_at: '',
            },
          ],
          total: 1,
        },
      }),
      'GET /api/v1/admin/providers/:id': () => ({
        body: {
          id: 'aws',
          name: 'AWS',
          display_name: 'Amazon Web Services',
          enabled: true,
          region_count: 2,
          cluster_count: 0,
          created_at: '',
          regions: [
            {
              id: 'aws-us-east-1',
              provider_id: 'aws',
              region_code: 'us-east-1',
              display_name: 'N. Virginia',
              enabled: true,
              created_at: '',
              updated_at: '',
            },
            {
              id: 'aws-ap-south-1',
              provider_id: 'aws',
              region_code: 'ap-south-1',
              display_name: 'Mumbai',
              enabled: false,
              created_at: '',
              updated_at: '',
            },
          ],
        },
      }),
      'POST /api/v1/devops/tenants': (req) => ({
        status: 201,
        body: tenant({ id: '42', name: (req.body as { name: string }).name }),
      }),
    });
    const { router } = renderWithProviders(<OrgListPage />, { path: '/orgs', routePath: '*' });
    await userEvent.click(await screen.findByRole('button', { name: /Create tenant/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create tenant' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findAllByText('Required')).length).toBeGreaterThan(0);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Globex');
    await userEvent.type(within(dialog).getByLabelText('Contact email'), 'ops@globex.test');
    await userEvent.click(within(dialog).getByLabelText('Cloud provider'));
    await userEvent.click(await screen.findByTitle('Amazon Web Services'));
    await userEvent.click(within(dialog).getByLabelText('Home region'));
    expect(screen.queryByTitle('Mumbai')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByTitle('N. Virginia'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls('POST', '/api/v1/devops/tenants')).toHaveLength(1));
    expect(calls('POST', '/api/v1/devops/tenants')[0]!.body).toEqual({
      name: 'Globex',
      email: 'ops@globex.test',
      region: 'us-east-1',
      org_tag: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/orgs/42/'));
  });

  it('shows no Create button to a reader', async () => {
    serve(operator, { 'GET /api/v1/admin/orgs': () => ({ body: { items: [tenant()], total: 1 } }) });
    renderWithProviders(<OrgListPage />, { path: '/orgs' });
    await screen.findByText('Acme Corp');
    expect(screen.queryByRole('button', { name: /Create tenant/ })).not.toBeInTheDocument();
  });
});
