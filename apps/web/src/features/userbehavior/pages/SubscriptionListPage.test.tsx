import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { USERBEHAVIOR_MESSAGES } from '@portal/contract';
import type { Profile, UserbehaviorSubscription } from '@portal/contract';
import type { Reply } from '../../../test/fetchMock';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, tenant, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { larkChat, P, subscription } from '../testing';
import { SubscriptionListPage } from './SubscriptionListPage';

vi.setConfig({ testTimeout: 60_000 });

const M = USERBEHAVIOR_MESSAGES;
const CHATS = `${P}/larkchat_options`;
const ADD_CHAT = `${P}/add_chat`;
const MESSAGES = '/api/v1/devops/chat_messages';

const rows: UserbehaviorSubscription[] = [
  subscription(),
  subscription({
    id: '4',
    name: 'Key account: everything',
    tenant_id: '1372813089189341184',
    tenant_name: 'Acme Corp',
    event_types: ['tenant.signed_up', 'cluster.created', 'payment.failed'],
    chat_id: '3',
    chat_name: '#sales-apac',
  }),
  subscription({
    id: '9',
    name: 'Trial conversions (paused)',
    enabled: false,
    message_count: 0,
    last_message_at: null,
  }),
];

function serve(profile: Profile = operatorProfile, replies: { create?: Reply; addChat?: Reply; mock?: Reply } = {}) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${P}`]: { body: { items: rows, total: 3 } },
    [`GET ${CHATS}`]: { body: { items: [larkChat(), larkChat({ id: '3', name: '#sales-apac' })] } },
    [`POST ${ADD_CHAT}`]: replies.addChat ?? { status: 201, body: { chat: larkChat({ id: '9', name: '#new-chat' }) } },
    [`POST ${P}/:id/mock`]: replies.mock ?? {
      status: 202,
      body: {
        message: {
          id: '501',
          source_type: 'userbehavior_subscription',
          source_id: '7',
          target: '#billing-oncall',
          title: '[Test] Payment failed for Example Tenant',
          text: 'Event: Payment failed',
          status: 'queued',
          attempts: 0,
          error: null,
          sender: 'operator@example.com',
          created_at: '2026-11-01T00:00:00.000Z',
          sent_at: null,
        },
      },
    },
    [`POST ${P}/:id/disable`]: { body: { subscription: subscription({ enabled: false }) } },
    [`POST ${P}/:id/enable`]: { body: { subscription: rows[2] } },
    [`DELETE ${P}/:id`]: { body: { id: '7', deleted: true } },
    [`POST ${P}`]: replies.create ?? { status: 201, body: { subscription: subscription({ id: '11' }) } },
    'GET /api/v1/admin/orgs': { body: { items: [tenant()], total: 1 } },
    [`GET ${MESSAGES}`]: { body: { items: [], total: 0 } },
  });
}

const render = (path = '/userbehavior_subscriptions') =>
  renderWithProviders(<SubscriptionListPage />, { path, routePath: '/userbehavior_subscriptions/*' });

const button = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'button span' }).closest('button') as HTMLElement;

async function confirmDialog(title: string) {
  return (await screen.findByText(title, { selector: '.ant-modal-confirm-title' })).closest(
    '.ant-modal',
  ) as HTMLElement;
}

/** Picks a select's option by its accessible name. */
async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  const found = await waitFor(() => {
    const hit = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === option,
    );
    if (!hit) throw new Error(`no option ${option}`);
    return hit;
  });
  fireEvent.click(found);
}

describe('/userbehavior_subscriptions', () => {
  it('lists subscriptions: name linked to its page, tenant or all tenants, event types, chat, status, messages', async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'User-behavior subscriptions' });
    expect(await within(table).findByRole('link', { name: 'Failed payments (all tenants)' })).toHaveAttribute(
      'href',
      '/userbehavior_subscriptions/7',
    );
    expect(within(table).getAllByText('All tenants')).toHaveLength(2);
    expect(within(table).getByText('Acme Corp')).toBeInTheDocument();
    expect(within(table).getAllByText('Payment failed')).toHaveLength(3);
    expect(within(table).getByText('Cluster created')).toBeInTheDocument();
    expect(within(table).getByText('#sales-apac')).toBeInTheDocument();
    expect(within(table).getByText('Disabled')).toBeInTheDocument();
    // The state table: a disabled subscription offers Enable, an enabled one Disable.
    expect(within(table).getByLabelText('Enable Trial conversions (paused)')).toBeEnabled();
    expect(within(table).getByLabelText('Disable Failed payments (all tenants)')).toBeEnabled();
  });

  it('loads the list with the filters, sort and page of the URL', async () => {
    const { requests } = serve();
    render(
      '/userbehavior_subscriptions?scope=one&tenant_id=1372813089189341184&event_type=payment.failed' +
        '&event_type=cluster.created&enabled=false&search=key&sort=name&page=2',
    );
    await screen.findByRole('table', { name: 'User-behavior subscriptions' });
    const list = requests.find((r) => r.method === 'GET' && r.url.pathname === P)!.url.searchParams;
    expect(list.get('scope')).toBe('one');
    expect(list.get('tenant_id')).toBe('1372813089189341184');
    expect(list.getAll('event_type')).toEqual(['payment.failed', 'cluster.created']);
    expect(list.get('enabled')).toBe('false');
    expect(list.get('search')).toBe('key');
    expect(list.get('sort')).toBe('name');
    expect(list.get('page')).toBe('2');
    expect(list.get('per_page')).toBe('10');
  });

  it('offers no actions to those who only read', async () => {
    serve(viewerProfile);
    render();
    const table = await screen.findByRole('table', { name: 'User-behavior subscriptions' });
    await within(table).findByText('Acme Corp');
    await waitFor(() => expect(screen.queryByRole('button', { name: /New subscription/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Add chat' })).not.toBeInTheDocument();
    expect(within(table).queryByLabelText(/^Send test event for/)).not.toBeInTheDocument();
    expect(within(table).queryByLabelText(/^Delete /)).not.toBeInTheDocument();
  });

  it('sends a test event of the first event type: "Sent."', async () => {
    const { calls } = serve();
    render();
    const table = await screen.findByRole('table', { name: 'User-behavior subscriptions' });
    await userEvent.click(await within(table).findByLabelText('Send test event for Key account: everything'));
    await waitFor(() => expect(calls('POST', `${P}/4/mock`)).toHaveLength(1));
    expect(calls('POST', `${P}/4/mock`)[0]!.body).toEqual({ event_type: 'tenant.signed_up' });
    expect(await screen.findByText(M.sent)).toBeInTheDocument();
  });

  it("expands a row to the subscription's chat messages", async () => {
    const { calls } = serve();
    render();
    const table = await screen.findByRole('table', { name: 'User-behavior subscriptions' });
    await within(table).findByText('Acme Corp');
    await userEvent.click(within(table).getAllByRole('button', { name: 'Expand row' })[0]!);
    expect(await screen.findByText('Nothing sent yet: send a test event')).toBeInTheDocument();
    const query = calls('GET', MESSAGES)[0]!.url.searchParams;
    expect(query.get('source_type')).toBe('userbehavior_subscription');
    expect(query.get('source_id')).toBe('7');
  });

  it('disables after confirmation, enables at once, deletes after confirmation', async () => {
    const { calls } = serve();
    render();
    const table = await screen.findByRole('table', { name: 'User-behavior subscriptions' });
    await userEvent.click(await within(table).findByLabelText('Disable Failed payments (all tenants)'));
    const disable = await confirmDialog('Disable Failed payments (all tenants)?');
    expect(calls('POST', `${P}/7/disable`)).toHaveLength(0);
    await userEvent.click(button(disable, 'Disable'));
    await waitFor(() => expect(calls('POST', `${P}/7/disable`)).toHaveLength(1));

    await userEvent.click(within(table).getByLabelText('Enable Trial conversions (paused)'));
    await waitFor(() => expect(calls('POST', `${P}/9/enable`)).toHaveLength(1));

    await userEvent.click(within(table).getByLabelText('Delete Failed payments (all tenants)'));
    const remove = await confirmDialog('Delete Failed payments (all tenants)?');
    expect(calls('DELETE', `${P}/7`)).toHaveLength(0);
    await userEvent.click(button(remove, 'Delete'));
    await waitFor(() => expect(calls('DELETE', `${P}/7`)).toHaveLength(1));
    expect(await screen.findByText(M.deleted)).toBeInTheDocument();
  });
});

describe('the subscription form', () => {
  it('validates first (nothing is sent), then creates for every tenant: "Create successful!"', async () => {
    const { calls } = serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: /New subscription/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New subscription' });
    await userEvent.click(button(dialog, 'Create'));
    expect(await within(dialog).findByText(M.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.eventTypesRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.chatRequired)).toBeInTheDocument();
    expect(calls('POST', P)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Name'), '  Payments  ');
    await userEvent.click(within(dialog).getByLabelText('Payment failed'));
    await userEvent.click(within(dialog).getByLabelText('Tenant signed up'));
    await choose(dialog, 'Chat', '#sales-apac');
    await userEvent.click(button(dialog, 'Create'));
    await waitFor(() => expect(calls('POST', P)).toHaveLength(1));
    expect(calls('POST', P)[0]!.body).toEqual({
      name: 'Payments',
      tenant_id: null,
      // In the options' order, whatever the order of the clicks.
      event_types: ['tenant.signed_up', 'payment.failed'],
      chat_id: '3',
      enabled: true,
    });
    expect(await screen.findByText(M.created)).toBeInTheDocument();
  });

  it("creates for one tenant; the server's refusal lands on its field", async () => {
    const { calls } = serve(operatorProfile, {
      create: {
        status: 400,
        body: {
          code: 'userbehavior.tenantNotFound',
          message: 'Tenant 1372813089189341184 does not exist',
          requestId: 't',
          details: [{ field: 'body.tenant_id', message: 'Tenant 1372813089189341184 does not exist' }],
        },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: /New subscription/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New subscription' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Acme');
    await choose(dialog, 'Tenant', 'Acme Corp (1372813089189341184)');
    await userEvent.click(within(dialog).getByLabelText('Cluster created'));
    await choose(dialog, 'Chat', '#billing-oncall');
    await userEvent.click(button(dialog, 'Create'));
    await waitFor(() => expect(calls('POST', P)).toHaveLength(1));
    expect(calls('POST', P)[0]!.body).toMatchObject({ tenant_id: '1372813089189341184', chat_id: '2' });
    expect(await within(dialog).findByText('Tenant 1372813089189341184 does not exist')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New subscription' })).toBeInTheDocument();
  });

  it('edits a subscription with its values: "Save successful!"', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${P}`]: { body: { items: rows, total: 3 } },
      [`GET ${CHATS}`]: { body: { items: [larkChat(), larkChat({ id: '3', name: '#sales-apac' })] } },
      'GET /api/v1/admin/orgs': { body: { items: [], total: 0 } },
      [`PUT ${P}/:id`]: { body: { subscription: rows[1] } },
    });
    render();
    const table = await screen.findByRole('table', { name: 'User-behavior subscriptions' });
    await userEvent.click(await within(table).findByLabelText('Edit Key account: everything'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit subscription Key account: everything' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Key account: everything');
    expect(within(dialog).getByLabelText('Payment failed')).toBeChecked();
    await userEvent.click(within(dialog).getByLabelText('Payment failed'));
    await userEvent.click(button(dialog, 'Save'));
    await waitFor(() => expect(calls('PUT', `${P}/4`)).toHaveLength(1));
    expect(calls('PUT', `${P}/4`)[0]!.body).toEqual({
      name: 'Key account: everything',
      tenant_id: '1372813089189341184',
      event_types: ['tenant.signed_up', 'cluster.created'],
      chat_id: '3',
      enabled: true,
    });
    expect(await screen.findByText(M.saved)).toBeInTheDocument();
  });
});

