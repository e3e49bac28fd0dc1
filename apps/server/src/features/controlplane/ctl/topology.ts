import type { Cluster, ClusterComponent } from '@portal/contract';

/**
 * The cluster as PD sees it, derived deterministically from what the portal stores: stores from the TiKV and
 * TiFlash replicas (capacity from their storage size), PD members from the PD replicas, regions from the data size.
 * The same cluster always gives the same answer; evicted leaders move to the other stores.
 */

export interface Store {
  id: number;
  engine: 'tikv' | 'tiflash';
  address: string;
  statusAddress: string;
  zone: string;
  version: string;
  state: 'Up' | 'Disconnected';
  capacityGib: number;
  usedGib: number;
  regionCount: number;
  leaderCount: number;
}

export interface Region {
  id: number;
  startKey: string;
  endKey: string;
  confVer: number;
  version: number;
  storeIds: number[];
  leaderStoreId: number;
  sizeMib: number;
  keys: number;
}

export interface Topology {
  clusterId: string;
  namespace: string;
  stores: Store[];
  pdMembers: { name: string; memberId: string; clientUrl: string; peerUrl: string }[];
  pdLeader: number;
  tidbs: { name: string; address: string }[];
  regionCount: number;
  region(index: number): Region;
  regionById(id: number): Region | undefined;
}

/** FNV-1a: a stable 32-bit number from a string. */
export function hash32(s: string): number {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** A small deterministic PRNG (mulberry32) seeded from a string. */
export function seeded(seed: string) {
  let a = hash32(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZONE_SUFFIX: Record<string, (i: number) => string> = {
  AWS: (i) => 'abc'[i % 3]!,
  GCP: (i) => `-${'abc'[i % 3]}`,
  AZURE: (i) => `-${(i % 3) + 1}`,
  ALICLOUD: (i) => `-${'bcd'[i % 3]}`,
};
const REGION_SIZE_MIB = 96;
const FIRST_REGION_ID = 1001;
const REGION_ID_STEP = 4;

export function buildTopology(
  cluster: Cluster,
  components: ClusterComponent[],
  evicted: ReadonlySet<number>,
): Topology {
  const ns = `tidb${cluster.id}`;
  const of = (c: string) => components.find((x) => x.component === c);
  const zone = (i: number) => `${cluster.region}${(ZONE_SUFFIX[cluster.provider] ?? ZONE_SUFFIX.AWS!)(i)}`;
  const version = (of('TIKV') ?? of('PD') ?? { version: cluster.version }).version.replace(/^v/, '');
  const rand = seeded(cluster.id);
  const usedRatio = 0.25 + rand() * 0.45;

  const stores: Store[] = [];
  const tikv = of('TIKV');
  for (let i = 0; i < (tikv?.replicas ?? 0); i++) {
    const used = Math.round(tikv!.storage_gib * usedRatio * (0.97 + rand() * 0.06) * 10) / 10;
    stores.push({
      id: i + 1,
      engine: 'tikv',
      address: `db-tikv-${i}.db-tikv-peer.${ns}.svc:20160`,
      statusAddress: `db-tikv-${i}.db-tikv-peer.${ns}.svc:20180`,
      zone: zone(i),
      version,
      state: cluster.status === 'USER_CLUSTER_STATUS_UNAVAILABLE' && i === tikv!.replicas - 1 ? 'Disconnected' : 'Up',
      capacityGib: tikv!.storage_gib,
      usedGib: used,
      regionCount: Math.max(1, Math.round((used * 1024) / REGION_SIZE_MIB)),
      leaderCount: 0,
    });
  }
  // Each region has 3 peers (fewer if there are fewer stores): the region total follows from the peer total.
  const replicas = Math.min(3, Math.max(1, stores.length));
  const regionCount = Math.max(1, Math.round(stores.reduce((s, x) => s + x.regionCount, 0) / replicas));
  const leaders = stores.filter((s) => !evicted.has(s.id) && s.state === 'Up');
  leaders.forEach(
    (s, i) => (s.leaderCount = Math.floor(regionCount / leaders.length) + (i < regionCount % leaders.length ? 1 : 0)),
  );

  const tiflash = of('TIFLASH');
  for (let i = 0; i < (tiflash?.replicas ?? 0); i++) {
    const used = Math.round(tiflash!.storage_gib * usedRatio * 0.6 * 10) / 10;
    stores.push({
      id: stores.length + 1,
      engine: 'tiflash',
      address: `db-tiflash-${i}.db-tiflash-peer.${ns}.svc:3930`,
      statusAddress: `db-tiflash-${i}.db-tiflash-peer.${ns}.svc:20292`,
      zone: zone(i),
      version,
      state: 'Up',
      capacityGib: tiflash!.storage_gib,
      usedGib: used,
      regionCount: Math.round(regionCount * 0.2),
      leaderCount: 0,
    });
  }

  const pd = of('PD');
  const pdMembers = Array.from({ length: pd?.replicas ?? 0 }, (_, i) => ({
    name: `db-pd-${i}`,
    memberId: (BigInt(hash32(`${cluster.id}-pd-${i}`)) * 4294967291n).toString(),
    clientUrl: `http://db-pd-${i}.db-pd-peer.${ns}.svc:2379`,
    peerUrl: `http://db-pd-${i}.db-pd-peer.${ns}.svc:2380`,
  }));
  const tidb = of('TIDB');
  const tidbs = Array.from({ length: tidb?.replicas ?? 0 }, (_, i) => ({
    name: `db-tidb-${i}`,
    address: `db-tidb-${i}.db-tidb-peer.${ns}.svc:4000`,
  }));

  const tikvStores = stores.filter((s) => s.engine === 'tikv');
  const region = (index: number): Region => {
    const r = seeded(`${cluster.id}:region:${index}`);
    const start = index * tikvStores.length;
    const storeIds = Array.from(
      { length: replicas },
      (_, k) => tikvStores[(start + k + index) % tikvStores.length]!.id,
    );
    const candidates = storeIds.filter((id) => leaders.some((s) => s.id === id));
    const tableId = 100 + Math.floor(index / 64) * 2;
    const key = (i: number) =>
      i >= regionCount
        ? ''
        : `7480000000000000FF${tableId.toString(16).toUpperCase().padStart(2, '0')}5F728000000000FF${(i * 4096).toString(16).toUpperCase().padStart(6, '0')}0000000000FA`;
    return {
      id: FIRST_REGION_ID + index * REGION_ID_STEP,
      startKey: index === 0 ? '' : key(index),
      endKey: key(index + 1),
      confVer: 5 + Math.floor(r() * 6),
      version: 40 + Math.floor(r() * 200),
      storeIds,
      leaderStoreId: candidates.length ? candidates[Math.floor(r() * candidates.length)]! : storeIds[0]!,
      sizeMib: Math.round(REGION_SIZE_MIB * (0.6 + r() * 0.5)),
      keys: Math.round(600_000 + r() * 600_000),
    };
  };
  const regionById = (id: number) => {
    const index = (id - FIRST_REGION_ID) / REGION_ID_STEP;
    return Number.isInteger(index) && index >= 0 && index < regionCount && tikvStores.length
      ? region(index)
      : undefined;
  };
  return {
    clusterId: cluster.id,
    namespace: ns,
    stores,
    pdMembers,
    pdLeader: hash32(cluster.id) % Math.max(1, pdMembers.length),
    tidbs,
    regionCount,
    region,
    regionById,
  };
}
