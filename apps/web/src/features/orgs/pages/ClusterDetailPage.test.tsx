import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Cluster } from '@portal/contract';
import { features } from '../../../app/features';
import type { ClusterSlotProps, FeatureManifest, TenantSlotProps } from '../../../shared/lib/feature';
import { mockFetch } from '../../../test/fetchMock';
import { cluster, tenant } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ClusterDetailPage } from './ClusterDetailPage';
import { OrgDetailPage } from './OrgDetailPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const TENANT = '1372813089189341184';

/** A stand-in area adding a tab to clusters of one type only, and one to every tenant page. */
const extra: FeatureManifest = {
  key: 'extra',
  requires: 'orgs.read',
  routes: [],
  clusterTabs: [
    {
      key: 'pool',
      label: 'Pool Usage',
      order: 15,
      when: ({ cluster: c }) => c.cluster_type === 'SHARED_POOL',
      load: async () =>
        function PoolUsage({ cluster: c }: ClusterSlotProps) {
          return <p>{`pool of ${c.name}`}</p>;
        },
    },
  ],
  tenantTabs: [
    {
      key: 'billing',
      label: 'Billing',
      order: 25,
      load: async () =>
        function Billing({ tenant: t }: TenantSlotProps) {
          return <p>{`billing of ${t.name}`}</p>;
        },
    },
  ],
};

function showCluster(c: Cluster, withExtra = false) {
  mockFetch({ 'GET /api/v1/devops/cluster/clusters/:id': { body: c } });
  return renderWithProviders(<ClusterDetailPage />, {
    path: `/orgs/${TENANT}/clusters/${c.id}`,
    routePath: '/orgs/:orgId/clusters/:clusterId',
    features: withExtra ? [...features, extra] : features,
  });
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('cluster page: tabs and actions other areas contribute', () => {
  it('shows the configchange and ticdc tabs after its own, and the ctl and gitops buttons', async () => {
    showCluster(cluster());
    expect(await screen.findByText('Cluster: orders-prod')).toBeInTheDocument();
    expect(tabNames()).toEqual([
      'Components',
      'Alerts',
      'Topology',
      'Current Config',
      'Modification Histories',
      'TiCDC',
      'DM Namespaces',
      'Maintenance',
    ]);
    expect(screen.getByRole('button', { name: /Ctl/ }).closest('a')).toHaveAttribute(
      'href',
      `/orgs/${TENANT}/clusters/10086/ctl`,
    );
    expect(screen.getByRole('button', { name: /Gitops/ }).closest('a')).toHaveAttribute(
      'href',
      `/orgs/${TENANT}/10086/gitops`,
    );
  });

  it('leaves out a contributed tab whose condition does not accept the cluster', async () => {
    showCluster(cluster(), true);
    await screen.findByText('Cluster: orders-prod');
    expect(tabNames()).not.toContain('Pool Usage');
  });

  it('places a contributed tab by its order and loads its content when opened', async () => {
    showCluster(cluster({ cluster_type: 'SHARED_POOL' }), true);
    await screen.findByText('Cluster: orders-prod');
    expect(tabNames()).toEqual([
      'Components',
      'Alerts',
      'Topology',
      'Current Config',
      'Pool Usage',
      'Modification Histories',
      'TiCDC',
      'Maintenance',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'Pool Usage' }));
    expect(await screen.findByText('pool of orders-prod')).toBeInTheDocument();
  });
});

describe('tenant page: tabs other areas contribute', () => {
  it('places them by order among its own', async () => {
    mockFetch({ 'GET /api/v1/admin/orgs/:id': { body: tenant() } });
    renderWithProviders(<OrgDetailPage />, {
      path: `/orgs/${TENANT}?tab=billing`,
      routePath: '/orgs/:orgId',
      features: [...features, extra],
    });
    const tabs = await screen.findAllByRole('tab');
    // Init Config: the configchange area's tab (order 40); the second Billing: the billing accounts area's (order 60).
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Projects',
      'Clusters',
      'Billing',
      'Data Resources',
      'Account Users',
      'Quota',
      'Network',
      'Init Config',
      'Billing',
      'Audit Logs',
    ]);
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('billing of Acme Corp')).toBeInTheDocument();
  });
});
