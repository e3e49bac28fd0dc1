import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@portal/contract';
import type { NotificationWorkflow, Profile } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { delivery, P, workflow } from '../testing';
import { WorkflowDetailPage } from './WorkflowDetailPage';

vi.setConfig({ testTimeout: 60_000 });

const DETAIL = `${P}/workflows/3`;
const M = NOTIFICATION_MESSAGES;

function serve(w: NotificationWorkflow = workflow(), profile: Profile = operatorProfile) {
  let current = w;
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${DETAIL}`]: () => ({ body: { workflow: current } }),
    [`PUT ${DETAIL}`]: (req) => {
      current = { ...current, ...(req.body as Partial<NotificationWorkflow>), updated_at: '2024-06-02T00:00:00.000Z' };
      return { body: { workflow: current } };
    },
    [`POST ${DETAIL}/disable`]: () => {
      current = { ...current, enabled: false };
      return { body: { workflow: current } };
    },
    [`POST ${DETAIL}/enable`]: () => {
      current = { ...current, enabled: true };
      return { body: { workflow: current } };
    },
    [`DELETE ${DETAIL}`]: { body: { deleted: true } },
    [`GET ${DETAIL}/deliveries`]: {
      body: {
        items: [
          delivery(),
          delivery({
            id: '502',
            channel: 'chat',
            recipient: '#sre-approvals',
            status: 'failed',
            attempts: 5,
            error: 'webhook answered 500',
            sent_at: null,
          }),
        ],
        total: 2,
      },
    },
    'GET /api/v1/devops/audits': { body: { items: [], total: 0 } },
  });
}

// Under `/notification/*` so that the shell (and its toasts) stays when a deleted workflow's page leaves for the list.
const render = (path = '/notification/detail/3') =>
  renderWithProviders(
    <Routes>
      <Route path="detail/:workflowId" element={<WorkflowDetailPage />} />
      <Route path="*" element={<p>Workflow list</p>} />
    </Routes>,
    { path, routePath: '/notification/*' },
  );

describe('/notification/detail/:workflowId', () => {
  it('shows the workflow, its statistics link and its recent deliveries linked to their objects', async () => {
    serve();
    render();
    expect(await screen.findByRole('heading', { name: 'Workflow: Approvals to the approvers' })).toBeInTheDocument();
    expect(screen.getByText('Change awaiting my approval')).toBeInTheDocument();
    expect(screen.getByText('In-portal, Chat webhook')).toBeInTheDocument();
    expect(screen.getByText('#sre-approvals · https://open.feishu.cn/open-apis/bot/v2/hook/****')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Statistics/ })).toHaveAttribute('href', '/notification/3/statistics');

    const table = await screen.findByRole('table', { name: 'Deliveries' });
    await within(table).findByText('#sre-approvals');
    const rows = within(table).getAllByRole('row');
    // The event's object links to its page (the jumps area's audit link).
    expect(within(rows[1]!).getByRole('link', { name: /awaits your approval/ })).toHaveAttribute('href', '/jumps/12');
    expect(rows[1]).toHaveTextContent('sent');
    expect(rows[2]).toHaveTextContent('failed');
    expect(rows[2]).toHaveTextContent('5 / 5 attempts');
    // A row opens to the message's subject and the last error.
    await userEvent.click(within(rows[2]!).getByRole('button', { name: 'Expand row' }));
    const details = await within(table).findByText('webhook answered 500');
    expect(details.closest('dl')).toHaveTextContent('SubjectJump access to cluster orders-prod awaits your approval');
  });

  it('filters the deliveries from the URL', async () => {
    const { requests } = serve();
    render('/notification/detail/3?status=failed&channel=chat&recipient=%23sre-approvals');
    await screen.findByRole('table', { name: 'Deliveries' });
    const list = requests.find((r) => r.url.pathname === `${DETAIL}/deliveries`)!;
    expect(list.url.searchParams.getAll('status')).toEqual(['failed']);
    expect(list.url.searchParams.getAll('channel')).toEqual(['chat']);
    expect(list.url.searchParams.get('recipient')).toBe('#sre-approvals');
  });

  it('edits the workflow: the form holds its values, keeps the stored webhook unless a new one is typed', async () => {
    const { calls } = serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Workflow Approvals to the approvers' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Approvals to the approvers');
    expect(within(dialog).getByRole('checkbox', { name: /The event's recipients/ })).toBeChecked();
    expect(within(dialog).getByText(/Now: https:\/\/open\.feishu\.cn/)).toBeInTheDocument();

    // The form validates as on create.
    fireEvent.change(within(dialog).getByLabelText('Body'), { target: { value: 'Open {{link}' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(M.unclosedPlaceholder)).toBeInTheDocument();
    expect(calls('PUT', DETAIL)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Body'), { target: { value: 'Open {{link}}' } });
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Approvals, renamed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.saved)).toBeInTheDocument();
    const [put] = calls('PUT', DETAIL);
    expect(put?.body).toMatchObject({ name: 'Approvals, renamed', body: 'Open {{link}}', chat_name: '#sre-approvals' });
    expect(put?.body).not.toHaveProperty('chat_webhook_url');
    expect(await screen.findByRole('heading', { name: 'Workflow: Approvals, renamed' })).toBeInTheDocument();
  });

  it('disables after a confirmation; deletes only a disabled workflow', async () => {
    const { calls } = serve();
    const { router } = render();
    await screen.findByRole('heading', { name: 'Workflow: Approvals to the approvers' });
    expect(screen.getByRole('button', { name: /Delete/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Disable/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(M.disabled)).toBeInTheDocument();
    expect(calls('POST', `${DETAIL}/disable`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: /Delete/ })).toBeEnabled());
    expect(screen.getByRole('button', { name: /Enable/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Delete/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(M.deleted)).toBeInTheDocument();
    expect(calls('DELETE', DETAIL)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/notification'));
    expect(screen.getByText('Workflow list')).toBeInTheDocument();
  });

  it('shows no actions to a viewer', async () => {
    serve(workflow(), viewerProfile);
    render();
    await screen.findByRole('heading', { name: 'Workflow: Approvals to the approvers' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
