import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ListResult } from '@portal/contract';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { CHAT_MESSAGES_POLL_MS, ChatMessagesPanel } from './ChatMessagesPanel';

vi.setConfig({ testTimeout: 30_000 });

const LIST = '/api/v1/devops/chat_messages';

function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: '1',
    source_type: 'userbehavior_subscription',
    source_id: '7',
    target: '#growth-alerts',
    title: 'Tenant signed up: Acme Corp',
    text: 'Acme Corp (1372813089189341184) signed up with olivia@example.com.\nPlan: trial',
    status: 'recorded',
    attempts: 1,
    error: null,
    sender: 'system',
    created_at: '2024-06-01T08:00:00.000Z',
    sent_at: '2024-06-01T08:00:01.000Z',
    ...overrides,
  };
}

const page = (items: ChatMessage[], total = items.length): { body: ListResult<ChatMessage> } => ({
  body: { items, total },
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('ChatMessagesPanel', () => {
  it("lists the source's messages: time, target, title, text, status, attempts; a row expands to the full text", async () => {
    const { calls } = mockFetch({
      [`GET ${LIST}`]: page([
        message(),
        message({
          id: '2',
          title: 'Payment failed: Globex',
          status: 'failed',
          attempts: 5,
          error: 'webhook answered HTTP 500: boom',
          sent_at: null,
        }),
      ]),
    });
    renderWithProviders(<ChatMessagesPanel sourceType="userbehavior_subscription" sourceId="7" />);
    const table = await screen.findByRole('table', { name: 'Chat messages' });
    expect(await within(table).findByText('Tenant signed up: Acme Corp')).toBeInTheDocument();
    const request = calls('GET', LIST)[0]!.url.searchParams;
    expect(request.get('source_type')).toBe('userbehavior_subscription');
    expect(request.get('source_id')).toBe('7');
    expect(request.get('sort')).toBe('-created_at');
    expect(request.get('per_page')).toBe('10');

    expect(within(table).getAllByText('2024-06-01 08:00:00')).toHaveLength(2);
    expect(within(table).getAllByText('#growth-alerts')).toHaveLength(2);
    expect(within(table).getByText('recorded')).toHaveClass('ant-tag');
    expect(within(table).getByText('failed')).toHaveClass('ant-tag-error');
    // The text cell is cut to one line with the whole text on hover.
    const textCell = within(table).getAllByText(/signed up with olivia@example.com/)[0]!;
    expect(textCell).toHaveAttribute('title', message().text);
    expect(within(table).getByTitle('webhook answered HTTP 500: boom')).toHaveTextContent('5 (error)');

    await userEvent.click(within(table).getAllByRole('button', { name: 'Expand row' })[0]!);
    const details = within(table).getByText(/Plan: trial/, { selector: 'pre' });
    expect(details.textContent).toBe(message().text);
    expect(within(table).getByText(/Sent by system · delivered 2024-06-01 08:00:01 UTC/)).toBeInTheDocument();
  });

  it('reloads every 5 s while a message is queued, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: ChatMessage['status'] = 'queued';
    const { calls } = mockFetch({ [`GET ${LIST}`]: () => page([message({ status, attempts: 0, sent_at: null })]) });
    renderWithProviders(<ChatMessagesPanel sourceType="incident" sourceId="INC-1042" />);
    expect(await screen.findByText('queued')).toBeInTheDocument();
    expect(calls('GET', LIST)).toHaveLength(1);

    await advance(CHAT_MESSAGES_POLL_MS + 100);
    expect(calls('GET', LIST)).toHaveLength(2);
    status = 'recorded';
    await advance(CHAT_MESSAGES_POLL_MS + 100);
    expect(calls('GET', LIST)).toHaveLength(3);
    expect(await screen.findByText('recorded')).toBeInTheDocument();

    await advance(3 * CHAT_MESSAGES_POLL_MS);
    expect(calls('GET', LIST)).toHaveLength(3);
  });

  it('does not reload when nothing is queued, and says when there are no messages', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockFetch({ [`GET ${LIST}`]: page([]) });
    renderWithProviders(<ChatMessagesPanel sourceType="incident" sourceId="INC-1" emptyText="Nothing sent yet" />);
    expect(await screen.findByText('Nothing sent yet')).toBeInTheDocument();
    await advance(2 * CHAT_MESSAGES_POLL_MS);
    expect(calls('GET', LIST)).toHaveLength(1);
  });

  it('pages on the server: page 2 asks for page=2', async () => {
    const items = Array.from({ length: 10 }, (_, i) => message({ id: String(i + 1), title: `Message ${i + 1}` }));
    const { calls } = mockFetch({ [`GET ${LIST}`]: page(items, 12) });
    renderWithProviders(<ChatMessagesPanel sourceType="incident" sourceId="INC-1" />);
    expect(await screen.findByText('Message 1')).toBeInTheDocument();
    expect(screen.getByText('1-10 of 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await vi.waitFor(() => expect(calls('GET', LIST).at(-1)!.url.searchParams.get('page')).toBe('2'));
  });
});
