import type { ReactNode } from 'react';
import { Descriptions } from 'antd';
import { Link } from 'react-router';
import { tenantDetailQuery, tenantPath } from '../api/entities';
import { HoverCard } from './HoverCard';
import { StatusTag } from './StatusTag';
import { Text } from './Typography';

export interface TenantHoverCardProps {
  tenantId: string;
  /** The link text; the id by default. */
  children?: ReactNode;
}

/** A tenant id link to /orgs/{tenantId}/ with a card of name, id, region and status on hover. */
export function TenantHoverCard({ tenantId, children }: TenantHoverCardProps) {
  return (
    <HoverCard
      query={tenantDetailQuery(tenantId)}
      render={(tenant) => (
        <Descriptions
          size="small"
          column={1}
          title={<Link to={tenantPath(tenant.id)}>{tenant.name}</Link>}
          items={[
            { key: 'name', label: 'Name', children: tenant.name },
            { key: 'id', label: 'ID', children: <Text copyable>{tenant.id}</Text> },
            { key: 'region', label: 'Region', children: tenant.region },
            { key: 'status', label: 'Status', children: <StatusTag status={tenant.status} /> },
          ]}
        />
      )}
    >
      <Link to={tenantPath(tenantId)}>{children ?? tenantId}</Link>
    </HoverCard>
  );
}
