import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INCIDENT_MESSAGES } from '@portal/contract';
import type { ChatMessage, IncidentTodo } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { change, incident, log, P, todo } from '../testing';
import { IncidentDetailPage } from './IncidentDetailPage';

vi.setConfig({ testTimeout: 60_000 });

const DETAIL = `${P}/INC-1042`;
const TODOS = `${DETAIL}/todo_actions`;
const CHANGES = `${DETAIL}/changes`;
const NOTICE = `${DETAIL}/feishu_message`;
const CHAT = '/api/v1/devops/chat_messages';

function serve(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${DETAIL}`]: { body: { incident: incident() } },
    [`GET ${DETAIL}/logs`]: { body: { items: [log()], total: 1 } },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    ...extra,
  });
}

const render = (tab: string) =>
  renderWithProviders(<IncidentDetailPage />, {
    path: `/incidents/INC-1042?tab=${tab}`,
    routePath: '/incidents/:incidentId',
  });

describe('/incidents/:incidentId post-mortem', () => {
  function serveTodos(extra: Parameters<typeof mockFetch>[0] = {}) {
    let todos: IncidentTodo[] = [todo(), todo({ id: '8', title: 'Document the failover runbook', owner: null })];
    const replyTodos = () => ({ body: { items: todos, total: todos.length } });
    const fetch = serve({
      [`GET ${TODOS}`]: replyTodos,
      [`POST ${TODOS}`]: (req) => {
        const added = todo({ id: '9', ...(req.body as Partial<IncidentTodo>) });
        todos = [...todos, added];
        return { status: 201, body: { todo: added } };
      },
      [`PUT ${TODOS}/:todo_id`]: (req) => {
        const id = req.url.pathname.split('/').pop();
        todos = todos.map((t) => (t.id === id ? { ...t, ...(req.body as Partial<IncidentTodo>) } : t));
        return { body: { todo: todos.find((t) => t.id === id) } };
      },
      [`DELETE ${TODOS}/:todo_id`]: (req) => {
        const id = req.url.pathname.split('/').pop()!;
        todos = todos.filter((t) => t.id !== id);
        return { body: { id, deleted: true } };
      },
      [`POST ${TODOS}/sync`]: () => {
        todos = todos.map((t, i) => ({
          ...t,
          tracker_issue_key: `OPS-${101 + i}`,
          tracker_status: 'To Do',
          tracker_status_category: 'todo',
          synced_at: '2024-06-02T08:00:00.000Z',
        }));
        return { body: { items: todos, total: todos.length, created: todos.length, updated: 0, failed: [] } };
      },
      ...extra,
    });
    return fetch;
  }

  it('adds a todo: the title is required, then it is listed', async () => {
    const { calls } = serveTodos();
    render('postmortem');
    const table = await screen.findByRole('table', { name: 'Post-mortem todo actions' });
    expect(await within(table).findByText('Document the failover runbook')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add todo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add todo action' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(INCIDENT_MESSAGES.todoTitleRequired)).toBeInTheDocument();
    expect(calls('POST', TODOS)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Add a PD leader-transfer alert');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(INCIDENT_MESSAGES.created)).toBeInTheDocument();
    expect(calls('POST', TODOS).map((r) => r.body)).toEqual([
      { title: 'Add a PD leader-transfer alert', owner: null, due_date: null },
    ]);
    expect(await within(table).findByText('Add a PD leader-transfer alert')).toBeInTheDocument();
  });

  it('marks a todo done, and deletes one only after a confirmation', async () => {
    const { calls } = serveTodos();
    render('postmortem');
    const table = await screen.findByRole('table', { name: 'Post-mortem todo actions' });
    await userEvent.click(
      await within(table).findByRole('button', { name: 'Mark done Alert on TiKV raftstore CPU above 80 %' }),
    );
    expect(await screen.findByText(INCIDENT_MESSAGES.saved)).toBeInTheDocument();
    expect(calls('PUT', `${TODOS}/7`).map((r) => r.body)).toEqual([{ status: 'done' }]);
    expect(
      await within(table).findByRole('button', { name: 'Reopen Alert on TiKV raftstore CPU above 80 %' }),
    ).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Delete Document the failover runbook' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the todo action "Document the failover runbook"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('DELETE', `${TODOS}/8`)).toHaveLength(0);

    await userEvent.click(within(table).getByRole('button', { name: 'Delete Document the failover runbook' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table).queryByText('Document the failover runbook')).not.toBeInTheDocument());
    expect(calls('DELETE', `${TODOS}/8`)).toHaveLength(1);
  });

  it('syncs with the tracker and shows the issues it created', async () => {
    const { calls } = serveTodos();
    render('postmortem');
    const table = await screen.findByRole('table', { name: 'Post-mortem todo actions' });
    expect(await within(table).findAllByText('not tracked yet')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Sync with tracker' }));
    expect(await screen.findByText(/2 issue\(s\) created, 0 todo\(s\) updated/)).toBeInTheDocument();
    expect(calls('POST', `${TODOS}/sync`)).toHaveLength(1);
    expect(await within(table).findByText('OPS-101')).toBeInTheDocument();
    expect(within(table).getByText('OPS-102')).toBeInTheDocument();
  });
});

describe('/incidents/:incidentId what changed', () => {
  it('lists the changes of the chosen window, each linking to its page', async () => {
    const { calls } = serve({
      [`GET ${CHANGES}`]: (req) => ({
        body: {
          items: [
            change(),
            change({ kind: 'maintenance', id: '5', title: 'Storage maintenance', link: null, status: 'Running' }),
          ],
          total: 2,
          hours: Number(req.url.searchParams.get('hours')),
          from: '2024-05-31T09:58:00.000Z',
          to: '2024-06-01T09:58:00.000Z',
        },
      }),
    });
    render('changes');
    const table = await screen.findByRole('table', { name: 'What changed' });
    expect(await within(table).findByRole('link', { name: '42' })).toHaveAttribute('href', '/operations/42');
    // No link from the server: the maintenance area's audit link.
    expect(within(table).getByRole('link', { name: '5' })).toHaveAttribute('href', '/maintenance/5');
    expect(within(table).getAllByRole('link', { name: '10086' })[0]).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/clusters/10086',
    );
    expect(calls('GET', CHANGES)[0]?.url.searchParams.get('hours')).toBe('24');
    await userEvent.click(screen.getByRole('button', { name: '3d' }));
    await waitFor(() => expect(calls('GET', CHANGES).at(-1)?.url.searchParams.get('hours')).toBe('72'));
    expect(screen.getByRole('button', { name: '3d' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('/incidents/:incidentId chat notices', () => {
  it('sends a chat notice with "Sent." and lists the incident’s messages', async () => {
    const message: ChatMessage = {
      id: '31',
      source_type: 'incident',
      source_id: 'INC-1042',
      target: 'outbox (no webhook configured)',
      title: '[SEV2] INC-1042 TiKV write latency spike in us-east-1',
      text: 'Status: open',
      status: 'recorded',
      attempts: 1,
      error: null,
      sender: 'olivia@example.com',
      created_at: '2024-06-01T10:05:00.000Z',
      sent_at: null,
    };
    const messages: ChatMessage[] = [];
    const { calls } = serve({
      [`GET ${CHAT}`]: () => ({ body: { items: messages, total: messages.length } }),
      [`POST ${NOTICE}`]: () => {
        messages.unshift(message);
        return { body: { message, log: log({ kind: 'notice', text: 'Chat notice sent' }) } };
      },
    });
    render('chat');
    expect(await screen.findByText('No chat notices sent yet')).toBeInTheDocument();
    const list = calls('GET', CHAT)[0]!.url.searchParams;
    expect([list.get('source_type'), list.get('source_id')]).toEqual(['incident', 'INC-1042']);
    await userEvent.click(screen.getByRole('button', { name: 'Send chat notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a chat notice of INC-1042' });
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Failover done, watching latency');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(INCIDENT_MESSAGES.sent)).toBeInTheDocument();
    expect(calls('POST', NOTICE).map((r) => r.body)).toEqual([{ text: 'Failover done, watching latency' }]);
    const table = screen.getByRole('table', { name: 'Chat messages' });
    expect(await within(table).findByText('recorded')).toBeInTheDocument();
  });
});

describe('/incidents/:incidentId tracker issues and edit', () => {
  it('lists the tracker issues linked to the incident', async () => {
    const { calls } = serve({
      'GET /api/v1/devops/issues': {
        body: {
          items: [
            {
              key: 'OPS-101',
              summary: 'Alert on TiKV raftstore CPU above 80 %',
              description: '',
              type: 'Task',
              status: 'In Progress',
              status_category: 'in_progress',
              labels: [],
              assignee: null,
              reporter: null,
              url: null,
              created_at: null,
              updated_at: null,
              link: null,
            },
          ],
          total: 1,
        },
      },
    });
    render('tracker');
    const table = await screen.findByRole('table', { name: 'Tracker issues' });
    expect(await within(table).findByText('OPS-101')).toBeInTheDocument();
    const q = calls('GET', '/api/v1/devops/issues')[0]!.url.searchParams;
    expect([q.get('subject_type'), q.get('subject_id')]).toEqual(['incident', 'INC-1042']);
  });

  it('edits the incident, sending only what changed: "Save successful!"', async () => {
    let current = incident();
    const { calls } = serve({
      [`GET ${DETAIL}`]: () => ({ body: { incident: current } }),
      [`PUT ${DETAIL}`]: (req) => {
        current = { ...current, ...(req.body as object) };
        return { body: { incident: current } };
      },
    });
    render('timeline');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit INC-1042' });
    const title = within(dialog).getByLabelText('Title');
    expect(title).toHaveValue('TiKV write latency spike in us-east-1');
    await userEvent.clear(title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(INCIDENT_MESSAGES.titleRequired)).toBeInTheDocument();
    await userEvent.type(title, 'TiKV write stalls in us-east-1');
    await userEvent.clear(within(dialog).getByLabelText('Commander'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(INCIDENT_MESSAGES.saved)).toBeInTheDocument();
    expect(calls('PUT', DETAIL).map((r) => r.body)).toEqual([
      { title: 'TiKV write stalls in us-east-1', commander: null },
    ]);
    expect(await screen.findByRole('heading', { name: 'INC-1042 TiKV write stalls in us-east-1' })).toBeInTheDocument();
  });
});
