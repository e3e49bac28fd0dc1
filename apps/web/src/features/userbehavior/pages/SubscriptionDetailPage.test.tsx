import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { USERBEHAVIOR_MESSAGES } from '@portal/contract';
import type { ChatMessage, UserbehaviorSubscription } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { P, subscription } from '../testing';
import { SubscriptionDetailPage } from './SubscriptionDetailPage';

vi.setConfig({ testTimeout: 60_000 });

const MESSAGES = '/api/v1/devops/chat_messages';

const message = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: '301',
  source_type: 'userbehavior_subscription',
  source_id: '4',
  target: '#sales-apac',
  title: 'Acme Corp created cluster orders-prod',
  text: 'Event: Cluster created\nTenant: Acme Corp (1372813089189341184)',
  status: 'recorded',
  attempts: 1,
  error: null,
  sender: 'system',
  created_at: '2026-10-05T11:00:02.000Z',
  sent_at: '2026-10-05T11:00:03.000Z',
  ...overrides,
});

function serve(s: UserbehaviorSubscription) {
  const sent: ChatMessage[] = [message()];
  const mock = mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${P}/:id`]: { body: { subscription: s } },
    [`POST ${P}/:id/mock`]: (req) => {
      const type = (req.body as { event_type: string }).event_type;
      const m = message({
        id: '302',
        title: `[Test] ${type}`,
        status: 'queued',
        attempts: 0,
        sender: 'operator@example.com',
        sent_at: null,
      });
      sent.unshift(m);
      return { status: 202, body: { message: m } };
    },
    [`DELETE ${P}/:id`]: { body: { id: s.id, deleted: true } },
    [`GET ${MESSAGES}`]: () => ({ body: { items: sent, total: sent.length } }),
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
  });
  return mock;
}

const keyAccount = subscription({
  id: '4',
  name: 'Key account: everything',
  tenant_id: '1372813089189341184',
  tenant_name: 'Acme Corp',
  event_types: ['tenant.signed_up', 'cluster.created', 'payment.failed'],
  chat_id: '3',
  chat_name: '#sales-apac',
});

const render = (id: string) =>
  renderWithProviders(<SubscriptionDetailPage />, {
    path: `/userbehavior_subscriptions/${id}`,
    routePath: '/userbehavior_subscriptions/:subscriptionId',
  });

describe('/userbehavior_subscriptions/:id', () => {
  it('shows the facts and the chat messages the subscription sent', async () => {
    const { calls } = serve(keyAccount);
    render('4');
    expect(await screen.findByRole('heading', { name: 'Key account: everything' })).toBeInTheDocument();
    expect(screen.getByText('Acme Corp')).toBeInTheDocument();
    expect(screen.getByText('#sales-apac', { selector: '.ant-descriptions-item-content' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Chat messages' });
    expect(await within(table).findByText('Acme Corp created cluster orders-prod')).toBeInTheDocument();
    expect(calls('GET', MESSAGES)[0]!.url.searchParams.get('source_id')).toBe('4');
  });

  it('sends a test event of the chosen type; the message shows in the chat messages', async () => {
    const { calls } = serve(keyAccount);
    render('4');
    const table = await screen.findByRole('table', { name: 'Chat messages' });
    await within(table).findByText('Acme Corp created cluster orders-prod');
    await userEvent.click(screen.getByRole('button', { name: /Send test event/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Payment failed' }));
    await waitFor(() => expect(calls('POST', `${P}/4/mock`)).toHaveLength(1));
    expect(calls('POST', `${P}/4/mock`)[0]!.body).toEqual({ event_type: 'payment.failed' });
    expect(await screen.findByText(USERBEHAVIOR_MESSAGES.sent)).toBeInTheDocument();
    expect(await within(table).findByText('[Test] payment.failed')).toBeInTheDocument();
    expect(within(table).getByText('queued')).toBeInTheDocument();
  });

  it('with one event type, Send test event is a plain button', async () => {
    const { calls } = serve(subscription({ id: '7' }));
    render('7');
    await screen.findByRole('table', { name: 'Chat messages' });
    await userEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(calls('POST', `${P}/7/mock`)).toHaveLength(1));
    expect(calls('POST', `${P}/7/mock`)[0]!.body).toEqual({ event_type: 'payment.failed' });
  });

  it('delete asks first, then leaves for the list', async () => {
    const { calls } = serve(keyAccount);
    const { router } = render('4');
    await screen.findByRole('heading', { name: 'Key account: everything' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = (
      await screen.findByText('Delete Key account: everything?', { selector: '.ant-modal-confirm-title' })
    ).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('DELETE', `${P}/4`)).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/userbehavior_subscriptions'));
  });
});
