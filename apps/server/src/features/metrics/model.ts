import type { MetricComponent, MetricName } from '@portal/contract';

/*
 * The embedded metrics model: the seeded fleet's telemetry as a pure function of a series (its cluster's id, region,
 * creation time and component sizes) and an instant. Same inputs → same number, on every machine, at any time (it
 * covers "now" because it is a function, not stored data):
 *
 * - daily seasonality peaking at 14:00 in the region's local time (a trough of 20% of the peak at 02:00), weekends
 *   at 70%;
 * - a per-cluster level (its load, base latency, error ratio, connections per server) from a hash of its id;
 * - noise from a seeded hash of (cluster, metric, component, minute): constant within a UTC minute;
 * - storage that fills up over 90-day cycles (then the stores are scaled out and the share drops again);
 * - the anomaly windows of `METRIC_ANOMALIES` on a few named demo clusters, recurring on fixed UTC schedules, so
 *   the AIOps rules always find some in the recent past.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A component of a series' cluster, as cluster_components has it. */
export interface ComponentSize {
  replicas: number;
  /** Cores per node, from the node spec (`8C32G` → 8). */
  cores: number;
}

/** What the model needs to know of a series. */
export interface SeriesProfile {
  clusterId: string;
  region: string;
  /** Epoch ms: no values before it. */
  createdAt: number;
  /** The cluster's TiDB servers (tidb_* metrics), when it has any. */
  tidb: ComponentSize | null;
  /** Per-component series: the component. */
  component?: MetricComponent;
}

// ---- hashing -------------------------------------------------------------------------------------------------------

/** FNV-1a, 32 bits. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
/** murmur3's finaliser: mixes a 32-bit integer. */
function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
/** A number in [0, 1) from a 32-bit hash. */
const unit = (h: number) => h / 4_294_967_296;
/** A cluster's fixed level for one purpose: [lo, hi). */
const level = (clusterId: string, salt: string, lo: number, hi: number) =>
  lo + (hi - lo) * unit(hash32(`${clusterId}|${salt}`));
/** Noise in [-1, 1], constant within a UTC minute. */
const noise = (seed: number, t: number) => unit(mix32(seed ^ Math.imul(Math.floor(t / MINUTE), 0x9e3779b1))) * 2 - 1;

// ---- seasonality ---------------------------------------------------------------------------------------------------

/** Standard-time UTC offsets (hours) of the seeded regions; others count as UTC. */
export const REGION_UTC_OFFSET: Readonly<Record<string, number>> = {
  'us-east-1': -5,
  'us-west-2': -8,
  'eu-central-1': 1,
  'ap-southeast-1': 8,
  'ap-northeast-1': 9,
  'ap-south-1': 5.5,
  'us-central1': -6,
  'europe-west1': 1,
  'asia-east1': 8,
  eastus: -5,
  westeurope: 1,
  'cn-hangzhou': 8,
};

/** The fleet's load shape at `t` in a region: 0.2 … 1 on weekdays (peak 14:00 local), 70% of that at weekends. */
export function loadShape(t: number, region: string): number {
  const localHours = t / HOUR + (REGION_UTC_OFFSET[region] ?? 0);
  const hourOfDay = ((localHours % 24) + 24) % 24;
  const daily = 0.6 + 0.4 * Math.cos((2 * Math.PI * (hourOfDay - 14)) / 24);
  // 1970-01-01 was a Thursday (4, Sunday = 0).
  const dow = (((Math.floor(localHours / 24) + 4) % 7) + 7) % 7;
  return daily * (dow === 0 || dow === 6 ? 0.7 : 1);
}

// ---- anomalies -----------------------------------------------------------------------------------------------------

export interface MetricAnomaly {
  /** Stable key, e.g. `qps-spike`. */
  key: string;
  clusterId: string;
  /** The demo cluster's name (for people reading about it). */
  clusterName: string;
  metric: MetricName;
  /** For a per-component metric: which component's series. */
  component?: MetricComponent;
  description: string;
  /** The window recurs every `periodHours`, starting `offsetMinutes` into each period (periods start at the epoch). */
  periodHours: number;
  offsetMinutes: number;
  durationMinutes: number;
  /** During the window the value is multiplied by `factor`, or set to about `level` (ratios). */
  factor?: number;
  level?: number;
}

