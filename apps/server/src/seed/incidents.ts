import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { INCIDENT_SEVERITY_LABELS, type IncidentSeverity, type IncidentStatus } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { auditLogs, chatMessages, portalEvents } from '../platform/schema.js';
import { configChanges } from '../features/configchange/index.js';
import { trackerIssues, trackerLinks } from '../features/issuetracker/index.js';
import { k8sClusterHosting, k8sClusters } from '../features/k8s/index.js';
import { clusterMaintenanceExecutions } from '../features/maintenance/index.js';
import { operations } from '../features/operations/index.js';
import { clusters } from '../features/orgs/index.js';
import { ticdcClusters } from '../features/ticdc/index.js';
import * as repo from '../features/incidents/repo.js';
import { incidentLogs, incidents, incidentTodos } from '../features/incidents/schema.js';
import {
  AUDIT_TYPE,
  incidentId,
  incidentPath,
  incidentSnapshot,
  noticeLogText,
  noticeOf,
  openedText,
  statusChangeText,
  statusOperation,
  statusPatch,
  toIncident,
} from '../features/incidents/service.js';
import { todoSnapshot, toTodo } from '../features/incidents/todos.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * Incidents' demo data: 30 incidents over the seeded fleet, in every status and severity, each with the timeline its
 * history would have left (status changes, notes), post-mortem todos on the resolved ones (some tracked by the
 * embedded tracker's seeded issues, found by summary; some not yet, for Sync to create), and a few chat notices.
 *
 * Several start shortly after a change the demo already holds on their cluster — a configuration change applied, a
 * release deploy (one failed), a Kubernetes upgrade that failed, a TiCDC upgrade that failed, maintenance work — so
 * "what changed here" lists real rows. Those anchors are found by stable queries (first by id). Resolved incidents are
 * dated before DEMO_BASE_TIME; the ones still being worked on, and the maintenance-anchored one, relative to the hour
 * the seed runs in (like the maintenance windows), so a fresh start shows incidents that are hours old.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ADMIN = 'admin@example.com';
const OPERATOR = 'operator@example.com';
const LIN = 'lin.wei@example.com';
const MARIA = 'maria.garcia@example.com';

/** How an incident's status went: the final status, and for the odd ones the detour. */
type Path = IncidentStatus | 'resolved_skipping' | 'reopened' | 'mitigation_failed';

interface Todo {
  title: string;
  owner?: string;
  dueDays?: number;
  /** The summary of a seeded tracker issue that tracks it (the todo takes its status); skipped when absent. */
  issue?: string;
  done?: boolean;
}

interface Scenario {
  title: string;
  description: string;
  severity: IncidentSeverity;
  path: Path;
  /** Where it starts: an anchor (+ minutes) or a time. */
  anchor?: keyof Anchors;
  afterMinutes?: number;
  /** Resolved: days before DEMO_BASE_TIME; active: hours before the seed's hour. */
  daysAgo?: number;
  hoursAgo?: number;
  /** How many clusters of the pool (from `pool`), when not anchored. */
  pool?: number;
  commander?: string;
  reporter: string;
  notes?: string[];
  todos?: Todo[];
  notice?: string;
}

interface Anchor {
  clusterId: string;
  at: Date;
}
interface Anchors {
  configApply?: Anchor;
  deployFailed?: Anchor;
  deployOk?: Anchor;
  k8sFailed?: Anchor;
  ticdcFailed?: Anchor;
  maintenanceRunning?: Anchor;
  maintenanceFinished?: Anchor;
}

const SCENARIOS: Scenario[] = [
  // ---- anchored on the demo's changes ----
  {
    title: 'PD leader churn and TiKV write stalls after region-scheduling config change',
    description:
      'Write latency p99 rose from 12 ms to 900 ms about three hours after a PD scheduling change was applied. ' +
      'PD leader moved 14 times in 20 minutes.',
    severity: 'major',
    path: 'resolved',
    anchor: 'configApply',
    afterMinutes: 170,
    commander: LIN,
    reporter: OPERATOR,
    notes: [
      'Grafana: region-schedule-limit raised to 2048, balance operators saturate TiKV raftstore.',
      'Rolled the scheduling limits back to the previous values via a config change.',
    ],
    todos: [
      {
        title: 'Add alert on PD leader changes per hour',
        owner: MARIA,
        issue: 'Add alert on PD leader changes per hour',
      },
      { title: 'Runbook: transfer PD leader safely', owner: OPERATOR, issue: 'Runbook: transfer PD leader safely' },
      { title: 'Cap region-schedule-limit in the config editor', owner: LIN, dueDays: 14 },
    ],
    notice: 'Rollback applied; watching write latency.',
  },
  {
    title: 'Failed release rollout left the cluster on mixed builds',
    description:
      'The release deploy failed at its rollout step: part of the fleet runs the new build, part the old one, and ' +
      'the operator keeps retrying reconciliation.',
    severity: 'major',
    path: 'resolved',
    anchor: 'deployFailed',
    afterMinutes: 25,
    commander: MARIA,
    reporter: MARIA,
    notes: ['Rolled the cluster back to the previous build by hand.'],
    todos: [{ title: 'Make release rollouts resumable after a failed step', owner: OPERATOR, dueDays: 21 }],
  },
  {
    title: 'Elevated 5xx on SQL gateway after release rollout',
    description: 'Connection resets from the SQL gateway on three clusters right after a release rollout.',
    severity: 'minor',
    path: 'resolved',
    anchor: 'deployOk',
    afterMinutes: 45,
    commander: OPERATOR,
    reporter: LIN,
    todos: [{ title: 'Add canary clusters to gateway releases', owner: MARIA, done: true }],
  },
  {
    title: 'Tenant clusters unavailable during Kubernetes control-plane upgrade',
    description:
      'The managed control-plane upgrade of gcp-europe-west1-prod-01 failed; hosted tenant clusters lost their ' +
      'TiDB endpoints for 18 minutes.',
    severity: 'critical',
    path: 'resolved',
    anchor: 'k8sFailed',
    afterMinutes: 20,
    commander: ADMIN,
    reporter: OPERATOR,
    notes: [
      'Node pool drain blocked by a PodDisruptionBudget with minAvailable = replicas.',
      'Provider support case opened; upgrade halted for the batch.',
    ],
    todos: [
      { title: 'Audit PodDisruptionBudgets before k8s upgrades', owner: LIN, dueDays: 7 },
      {
        title: 'Failover drill: TiDB instance replacement in staging',
        owner: MARIA,
        issue: 'Failover drill: TiDB instance replacement in staging',
      },
    ],
    notice: 'SEV1 declared; all hands on the EU prod upgrade.',
  },
  {
    title: 'Changefeed stuck after TiCDC upgrade failure',
    description: 'TiCDC upgrade to v7.5.5 failed; the changefeed to Kafka stopped advancing its checkpoint.',
    severity: 'major',
    path: 'mitigation_failed',
    anchor: 'ticdcFailed',
    afterMinutes: 35,
    commander: LIN,
    reporter: LIN,
    notes: ['Restarting the changefeed did not help: the checkpoint fell back again after 10 minutes.'],
  },
  {
    title: 'Slow queries on cluster under maintenance',
    description: 'A tenant reports slow analytical queries on a cluster that is in a maintenance window.',
    severity: 'minor',
    path: 'acknowledged',
    anchor: 'maintenanceRunning',
    afterMinutes: 50,
    commander: OPERATOR,
    reporter: OPERATOR,
    notes: ['Checking whether the maintenance rolling restart explains it.'],
  },
  {
    title: 'Region unavailable errors after planned maintenance',
    description: 'Region unavailable errors (9005) for 6 minutes right after the maintenance work on the cluster.',
    severity: 'major',
    path: 'resolved_skipping',
    anchor: 'maintenanceFinished',
    afterMinutes: 40,
    reporter: MARIA,
  },
  // ---- being worked on (relative to the seed's hour) ----
  {
    title: 'TiKV store down on az-b after node reboot',
    description: 'One TiKV store went down after the node rebooted; regions re-elected, write QPS halved.',
    severity: 'critical',
    path: 'open',
    hoursAgo: 0.5,
    pool: 2,
    reporter: OPERATOR,
    notice: 'Investigating; no commander yet.',
  },
  {
    title: 'Backup job timed out for 3 dedicated clusters',
    description: 'Nightly BR backups exceeded their 4 h window.',
    severity: 'minor',
    path: 'open',
    hoursAgo: 2,
    pool: 3,
    reporter: MARIA,
  },
  {
    title: 'Connection storm from tenant batch jobs',
    description: 'New connections per second 40× baseline; TiDB CPU 95%.',
    severity: 'major',
    path: 'open',
    hoursAgo: 3.5,
    pool: 1,
    commander: LIN,
    reporter: LIN,
  },
  {
    title: 'Disk usage above 90% on TiKV nodes',
    description: 'Three TiKV stores above 90% disk; PD stopped scheduling regions onto them.',
    severity: 'major',
    path: 'acknowledged',
    hoursAgo: 5,
    pool: 1,
    commander: MARIA,
    reporter: OPERATOR,
    notes: ['Scale-out requested for 2 TiKV nodes.'],
  },
  {
    title: 'TiFlash replica lag after upgrade',
    description: 'TiFlash replicas 20 minutes behind; analytical queries read stale data.',
    severity: 'minor',
    path: 'acknowledged',
    hoursAgo: 9,
    pool: 1,
    commander: OPERATOR,
    reporter: LIN,
  },
  {
    title: 'Latency regression after 7.5 → 8.1 upgrade on eu-west',
    description: 'p99 read latency doubled on upgraded clusters; coprocessor cache misses suspected.',
    severity: 'major',
    path: 'mitigated',
    hoursAgo: 20,
    pool: 2,
    commander: ADMIN,
    reporter: MARIA,
    notes: ['Pinned coprocessor cache settings as a workaround; latency back to baseline.'],
    notice: 'Mitigated with a config workaround; root cause open.',
  },
  {
    title: 'TiProxy drops connections during TiDB failover',
    description: 'Clients saw connection resets during a TiDB instance replacement.',
    severity: 'minor',
    path: 'mitigated',
    hoursAgo: 28,
    pool: 1,
    commander: LIN,
    reporter: OPERATOR,
  },
  {
    title: 'Changefeed lag above 10 minutes on sink to Kafka',
    description: 'Kafka broker throttling; changefeed checkpoint lag rising.',
    severity: 'critical',
    path: 'reopened',
    hoursAgo: 30,
    pool: 1,
    commander: MARIA,
    reporter: LIN,
    notes: ['Lag came back an hour after the broker quota was raised.'],
  },
  // ---- resolved, before DEMO_BASE_TIME ----
  {
    title: 'PD scheduling stuck with balance-region-scheduler paused',
    description: 'A paused scheduler left regions unbalanced for 2 days.',
    severity: 'major',
    path: 'resolved',
    daysAgo: 3,
    pool: 1,
    commander: LIN,
    reporter: LIN,
    todos: [
      {
        title: 'Audit paused schedulers across the fleet weekly',
        owner: OPERATOR,
        issue: 'Audit paused schedulers across the fleet weekly',
      },
    ],
  },
  {
    title: 'Disk full on PD member pd-2 (WAL not rotated)',
    description: 'PD member pd-2 ran out of disk; the cluster kept two PD members.',
    severity: 'critical',
    path: 'resolved',
    daysAgo: 6,
    pool: 1,
    commander: ADMIN,
    reporter: OPERATOR,
    todos: [
      { title: 'Add PD data-dir usage alert at 70%', owner: OPERATOR, issue: 'Add PD data-dir usage alert at 70%' },
      { title: 'Rotate PD WAL on every minor upgrade', owner: LIN, dueDays: 30 },
    ],
    notice: 'Resolved: pd-2 rebuilt, quorum of 3 restored.',
  },
  {
    title: 'TiDB OOM under analytical query burst',
    description: 'TiDB servers restarted 5 times in an hour on an analytical burst.',
    severity: 'major',
    path: 'resolved',
    daysAgo: 9,
    pool: 1,
    commander: LIN,
    reporter: MARIA,
    todos: [
      {
        title: 'Set tidb_mem_quota_query for the tenant',
        owner: OPERATOR,
        issue: 'Set tidb_mem_quota_query for tenant acme-prod',
      },
      { title: 'Document memory quota defaults per spec', dueDays: 20 },
    ],
  },
  {
    title: 'Slow query spike after statistics auto-analyze',
    description: 'Auto-analyze during tenant peak hours produced bad plans for 40 minutes.',
    severity: 'minor',
    path: 'resolved',
    daysAgo: 12,
    pool: 1,
    commander: OPERATOR,
    reporter: LIN,
    todos: [
      {
        title: 'Schedule auto-analyze outside tenant peak hours',
        owner: OPERATOR,
        issue: 'Schedule auto-analyze outside tenant peak hours',
      },
    ],
  },
  {
    title: 'Region hotspot on orders table',
    description: 'A single TiKV store served 70% of writes for an auto-increment primary key.',
    severity: 'minor',
    path: 'resolved',
    daysAgo: 15,
    pool: 1,
    commander: MARIA,
    reporter: MARIA,
    todos: [
      {
        title: 'Post-mortem: region hotspot on orders table',
        owner: ADMIN,
        issue: 'Post-mortem: region hotspot on orders table',
      },
      {
        title: 'Add SHARD_ROW_ID_BITS guidance to tenant onboarding docs',
        issue: 'Add SHARD_ROW_ID_BITS guidance to tenant onboarding docs',
      },
    ],
  },
  {
    title: 'False alarm: TiKV heartbeat alert from monitoring restart',
    description: 'The monitoring stack restarted and fired stale heartbeat alerts; no impact.',
    severity: 'minor',
    path: 'resolved_skipping',
    daysAgo: 17,
    pool: 1,
    reporter: OPERATOR,
  },
  {
    title: 'TiKV raftstore CPU saturation on 4C16G nodes',
    description: 'Raftstore CPU 100% on small TiKV specs; write latency spikes every 10 minutes.',
    severity: 'major',
    path: 'resolved',
    daysAgo: 20,
    pool: 2,
    commander: MARIA,
    reporter: LIN,
    todos: [
      {
        title: 'Move small tenants off 4C16G TiKV specs',
        owner: MARIA,
        issue: 'Move small tenants off 4C16G TiKV specs',
      },
    ],
  },
  {
    title: 'Certificate expiry on internal TiDB status port',
    description: 'An internal certificate expired; health checks failed and clusters showed as unavailable.',
    severity: 'critical',
    path: 'resolved',
    daysAgo: 24,
    pool: 3,
    commander: ADMIN,
    reporter: OPERATOR,
    todos: [
      { title: 'Alert 30 days before any certificate expiry', owner: LIN, dueDays: 10 },
      { title: 'Automate certificate rotation for status ports', owner: OPERATOR, dueDays: 45 },
    ],
  },
  {
    title: 'Rolling restart of TiKV stalls on leader eviction',
    description: 'A rolling restart waited 40 minutes on leader eviction of one store.',
    severity: 'minor',
    path: 'resolved',
    daysAgo: 27,
    pool: 1,
    commander: OPERATOR,
    reporter: OPERATOR,
    todos: [{ title: 'Bound leader eviction wait in rolling restarts', owner: LIN, done: true }],
  },
  {
    title: 'Backup restore drill exceeded RTO',
    description: 'Quarterly restore drill took 6 h against a 4 h RTO.',
    severity: 'minor',
    path: 'resolved',
    daysAgo: 31,
    pool: 1,
    commander: MARIA,
    reporter: MARIA,
    todos: [
      {
        title: 'Increase backup concurrency for clusters over 10 TiB',
        owner: MARIA,
        issue: 'Increase backup concurrency for clusters over 10 TiB',
      },
    ],
  },
  {
    title: 'Network partition between az-a and az-c',
    description: 'Cross-AZ packet loss 30% for 25 minutes; Raft groups lost majority in some regions.',
    severity: 'critical',
    path: 'resolved',
    daysAgo: 36,
    pool: 3,
    commander: ADMIN,
    reporter: LIN,
    notes: ['Provider confirmed a fibre cut between az-a and az-c.'],
    todos: [
      {
        title: 'Quarterly game day: region unavailable scenario',
        owner: ADMIN,
        issue: 'Quarterly game day: region unavailable scenario',
      },
    ],
  },
  {
    title: 'Tenant reports intermittent authentication failures',
    description: 'Clients saw "Access denied" for 2% of connections; stale user cache on one TiDB.',
    severity: 'minor',
    path: 'resolved',
    daysAgo: 41,
    pool: 1,
    commander: LIN,
    reporter: OPERATOR,
  },
  {
    title: 'Placement rules dropped TiFlash replicas',
    description: 'A placement-rule update removed TiFlash replicas for 12 tables.',
    severity: 'major',
    path: 'resolved',
    daysAgo: 46,
    pool: 1,
    commander: MARIA,
    reporter: LIN,
  },
  {
    title: 'Alert fatigue: duplicate TiKV slow-store alerts',
    description: 'On-call received 300 duplicate slow-store alerts overnight.',
    severity: 'minor',
    path: 'resolved',
    daysAgo: 50,
    pool: 1,
    commander: OPERATOR,
    reporter: OPERATOR,
    todos: [
      {
        title: 'Alert fatigue: dedupe TiKV slow-store alerts',
        owner: LIN,
        issue: 'Alert fatigue: dedupe TiKV slow-store alerts',
      },
    ],
  },
  {
    title: 'Control-plane API timeouts during provider incident',
    description: 'Cluster operations timed out while the cloud provider had an API outage.',
    severity: 'major',
    path: 'resolved',
    daysAgo: 55,
    pool: 2,
    commander: ADMIN,
    reporter: MARIA,
  },
];

/** Minutes after the start at which each status was entered, by severity (SEV1 moves fastest). */
const PACE: Record<IncidentSeverity, { ack: number; mitigate: number; resolve: number }> = {
  critical: { ack: 4, mitigate: 38, resolve: 150 },
  major: { ack: 11, mitigate: 70, resolve: 240 },
  minor: { ack: 25, mitigate: 120, resolve: 360 },
};

async function findAnchors(tx: Db): Promise<Anchors> {
  const o = operations;
  const opStart = sql<Date>`coalesce(${o.startedAt}, ${o.createdAt})`.mapWith(o.createdAt);
  const first = <T>(rows: T[]) => rows[0];
  const anchors: Anchors = {};

  const apply = first(
    await tx
      .select({ clusterId: configChanges.targetId, at: opStart })
      .from(configChanges)
      .innerJoin(o, eq(sql`${o.id}::text`, configChanges.operationId))
      .where(and(eq(configChanges.targetType, 'cluster'), eq(configChanges.phase, 'applied')))
      .orderBy(asc(configChanges.id))
      .limit(1),
  );
  if (apply) anchors.configApply = apply;

  const deploy = async (status: string) => {
    const row = first(
      await tx
        .select({ params: o.params, at: opStart })
        .from(o)
        .where(
          and(
            eq(o.type, 'release.deploy'),
            eq(o.status, status),
            sql`jsonb_array_length(coalesce(${o.params} -> 'target_cluster_ids', '[]'::jsonb)) > 0`,
          ),
        )
        .orderBy(asc(o.id))
        .limit(1),
    );
    const ids = (row?.params as { target_cluster_ids?: string[] } | undefined)?.target_cluster_ids;
    return row && ids?.length ? { clusterId: ids[0]!, at: row.at } : undefined;
  };
  anchors.deployFailed = await deploy('failed');
  anchors.deployOk = await deploy('succeeded');

  const k8s = first(
    await tx
      .select({ clusterId: k8sClusterHosting.clusterId, at: opStart })
      .from(o)
      .innerJoin(k8sClusters, eq(k8sClusters.name, o.targetId))
      .innerJoin(k8sClusterHosting, eq(k8sClusterHosting.k8sClusterId, k8sClusters.id))
      .innerJoin(clusters, eq(clusters.id, k8sClusterHosting.clusterId))
      .where(and(eq(o.type, 'k8s_upgrade.cluster'), eq(o.status, 'failed')))
      .orderBy(asc(o.id), asc(k8sClusterHosting.clusterId))
      .limit(1),
  );
  if (k8s) anchors.k8sFailed = k8s;

  const ticdc = first(
    await tx
      .select({ clusterId: ticdcClusters.clusterId, at: opStart })
      .from(o)
      .innerJoin(ticdcClusters, and(eq(o.targetType, 'ticdc_cluster'), eq(ticdcClusters.id, o.targetId)))
      .where(eq(o.status, 'failed'))
      .orderBy(asc(o.id))
      .limit(1),
  );
  if (ticdc) anchors.ticdcFailed = ticdc;

  const e = clusterMaintenanceExecutions;
  const execution = async (status: string, newest: boolean) => {
    const row = first(
      await tx
        .select({ clusterId: e.clusterId, at: e.startedAt })
        .from(e)
        .where(and(eq(e.status, status), isNotNull(e.startedAt)))
        .orderBy(newest ? desc(e.startedAt) : asc(e.startedAt), asc(e.id))
        .limit(1),
    );
    return row?.at ? { clusterId: row.clusterId, at: row.at } : undefined;
  };
  anchors.maintenanceRunning = await execution('Running', true);
  anchors.maintenanceFinished = await execution('Finished', false);
  return anchors;
}

/** The clusters unanchored incidents affect: available dedicated clusters, first by id. */
async function clusterPool(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: clusters.id })
    .from(clusters)
    .where(and(eq(clusters.status, 'USER_CLUSTER_STATUS_AVAILABLE'), eq(clusters.clusterType, 'DEDICATED_TIDB')))
    .orderBy(asc(clusters.id))
    .limit(40);
  return rows.map((r) => r.id);
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Audit {
  operation: string;
  operator: string;
  at: Date;
  details: Record<string, unknown>;
}

