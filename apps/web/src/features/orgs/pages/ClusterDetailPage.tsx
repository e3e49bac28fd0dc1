import { Alert, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { useSlots } from '../../../shared/lib/slots';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { ContributedActions, withContributedTabs } from '../../../shared/ui/SlotContent';
import { TenantHoverCard } from '../../../shared/ui/TenantHoverCard';
import { useCluster } from '../api';
import { ComponentsTable } from '../components/ComponentsTable';
import { Text } from '../../../shared/ui/Typography';

function ClusterView({ byoc }: { byoc: boolean }) {
  const params = useParams();
  const orgId = params.orgId ?? '';
  const clusterId = params.clusterId ?? '';
  const { data: cluster, isLoading, error, refetch } = useCluster(clusterId);
  const slots = useSlots();
  const kind = byoc ? 'BYOC Cluster' : 'Cluster';
  return (
    <DetailLayout
      title={cluster ? `${kind}: ${cluster.name}` : `${kind} ${clusterId}`}
      tags={
        cluster ? (
          <>
            <StatusTag status={cluster.status} />
            {byoc ? <Tag color="purple">BYOC</Tag> : null}
          </>
        ) : null
      }
      extra={cluster ? <ContributedActions slots={slots.clusterActions} props={{ cluster }} /> : null}
      loading={isLoading}
      error={error}
      onRetry={() => void refetch()}
      descriptions={
        cluster && [
          { key: 'id', label: 'ID', children: <Text copyable>{cluster.id}</Text> },
          { key: 'name', label: 'Name', children: cluster.name },
          { key: 'status', label: 'Status', children: <StatusTag status={cluster.status} /> },
          { key: 'type', label: 'Cluster Type', children: cluster.cluster_type },
          { key: 'version', label: 'Version', children: cluster.version },
          { key: 'provider', label: 'Provider', children: cluster.provider },
          { key: 'region', label: 'Region', children: cluster.region },
          {
            key: 'project',
            label: 'Project',
            children: (
              <Link
                to={`/orgs/${encodeURIComponent(cluster.tenant_id)}/projects/${encodeURIComponent(cluster.project_id)}`}
              >
                {`${cluster.project_name} (${cluster.project_id})`}
              </Link>
            ),
          },
          {
            key: 'tenant',
            label: 'Tenant',
            children: (
              <TenantHoverCard
                tenantId={cluster.tenant_id}
              >{`${cluster.tenant_name} (${cluster.tenant_id})`}</TenantHoverCard>
            ),
          },
          { key: 'byoc', label: 'BYOC', children: cluster.is_byoc ? 'Yes' : 'No' },
          { key: 'created', label: 'Created At', children: <DateText value={cluster.created_at} withTime /> },
        ]
      }
      // Other areas add their tabs (configuration, its history, TiCDC) from their manifests: `clusterTabs`.
      tabs={withContributedTabs(
        [{ key: 'components', label: 'Components', order: 0, children: <ComponentsTable clusterId={clusterId} /> }],
        slots.clusterTabs,
        cluster && { cluster },
      )}
    >
      {cluster?.errmsg ? <Alert type="error" showIcon title="Cluster error" description={cluster.errmsg} /> : null}
      {cluster && cluster.tenant_id !== orgId ? (
        <Alert type="warning" showIcon title={`This cluster belongs to tenant ${cluster.tenant_id}, not ${orgId}.`} />
      ) : null}
    </DetailLayout>
  );
}

/** /orgs/:orgId/clusters/:clusterId */
export function ClusterDetailPage() {
  return <ClusterView byoc={false} />;
}

/** /orgs/:orgId/byoc-clusters/:clusterId: the same view, labelled BYOC. */
export function ByocClusterDetailPage() {
  return <ClusterView byoc />;
}
