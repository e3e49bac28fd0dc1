import type { DataColumns } from '../../../shared/ui/DataTable';
import { Link } from 'react-router';
import { CHANGEFEED_STATUSES } from '@portal/contract';
import type {
  Changefeed,
  ChangefeedListQuery,
  ChangefeedStatus,
  TicdcCluster,
  TicdcClusterListQuery,
} from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { changefeedPath, ticdcClusterPath, useChangefeeds, useTicdcClusters } from '../api';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { Text, Title } from '../../../shared/ui/Typography';

const ticdcColumns: DataColumns<TicdcCluster> = [
  {
    title: 'ID',
    dataIndex: 'id',
    key: 'id',
    render: (id: string, row) => <Link to={ticdcClusterPath(row.tenant_id, row.cluster_id, id)}>{id}</Link>,
  },
  { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
  { title: 'Status', dataIndex: 'status', key: 'status', render: (s: string) => <StatusTag status={s} /> },
  { title: 'Version', dataIndex: 'version', key: 'version' },
  { title: 'Specification', dataIndex: 'specification', key: 'specification' },
  { title: 'Changefeeds', dataIndex: 'changefeed_count', key: 'changefeed_count', align: 'right' },
  {
    title: 'Create Time',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (v: string) => <DateText value={v} withTime />,
  },
];

/** The TiCDC clusters replicating one cluster. */
export function TicdcClusterTable({ clusterId, prefix = 'ticdc_' }: { clusterId: string; prefix?: string }) {
  const list = useListParams({ sort: '-created_at' }, { prefix });
  // The URL's sort, as the list declares it (the server refuses any other).
  const sort = list.request.sort as TicdcClusterListQuery['sort'];
  const query = useTicdcClusters({ ...list.request, sort, cluster_id: clusterId });
  return (
    <DataTable<TicdcCluster>
      aria-label="TiCDC clusters"
      columns={ticdcColumns}
      query={query}
      list={list}
      emptyText="No TiCDC clusters"
    />
  );
}

const changefeedColumns: DataColumns<Changefeed> = [
  {
    title: 'ID',
    dataIndex: 'display_id',
    key: 'id',
    render: (displayId: string, row) => (
      <Link to={changefeedPath(row.tenant_id, row.cluster_id, row.id)}>{displayId}</Link>
    ),
  },
  { title: 'Name', dataIndex: 'display_name', key: 'display_name', sorter: true },
  { title: 'Status', dataIndex: 'status', key: 'status', render: (s: string) => <StatusTag status={s} /> },
  {
    title: 'Destination',
    key: 'destination',
    render: (_: unknown, row) => (
      <span>
        <Text type="secondary">{row.downstream_type}</Text>{' '}
        <Text style={{ maxWidth: 320 }} ellipsis={{ tooltip: row.destination }}>
          {row.destination}
        </Text>
      </span>
    ),
  },
  {
    title: 'TiCDC Cluster',
    key: 'ticdc',
    render: (_: unknown, row) => (
      <Link to={ticdcClusterPath(row.tenant_id, row.cluster_id, row.ticdc_cluster.id)}>{row.ticdc_cluster.name}</Link>
    ),
  },
  {
    title: 'Create Time',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (v: string) => <DateText value={v} withTime />,
  },
];

/** Changefeeds of a cluster or of one TiCDC cluster, with a status filter. */
export function ChangefeedTable({
  clusterId,
  ticdcClusterId,
  prefix = 'cf_',
}: {
  clusterId?: string;
  ticdcClusterId?: string;
  prefix?: string;
}) {
  const list = useListParams({ status: [] as ChangefeedStatus[], sort: '-created_at' }, { prefix });
  const sort = list.request.sort as ChangefeedListQuery['sort'];
  const query = useChangefeeds({ ...list.request, sort, cluster_id: clusterId, ticdc_cluster_id: ticdcClusterId });
  return (
    <>
      <div className="toolbar">
        <MultiSelectFilter
          label="Changefeed status"
          placeholder="Status"
          width={200}
          value={list.filters.status}
          options={CHANGEFEED_STATUSES.map((value) => ({ value, label: value }))}
          onChange={(status) => list.setFilters({ status })}
        />
      </div>
      <DataTable<Changefeed>
        aria-label="Changefeeds"
        columns={changefeedColumns}
        query={query}
        list={list}
        emptyText={list.filters.status.length ? 'No changefeeds match this filter' : 'No changefeeds'}
      />
    </>
  );
}

/** The cluster page's TiCDC tab: its TiCDC clusters and its changefeeds. */
export function ClusterTicdcTab({ clusterId }: { clusterId: string }) {
  return (
    <>
      <Title level={5}>TiCDC Clusters</Title>
      <TicdcClusterTable clusterId={clusterId} />
      <Title level={5} style={{ marginTop: 16 }}>
        Changefeeds
      </Title>
      <ChangefeedTable clusterId={clusterId} />
    </>
  );
}
