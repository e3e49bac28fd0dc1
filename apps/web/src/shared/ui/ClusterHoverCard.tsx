import type { ReactNode } from 'react';
import { Descriptions } from 'antd';
import { Link } from 'react-router';
import { displayClusterStatus } from '@portal/contract';
import { clusterDetailQuery, clusterPath, tenantPath } from '../api/entities';
import { HoverCard } from './HoverCard';
import { StatusTag } from './StatusTag';
import { Text } from './Typography';

export interface ClusterHoverCardProps {
  clusterId: string;
  /** The owning tenant, for the link; taken from the fetched cluster when the card opens otherwise. */
  tenantId: string;
  /** The link text; the id by default. */
  children?: ReactNode;
}

/**
 * A cluster id link to /orgs/{tenantId}/clusters/{clusterId} with a card of name, id, status
 * (USER_CLUSTER_STATUS_ prefix removed), project and tenant on hover.
 */
export function ClusterHoverCard({ clusterId, tenantId, children }: ClusterHoverCardProps) {
  return (
    <HoverCard
      query={clusterDetailQuery(clusterId)}
      render={(cluster) => (
        <Descriptions
          size="small"
          column={1}
          title={<Link to={clusterPath(cluster.tenant_id, cluster.id)}>{cluster.name}</Link>}
          items={[
            { key: 'name', label: 'Cluster', children: cluster.name },
            { key: 'id', label: 'ID', children: <Text copyable>{cluster.id}</Text> },
            {
              key: 'status',
              label: 'Status',
              children: <StatusTag status={displayClusterStatus(cluster.status)} />,
            },
            { key: 'project', label: 'Project', children: `${cluster.project_name} (${cluster.project_id})` },
            {
              key: 'tenant',
              label: 'Tenant',
              children: (
                <Link to={tenantPath(cluster.tenant_id)}>{`${cluster.tenant_name} (${cluster.tenant_id})`}</Link>
              ),
            },
          ]}
        />
      )}
    >
      <Link to={clusterPath(tenantId, clusterId)}>{children ?? clusterId}</Link>
    </HoverCard>
  );
}