/**
 * Seeds the demo incidents (expects the fleet, the changes, maintenances and the tracker's issues seeded). Written in
 * a few bulk statements (the seed must stay fast), with the same rows the service writes: the incident, its timeline,
 * its audit rows, its todos and their tracker links, its chat notices and its events. The events are recorded without
 * a dispatch job: they are history, not news for the subscribers.
 */
export async function seedIncidents(tx: Db, base = Math.floor(Date.now() / HOUR) * HOUR): Promise<void> {
  const anchors = await findAnchors(tx);
  const pool = await clusterPool(tx);
  let next = 0;
  const take = (n: number) => Array.from({ length: n }, () => pool[next++ % Math.max(pool.length, 1)]!);
  const summaries = [...new Set(SCENARIOS.flatMap((s) => (s.todos ?? []).flatMap((t) => (t.issue ? [t.issue] : []))))];
  const issues = new Map(
    (
      await tx
        .select()
        .from(trackerIssues)
        .where(inArray(trackerIssues.summary, summaries))
        .orderBy(asc(trackerIssues.key))
    ).map((r) => [r.summary, r]),
  );

  const planned = SCENARIOS.flatMap((s) => {
    if (s.anchor) {
      const a = anchors[s.anchor];
      if (!a) return [];
      return [{ s, start: a.at.getTime() + (s.afterMinutes ?? 30) * MINUTE, clusterIds: [a.clusterId] }];
    }
    const start = s.daysAgo !== undefined ? DEMO_BASE_TIME - s.daysAgo * DAY + 9 * HOUR : base - s.hoursAgo! * HOUR;
    return [{ s, start, clusterIds: pool.length ? take(s.pool ?? 1) : [] }];
  });
  // Numbered in the order they started, as they would have been opened.
  planned.sort((a, b) => a.start - b.start);
  const clusterRef = await repo.clusterRefs(tx, [...new Set(planned.flatMap((p) => p.clusterIds))]);
  const tenantIdsOf = (ids: string[]) => [...new Set(ids.map((id) => clusterRef.get(id)!.tenantId))];
  const allTenants = await repo.tenantNames(tx, [...new Set(planned.flatMap((p) => tenantIdsOf(p.clusterIds)))]);

  // The incidents' numbers, handed out by their identity column's sequence in the order they started.
  const numbers = (
    await tx
      .select({ n: sql<number>`nextval(pg_get_serial_sequence('incidents', 'number'))::int` })
      .from(sql`generate_series(1, ${planned.length})`)
  )
    .map((r) => Number(r.n))
    .sort((a, b) => a - b);
  const incidentRows: repo.IncidentRow[] = [];
  const logs: repo.NewLog[] = [];
  const audits: (Audit & { instanceId: string })[] = [];
  const events: (typeof portalEvents.$inferInsert)[] = [];
  const notices: { number: number; row: repo.IncidentRow; who: string; text: string; at: Date }[] = [];
  const todos: { number: number; id: string; who: string; todo: Todo; at: Date; start: number }[] = [];

  for (const { s, start, clusterIds } of planned) {
    const pace = PACE[s.severity];
    const at = (minutes: number) => new Date(Math.min(start + minutes * MINUTE, base));
    const createdAt = at(2);
    const commander = s.commander ?? null;
    const who = commander ?? s.reporter;
    const tenantIds = tenantIdsOf(clusterIds);
    const number = numbers.shift()!;
    let row: repo.IncidentRow = {
      number,
      title: s.title,
      description: s.description,
      severity: s.severity,
      status: 'open',
      commander,
      tenantIds,
      clusterIds,
      startedAt: new Date(start),
      acknowledgedAt: null,
      mitigatedAt: null,
      resolvedAt: null,
      createdBy: s.reporter,
      createdAt,
      updatedAt: createdAt,
    };
    const id = incidentId(number);
    const log = (kind: repo.NewLog['kind'], text: string, author: string, when: Date) =>
      logs.push({ incidentNumber: number, kind, text, author, at: when });
    const audit = (a: Audit) => audits.push({ ...a, instanceId: id });
    const event = (type: 'incident.opened' | 'incident.resolved', when: Date, actor: string) =>
      events.push({
        type,
        subjectType: AUDIT_TYPE,
        subjectId: id,
        title: `${type === 'incident.opened' ? 'Incident opened' : 'Incident resolved'}: ${id} ${s.title}`,
        summary: `${INCIDENT_SEVERITY_LABELS[s.severity]}${commander ? `, commander ${commander}` : ''}${
          clusterIds.length ? `, ${clusterIds.length} affected cluster(s)` : ''
        }`,
        link: incidentPath(id),
        recipients: [],
        tenantId: tenantIds[0] ?? null,
        clusterIds,
        actor,
        occurredAt: when,
      });

    log('system', openedText(s.reporter, s.severity, commander), s.reporter, createdAt);
    audit({ operation: 'create', operator: s.reporter, at: createdAt, details: { after: incidentSnapshot(row) } });
    event('incident.opened', createdAt, s.reporter);

    const move = (to: IncidentStatus, minutes: number, note?: string) => {
      const when = at(minutes);
      const from = row.status as IncidentStatus;
      row = { ...row, ...statusPatch(to, when), updatedAt: when } as repo.IncidentRow;
      log('status_change', statusChangeText(to, who, note), who, when);
      audit({
        operation: statusOperation(from, to),
        operator: who,
        at: when,
        details: { ...(note ? { note } : {}), before: { status: from }, after: { status: to } },
      });
      if (to === 'resolved') event('incident.resolved', when, who);
      if (to === 'open') event('incident.opened', when, who);
    };
    const notes = [...(s.notes ?? [])];
    const note = (minutes: number) => {
      const text = notes.shift();
      if (!text) return;
      const when = at(minutes);
      log('note', text, who, when);
      audit({ operation: 'add_log', operator: who, at: when, details: { after: { kind: 'note', text } } });
    };

    if (s.path === 'resolved_skipping') {
      move('resolved', pace.ack + 5, 'No customer impact confirmed; closing without mitigation.');
    } else if (s.path !== 'open') {
      move('acknowledged', pace.ack);
      note(pace.ack + 3);
      if (s.path !== 'acknowledged') {
        move('mitigated', pace.mitigate);
        note(pace.mitigate + 5);
        if (s.path === 'mitigation_failed') {
          move('acknowledged', pace.mitigate + 20, 'The mitigation did not hold.');
        } else if (s.path === 'resolved' || s.path === 'reopened') {
          move('resolved', pace.resolve);
          if (s.path === 'reopened') {
            move('open', pace.resolve + 60, 'Recurred.');
            note(pace.resolve + 62);
            move('acknowledged', pace.resolve + 65);
          }
        }
      }
    }
    while (notes.length) note(pace.resolve + 10);
    incidentRows.push(row);

    if (s.notice) notices.push({ number, row, who, text: s.notice, at: at(s.path === 'open' ? 5 : pace.ack + 2) });
    for (const [i, todo] of (s.todos ?? []).entries())
      todos.push({ number, id, who, todo, at: at(pace.resolve + 30 + i * 7), start });
  }

  if (incidentRows.length) await tx.insert(incidents).values(incidentRows);

  // Chat notices, recorded by the embedded outbox when they were sent.
  if (notices.length) {
    const sent = await tx
      .insert(chatMessages)
      .values(
        notices.map((n) => {
          const incident = toIncident(n.row, { tenants: allTenants, clusters: clusterRef });
          const notice = noticeOf(incident, '', n.text);
          return {
            sourceType: AUDIT_TYPE,
            sourceId: incident.id,
            title: notice.title,
            text: notice.text,
            status: 'recorded',
            attempts: 1,
            sender: n.who,
            createdAt: n.at,
            sentAt: n.at,
          };
        }),
      )
      .returning({
        id: chatMessages.id,
        sourceId: chatMessages.sourceId,
        title: chatMessages.title,
        text: chatMessages.text,
      });
    for (const [i, m] of sent.entries()) {
      const n = notices[i]!;
      logs.push({
        incidentNumber: n.number,
        kind: 'notice',
        text: noticeLogText(n.who, n.row.status as IncidentStatus, n.text),
        author: n.who,
        at: n.at,
      });
      audits.push({
        instanceId: m.sourceId,
        operation: 'send_notice',
        operator: n.who,
        at: n.at,
        details: { message_id: String(m.id), after: { title: m.title, text: m.text } },
      });
    }
  }

  // Post-mortem todos; those tracked by a seeded issue are linked to it (and to the incident) and take its status.
  if (todos.length) {
    const rows = todos.map((t) => {
      const issue = t.todo.issue ? issues.get(t.todo.issue) : undefined;
      const status = issue ? (issue.statusCategory === 'done' ? 'done' : 'open') : t.todo.done ? 'done' : 'open';
      return {
        incidentNumber: t.number,
        title: t.todo.title,
        owner: t.todo.owner ?? null,
        dueDate: t.todo.dueDays !== undefined ? dayOf(t.start + t.todo.dueDays * DAY) : null,
        status,
        trackerIssueKey: issue?.key ?? null,
        trackerIssueUrl: null,
        trackerStatus: issue?.status ?? null,
        trackerStatusCategory: issue?.statusCategory ?? null,
        syncedAt: issue ? t.at : null,
        createdBy: t.who,
        createdAt: t.at,
        updatedAt: t.at,
      };
    });
    const inserted = await tx.insert(incidentTodos).values(rows).returning();
    const linked = inserted.flatMap((r, i) => (r.trackerIssueKey ? [{ r, t: todos[i]! }] : []));
    const links = linked.length
      ? await tx
          .insert(trackerLinks)
          .values(
            linked.map(({ r, t }) => ({
              subjectType: AUDIT_TYPE,
              subjectId: t.id,
              issueKey: r.trackerIssueKey!,
              summary: issues.get(t.todo.issue!)!.summary,
              createdBy: t.who,
              createdAt: t.at,
            })),
          )
          .returning()
      : [];
    for (const [i, r] of inserted.entries()) {
      const t = todos[i]!;
      const todo = toTodo(r);
      const created = { ...todoSnapshot(todo), status: 'open', tracker_issue_key: null };
      audits.push({
        instanceId: t.id,
        operation: 'create_todo',
        operator: t.who,
        at: t.at,
        details: { todo_id: todo.id, after: created },
      });
      const link = links.find((l) => l.subjectId === t.id && l.issueKey === r.trackerIssueKey);
      if (link)
        audits.push({
          instanceId: t.id,
          operation: 'link_issue',
          operator: t.who,
          at: t.at,
          details: {
            link_id: String(link.id),
            tracker: 'embedded',
            after: { issue_key: link.issueKey, summary: link.summary },
          },
        });
      const after = todoSnapshot(todo);
      const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => after[k] !== created[k]);
      if (changed.length)
        audits.push({
          instanceId: t.id,
          operation: 'update_todo',
          operator: t.who,
          at: t.at,
          details: {
            todo_id: todo.id,
            before: Object.fromEntries(changed.map((k) => [k, created[k]])),
            after: Object.fromEntries(changed.map((k) => [k, after[k]])),
          },
        });
    }
  }

  if (logs.length) await tx.insert(incidentLogs).values(logs);
  if (audits.length)
    await tx.insert(auditLogs).values(
      audits
        .sort((a, b) => a.at.getTime() - b.at.getTime())
        .map((a) => ({
          type: AUDIT_TYPE,
          instanceId: a.instanceId,
          operator: a.operator,
          operation: a.operation,
          details: a.details,
          operateAt: a.at,
        })),
    );
  if (events.length) await tx.insert(portalEvents).values(events.sort((a, b) => +a.occurredAt! - +b.occurredAt!));
}
