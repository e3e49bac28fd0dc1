import type { CloudProvider, ClusterType } from '@portal/contract';

/**
 * The shared vocabulary of the demo seed and the scale seed: providers and their regions, versions, and the
 * component shapes of each cluster type, so both seeds produce data of the same kind.
 */

export interface SeedRegion {
  code: string;
  displayName: string;
  enabled: boolean;
}

export interface SeedProvider {
  id: string;
  name: CloudProvider;
  displayName: string;
  /** Share of clusters on this provider (the weights sum to 100). */
  weight: number;
  regions: SeedRegion[];
}

export const SEED_PROVIDERS: SeedProvider[] = [
  {
    id: 'aws',
    name: 'AWS',
    displayName: 'Amazon Web Services',
    weight: 50,
    regions: [
      { code: 'us-east-1', displayName: 'N. Virginia (us-east-1)', enabled: true },
      { code: 'us-west-2', displayName: 'Oregon (us-west-2)', enabled: true },
      { code: 'eu-central-1', displayName: 'Frankfurt (eu-central-1)', enabled: true },
      { code: 'ap-southeast-1', displayName: 'Singapore (ap-southeast-1)', enabled: true },
      { code: 'ap-northeast-1', displayName: 'Tokyo (ap-northeast-1)', enabled: true },
      { code: 'ap-south-1', displayName: 'Mumbai (ap-south-1)', enabled: false },
    ],
  },
  {
    id: 'gcp',
    name: 'GCP',
    displayName: 'Google Cloud',
    weight: 25,
    regions: [
      { code: 'us-central1', displayName: 'Iowa (us-central1)', enabled: true },
      { code: 'europe-west1', displayName: 'Belgium (europe-west1)', enabled: true },
      { code: 'asia-east1', displayName: 'Taiwan (asia-east1)', enabled: true },
    ],
  },
  {
    id: 'azure',
    name: 'AZURE',
    displayName: 'Microsoft Azure',
    weight: 15,
    regions: [
      { code: 'eastus', displayName: 'East US (eastus)', enabled: true },
      { code: 'westeurope', displayName: 'West Europe (westeurope)', enabled: true },
    ],
  },
  {
    id: 'alicloud',
    name: 'ALICLOUD',
    displayName: 'Alibaba Cloud',
    weight: 10,
    regions: [
      { code: 'cn-hangzhou', displayName: 'Hangzhou (cn-hangzhou)', enabled: true },
      { code: 'ap-southeast-1', displayName: 'Singapore (ap-southeast-1)', enabled: true },
    ],
  },
];

/** TiDB versions in service, oldest first, with their share of clusters. */
export const SEED_VERSIONS: { version: string; weight: number }[] = [
  { version: 'v6.5.9', weight: 6 },
  { version: 'v7.1.5', weight: 10 },
  { version: 'v7.5.2', weight: 18 },
  { version: 'v7.5.4', weight: 12 },
  { version: 'v8.1.1', weight: 22 },
  { version: 'v8.1.2', weight: 10 },
  { version: 'v8.5.0', weight: 16 },
  { version: 'v8.5.1', weight: 6 },
];

export const SEED_CLUSTER_TYPES: { type: ClusterType; weight: number }[] = [
  { type: 'DEDICATED_TIDB', weight: 70 },
  { type: 'TICDC', weight: 7 },
  { type: 'CHANGEFEED', weight: 9 },
  { type: 'SHARED_POOL', weight: 6 },
  { type: 'LOGICAL_CLUSTER', weight: 3 },
  { type: 'TICDC_NG', weight: 2 },
  { type: 'CHANGEFEED_NG', weight: 3 },
];

/** Cluster statuses of a live tenant, with their share (the rest of the enumeration is rarer still). */
export const SEED_CLUSTER_STATUSES: { status: string; weight: number }[] = [
  { status: 'USER_CLUSTER_STATUS_AVAILABLE', weight: 80 },
  { status: 'USER_CLUSTER_STATUS_CREATING', weight: 4 },
  { status: 'USER_CLUSTER_STATUS_MODIFYING', weight: 4 },
  { status: 'USER_CLUSTER_STATUS_PAUSED', weight: 6 },
  { status: 'USER_CLUSTER_STATUS_UNAVAILABLE', weight: 3 },
  { status: 'USER_CLUSTER_STATUS_RESUMING', weight: 1 },
  { status: 'USER_CLUSTER_STATUS_MAINTAINING', weight: 2 },
];

export const UNAVAILABLE_REASONS = [
  'TiKV store 4 is down: disk usage 98% on tikv-2',
  'PD leader election timed out after 30s',
  'tidb-0 failed its readiness probe: connection refused on port 4000',
  'node ip-10-0-12-87 NotReady: kubelet stopped posting node status',
  'region unavailable: 3 of 3 TiKV peers unreachable',
  'TiFlash replica sync stalled: no progress for 45 minutes',
];

export const TENANT_ORG_TAGS = ['enterprise', 'startup', 'msp', 'cppo', 'mcpo', 'internal'] as const;

/** One component of a cluster as the seeds shape it: node specs and per-node storage choices. */
export interface ComponentShape {
  component: 'TIDB' | 'TIKV' | 'PD' | 'TIFLASH' | 'TIPROXY';
  replicas: number[];
  specs: string[];
  storageGib: number[];
  /** Probability the cluster has this component (1 = always). */
  chance: number;
}

/** Change-data-capture types run no TiDB components of their own. */
export const COMPONENT_SHAPES: Partial<Record<ClusterType, ComponentShape[]>> = {
  DEDICATED_TIDB: [
    { component: 'PD', replicas: [3], specs: ['4C16G', '8C16G'], storageGib: [50], chance: 1 },
    {
      component: 'TIKV',
      replicas: [3, 3, 6, 9],
      specs: ['8C32G', '16C64G', '32C128G'],
      storageGib: [500, 1000, 2000, 4000],
      chance: 1,
    },
    { component: 'TIDB', replicas: [2, 2, 3, 4], specs: ['8C16G', '16C32G'], storageGib: [0], chance: 1 },
    { component: 'TIFLASH', replicas: [1, 2], specs: ['16C128G', '32C256G'], storageGib: [1024, 2048], chance: 0.3 },
    { component: 'TIPROXY', replicas: [2], specs: ['2C4G', '4C8G'], storageGib: [0], chance: 0.25 },
  ],
  SHARED_POOL: [
    { component: 'PD', replicas: [3], specs: ['4C16G'], storageGib: [50], chance: 1 },
    { component: 'TIKV', replicas: [3, 6], specs: ['8C32G', '16C64G'], storageGib: [500, 1000], chance: 1 },
    { component: 'TIDB', replicas: [2, 3], specs: ['8C16G'], storageGib: [0], chance: 1 },
  ],
  LOGICAL_CLUSTER: [{ component: 'TIDB', replicas: [2], specs: ['4C16G', '8C16G'], storageGib: [0], chance: 1 }],
};

/** Deterministic 32-bit PRNG (mulberry32): the same seed gives the same data on every run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const weighted = <T extends { weight: number }>(items: readonly T[]): T => {
    const total = items.reduce((s, i) => s + i.weight, 0);
    let r = next() * total;
    for (const i of items) {
      r -= i.weight;
      if (r < 0) return i;
    }
    return items[items.length - 1]!;
  };
  const hex = (len: number): string => {
    let s = '';
    while (s.length < len) s += int(0, 15).toString(16);
    return s;
  };
  return { next, int, pick, weighted, hex, chance: (p: number) => next() < p };
}