/**
 * The anomalies of the embedded model: on five AVAILABLE dedicated demo clusters (the first by id, of five different
 * tenants), recurring on fixed UTC schedules, so that any window of the last day holds several of them.
 */
export const METRIC_ANOMALIES: readonly MetricAnomaly[] = [
  {
    key: 'qps-spike',
    clusterId: '1034298374704052573',
    clusterName: 'staging-inventory-1',
    metric: 'tidb_qps',
    description: 'Traffic surge: QPS about 4× its usual level for 45 minutes, every day at 13:00 UTC',
    periodHours: 24,
    offsetMinutes: 13 * 60,
    durationMinutes: 45,
    factor: 4,
  },
  {
    key: 'latency-spike',
    clusterId: '1034298374867887109',
    clusterName: 'development-shipments',
    metric: 'tidb_query_duration_p99_seconds',
    description: 'Slow queries: p99 latency about 25× its usual level for 50 minutes, every 12 hours (02:10, 14:10)',
    periodHours: 12,
    offsetMinutes: 2 * 60 + 10,
    durationMinutes: 50,
    factor: 25,
  },
  {
    key: 'error-burst',
    clusterId: '1034298375357970705',
    clusterName: 'customer-orders-1',
    metric: 'tidb_query_errors_per_second',
    description: 'Error burst: failed queries about 60× their usual rate for 20 minutes, every 6 hours (at :40)',
    periodHours: 6,
    offsetMinutes: 40,
    durationMinutes: 20,
    factor: 60,
  },
  {
    key: 'tikv-cpu-saturation',
    clusterId: '1034298375840742438',
    clusterName: 'ml-inventory',
    metric: 'component_cpu_usage_ratio',
    component: 'tikv',
    description: 'TiKV CPU saturated at about 97% for 90 minutes, every day at 08:00 UTC',
    periodHours: 24,
    offsetMinutes: 8 * 60,
    durationMinutes: 90,
    level: 0.97,
  },
  {
    key: 'qps-drop',
    clusterId: '1034298375840742438',
    clusterName: 'ml-inventory',
    metric: 'tidb_qps',
    description: 'Traffic drop: QPS falls to about 5% of its usual level for 30 minutes, every day at 20:00 UTC',
    periodHours: 24,
    offsetMinutes: 20 * 60,
    durationMinutes: 30,
    factor: 0.05,
  },
  {
    key: 'storage-nearly-full',
    clusterId: '1034298376224893084',
    clusterName: 'data-ledger',
    metric: 'tikv_storage_usage_ratio',
    description: 'TiKV storage about 92% full, all the time',
    periodHours: 24,
    offsetMinutes: 0,
    durationMinutes: 24 * 60,
    level: 0.92,
  },
];

export interface AnomalyWindow {
  anomaly: MetricAnomaly;
  /** Epoch ms, start inclusive, end exclusive. */
  start: number;
  end: number;
}

/** The anomaly windows that overlap [from, to) (epoch ms), oldest first. */
export function anomalyWindowsBetween(from: number, to: number, anomalies = METRIC_ANOMALIES): AnomalyWindow[] {
  const out: AnomalyWindow[] = [];
  for (const a of anomalies) {
    const period = a.periodHours * HOUR;
    const offset = a.offsetMinutes * MINUTE;
    const duration = a.durationMinutes * MINUTE;
    for (let k = Math.floor((from - offset - duration) / period); k * period + offset < to; k++) {
      const start = k * period + offset;
      if (start + duration > from) out.push({ anomaly: a, start, end: start + duration });
    }
  }
  return out.sort((x, y) => x.start - y.start || x.anomaly.key.localeCompare(y.anomaly.key));
}

/** Whether `t` falls in one of the anomaly's windows. */
export function inAnomaly(a: MetricAnomaly, t: number): boolean {
  const period = a.periodHours * HOUR;
  const into = (((t - a.offsetMinutes * MINUTE) % period) + period) % period;
  return into < a.durationMinutes * MINUTE;
}

/** The anomalies that touch one series (by cluster, metric and component), looked up once per series. */
export function anomaliesOf(metric: MetricName, clusterId: string, component?: MetricComponent): MetricAnomaly[] {
  return METRIC_ANOMALIES.filter(
    (a) => a.clusterId === clusterId && a.metric === metric && (a.component ?? undefined) === component,
  );
}

