import { Tag } from 'antd';
import type { ClusterVersion } from '@portal/contract';
import { DataTable } from '../../../../shared/ui/DataTable';
import type { DataColumns } from '../../../../shared/ui/DataTable';
import { DateText } from '../../../../shared/ui/Formatted';
import { useListParams } from '../../../../shared/lib/useListParams';
import { SelectFilter } from '../../../../shared/ui/SelectFilter';
import { Text } from '../../../../shared/ui/Typography';
import { useVersions } from '../../api/reference';
import { asClusterType, CLUSTER_TYPE_OPTIONS, compareVersionsDesc } from './labels';

const SOURCE_LABELS: Record<ClusterVersion['source'], string> = {
  seed: 'Built in',
  release: 'Released',
  gitops: 'Gitops',
};

const columns: DataColumns<ClusterVersion> = [
  {
    title: 'Version',
    dataIndex: 'version',
    key: 'version',
    render: (v: string, row) => (
      <span>
        <Text code>{v}</Text>
        {row.is_default ? (
          <Tag color="blue" style={{ marginInlineStart: 8 }}>
            Default
          </Tag>
        ) : null}
      </span>
    ),
  },
  {
    title: 'Source',
    dataIndex: 'source',
    key: 'source',
    render: (s: ClusterVersion['source']) => <Tag>{SOURCE_LABELS[s] ?? s}</Tag>,
  },
  {
    title: 'Released To',
    dataIndex: 'environments',
    key: 'environments',
    render: (envs: ClusterVersion['environments']) =>
      envs.length ? envs.map((e) => <Tag key={e}>{e}</Tag>) : <Text type="secondary">-</Text>,
  },
  {
    title: 'Created At',
    dataIndex: 'created_at',
    key: 'created_at',
    render: (v: string) => <DateText value={v} withTime />,
  },
];

/** The versions of a cluster type (picked in the URL, default Dedicated), newest first, 10 per page. */
export function ClusterVersionsTable() {
  const list = useListParams({ cluster_type: 'DEDICATED_TIDB' });
  const clusterType = asClusterType(list.filters.cluster_type);
  const versions = useVersions(clusterType);
  const rows = versions.data ? [...versions.data].sort((a, b) => compareVersionsDesc(a.version, b.version)) : undefined;
  return (
    <>
      <div className="toolbar">
        <SelectFilter
          label="Cluster type"
          allowClear={false}
          value={clusterType}
          options={CLUSTER_TYPE_OPTIONS}
          onChange={(next) => list.setFilters({ cluster_type: next ?? 'DEDICATED_TIDB' })}
        />
      </div>
      <DataTable<ClusterVersion>
        aria-label="Cluster versions"
        rowKey="version"
        columns={columns}
        data={rows}
        loading={versions.isFetching}
        error={versions.error}
        onRetry={() => void versions.refetch()}
        pagination={{ pageSize: 10 }}
        emptyText="No versions of this cluster type"
      />
    </>
  );
}
