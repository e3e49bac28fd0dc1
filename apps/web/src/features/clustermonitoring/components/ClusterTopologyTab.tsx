import { Tag } from 'antd';
import { CLUSTER_STORE_KIND_LABELS, CLUSTER_STORE_STATE_COLORS } from '@portal/contract';
import type { ClusterStore, ClusterStoreKind, ClusterStoreState, TopologyComponent } from '@portal/contract';
import type { ClusterSlotProps } from '../../../shared/lib/feature';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Spinner } from '../../../shared/ui/Spinner';
import { useClusterTopology } from '../api';
import { storeUsage, zoneLines } from '../lib/topology';
import '../clustermonitoring.css';

function Usage({ store }: { store: ClusterStore }) {
  const { share, color, text } = storeUsage(store);
  return (
    <div className="cm-usage" title={text}>
      <span className="cm-usage-track">
        <span className="cm-usage-bar" style={{ width: `${Math.round(share * 100)}%`, background: color }} />
      </span>
      <span style={{ whiteSpace: 'nowrap' }}>{text}</span>
    </div>
  );
}

const storeColumns: DataColumns<ClusterStore> = [
  { title: 'Store ID', dataIndex: 'store_id', key: 'store_id', align: 'right' },
  {
    title: 'Kind',
    dataIndex: 'kind',
    key: 'kind',
    render: (k: ClusterStoreKind) => CLUSTER_STORE_KIND_LABELS[k],
  },
  { title: 'Address', dataIndex: 'address', key: 'address' },
  { title: 'Zone', dataIndex: 'zone', key: 'zone' },
  {
    title: 'State',
    dataIndex: 'state',
    key: 'state',
    render: (s: ClusterStoreState) => (
      <Tag color={CLUSTER_STORE_STATE_COLORS[s]} style={{ marginInlineEnd: 0 }}>
        {s}
      </Tag>
    ),
  },
  { title: 'Used / Capacity', key: 'usage', render: (_: never, row) => <Usage store={row} /> },
  {
    title: 'Regions',
    dataIndex: 'region_count',
    key: 'region_count',
    align: 'right',
    render: (n: number) => n.toLocaleString('en-US'),
  },
  {
    title: 'Leaders',
    dataIndex: 'leader_count',
    key: 'leader_count',
    align: 'right',
    render: (n: number) => n.toLocaleString('en-US'),
  },
  { title: 'Version', dataIndex: 'version', key: 'version' },
];

const componentColumns: DataColumns<TopologyComponent> = [
  { title: 'Component', dataIndex: 'component', key: 'component' },
  { title: 'Replicas', dataIndex: 'replicas', key: 'replicas', align: 'right' },
  { title: 'Node Spec', dataIndex: 'node_spec', key: 'node_spec' },
  { title: 'Version', dataIndex: 'version', key: 'version' },
  {
    title: 'Instances (zone)',
    dataIndex: 'instances',
    key: 'instances',
    render: (instances: TopologyComponent['instances']) => (
      <div className="cm-labels">
        {instances.map((i) => (
          <Tag key={i.name} title={i.address}>{`${i.name} (${i.zone})`}</Tag>
        ))}
      </div>
    ),
  },
];

/**
 * The cluster page's Topology tab: the availability zones and what runs in each, the stores PD reports (TiKV and
 * TiFlash: state, usage, regions and leaders; why not, when PD could not be read), and each component's instances
 * with their zones.
 */
export function ClusterTopologyTab({ cluster }: ClusterSlotProps) {
  const { data, error, isLoading, refetch } = useClusterTopology(cluster.id);
  if (isLoading) return <Spinner />;
  if (error || !data)
    return <ErrorState title="Failed to load the topology" error={error} onRetry={() => void refetch()} />;
  return (
    <>
      <div className="cm-section-title" style={{ marginTop: 0 }}>
        Zones ({data.provider} {data.region})
      </div>
      <div className="cm-zones" aria-label="Zones">
        {data.zones.map((z) => (
          <section key={z.zone} className="cm-zone" aria-label={`Zone ${z.zone}`}>
            <div className="cm-zone-name">{z.zone}</div>
            {zoneLines(z).map((line) => (
              <div key={line.label} className="cm-zone-line">
                <span>{line.label}</span>
                <span>{line.value}</span>
              </div>
            ))}
          </section>
        ))}
      </div>
      <div className="cm-section-title">Stores</div>
      {data.stores_error ? (
        // PD could not be read: the zones and components still show; the stores say why they do not.
        <ErrorState
          compact
          title="The stores could not be read from PD"
          error={data.stores_error}
          onRetry={() => void refetch()}
        />
      ) : (
        <DataTable<ClusterStore>
          aria-label="Stores"
          rowKey="store_id"
          columns={storeColumns}
          data={data.stores}
          pagination={false}
          emptyText="No stores reported"
        />
      )}
      <div className="cm-section-title">Components</div>
      <DataTable<TopologyComponent>
        aria-label="Topology components"
        rowKey="component"
        columns={componentColumns}
        data={data.components}
        pagination={false}
        emptyText="No components"
      />
    </>
  );
}