// ---- the model -----------------------------------------------------------------------------------------------------

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Per component: CPU [base, load-driven share], memory [base, spread]. */
const COMPONENT_SHAPE: Record<MetricComponent, { cpu: [number, number]; mem: [number, number]; memFlat: boolean }> = {
  tidb: { cpu: [0.08, 0.7], mem: [0.25, 0.3], memFlat: false },
  tikv: { cpu: [0.1, 0.55], mem: [0.62, 0.15], memFlat: true },
  pd: { cpu: [0.04, 0.08], mem: [0.2, 0.1], memFlat: true },
  tiflash: { cpu: [0.05, 0.4], mem: [0.45, 0.25], memFlat: true },
  tiproxy: { cpu: [0.03, 0.2], mem: [0.1, 0.1], memFlat: true },
};

/**
 * Evaluates one series of one metric: a function of `t` (epoch ms) → value, or null before the cluster existed.
 * `anomalies: false` gives the series as it would be without its anomaly windows (tests, rule baselines).
 */
export function seriesModel(
  metric: MetricName,
  p: SeriesProfile,
  opts: { anomalies?: boolean } = {},
): (t: number) => number | null {
  const id = p.clusterId;
  const seed = hash32(`${id}|${metric}|${p.component ?? ''}`);
  const load = level(id, 'load', 0.25, 1);
  const anomalies = opts.anomalies === false ? [] : anomaliesOf(metric, id, p.component);
  const base = baseModel(metric, p, load);
  return (t) => {
    if (t < p.createdAt) return null;
    const shape = loadShape(t, p.region);
    let v = base(t, shape, noise(seed, t));
    for (const a of anomalies) {
      if (!inAnomaly(a, t)) continue;
      if (a.factor !== undefined) v *= a.factor;
      if (a.level !== undefined) v = a.level + 0.01 * noise(seed ^ 0x5bd1e995, t);
    }
    return round(metric.endsWith('_ratio') ? clamp01(v) : v, metric === 'tidb_connections' ? 0 : 4);
  };
}

type Base = (t: number, shape: number, n: number) => number;

function baseModel(metric: MetricName, p: SeriesProfile, load: number): Base {
  const id = p.clusterId;
  const tidb = p.tidb ?? { replicas: 0, cores: 0 };
  switch (metric) {
    case 'tidb_qps': {
      const capacity = tidb.replicas * tidb.cores * 120;
      return (_t, shape, n) => capacity * load * shape * (1 + 0.06 * n);
    }
    case 'tidb_query_duration_p99_seconds': {
      const latency = level(id, 'latency', 0.008, 0.06);
      return (_t, shape, n) => latency * (0.8 + 0.5 * shape * load) * (1 + 0.1 * n);
    }
    case 'tidb_query_errors_per_second': {
      const capacity = tidb.replicas * tidb.cores * 120;
      const ratio = level(id, 'errors', 0.0002, 0.002);
      return (_t, shape, n) => capacity * load * shape * ratio * (1 + 0.5 * n);
    }
    case 'tidb_connections': {
      const perServer = level(id, 'connections', 15, 120);
      return (_t, shape, n) => tidb.replicas * perServer * (0.5 + 0.5 * shape) * (1 + 0.05 * n);
    }
    case 'component_cpu_usage_ratio': {
      const [b, share] = COMPONENT_SHAPE[p.component ?? 'tidb'].cpu;
      return (_t, shape, n) => b + share * load * shape * (1 + 0.08 * n);
    }
    case 'component_memory_usage_ratio': {
      const s = COMPONENT_SHAPE[p.component ?? 'tidb'];
      const [b, spread] = s.mem;
      const fixed = level(id, `mem|${p.component ?? ''}`, 0, 1);
      return s.memFlat
        ? (_t, _shape, n) => b + spread * fixed + 0.01 * n
        : (_t, shape, n) => b + spread * load * shape * (1 + 0.05 * n);
    }
    case 'tikv_storage_usage_ratio': {
      const b = level(id, 'storage', 0.2, 0.55);
      const phase = level(id, 'storage-phase', 0, 1);
      const cycle = 90 * DAY;
      return (t, _shape, n) => {
        const x = (t - p.createdAt) / cycle + phase;
        return b + 0.18 * (x - Math.floor(x)) + 0.003 * n;
      };
    }
  }
}

/** Cores per node of a node spec such as `8C32G` (0 when it does not say). */
export const coresOf = (nodeSpec: string): number => Number(/^(\d+)C/i.exec(nodeSpec)?.[1] ?? 0);
