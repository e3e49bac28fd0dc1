import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { Link } from 'react-router';
import { TENANT_STATUSES, tenantsApi } from '@portal/contract';
import type { Tenant, TenantListQuery, TenantStatus } from '@portal/contract';
import { tenantPath } from '../../../shared/api/entities';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { TenantHoverCard } from '../../../shared/ui/TenantHoverCard';
import { useTenantList } from '../api';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { Panel } from '../../../shared/ui/Panel';
import { Text } from '../../../shared/ui/Typography';
import { useCan } from '../../../shared/lib/useCan';
import { lazyDialog } from '../../../shared/ui/lazyDialog';

const CreateTenantDialog = lazyDialog(() =>
  import('../components/CreateTenantDialog').then((m) => m.CreateTenantDialog),
);

const columns: DataColumns<Tenant> = [
  {
    title: 'ID',
    dataIndex: 'id',
    key: 'id',
    sorter: true,
    render: (id: string) => <TenantHoverCard tenantId={id} />,
  },
  {
    title: 'Name',
    dataIndex: 'name',
    key: 'name',
    sorter: true,
    render: (name: string, row) => <Link to={tenantPath(row.id)}>{name}</Link>,
  },
  { title: 'Status', dataIndex: 'status', key: 'status', render: (status: string) => <StatusTag status={status} /> },
  { title: 'Region', dataIndex: 'region', key: 'region' },
  {
    title: 'Email',
    dataIndex: 'email',
    key: 'email',
    // Long addresses are cut with an ellipsis (whole on hover, and copied whole) so the row fits a laptop screen.
    width: 260,
    render: (email: string) => (
      <Text copyable={{ text: email }} ellipsis={{ tooltip: email }} style={{ maxWidth: 236 }}>
        {email}
      </Text>
    ),
  },
  { title: 'Tag', dataIndex: 'org_tag', key: 'org_tag', render: (tag: string | null) => tag ?? '-' },
  { title: 'Projects', dataIndex: 'project_count', key: 'project_count', align: 'right' },
  { title: 'Clusters', dataIndex: 'cluster_count', key: 'cluster_count', align: 'right' },
  {
    title: 'Created At',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (value: string) => <DateText value={value} />,
  },
];

/** /orgs: tenants, searchable by name or id, filterable by status; admins create tenants here. */
export function OrgListPage() {
  const can = useCan();
  const [creating, setCreating] = useState(false);
  const list = useListParams({ search: '', status: [] as TenantStatus[], sort: '-created_at' });
  const { search, ...rest } = list.request;
  const query = useTenantList({ ...rest, sort: rest.sort as TenantListQuery['sort'], search: search || undefined });
  const filtered = Boolean(list.filters.search || list.filters.status.length);

  return (
    <>
      <PageHeader
        title="Organizations"
        description="Tenants of the platform, with their projects and clusters."
        extra={
          can(tenantsApi.create) ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onPointerEnter={CreateTenantDialog.preload}
              onClick={() => setCreating(true)}
            >
              Create tenant
            </Button>
          ) : null
        }
      />
      <Panel>
        <ListToolbar filtered={filtered} onReset={list.reset}>
          <SearchInput
            value={list.filters.search}
            onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
            placeholder="Search by name or ID"
          />
          <MultiSelectFilter
            label="Tenant status"
            placeholder="Status"
            value={list.filters.status}
            options={TENANT_STATUSES.map((value) => ({ value, label: value }))}
            onChange={(status) => list.setFilters({ status })}
          />
        </ListToolbar>
        <DataTable<Tenant>
          aria-label="Organizations"
          columns={columns}
          query={query}
          list={list}
          emptyText={filtered ? 'No organizations match these filters' : 'No organizations yet'}
        />
      </Panel>
      <CreateTenantDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
