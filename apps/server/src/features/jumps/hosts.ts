import type { ClusterComponent } from '@portal/contract';

/**
 * The hosts of a cluster a jump server can reach: one per replica of each component, named as the cluster's
 * topology names them (`db-tikv-0.db-tikv-peer.tidb<cluster id>.svc`, the addresses pd-ctl and the SQL diagnostics
 * print on the cluster control page), in topology order (PD, TiKV, TiDB, TiFlash…).
 */
export function clusterHosts(
  clusterId: string,
  components: readonly Pick<ClusterComponent, 'component' | 'replicas'>[],
) {
  const ns = `tidb${clusterId}`;
  return components.flatMap((c) => {
    const name = c.component.toLowerCase().replace(/_/g, '-');
    return Array.from({ length: c.replicas }, (_, i) => `db-${name}-${i}.db-${name}-peer.${ns}.svc`);
  });
}
