import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@portal/contract';
import type { Profile } from '@portal/contract';
import type { Reply } from '../../../test/fetchMock';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { notificationsFeature } from '..';
import { P, workflow } from '../testing';
import { WorkflowListPage } from './WorkflowListPage';

vi.setConfig({ testTimeout: 60_000 });

const LIST = `${P}/workflows`;
const M = NOTIFICATION_MESSAGES;

function serve(profile: Profile = operatorProfile, create: Reply = { status: 201, body: {} }) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${LIST}`]: {
      body: {
        items: [
          workflow(),
          workflow({
            id: '4',
            name: 'Maintenance to the on-call chat',
            description: '',
            trigger: 'maintenance.scheduled',
            channels: ['chat'],
            audience: { users: [], roles: [], event_recipients: false },
            enabled: false,
            last_triggered_at: null,
          }),
        ],
        total: 2,
      },
    },
    [`POST ${LIST}`]: create,
  });
}

// `/notification/*`: the shell (and its toasts) stays when a new workflow's page opens.
const render = (path = '/notification') =>
  renderWithProviders(<WorkflowListPage />, { path, routePath: '/notification/*' });

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

describe('/notification', () => {
  it('lists the workflows with links to their pages and statistics, triggers, channels, audience and state', async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'Notification workflows' });
    expect(await within(table).findByRole('link', { name: 'Approvals to the approvers' })).toHaveAttribute(
      'href',
      '/notification/detail/3',
    );
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Change awaiting my approval');
    expect(rows[1]).toHaveTextContent('In-portal, Chat webhook');
    expect(rows[1]).toHaveTextContent("The event's recipients");
    expect(rows[1]).toHaveTextContent('Enabled');
    expect(within(rows[1]!).getByRole('link', { name: 'Statistics' })).toHaveAttribute(
      'href',
      '/notification/3/statistics',
    );
    expect(rows[2]).toHaveTextContent('Maintenance scheduled');
    expect(rows[2]).toHaveTextContent('The chat only');
    expect(rows[2]).toHaveTextContent('Disabled');
  });

  it('loads the list with the filters and sort of the URL', async () => {
    const { requests } = serve();
    render('/notification?search=appr&trigger=approval.pending&channel=email&channel=chat&enabled=false&sort=name');
    await screen.findByRole('table', { name: 'Notification workflows' });
    const list = requests.find((r) => r.method === 'GET' && r.url.pathname === LIST)!;
    expect(list.url.searchParams.get('search')).toBe('appr');
    expect(list.url.searchParams.getAll('trigger')).toEqual(['approval.pending']);
    expect(list.url.searchParams.getAll('channel')).toEqual(['email', 'chat']);
    expect(list.url.searchParams.get('enabled')).toBe('false');
    expect(list.url.searchParams.get('sort')).toBe('name');
  });

  it('offers Create Workflow only to those who may operate', async () => {
    serve(viewerProfile);
    render();
    await screen.findByRole('table', { name: 'Notification workflows' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Create Workflow/ })).not.toBeInTheDocument());
  });

  it('creates a workflow: the fields validate first (the server’s messages), then "Create successful!" and its page opens', async () => {
    const { calls } = serve(operatorProfile, { status: 201, body: { workflow: workflow({ id: '9' }) } });
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: /Create Workflow/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Workflow' });

    // Nothing chosen: name, trigger and (in-portal is on by default) the audience are missing.
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'About {{titel}}' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(M.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.triggerRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.audienceRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.unknownPlaceholder(['titel']))).toBeInTheDocument();
    expect(calls('POST', LIST)).toHaveLength(0);

    // No channel at all is refused too.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'In-portal' }));
    expect(await within(dialog).findByText(M.channelsRequired)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'In-portal' }));

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Approvals to me');
    await choose(dialog, 'Trigger', 'Change awaiting my approval');
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Approve: {{title}}' } });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /The event's recipients/ }));
    // The preview renders the template with an example event of the chosen kind.
    expect(within(dialog).getByRole('region', { name: 'Preview' })).toHaveTextContent(
      'Approve: Config change 42 awaits your approval',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText(M.created)).toBeInTheDocument();
    expect(calls('POST', LIST).map((r) => r.body)).toEqual([
      {
        name: 'Approvals to me',
        description: '',
        trigger: 'approval.pending',
        channels: ['in_portal'],
        subject: 'Approve: {{title}}',
        body: '{{summary}}\n\n{{link}}',
        audience: { users: [], roles: [], event_recipients: true },
        chat_webhook_url: null,
        chat_name: null,
        enabled: true,
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/notification/detail/9'));
  });

  it('asks for a chat webhook URL that is one, when the chat channel is chosen', async () => {
    const { calls } = serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Create Workflow/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Workflow' });
    expect(within(dialog).queryByLabelText('Chat webhook URL')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Chat webhook' }));
    await userEvent.type(within(dialog).getByLabelText('Chat webhook URL'), 'ftp://chat.example.com/hook');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(M.webhookUrl)).toBeInTheDocument();
    expect(calls('POST', LIST)).toHaveLength(0);
  });

  it('registers its menu entry and links', () => {
    expect(notificationsFeature.menu).toEqual({
      section: 'notification',
      key: 'notification',
      label: 'Notification',
      path: '/notification',
      order: 1,
    });
    expect(notificationsFeature.auditLinks?.[0]?.path('7')).toBe('/notification/detail/7');
    expect(notificationsFeature.routes.map((r) => r.path)).toEqual([
      '/notification',
      '/notification/detail/:workflowId',
      '/notification/:workflowId/statistics',
    ]);
  });
});
