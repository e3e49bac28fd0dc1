import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CloudOncall, DashboardIncidents, DashboardReleases, EngineTenants, TopQps } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { TiflashTenantsPanel, TikvTenantsPanel, storage } from './EngineTenantsPanel';
import { IncidentsPanel, UNRESOLVED_LIST } from './IncidentsPanel';
import { OncallPanel } from './OncallPanel';
import { changeProgress, ReleasesPanel } from './ReleasesPanel';
import { barWidths, qps, TopQpsPanel } from './TopQpsPanel';

const P = '/api/v1/devops/dashboard';
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('Cloud on-call panel', () => {
  it('shows who is on call now (until when) and next (from when) per rotation', async () => {
    const oncall: CloudOncall = {
      at: '2026-11-24T10:00:00.000Z',
      total: 2,
      items: [
        {
          id: 'cloud-primary',
          name: 'Cloud primary',
          description: 'First responder',
          period_hours: 168,
          members: [],
          current: {
            email: 'oscar@example.com',
            name: 'Oscar Operator',
            starts_at: '2026-11-23T09:00:00.000Z',
            ends_at: '2026-11-30T09:00:00.000Z',
          },
          next: {
            email: 'ada@example.com',
            name: 'Ada Admin',
            starts_at: '2026-11-30T09:00:00.000Z',
            ends_at: '2026-12-07T09:00:00.000Z',
          },
        },
        {
          id: 'database-sre',
          name: 'Database SRE',
          description: 'Escalations',
          period_hours: 12,
          members: [],
          current: {
            email: 'ada@example.com',
            name: 'Ada Admin',
            starts_at: '2026-11-24T08:00:00.000Z',
            ends_at: '2026-11-24T20:00:00.000Z',
          },
          next: {
            email: 'maria@example.com',
            name: 'Maria Garcia',
            starts_at: '2026-11-24T20:00:00.000Z',
            ends_at: '2026-11-25T08:00:00.000Z',
          },
        },
      ],
    };
    mockFetch({ [`GET ${P}/cloud-oncall`]: { body: oncall } });
    renderWithProviders(<OncallPanel />);
    await screen.findByRole('table', { name: 'On-call rotations' });
    expect(rowsOf('On-call rotations')).toEqual([
      ['Cloud primary7-day shifts', 'Oscar Operatoruntil 2026-11-30 09:00 UTC', 'Ada Adminfrom 2026-11-30 09:00 UTC'],
      ['Database SRE12 h shifts', 'Ada Adminuntil 2026-11-24 20:00 UTC', 'Maria Garciafrom 2026-11-24 20:00 UTC'],
    ]);
    expect(screen.getByRole('link', { name: 'Oscar Operator' })).toHaveAttribute('href', 'mailto:oscar@example.com');
  });

  it('shows its own error with Retry when the call fails', async () => {
    mockFetch({ [`GET ${P}/cloud-oncall`]: { status: 500, body: { code: 'internal', message: 'boom' } } });
    renderWithProviders(<OncallPanel />);
    expect(await screen.findByText('Failed to load the on-call schedule')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });
});

describe('Incidents panel', () => {
  it('counts by severity, lists the newest with links to them and to the unresolved list', async () => {
    const d: DashboardIncidents = {
      total: 7,
      by_severity: [
        { severity: 'critical', count: 2 },
        { severity: 'major', count: 5 },
        { severity: 'minor', count: 0 },
      ],
      by_status: [
        { status: 'open', count: 3 },
        { status: 'acknowledged', count: 2 },
        { status: 'mitigated', count: 2 },
      ],
      items: [
        {
          id: 'INC-1030',
          title: 'TiKV disk full',
          severity: 'critical',
          status: 'open',
          commander: 'lin.wei@example.com',
          started_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
          clusters: 2,
          tenants: 1,
        },
      ],
    };
    mockFetch({ [`GET ${P}/incident`]: { body: d } });
    renderWithProviders(<IncidentsPanel />);
    const link = await screen.findByRole('link', { name: 'INC-1030' });
    expect(link).toHaveAttribute('href', '/incidents/INC-1030');
    expect(rowsOf('Newest unresolved incidents')).toEqual([
      ['INC-1030 TiKV disk fulllin.wei@example.com · 2 clusters', 'SEV1 · Critical', 'Open', '3 h ago'],
    ]);
    const figures = screen.getByLabelText('Unresolved incidents by severity');
    expect(figures.textContent).toBe('SEV1 · Critical: 2SEV2 · Major: 5SEV3 · Minor: 0');
    expect(screen.getByRole('link', { name: 'All 7 unresolved incidents' })).toHaveAttribute('href', UNRESOLVED_LIST);
  });

  it('says so when nothing is unresolved', async () => {
    mockFetch({
      [`GET ${P}/incident`]: { body: { total: 0, by_severity: [], by_status: [], items: [] } },
    });
    renderWithProviders(<IncidentsPanel />);
    expect(await screen.findByText('No unresolved incidents')).toBeInTheDocument();
  });
});

describe('Releases panel', () => {
  const release = (id: string, phase: DashboardReleases['recent']['items'][number]['phase']) => ({
    id,
    release_number: `2026.47.${id}`,
    environment: 'prod' as const,
    phase,
    description: `Release ${id}`,
    created_at: '2026-11-20T10:00:00.000Z',
    released_at: phase === 'released' ? '2026-11-21T12:30:00.000Z' : null,
    changes: { total: 4, by_status: { verified: 1, closed: 1, deploying: 2 } },
  });

  it('lists the ongoing and the recently released ones, linked to their pages', async () => {
    const d: DashboardReleases = {
      ongoing: { total: 3, items: [release('7', 'in_progress')] },
      recent: { items: [release('5', 'released')] },
    };
    mockFetch({ [`GET ${P}/release`]: { body: d } });
    renderWithProviders(<ReleasesPanel />);
    expect(await screen.findByText('Ongoing (3)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2026.47.7' })).toHaveAttribute('href', '/release/7');
    expect(rowsOf('Ongoing releases')).toEqual([
      ['2026.47.7 prodRelease 7', 'in progress', '2/4 done', 'created 2026-11-20 10:00 UTC'],
    ]);
    expect(rowsOf('Recently released')).toEqual([
      ['2026.47.5 prodRelease 5', 'released', '2/4 done', 'released 2026-11-21 12:30 UTC'],
    ]);
  });

  it('counts verified and closed changes as done', () => {
    const r = release('1', 'planning');
    expect(changeProgress(r)).toBe('2/4 done');
    expect(changeProgress({ ...r, changes: { total: 3, by_status: { draft: 3 } } })).toBe('0/3 done');
  });
});

