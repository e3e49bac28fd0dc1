import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { cluster, operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { CLUSTER_BASE, alert, summary } from '../testing';
import { ClusterAlertsTab } from './ClusterAlertsTab';

vi.setConfig({ testTimeout: 60_000 });

const ALERTS = '/api/v1/devops/cluster/clusters/10086/alerts';
const rows = [
  alert(),
  alert({
    id: '502',
    rule: 'TiDB_query_duration',
    severity: 'warning',
    state: 'silenced',
    summary: 'Query duration p99 above 1 s on db-tidb-0',
    silenced_by: 'lin.wei@example.com',
    silenced_until: '2099-01-01T00:00:00.000Z',
    silence_comment: 'load test',
  }),
  alert({
    id: '503',
    rule: 'PD_leader_change',
    severity: 'info',
    status: 'resolved',
    state: 'resolved',
    summary: 'PD leader changed 4 times in 10 minutes',
    ends_at: '2026-11-24T10:45:00.000Z',
  }),
];

function setup(profile = operatorProfile) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${CLUSTER_BASE}/alerts`]: { body: { items: rows, total: rows.length } },
    [`GET ${CLUSTER_BASE}/alert-summary`]: { body: summary() },
    [`POST ${CLUSTER_BASE}/alerts/:alert_id/acknowledge`]: {
      body: { alert: alert({ state: 'acknowledged', acknowledged_by: profile.email }) },
    },
    [`POST ${CLUSTER_BASE}/alerts/:alert_id/silence`]: { body: { alert: alert({ state: 'silenced' }) } },
    [`POST ${CLUSTER_BASE}/alerts/:alert_id/unsilence`]: { body: { alert: alert() } },
  });
}

const render = () =>
  renderWithProviders(<ClusterAlertsTab cluster={cluster()} />, {
    path: '/orgs/1372813089189341184/clusters/10086?tab=alerts',
  });

describe("the cluster page's Alerts tab", () => {
  it('shows the summary (firing by severity, the last 7 days as a chart) above the alerts', async () => {
    setup();
    render();
    const s = await screen.findByLabelText('Alert summary');
    expect(within(s).getByText('Firing now')).toBeInTheDocument();
    const chart = within(s).getByRole('list', { name: 'Alerts per day, last 7 days' });
    const bars = within(chart).getAllByRole('listitem');
    expect(bars.map((b) => b.textContent)).toEqual([
      'Nov 181',
      'Nov 190',
      'Nov 203',
      'Nov 210',
      'Nov 220',
      'Nov 231',
      'Nov 241',
    ]);
    const table = await screen.findByRole('table', { name: 'Alerts' });
    expect(await within(table).findByText('TiKV_server_is_down')).toBeInTheDocument();
    expect(within(table).getByText('TiKV db-tikv-2 is down')).toBeInTheDocument();
    expect(within(table).getByText('Silenced')).toBeInTheDocument();
    expect(within(table).getByText('Resolved')).toBeInTheDocument();
  });

  it('enables the actions each state allows and acknowledges', async () => {
    const { calls } = setup();
    render();
    const table = await screen.findByRole('table', { name: 'Alerts' });
    await within(table).findByText('TiKV_server_is_down');
    const [, firing, silenced, resolved] = within(table).getAllByRole('row');
    expect(within(firing!).getByRole('button', { name: 'Acknowledge' })).toBeEnabled();
    expect(within(firing!).getByRole('button', { name: 'Silence' })).toBeEnabled();
    expect(within(silenced!).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(within(silenced!).getByRole('button', { name: 'Lift Silence' })).toBeInTheDocument();
    expect(within(resolved!).queryAllByRole('button', { name: /Acknowledge|Silence/ })).toEqual([]);

    await userEvent.click(within(firing!).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(calls('POST', `${ALERTS}/501/acknowledge`)).toHaveLength(1));
    // The alerts are read again.
    await waitFor(() => expect(calls('GET', ALERTS).length).toBeGreaterThan(1));
  });

  it('silences through a dialog that asks for a duration and a comment', async () => {
    const { calls } = setup();
    render();
    const table = await screen.findByRole('table', { name: 'Alerts' });
    await userEvent.click((await within(table).findAllByRole('button', { name: 'Silence' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Silence' }));
    expect(await within(dialog).findByText('comment is required')).toBeInTheDocument();
    expect(calls('POST', `${ALERTS}/501/silence`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Known issue');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Silence' }));
    await waitFor(() => expect(calls('POST', `${ALERTS}/501/silence`)).toHaveLength(1));
    expect(calls('POST', `${ALERTS}/501/silence`)[0]!.body).toEqual({ duration_minutes: 240, comment: 'Known issue' });
  });

  it('sends the filters and shows no actions to a viewer', async () => {
    const { calls } = setup(viewerProfile);
    render();
    const table = await screen.findByRole('table', { name: 'Alerts' });
    await within(table).findByText('TiKV_server_is_down');
    // Once the profile says what the user may do.
    await waitFor(() => expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull());
    expect(within(table).getByRole('columnheader', { name: 'Duration' })).toBeInTheDocument();
    expect(within(table).queryAllByRole('button', { name: /Acknowledge|Silence/ })).toEqual([]);
    await userEvent.type(screen.getByLabelText('Search alerts'), 'tikv{Enter}');
    await waitFor(() => expect(calls('GET', ALERTS).at(-1)!.url.searchParams.get('search')).toBe('tikv'));
  });
});
