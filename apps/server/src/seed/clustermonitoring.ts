import { asc, isNotNull, ne, or } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { insertRows } from '../platform/bulk.js';
import { auditLogs } from '../platform/schema.js';
import { clusterComponents, clusters } from '../features/orgs/index.js';
import {
  clusterAlerts,
  clusterStores,
  dmNamespaces,
  dmTasks,
  UNHANDLED_ALERT,
} from '../features/clustermonitoring/schema.js';
import { componentInstance } from '../features/clustermonitoring/topology.js';
import { prng } from './catalogue.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * Cluster monitoring's demo data, relative to the hour the seed runs in (alerts fire now, the summary counts the
 * last 7 days): for about half of the live clusters a history of resolved alerts over the last 30 days, firing
 * alerts on some (critical ones on every unavailable cluster, matching its error, and on a few others), some of them
 * acknowledged or silenced; DM namespaces with their tasks on a few dedicated clusters. The stores PD reports for
 * every cluster running TiKV or TiFlash (their states matching the cluster's status and error) are fixed to
 * DEMO_BASE_TIME instead: `seedClusterStores`, part of the static seed.
 *
 * Each cluster draws from its own generator (seeded by its id), so its data does not depend on the others. No
 * seeded alert starts within half a day of the 7-day boundary, so the summary's figures hold for hours after a seed.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const GIB = 1024 ** 3;
const STAFF = ['operator@example.com', 'lin.wei@example.com', 'maria.garcia@example.com', 'admin@example.com'];

type Severity = 'critical' | 'warning' | 'info';
interface Rule {
  rule: string;
  severity: Severity;
  /** The component it watches (TICDC: change-data-capture clusters, which run no TiDB components). */
  component: string;
  /** `{instance}` is replaced by the instance's pod name, `{n}` by a number. */
  summary: string;
  description: string;
}

/** The alerting rules of the demo, after TiDB's own (tiup / TiDB Operator monitoring rules). */
const RULES: Rule[] = [
  {
    rule: 'TiKV_server_is_down',
    severity: 'critical',
    component: 'TIKV',
    summary: 'TiKV {instance} is down',
    description: 'TiKV has sent no heartbeat to PD for more than a minute; its regions are served by the others.',
  },
  {
    rule: 'PD_cluster_down_store_nums',
    severity: 'critical',
    component: 'PD',
    summary: '{n} TiKV store(s) are down',
    description: 'PD reports stores in the Down state: the regions on them are being replicated elsewhere.',
  },
  {
    rule: 'TiDB_server_panic_total',
    severity: 'critical',
    component: 'TIDB',
    summary: 'TiDB {instance} panicked and restarted',
    description: 'A TiDB server panicked (tidb_server_panic_total increased). Its connections were dropped.',
  },
  {
    rule: 'PD_cluster_low_space',
    severity: 'critical',
    component: 'PD',
    summary: 'TiKV stores are low on space',
    description: 'A store has less than 20% of its capacity free: PD no longer schedules regions onto it.',
  },
  {
    rule: 'TiFlash_server_is_down',
    severity: 'critical',
    component: 'TIFLASH',
    summary: 'TiFlash {instance} is down',
    description: 'TiFlash has sent no heartbeat to PD for more than a minute; analytical queries fall back to TiKV.',
  },
  {
    rule: 'TiKV_scheduler_latch_wait_duration_seconds',
    severity: 'warning',
    component: 'TIKV',
    summary: 'Scheduler latch wait p99 above 1 s on {instance}',
    description: 'Write conflicts on hot keys keep transactions waiting for the scheduler latch.',
  },
  {
    rule: 'TiDB_query_duration',
    severity: 'warning',
    component: 'TIDB',
    summary: 'Query duration p99 above 1 s on {instance}',
    description: 'The 99th percentile of query duration stayed above 1 s for 5 minutes.',
  },
  {
    rule: 'PD_leader_change',
    severity: 'warning',
    component: 'PD',
    summary: 'PD leader changed {n} times in 10 minutes',
    description: 'Frequent PD leader changes stall TSO allocation and region scheduling.',
  },
  {
    rule: 'TiKV_space_used_more_than_80%',
    severity: 'warning',
    component: 'TIKV',
    summary: 'Disk usage above 80% on {instance}',
    description: 'Scale out TiKV or raise the storage of its nodes before PD stops scheduling regions onto it.',
  },
  {
    rule: 'TiKV_coprocessor_request_wait_seconds',
    severity: 'warning',
    component: 'TIKV',
    summary: 'Coprocessor requests wait more than 10 s on {instance}',
    description: 'Heavy analytical reads queue in the coprocessor thread pool.',
  },
  {
    rule: 'PD_pending_peer_region_count',
    severity: 'warning',
    component: 'PD',
    summary: '{n} regions have pending peers',
    description: 'Raft logs are not applied on some peers in time: a slow or overloaded store.',
  },
  {
    rule: 'TiDB_tikvclient_region_err_total',
    severity: 'warning',
    component: 'TIDB',
    summary: 'TiKV client region errors above 6000 in 10 minutes on {instance}',
    description: 'Requests retried on region errors (not leader, epoch not match): regions are moving a lot.',
  },
  {
    rule: 'TiDB_ddl_waiting_jobs',
    severity: 'info',
    component: 'TIDB',
    summary: '{n} DDL jobs are waiting',
    description: 'DDL jobs queue behind a long-running one (e.g. adding an index to a large table).',
  },
  {
    rule: 'PD_empty_region_count',
    severity: 'info',
    component: 'PD',
    summary: 'More than 50,000 empty regions',
    description: 'Empty regions left by dropped tables or TTL deletes; region merge will clean them up.',
  },
  {
    rule: 'TiKV_approximate_region_size',
    severity: 'info',
    component: 'TIKV',
    summary: 'Regions larger than 1 GiB on {instance}',
    description: 'Region split is behind the write rate on some regions.',
  },
  {
    rule: 'TiCDC_checkpoint_high_delay',
    severity: 'warning',
    component: 'TICDC',
    summary: 'Changefeed checkpoint lags more than 10 minutes on {instance}',
    description: 'The changefeed cannot keep up with upstream writes, or the sink is slow.',
  },
  {
    rule: 'TiCDC_processor_resolved_ts_lag',
    severity: 'info',
    component: 'TICDC',
    summary: 'Resolved ts lags more than 1 minute on {instance}',
    description: 'A processor is behind on resolving timestamps.',
  },
  {
    rule: 'TiCDC_server_is_down',
    severity: 'critical',
    component: 'TICDC',
    summary: 'TiCDC {instance} is down',
    description: 'A TiCDC capture stopped; its tables move to the other captures.',
  },
];

/** What an unavailable cluster's error fires (UNAVAILABLE_REASONS of the platform seed). */
const ERROR_RULES: { match: string; rule: Rule; component: string; replica: number }[] = [
  // Store 4 is tikv-3 (store ids are replica + 1); a cluster with fewer replicas has its last one down.
  { match: 'TiKV store 4 is down', rule: RULES[0]!, component: 'TIKV', replica: 3 },
  {
    match: 'PD leader election',
    rule: {
      rule: 'PD_no_leader',
      severity: 'critical',
      component: 'PD',
      summary: 'PD has no leader: election timed out after 30s',
      description: 'No PD member won the election: TSO allocation and DDL are blocked.',
    },
    component: 'PD',
    replica: 0,
  },
  {
    match: 'tidb-0 failed its readiness probe',
    rule: {
      rule: 'TiDB_server_is_down',
      severity: 'critical',
      component: 'TIDB',
      summary: 'TiDB {instance} is down',
      description: 'The TiDB server does not answer its readiness probe on port 4000.',
    },
    component: 'TIDB',
    replica: 0,
  },
  {
    match: 'NotReady',
    rule: {
      rule: 'Node_not_ready',
      severity: 'critical',
      component: 'TIKV',
      summary: 'Kubernetes node of {instance} is NotReady',
      description: 'The kubelet stopped posting node status; the pods on the node are unreachable.',
    },
    component: 'TIKV',
    replica: 1,
  },
  {
    match: 'region unavailable',
    rule: {
      rule: 'TiKV_region_unavailable',
      severity: 'critical',
      component: 'PD',
      summary: 'Regions are unavailable: 3 of 3 TiKV peers unreachable',
      description: 'Every peer of some regions is unreachable: reads and writes to them fail.',
    },
    component: 'PD',
    replica: 0,
  },
  {
    match: 'TiFlash replica sync stalled',
    rule: {
      rule: 'TiFlash_replica_sync_stalled',
      severity: 'critical',
      component: 'TIFLASH',
      summary: 'TiFlash replica sync stalled on {instance}',
      description: 'TiFlash replicas made no progress for 45 minutes.',
    },
    component: 'TIFLASH',
    replica: 0,
  },
];

const LIVE = new Set([
  'USER_CLUSTER_STATUS_AVAILABLE',
  'USER_CLUSTER_STATUS_MODIFYING',
  'USER_CLUSTER_STATUS_MAINTAINING',
  'USER_CLUSTER_STATUS_RESUMING',
  'USER_CLUSTER_STATUS_UNAVAILABLE',
]);
const CDC_TYPES = new Set(['TICDC', 'CHANGEFEED', 'TICDC_NG', 'CHANGEFEED_NG']);

/** A 32-bit FNV-1a hash of a string: the seed of a cluster's own generator. */
function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

type ClusterRow = Pick<
  typeof clusters.$inferSelect,
  'id' | 'status' | 'clusterType' | 'provider' | 'region' | 'tenantId' | 'errmsg' | 'createdAt'
>;
type ComponentRow = typeof clusterComponents.$inferSelect;
type NewAlert = typeof clusterAlerts.$inferInsert;

function alertOf(
  c: ClusterRow,
  rule: Rule,
  instanceIndex: number,
  n: number,
  start: number,
  end: number | null,
): NewAlert {
  const component = rule.component === 'TICDC' ? 'TICDC' : rule.component;
  const instance =
    component === 'TICDC'
      ? { name: `ticdc-${instanceIndex}`, address: `ticdc-${instanceIndex}.ticdc-peer.tidb${c.id}.svc:8300` }
      : componentInstance(c, component, instanceIndex);
  const fill = (s: string) => s.replace('{instance}', instance.name).replace('{n}', String(n));
  return {
    clusterId: c.id,
    rule: rule.rule,
    severity: rule.severity,
    status: end === null ? 'firing' : 'resolved',
    summary: fill(rule.summary),
    description: rule.description,
    labels: {
      alertname: rule.rule,
      severity: rule.severity,
      cluster_id: c.id,
      tenant_id: c.tenantId,
      component: component.toLowerCase(),
      instance: instance.address,
    },
    startsAt: new Date(start),
    endsAt: end === null ? null : new Date(end),
    ...UNHANDLED_ALERT,
    updatedAt: new Date(end ?? start),
  };
}

/** Hours before the base an alert of the history starts: in the last 6.5 days or 7.5–30 days ago. */
function historyHoursAgo(r: ReturnType<typeof prng>): number {
  return r.chance(0.5) ? r.int(2, 156) : r.int(180, 720);
}

function planAlerts(c: ClusterRow, components: ComponentRow[], base: number): NewAlert[] {
  const r = prng(hashOf(`alerts:${c.id}`));
  const replicas = new Map(components.map((x) => [x.component, x.replicas]));
  if (CDC_TYPES.has(c.clusterType)) replicas.set('TICDC', 2);
  const rules = RULES.filter((x) => replicas.has(x.component));
  if (rules.length === 0) return [];
  const bySeverity = (s: Severity) => rules.filter((x) => x.severity === s);
  const pick = (s: Severity) => {
    const pool = bySeverity(s);
    return pool.length ? r.pick(pool) : r.pick(rules);
  };
  const instanceOf = (rule: Rule) => r.int(0, Math.max((replicas.get(rule.component) ?? 1) - 1, 0));
  const out: NewAlert[] = [];

  // History: resolved alerts.
  if (r.chance(0.45)) {
    for (let k = r.int(1, 4); k > 0; k--) {
      const severity = r.weighted([
        { v: 'warning' as const, weight: 60 },
        { v: 'info' as const, weight: 25 },
        { v: 'critical' as const, weight: 15 },
      ]).v;
      const rule = pick(severity);
      const start = base - historyHoursAgo(r) * HOUR - r.int(0, 59) * MINUTE;
      const minutes = Math.min(r.int(3, 360), Math.floor((base - start) / MINUTE) - 30);
      out.push(alertOf(c, rule, instanceOf(rule), r.int(2, 40), start, start + minutes * MINUTE));
    }
  }
  if (!LIVE.has(c.status)) return out;

  // Firing now.
  const firingStart = () => base - r.int(15, 72 * 60) * MINUTE;
  if (c.status === 'USER_CLUSTER_STATUS_UNAVAILABLE') {
    const cause = ERROR_RULES.find((e) => c.errmsg?.includes(e.match));
    if (cause && (replicas.has(cause.component) || cause.component === 'PD')) {
      const start = base - r.int(20, 240) * MINUTE;
      const replica = Math.min(cause.replica, Math.max((replicas.get(cause.component) ?? 1) - 1, 0));
      out.push(alertOf(c, cause.rule, replica, 1, start, null));
      if (cause.rule === RULES[0]) out.push(alertOf(c, RULES[1]!, 0, 1, start + 2 * MINUTE, null));
    } else {
      const rule = pick('critical');
      out.push(alertOf(c, rule, instanceOf(rule), r.int(1, 3), firingStart(), null));
    }
  } else if (r.chance(0.06)) {
    const rule = pick('critical');
    out.push(alertOf(c, rule, instanceOf(rule), r.int(1, 3), firingStart(), null));
  }
  if (r.chance(0.16)) {
    for (let k = r.int(1, 2); k > 0; k--) {
      const rule = pick(r.chance(0.7) ? 'warning' : 'info');
      out.push(alertOf(c, rule, instanceOf(rule), r.int(2, 300), firingStart(), null));
    }
  }
  // What the staff did: some acknowledged (in the hour after it fired), a few silenced for a while.
  for (const a of out) {
    if (a.status !== 'firing') continue;
    const start = a.startsAt.getTime();
    if (r.chance(0.3)) {
      a.acknowledgedBy = r.pick(STAFF);
      a.acknowledgedAt = new Date(Math.min(start + r.int(2, 60) * MINUTE, base - MINUTE));
      a.acknowledgeComment = r.chance(0.5) ? 'Looking into it.' : null;
      a.updatedAt = a.acknowledgedAt;
    }
    if (r.chance(a.severity === 'critical' ? 0.12 : 0.1)) {
      a.silencedBy = r.pick(STAFF);
      a.silencedUntil = new Date(base + r.int(6, 72) * HOUR);
      a.silenceComment = r.pick([
        'Known issue, fix scheduled in the next maintenance window.',
        'Expected during the customer load test.',
        'Tracked in OPS; noisy until the scale-out lands.',
      ]);
      a.updatedAt = new Date(Math.min(start + r.int(5, 90) * MINUTE, base - MINUTE));
    }
  }
  return out;
}

type NewStore = typeof clusterStores.$inferInsert;

function planStores(c: ClusterRow, components: ComponentRow[], base: number): NewStore[] {
  const r = prng(hashOf(`stores:${c.id}`));
  const tikv = components.find((x) => x.component === 'TIKV');
  const tiflash = components.find((x) => x.component === 'TIFLASH');
  if (!tikv && !tiflash) return [];
  const created = c.createdAt.getTime();
  const out: NewStore[] = [];
  const startedAt = () => new Date(Math.max(created, base - r.int(1, 90) * DAY) + r.int(0, 23) * HOUR);
  const tikvCount = tikv?.replicas ?? 0;
  // Used share of the disks: one figure per cluster (PD balances), a few points of spread per store.
  const usage = 0.15 + r.next() * 0.55;
  // Regions of 96 MiB, three peers each.
  const tikvRegions = tikv ? Math.round((tikvCount * tikv.storageGib * GIB * usage) / (96 * 1024 ** 2) / 3) : 0;
  for (let i = 0; i < tikvCount; i++) {
    const inst = componentInstance(c, 'TIKV', i);
    const share = usage * (0.95 + r.next() * 0.1);
    const regions = Math.round(((tikvRegions * 3) / tikvCount) * (0.97 + r.next() * 0.06));
    out.push({
      clusterId: c.id,
      storeId: i + 1,
      kind: 'tikv',
      address: inst.address,
      zone: inst.zone,
      state: 'Up',
      version: tikv!.version,
      capacityBytes: tikv!.storageGib * GIB,
      usedBytes: Math.round(tikv!.storageGib * GIB * share),
      regionCount: regions,
      leaderCount: Math.round((regions / 3) * (0.95 + r.next() * 0.1)),
      startedAt: startedAt(),
    });
  }
  const tiflashCount = tiflash?.replicas ?? 0;
  // A replaced node: the store it had is a tombstone (the last id, at tikv-0's address: its pod was recreated).
  if (tikv && r.chance(0.15)) {
    const inst = componentInstance(c, 'TIKV', 0);
    out.push({
      clusterId: c.id,
      storeId: tikvCount + tiflashCount + 1,
      kind: 'tikv',
      address: inst.address,
      zone: inst.zone,
      state: 'Tombstone',
      version: tikv.version,
      capacityBytes: tikv.storageGib * GIB,
      usedBytes: 0,
      regionCount: 0,
      leaderCount: 0,
      startedAt: new Date(created),
    });
  }
  for (let i = 0; i < tiflashCount; i++) {
    const inst = componentInstance(c, 'TIFLASH', i);
    out.push({
      clusterId: c.id,
      storeId: tikvCount + 1 + i,
      kind: 'tiflash',
      address: inst.address,
      zone: inst.zone,
      state: 'Up',
      version: tiflash!.version,
      capacityBytes: tiflash!.storageGib * GIB,
      usedBytes: Math.round(tiflash!.storageGib * GIB * (0.1 + r.next() * 0.4)),
      regionCount: Math.round(tikvRegions * (0.1 + r.next() * 0.3)),
      // TiFlash replicas are Raft learners: they never lead.
      leaderCount: 0,
      startedAt: startedAt(),
    });
  }

  // States as the cluster's status and error tell.
  const store = (kind: string, i: number) => out.filter((s) => s.kind === kind && s.state !== 'Tombstone')[i];
  const mark = (s: NewStore | undefined, state: string) => {
    if (s) s.state = state;
  };
  if (c.status === 'USER_CLUSTER_STATUS_PAUSED') for (const s of out) if (s.state === 'Up') s.state = 'Down';
  if (c.status === 'USER_CLUSTER_STATUS_DELETING') for (const s of out) if (s.state === 'Up') s.state = 'Disconnected';
  const err = c.errmsg ?? '';
  if (err.includes('TiKV store 4 is down')) {
    const s = store('tikv', Math.min(3, tikvCount - 1));
    mark(s, 'Down');
    if (s) s.usedBytes = Math.round(s.capacityBytes * 0.98);
  }
  if (err.includes('region unavailable')) for (const i of [0, 1, 2]) mark(store('tikv', i), 'Disconnected');
  if (err.includes('NotReady')) mark(store('tikv', 1), 'Disconnected');
  if (err.includes('TiFlash replica sync stalled')) mark(store('tiflash', 0), 'Disconnected');
  // A scale-in under way: the last TiKV store is being emptied.
  if (c.status === 'USER_CLUSTER_STATUS_MODIFYING' && tikvCount > 3) {
    const s = store('tikv', tikvCount - 1);
    if (s) {
      s.state = 'Offline';
      s.regionCount = Math.round(s.regionCount * 0.3);
      s.leaderCount = 0;
    }
  }
  return out;
}

interface TaskPlan {
  name: string;
  mode: 'all' | 'full' | 'incremental';
  stage: 'Running' | 'Paused' | 'Stopped' | 'Finished';
  unit: 'Dump' | 'Load' | 'Sync';
  sources: string[];
  target: string;
  progress?: number;
  lag?: number;
  error?: string;
  minutesAgo: number;
}
interface NamespacePlan {
  suffix: string;
  status: 'Healthy' | 'Degraded' | 'Stopped';
  masters: [number, number];
  workers: [number, number];
  daysAgo: number;
  tasks: TaskPlan[];
}

/** DM deployments of the demo, one scenario per chosen cluster (the last one has two namespaces). */
const DM_PLANS: NamespacePlan[][] = [
  [
    {
      suffix: '',
      status: 'Healthy',
      masters: [3, 3],
      workers: [2, 2],
      daysAgo: 41,
      tasks: [
        {
          name: 'orders-migration',
          mode: 'all',
          stage: 'Running',
          unit: 'Sync',
          sources: ['mysql-orders-01', 'mysql-orders-02'],
          target: 'orders',
          lag: 2,
          minutesAgo: 1,
        },
        {
          name: 'inventory-backfill',
          mode: 'full',
          stage: 'Finished',
          unit: 'Load',
          sources: ['mysql-inventory-01'],
          target: 'inventory',
          progress: 1,
          minutesAgo: 3 * 24 * 60,
        },
      ],
    },
  ],
  [
    {
      suffix: '',
      status: 'Healthy',
      masters: [3, 3],
      workers: [3, 3],
      daysAgo: 9,
      tasks: [
        {
          name: 'payments-full-load',
          mode: 'all',
          stage: 'Running',
          unit: 'Load',
          sources: ['aurora-payments'],
          target: 'payments',
          progress: 0.63,
          minutesAgo: 2,
        },
        {
          name: 'user-profile-sync',
          mode: 'incremental',
          stage: 'Running',
          unit: 'Sync',
          sources: ['mysql-users-primary'],
          target: 'users',
          lag: 0,
          minutesAgo: 1,
        },
      ],
    },
  ],
  [
    {
      suffix: '',
      status: 'Degraded',
      masters: [3, 3],
      workers: [2, 1],
      daysAgo: 16,
      tasks: [
        {
          name: 'crm-sync',
          mode: 'all',
          stage: 'Paused',
          unit: 'Sync',
          sources: ['mysql-crm-01'],
          target: 'crm',
          lag: 5400,
          error:
            "[code=10006:class=database:scope=downstream:level=high] execute statement failed: Error 1062 (23000): Duplicate entry '10231' for key 'customers.PRIMARY'",
          minutesAgo: 90,
        },
        {
          name: 'crm-archive',
          mode: 'incremental',
          stage: 'Running',
          unit: 'Sync',
          sources: ['mysql-crm-archive'],
          target: 'crm_archive',
          lag: 12,
          minutesAgo: 1,
        },
      ],
    },
  ],
  [
    {
      suffix: '',
      status: 'Stopped',
      masters: [0, 0],
      workers: [0, 0],
      daysAgo: 120,
      tasks: [
        {
          name: 'legacy-import',
          mode: 'full',
          stage: 'Stopped',
          unit: 'Dump',
          sources: ['mysql-legacy-erp'],
          target: 'erp',
          progress: 0.35,
          minutesAgo: 60 * 24 * 30,
        },
      ],
    },
  ],
  [
    {
      suffix: '',
      status: 'Healthy',
      masters: [3, 3],
      workers: [2, 2],
      daysAgo: 64,
      tasks: [
        {
          name: 'analytics-events',
          mode: 'incremental',
          stage: 'Running',
          unit: 'Sync',
          sources: ['mysql-events-01', 'mysql-events-02', 'mysql-events-03'],
          target: 'events',
          lag: 4,
          minutesAgo: 1,
        },
      ],
    },
    {
      suffix: '-2',
      status: 'Healthy',
      masters: [1, 1],
      workers: [1, 1],
      daysAgo: 5,
      tasks: [
        {
          name: 'catalog-migration',
          mode: 'all',
          stage: 'Running',
          unit: 'Dump',
          sources: ['mysql-catalog'],
          target: 'catalog',
          progress: 0.18,
          minutesAgo: 1,
        },
      ],
    },
  ],
];

async function seedDm(tx: Db, live: ClusterRow[], base: number, versions: Map<string, string>): Promise<void> {
  // Every 7th available dedicated cluster in id order, so they spread over tenants.
  const chosen = live
    .filter((c) => c.clusterType === 'DEDICATED_TIDB' && c.status === 'USER_CLUSTER_STATUS_AVAILABLE')
    .filter((_, i) => i % 7 === 0)
    .slice(0, DM_PLANS.length);
  const namespaces = chosen.flatMap((c, i) =>
    DM_PLANS[i]!.map((p) => ({
      plan: p,
      row: {
        clusterId: c.id,
        name: `dm-${c.id}${p.suffix}`,
        status: p.status,
        dmVersion: versions.get(c.id) ?? 'v8.1.1',
        masterReplicas: p.masters[0],
        masterReady: p.masters[1],
        workerReplicas: p.workers[0],
        workerReady: p.workers[1],
        createdAt: new Date(Math.max(base - p.daysAgo * DAY, c.createdAt.getTime() + HOUR)),
      },
    })),
  );
  if (namespaces.length === 0) return;
  const ids = await tx
    .insert(dmNamespaces)
    .values(namespaces.map((n) => n.row))
    .returning({ id: dmNamespaces.id, name: dmNamespaces.name });
  const idOf = new Map(ids.map((x) => [x.name, x.id]));
  await insertRows(
    tx,
    dmTasks,
    namespaces.flatMap((n) =>
      n.plan.tasks.map((t) => ({
        namespaceId: idOf.get(n.row.name)!,
        name: t.name,
        taskMode: t.mode,
        stage: t.stage,
        unit: t.unit,
        sources: t.sources,
        targetDatabase: t.target,
        progress: t.progress ?? null,
        syncLagSeconds: t.lag ?? null,
        error: t.error ?? null,
        updatedAt: new Date(Math.max(base - t.minutesAgo * MINUTE, n.row.createdAt.getTime())),
      })),
    ),
  );
}

/** Seeds the alerts, stores and DM namespaces (expects the fleet seeded). */
/** The fleet (not deleted) by id, and each cluster's components. */
async function fleetOf(tx: Db): Promise<{ fleet: ClusterRow[]; componentsOf: Map<string, ComponentRow[]> }> {
  const fleet: ClusterRow[] = await tx
    .select({
      id: clusters.id,
      status: clusters.status,
      clusterType: clusters.clusterType,
      provider: clusters.provider,
      region: clusters.region,
      tenantId: clusters.tenantId,
      errmsg: clusters.errmsg,
      createdAt: clusters.createdAt,
    })
    .from(clusters)
    .where(ne(clusters.status, 'USER_CLUSTER_STATUS_DELETED'))
    .orderBy(asc(clusters.id));
  const componentsOf = new Map<string, ComponentRow[]>();
  for (const row of await tx.select().from(clusterComponents).orderBy(asc(clusterComponents.clusterId))) {
    const list = componentsOf.get(row.clusterId) ?? [];
    list.push(row);
    componentsOf.set(row.clusterId, list);
  }
  return { fleet, componentsOf };
}

/**
 * The stores PD reports for every cluster running TiKV or TiFlash, up since a day before DEMO_BASE_TIME: fixed, part
 * of the static seed.
 */
export async function seedClusterStores(tx: Db): Promise<void> {
  const { fleet, componentsOf } = await fleetOf(tx);
  await insertRows(
    tx,
    clusterStores,
    fleet.flatMap((c) => planStores(c, componentsOf.get(c.id) ?? [], DEMO_BASE_TIME)),
  );
}

export async function seedClusterMonitoring(tx: Db, base = Math.floor(Date.now() / HOUR) * HOUR): Promise<void> {
  const { fleet, componentsOf } = await fleetOf(tx);
  const live = fleet.filter((c) => c.status !== 'USER_CLUSTER_STATUS_CREATING');

  const alerts = live.flatMap((c) => planAlerts(c, componentsOf.get(c.id) ?? [], base));
  // Numbered in the order they started, as the source would have sent them.
  alerts.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.clusterId.localeCompare(b.clusterId));
  await insertRows(tx, clusterAlerts, alerts);
  const handled = await tx
    .select({
      id: clusterAlerts.id,
      clusterId: clusterAlerts.clusterId,
      rule: clusterAlerts.rule,
      severity: clusterAlerts.severity,
      acknowledgedBy: clusterAlerts.acknowledgedBy,
      acknowledgedAt: clusterAlerts.acknowledgedAt,
      acknowledgeComment: clusterAlerts.acknowledgeComment,
      silencedBy: clusterAlerts.silencedBy,
      silencedUntil: clusterAlerts.silencedUntil,
      silenceComment: clusterAlerts.silenceComment,
      updatedAt: clusterAlerts.updatedAt,
    })
    .from(clusterAlerts)
    .where(or(isNotNull(clusterAlerts.acknowledgedBy), isNotNull(clusterAlerts.silencedBy)))
    .orderBy(asc(clusterAlerts.id));
  // The audit rows the acknowledgements and silences would have left.
  const audits: (typeof auditLogs.$inferInsert)[] = [];
  for (const a of handled) {
    const common = { cluster_id: a.clusterId, rule: a.rule, severity: a.severity };
    if (a.acknowledgedBy && a.acknowledgedAt) {
      audits.push({
        type: 'cluster_alert',
        instanceId: String(a.id),
        operator: a.acknowledgedBy,
        operation: 'acknowledge',
        details: {
          ...common,
          comment: a.acknowledgeComment,
          before: { state: 'firing' },
          after: { state: 'acknowledged', acknowledged_by: a.acknowledgedBy },
        },
        operateAt: a.acknowledgedAt,
      });
    }
    if (a.silencedBy && a.silencedUntil) {
      const minutes = Math.round((a.silencedUntil.getTime() - a.updatedAt.getTime()) / MINUTE);
      audits.push({
        type: 'cluster_alert',
        instanceId: String(a.id),
        operator: a.silencedBy,
        operation: 'silence',
        details: {
          ...common,
          duration_minutes: minutes,
          comment: a.silenceComment,
          after: { state: 'silenced', silenced_by: a.silencedBy, silenced_until: a.silencedUntil.toISOString() },
        },
        operateAt: a.updatedAt,
      });
    }
  }
  audits.sort((x, y) => x.operateAt!.getTime() - y.operateAt!.getTime());
  await insertRows(tx, auditLogs, audits);

  const versions = new Map(fleet.map((c) => [c.id, componentsOf.get(c.id)?.[0]?.version ?? 'v8.1.1']));
  await seedDm(tx, live, base, versions);
}
