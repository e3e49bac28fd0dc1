import { Typography } from 'antd';
import { objectKindOf } from '@portal/contract';
import type { ClusterType } from '@portal/contract';
import { ClusterHoverCard } from '../../../shared/ui/ClusterHoverCard';
import { TenantHoverCard } from '../../../shared/ui/TenantHoverCard';
import { ChangefeedLink, TicdcClusterLink } from './TicdcLinks';

export type TargetKind = 'cluster' | 'ticdc_cluster' | 'changefeed' | 'tenant' | (string & {});

/** The kind of object a configuration change of this cluster type targets. */
export const targetKindOf: (clusterType: ClusterType | string) => TargetKind = objectKindOf;

/**
 * An operation's or change's target as a link: clusters with their hover card, TiCDC clusters and changefeeds to
 * their pages.
 */
export function TargetLink({ kind, id, tenantId }: { kind: TargetKind; id: string; tenantId?: string | null }) {
  if (kind === 'cluster') return <ClusterHoverCard clusterId={id} tenantId={tenantId ?? ''} />;
  if (kind === 'ticdc_cluster') return <TicdcClusterLink id={id} />;
  if (kind === 'changefeed') return <ChangefeedLink id={id} />;
  if (kind === 'tenant') return <TenantHoverCard tenantId={id} />;
  return <Typography.Text>{id}</Typography.Text>;
}
