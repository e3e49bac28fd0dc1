import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DataTable } from './DataTable';
import type { DataColumns } from './DataTable';
import type { TenantClusterRow } from './tenantClusterColumns';
import { tenantClusterColumns } from './tenantClusterColumns';

interface Row extends TenantClusterRow {
  created_at: string;
}

const row: Row = {
  id: '10086',
  name: 'orders-prod',
  status: 'USER_CLUSTER_STATUS_MAINTAINING',
  cluster_type: 'DEDICATED_TIDB',
  version: 'v7.5.1',
  tenant_id: '1372813089189341184',
  tenant_name: 'Acme Corp',
  created_at: '2024-06-01T08:00:00.000Z',
};

describe('tenantClusterColumns', () => {
  it('shows a tenant cluster: its name and tenant linked, the status without its prefix, and a page’s own columns after', () => {
    const columns: DataColumns<Row> = [...tenantClusterColumns, { title: 'Created', dataIndex: 'created_at' }];
    renderWithProviders(<DataTable<Row> aria-label="Clusters" columns={columns} data={[row]} />);
    const table = screen.getByRole('table', { name: 'Clusters' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Cluster', 'ID', 'Status', 'Type', 'Version', 'Tenant', 'Created']);
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      'orders-prod',
      '10086',
      'MAINTAINING',
      'DEDICATED_TIDB',
      'v7.5.1',
      'Acme Corp',
      '2024-06-01T08:00:00.000Z',
    ]);
    expect(within(cells[0]!).getByRole('link', { name: 'orders-prod' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/clusters/10086',
    );
    expect(within(cells[5]!).getByRole('link', { name: 'Acme Corp' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/',
    );
  });
});
