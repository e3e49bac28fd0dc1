import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REMEDIATION_MESSAGES, REMEDIATION_STATUS_COLORS } from '@portal/contract';
import type { Profile } from '@portal/contract';
import type { Reply } from '../../../test/fetchMock';
import { mockFetch } from '../../../test/fetchMock';
import { cluster, operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { remediationFeature } from '..';
import { P, ticket } from '../testing';
import { TicketListPage } from './TicketListPage';

vi.setConfig({ testTimeout: 90_000 });

function serve(profile: Profile = operatorProfile, create: Reply = { status: 201, body: {} }) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${P}`]: {
      body: {
        items: [
          ticket({ id: 'RT-1007', status: 'approving', approval_id: '51' }),
          ticket({
            id: 'RT-1006',
            status: 'succeeded',
            incident_id: null,
            cluster_id: '20001',
            cluster_name: 'billing-prod',
            action: 'restart_component',
            params: { component: 'TIDB' },
            summary: 'Restart TIDB',
            risk_level: 'medium',
          }),
        ],
        total: 2,
      },
    },
    'GET /api/v1/devops/cluster/clusters': {
      body: { items: [cluster({ id: '10086', name: 'orders-prod' })], total: 1 },
    },
    'GET /api/v1/devops/cluster/clusters/:id/components': {
      body: {
        items: [
          { component: 'PD', replicas: 3, node_spec: '4C8G', storage_gib: 50, version: 'v8.1.0', image_tag: 'v8.1.0' },
          {
            component: 'TIKV',
            replicas: 3,
            node_spec: '8C32G',
            storage_gib: 500,
            version: 'v8.1.0',
            image_tag: 'v8.1.0',
          },
          {
            component: 'TIDB',
            replicas: 2,
            node_spec: '8C16G',
            storage_gib: 0,
            version: 'v8.1.0',
            image_tag: 'v8.1.0',
          },
        ],
        total: 3,
      },
    },
    // Only what the incident select shows of an incident.
    'GET /api/v1/devops/incidents': {
      body: {
        items: [{ id: 'INC-1003', title: 'orders-prod write latency', severity: 'major', status: 'acknowledged' }],
        total: 1,
      },
    },
    [`POST ${P}`]: create,
  });
}

const render = (path = '/remediation_tickets') =>
  renderWithProviders(<TicketListPage />, { path, routePath: '/remediation_tickets/*' });

/** Picks a select by its accessible name and clicks the option whose text is `option`. */
async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: label }));
  const found = await waitFor(() => {
    const hit = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === option,
    );
    if (!hit) throw new Error(`no option ${option}`);
    return hit;
  });
  fireEvent.click(found);
}

async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: /Create Ticket/ }));
  return screen.findByRole('dialog', { name: 'Create Ticket' });
}

describe('/remediation_tickets', () => {
  it('lists tickets with links to their pages, clusters, incidents and statuses', async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'Remediation tickets' });
    expect(await within(table).findByRole('link', { name: 'RT-1007' })).toHaveAttribute(
      'href',
      '/remediation_tickets/RT-1007',
    );
    expect(within(table).getByRole('link', { name: 'INC-1003' })).toHaveAttribute('href', '/incidents/INC-1003');
    expect(within(table).getByText('Approving')).toBeInTheDocument();
    expect(within(table).getByText('Succeeded')).toBeInTheDocument();
    expect(within(table).getByText('Restart TIDB')).toBeInTheDocument();
    expect(within(table).getByText('billing-prod')).toBeInTheDocument();
  });

  it('loads the list with the filters and sort of the URL (10 per page)', async () => {
    const { requests } = serve();
    render(
      '/remediation_tickets?status=approving&status=running&cluster_id=10086&incident_id=INC-1003' +
        '&action=scale_out_tikv&sort=updated_at',
    );
    await screen.findByRole('table', { name: 'Remediation tickets' });
    const list = requests.find((r) => r.method === 'GET' && r.url.pathname === P)!;
    expect(list.url.searchParams.getAll('status')).toEqual(['approving', 'running']);
    expect(list.url.searchParams.get('cluster_id')).toBe('10086');
    expect(list.url.searchParams.get('incident_id')).toBe('INC-1003');
    expect(list.url.searchParams.getAll('action')).toEqual(['scale_out_tikv']);
    expect(list.url.searchParams.get('sort')).toBe('updated_at');
    expect(list.url.searchParams.get('per_page')).toBe('10');
  });

  it('offers Create Ticket only to those who may operate', async () => {
    serve(viewerProfile);
    render();
    await screen.findByRole('table', { name: 'Remediation tickets' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Create Ticket/ })).not.toBeInTheDocument());
  });

  it('validates the create form first: cluster, action and reason are required; nothing is sent', async () => {
    const { calls } = serve();
    render();
    const dialog = await openCreate();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(REMEDIATION_MESSAGES.clusterRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(REMEDIATION_MESSAGES.actionRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(REMEDIATION_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(calls('POST', P)).toHaveLength(0);
  });

  it("validates the action's parameters with the contract's rules", async () => {
    const { calls } = serve();
    render();
    const dialog = await openCreate();
    await choose(dialog, 'Cluster', 'orders-prod (10086)');
    await choose(dialog, 'Action', 'Scale out TiKV');
    const nodes = await within(dialog).findByLabelText('TiKV nodes to add');
    // Out of range (the field does not clamp it: the contract's rule says what is wrong), then empty.
    await userEvent.clear(nodes);
    await userEvent.type(nodes, '11');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Disk pressure');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(REMEDIATION_MESSAGES.addNodesRange)).toBeInTheDocument();
    await userEvent.clear(nodes);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(REMEDIATION_MESSAGES.addNodesRange)).toBeInTheDocument();
    // The PD leader's target must be chosen.
    await choose(dialog, 'Action', 'Transfer the PD leader');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(REMEDIATION_MESSAGES.pdMemberInvalid)).toBeInTheDocument();
    expect(calls('POST', P)).toHaveLength(0);
  });

  it('creates a ticket from the catalogue: "Create successful!", then its page opens', async () => {
    const created = ticket({ id: 'RT-1010' });
    const { calls } = serve(operatorProfile, { status: 201, body: { ticket: created } });
    const { router } = render();
    const dialog = await openCreate();
    await choose(dialog, 'Cluster', 'orders-prod (10086)');
    await choose(dialog, 'Incident', 'INC-1003 · orders-prod write latency');
    await choose(dialog, 'Action', 'Fail over a TiDB instance');
    // The cluster's TiDB instances are offered; the action's risk is proposed.
    await choose(dialog, 'TiDB instance', 'tidb-1');
    expect(within(dialog).getByRole('combobox', { name: 'Risk' }).closest('.ant-select')).toHaveTextContent('high');
    await userEvent.type(within(dialog).getByLabelText('Reason'), '  tidb-1 leaks connections  ');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Submit for approval at once' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(REMEDIATION_MESSAGES.created)).toBeInTheDocument();
    expect(calls('POST', P).map((r) => r.body)).toEqual([
      {
        cluster_id: '10086',
        incident_id: 'INC-1003',
        action: 'failover_tidb',
        params: { instance: 'tidb-1' },
        risk_level: 'high',
        reason: 'tidb-1 leaks connections',
        submit: true,
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/remediation_tickets/RT-1010'));
  });

  it('declares its menu entry and the contract’s status colours that other areas share', () => {
    expect(remediationFeature.menu).toEqual({
      section: 'eventCenter',
      key: 'remediation_tickets',
      label: 'Remediation Tickets',
      path: '/remediation_tickets',
      order: 2,
    });
    for (const [status, colour] of Object.entries(remediationFeature.statusColors ?? {}))
      expect(REMEDIATION_STATUS_COLORS[status.toLowerCase() as keyof typeof REMEDIATION_STATUS_COLORS]).toBe(colour);
  });
});
