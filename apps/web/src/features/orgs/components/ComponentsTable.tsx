import type { DataColumns } from '../../../shared/ui/DataTable';
import type { ClusterComponent } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import { useClusterComponents } from '../api';

const columns: DataColumns<ClusterComponent> = [
  { title: 'Component', dataIndex: 'component', key: 'component' },
  { title: 'Replicas', dataIndex: 'replicas', key: 'replicas', align: 'right' },
  { title: 'Node Spec', dataIndex: 'node_spec', key: 'node_spec' },
  { title: 'Storage (GiB)', dataIndex: 'storage_gib', key: 'storage_gib', align: 'right' },
  { title: 'Version', dataIndex: 'version', key: 'version' },
  { title: 'Image Tag', dataIndex: 'image_tag', key: 'image_tag' },
];

/** The components a cluster runs. */
export function ComponentsTable({ clusterId }: { clusterId: string }) {
  const query = useClusterComponents(clusterId);
  return (
    <DataTable<ClusterComponent>
      aria-label="Components"
      rowKey="component"
      columns={columns}
      data={query.data}
      loading={query.isLoading}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText="No components"
    />
  );
}
