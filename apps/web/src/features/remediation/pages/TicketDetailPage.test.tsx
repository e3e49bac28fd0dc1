import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REMEDIATION_MESSAGES, REMEDIATION_STATUSES } from '@portal/contract';
import type { Profile, RemediationStatus, RemediationTicket } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { P, pendingApproval, runOperation, ticket } from '../testing';
import { TicketDetailPage } from './TicketDetailPage';

vi.setConfig({ testTimeout: 60_000 });

const DETAIL = `${P}/RT-1007`;

function serve(
  t: RemediationTicket | (() => RemediationTicket),
  extra: Parameters<typeof mockFetch>[0] = {},
  profile: Profile = operatorProfile,
) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${DETAIL}`]: () => ({ body: { ticket: typeof t === 'function' ? t() : t } }),
    'GET /api/v1/devops/approval/approvals/:id': { body: { approval: pendingApproval } },
    'GET /api/v1/devops/operations/:id': { body: runOperation() },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    'GET /api/v1/devops/issues': { body: { items: [], total: 0 } },
    ...extra,
  });
}

const render = (path = '/remediation_tickets/RT-1007') =>
  renderWithProviders(<TicketDetailPage />, { path, routePath: '/remediation_tickets/:ticketId' });
const header = () => document.querySelector<HTMLElement>('.page-header')!;
const button = (name: string) => within(header()).queryByRole('button', { name: new RegExp(`${name}$`) });

/**
 * Spec §4 "Remediation tickets: submit, approve, reject, cancel", written out rather than read from the contract, so a
 * wrong table (or a page that ignores it) fails: which header actions each status enables.
 */
const ENABLED: Record<RemediationStatus, readonly string[]> = {
  draft: ['Edit', 'Submit', 'Cancel'],
  approving: ['Cancel'],
  approved: ['Run', 'Cancel'],
  running: [],
  succeeded: [],
  failed: [],
  rejected: [],
  cancelled: [],
};

const inStatus = (status: RemediationStatus) =>
  ticket({
    status,
    ...(status === 'draft' ? {} : { approval_id: '51', submitted_at: '2024-06-01T08:05:00.000Z' }),
    ...(['running', 'succeeded', 'failed'].includes(status) ? { operation_id: '300' } : {}),
  });

describe('/remediation_tickets/:ticketId', () => {
  it('covers every status of the contract', () => {
    expect([...REMEDIATION_STATUSES].sort()).toEqual(Object.keys(ENABLED).sort());
  });

  it.each(REMEDIATION_STATUSES.map((s) => [s]))('in status %s enables exactly its actions', async (status) => {
    serve(inStatus(status));
    render();
    await waitFor(() => expect(button('Refresh')).toBeInTheDocument());
    for (const name of ['Edit', 'Submit', 'Cancel']) {
      const b = button(name);
      expect(b, name).toBeInTheDocument();
      expect(b, `${name} in ${status}`).toHaveProperty('disabled', !ENABLED[status].includes(name));
    }
    // Run (start an approved ticket's operation again) shows only while approved.
    if (ENABLED[status].includes('Run')) expect(button('Run')).toBeEnabled();
    else expect(button('Run')).not.toBeInTheDocument();
  });

  it('offers no actions to a viewer', async () => {
    serve(inStatus('draft'), {}, viewerProfile);
    render();
    await waitFor(() => expect(button('Refresh')).toBeInTheDocument());
    for (const name of ['Edit', 'Submit', 'Run', 'Cancel']) expect(button(name)).not.toBeInTheDocument();
  });

  it('shows the facts: cluster, incident link, the remediation, its risk, and the approval', async () => {
    serve(inStatus('approving'));
    render();
    expect(await screen.findByText('Scale out TiKV by 2 nodes')).toBeInTheDocument();
    expect(screen.getByText('Store 4 is at 91% disk since the import; INC-1003')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '10086' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/clusters/10086',
    );
    expect(screen.getByRole('link', { name: 'INC-1003' })).toHaveAttribute('href', '/incidents/INC-1003');
    expect(screen.getByText('low')).toBeInTheDocument();
    expect(
      await screen.findByText('Remediation RT-1007: Scale out TiKV by 2 nodes on orders-prod (10086)'),
    ).toBeInTheDocument();
  });

  it('submits after a confirmation: "Successfully Submit", then approving', async () => {
    let current = inStatus('draft');
    const { calls } = serve(() => current, {
      [`POST ${DETAIL}/submit`]: () => {
        current = inStatus('approving');
        return { body: { ticket: current } };
      },
    });
    render();
    await waitFor(() => expect(button('Submit')).toBeEnabled());
    await userEvent.click(button('Submit')!);
    const confirm = await screen.findByRole('dialog', { name: 'Submit remediation ticket RT-1007?' });
    expect(calls('POST', `${DETAIL}/submit`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(REMEDIATION_MESSAGES.submitted)).toBeInTheDocument();
    expect(calls('POST', `${DETAIL}/submit`)).toHaveLength(1);
    await waitFor(() => expect(button('Submit')).toBeDisabled());
    expect(screen.getAllByText('Approving').length).toBeGreaterThan(0);
  });

  it('edits a draft: the form holds the ticket, Save sends its content (PUT), "Save successful!"', async () => {
    let current = inStatus('draft');
    const { calls } = serve(() => current, {
      [`PUT ${DETAIL}`]: (req) => {
        current = { ...current, reason: (req.body as { reason: string }).reason };
        return { body: { ticket: current } };
      },
      'GET /api/v1/devops/cluster/clusters': { body: { items: [], total: 0 } },
      'GET /api/v1/devops/cluster/clusters/:id/components': { body: { items: [], total: 0 } },
      'GET /api/v1/devops/incidents': { body: { items: [], total: 0 } },
    });
    render();
    await waitFor(() => expect(button('Edit')).toBeEnabled());
    await userEvent.click(button('Edit')!);
    const dialog = await screen.findByRole('dialog', { name: 'Edit ticket RT-1007' });
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveValue('Store 4 is at 91% disk since the import; INC-1003');
    expect(within(dialog).getByLabelText('TiKV nodes to add')).toHaveValue('2');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.clear(reason);
    await userEvent.type(reason, 'Store 4 at 95% disk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REMEDIATION_MESSAGES.saved)).toBeInTheDocument();
    expect(calls('PUT', DETAIL).map((r) => r.body)).toEqual([
      {
        cluster_id: '10086',
        incident_id: 'INC-1003',
        action: 'scale_out_tikv',
        params: { add_nodes: 2 },
        risk_level: 'low',
        reason: 'Store 4 at 95% disk',
      },
    ]);
  });

  it('cancels after a confirmation with a reason: "Successfully Cancel"', async () => {
    let current = inStatus('approving');
    const { calls } = serve(() => current, {
      [`POST ${DETAIL}/cancel`]: () => {
        current = { ...inStatus('cancelled'), status_reason: 'Cancelled by olivia@example.com: fixed by itself' };
        return { body: { ticket: current } };
      },
    });
    render();
    await waitFor(() => expect(button('Cancel')).toBeEnabled());
    await userEvent.click(button('Cancel')!);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel remediation ticket RT-1007?' });
    expect(dialog).toHaveTextContent('its pending approval are cancelled');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'fixed by itself');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the ticket' }));
    expect(await screen.findByText(REMEDIATION_MESSAGES.cancelled)).toBeInTheDocument();
    expect(calls('POST', `${DETAIL}/cancel`).map((r) => r.body)).toEqual([{ reason: 'fixed by itself' }]);
    await waitFor(() => expect(button('Cancel')).toBeDisabled());
  });

  it("shows a running ticket's operation live, linked to its page", async () => {
    serve(inStatus('running'));
    render();
    const region = await screen.findByRole('region', { name: 'Operation' });
    expect(await within(region).findByText('Provision the TiKV stores')).toBeInTheDocument();
    expect(within(region).getByText('Running the remediation')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Operation 300' })).toHaveAttribute('href', '/operations/300');
  });

  it('lists its tracker issues and its audit logs in their tabs', async () => {
    const { requests } = serve(inStatus('succeeded'));
    render('/remediation_tickets/RT-1007?tab=issues');
    expect(await screen.findByRole('table', { name: 'Tracker issues' })).toBeInTheDocument();
    const issues = requests.find((r) => r.url.pathname === '/api/v1/devops/issues')!;
    expect(issues.url.searchParams.get('subject_type')).toBe('remediation_ticket');
    expect(issues.url.searchParams.get('subject_id')).toBe('RT-1007');
    await userEvent.click(screen.getByRole('tab', { name: 'Audit Logs' }));
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/v1/devops/audit')).toBe(true));
    const audit = requests.find((r) => r.url.pathname === '/api/v1/devops/audit')!;
    expect(audit.url.searchParams.get('type')).toBe('remediation_ticket');
    expect(audit.url.searchParams.get('instance_id')).toBe('RT-1007');
  });
});
