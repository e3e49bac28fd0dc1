import type { ClusterInstance, ClusterStore, TopologyComponent, TopologyZone } from '@portal/contract';

/*
 * Where a cluster's instances run. The operator spreads each component's replicas over three availability zones of
 * the cluster's region, replica i in zone i mod 3 (as TiDB Operator's topology spread constraints do), and names
 * each instance by its pod: `db-tikv-0.db-tikv-peer.tidb<cluster id>.svc` (the names the jump hosts, pd-ctl and the
 * SQL diagnostics use). The seed places the stores the same way, so a store's zone is its instance's. Zone names,
 * pod names and store ids (TiKV replica i is store i + 1, TiFlash stores follow) are those the simulated pd-ctl of
 * the cluster control page prints (controlplane/ctl/topology.ts).
 */

/** The three availability zones of a region, named as the provider names them. */
export function availabilityZones(provider: string, region: string): string[] {
  switch (provider) {
    case 'GCP':
      return ['a', 'b', 'c'].map((z) => `${region}-${z}`);
    case 'AZURE':
      return ['1', '2', '3'].map((z) => `${region}-${z}`);
    case 'ALICLOUD':
      return ['b', 'c', 'd'].map((z) => `${region}-${z}`);
    default:
      return ['a', 'b', 'c'].map((z) => `${region}${z}`);
  }
}

/** The port each component serves on (PD client, TiKV and TiFlash server, TiDB and TiProxy SQL). */
export const COMPONENT_PORTS: Record<string, number> = {
  PD: 2379,
  TIKV: 20160,
  TIDB: 4000,
  TIFLASH: 3930,
  TIFLASH_LEARNER: 3930,
  TIPROXY: 6000,
};

/** Topology order, as the cluster page lists components. */
export const COMPONENT_ORDER = ['PD', 'TIKV', 'TIDB', 'TIFLASH', 'TIFLASH_LEARNER', 'TIPROXY'];

/** Replica `i` of a component: its pod name, host:port address and zone. */
export function componentInstance(
  cluster: { id: string; provider: string; region: string },
  component: string,
  i: number,
): ClusterInstance {
  const zones = availabilityZones(cluster.provider, cluster.region);
  const name = `db-${component.toLowerCase().replace(/_/g, '-')}-${i}`;
  const host = `${name}.db-${component.toLowerCase().replace(/_/g, '-')}-peer.tidb${cluster.id}.svc`;
  return { name, address: `${host}:${COMPONENT_PORTS[component] ?? 0}`, zone: zones[i % zones.length]! };
}

/**
 * The zones of a cluster: every zone of its region, plus any other a store reports, with what runs there. Stores in
 * Tombstone are gone from the cluster: they count nowhere.
 */
export function zonesOf(
  cluster: { provider: string; region: string },
  components: readonly TopologyComponent[],
  stores: readonly ClusterStore[],
): TopologyZone[] {
  const names = availabilityZones(cluster.provider, cluster.region);
  for (const s of stores) if (!names.includes(s.zone)) names.push(s.zone);
  return names.map((zone) => {
    const live = stores.filter((s) => s.zone === zone && s.state !== 'Tombstone');
    return {
      zone,
      components: components
        .map((c) => ({ component: c.component, count: c.instances.filter((i) => i.zone === zone).length }))
        .filter((c) => c.count > 0),
      stores: live.length,
      stores_up: live.filter((s) => s.state === 'Up').length,
      region_count: live.reduce((n, s) => n + s.region_count, 0),
      leader_count: live.reduce((n, s) => n + s.leader_count, 0),
    };
  });
}