describe('Add chat', () => {
  it('requires a name and an https webhook URL, then registers the chat', async () => {
    const { calls } = serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add chat' });
    await userEvent.click(button(dialog, 'Add'));
    expect(await within(dialog).findByText(M.chatNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.webhookRequired)).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Chat name'), '#new-chat');
    await userEvent.type(within(dialog).getByLabelText('Incoming webhook URL'), 'http://open.feishu.cn/hook/x');
    await userEvent.click(button(dialog, 'Add'));
    expect(await within(dialog).findByText(M.webhookInvalid)).toBeInTheDocument();
    expect(calls('POST', ADD_CHAT)).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Incoming webhook URL'));
    await userEvent.type(
      within(dialog).getByLabelText('Incoming webhook URL'),
      'https://open.feishu.cn/open-apis/bot/v2/hook/abc',
    );
    await userEvent.click(button(dialog, 'Add'));
    await waitFor(() => expect(calls('POST', ADD_CHAT)).toHaveLength(1));
    expect(calls('POST', ADD_CHAT)[0]!.body).toEqual({
      name: '#new-chat',
      webhook_url: 'https://open.feishu.cn/open-apis/bot/v2/hook/abc',
    });
    expect(await screen.findByText(M.created)).toBeInTheDocument();
  });

  it('shows a taken name in the dialog', async () => {
    serve(operatorProfile, {
      addChat: {
        status: 409,
        body: { code: 'userbehavior.chatExists', message: 'A chat named #x is already registered', requestId: 't' },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add chat' });
    await userEvent.type(within(dialog).getByLabelText('Chat name'), '#x');
    await userEvent.type(within(dialog).getByLabelText('Incoming webhook URL'), 'https://a.example/h');
    await userEvent.click(button(dialog, 'Add'));
    expect(await within(dialog).findByText('A chat named #x is already registered')).toBeInTheDocument();
  });
});