describe('Top QPS panel', () => {
  const d: TopQps = {
    at: '2026-11-24T10:00:00.000Z',
    query: 'topk(10, tidb_qps)',
    warnings: ['Only the first 5000 clusters were read.'],
    items: [
      { rank: 1, cluster_id: 'c1', cluster_name: 'orders-prod', tenant_id: 't1', tenant_name: 'Acme', qps: 12000.4 },
      { rank: 2, cluster_id: 'c2', cluster_name: null, tenant_id: null, tenant_name: null, qps: 3000 },
      { rank: 3, cluster_id: 'c3', cluster_name: 'tiny', tenant_id: 't2', tenant_name: 'Beta', qps: 2.25 },
    ],
  };

  it('maps each cluster to a bar proportional to the busiest, and formats QPS', () => {
    expect(barWidths(d.items)).toEqual([100, 25, 0]);
    expect(barWidths([])).toEqual([]);
    expect(barWidths([{ ...d.items[0]!, qps: 0 }])).toEqual([0]);
    expect([qps(12000.4), qps(2.25), qps(10)]).toEqual(['12,000', '2.3', '10']);
  });

  it('links clusters to their pages and the query to the playground', async () => {
    mockFetch({ [`GET ${P}/top-qps`]: { body: d } });
    renderWithProviders(<TopQpsPanel />);
    expect(await screen.findByRole('link', { name: 'orders-prod' })).toHaveAttribute('href', '/orgs/t1/clusters/c1');
    expect(rowsOf('Clusters by QPS')).toEqual([
      ['1', 'orders-prod', 'Acme', '12,000'],
      ['2', 'c2', '-', '3,000'],
      ['3', 'tiny', 'Beta', '2.3'],
    ]);
    const bars = [...document.querySelectorAll<HTMLElement>('.dash-bar')].map((b) => b.style.width);
    expect(bars).toEqual(['100%', '25%', '0%']);
    expect(screen.getByRole('link', { name: 'Open in Playground' })).toHaveAttribute(
      'href',
      '/playground?query=topk(10%2C%20tidb_qps)&range=6h',
    );
    expect(screen.getByText('Only the first 5000 clusters were read.')).toBeInTheDocument();
  });
});

describe('TiKV and TiFlash tenants panels', () => {
  const answer = (engine: 'tikv' | 'tiflash', by: 'nodes' | 'storage'): EngineTenants => ({
    engine,
    by,
    refreshed_at: '2026-11-24T09:50:00.000Z',
    total: 1234,
    items: [
      {
        rank: 1,
        tenant_id: '15',
        tenant_name: by === 'nodes' ? 'Many Nodes' : 'Much Storage',
        clusters: 3,
        nodes: 27,
        storage_gib: 110_592,
      },
      { rank: 2, tenant_id: '16', tenant_name: null, clusters: 1, nodes: 3, storage_gib: 500 },
    ],
  });

  it('ranks by nodes, switches to storage, links each tenant', async () => {
    const { calls } = mockFetch({
      [`GET ${P}/tikv-tenants`]: (req) => ({
        body: answer('tikv', req.url.searchParams.get('by') === 'storage' ? 'storage' : 'nodes'),
      }),
    });
    renderWithProviders(<TikvTenantsPanel />);
    expect(await screen.findByRole('link', { name: 'Many Nodes' })).toHaveAttribute('href', '/orgs/15');
    expect(rowsOf('Tenants by TiKV nodes')).toEqual([
      ['1', 'Many Nodes', '3', '27', '108 TiB'],
      ['2', '16', '1', '3', '500 GiB'],
    ]);
    expect(screen.getByText('Top 2 of 1,234 tenants with TiKV · as of 2026-11-24 09:50 UTC')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'By storage' }));
    expect(await screen.findByRole('link', { name: 'Much Storage' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'By storage' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls('GET', `${P}/tikv-tenants`).map((r) => r.url.searchParams.get('by'))).toEqual(['nodes', 'storage']);
  });

  it('reads the TiFlash ranking for the TiFlash panel', async () => {
    const { calls } = mockFetch({ [`GET ${P}/tiflash-tenants`]: { body: answer('tiflash', 'nodes') } });
    renderWithProviders(<TiflashTenantsPanel />);
    expect(await screen.findByRole('table', { name: 'Tenants by TiFlash nodes' })).toBeInTheDocument();
    expect(calls('GET', `${P}/tiflash-tenants`)).toHaveLength(1);
  });

  it('shows storage in GiB below a TiB, else TiB', () => {
    expect([storage(500), storage(1024), storage(1536), storage(110_592), storage(204_800)]).toEqual([
      '500 GiB',
      '1.0 TiB',
      '1.5 TiB',
      '108 TiB',
      '200 TiB',
    ]);
  });
});
