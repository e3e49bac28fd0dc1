import type { z } from 'zod';
import {
  CLUSTER_ALERT_SEVERITIES,
  CLUSTER_ALERT_STATE_LABELS,
  CLUSTER_ALERT_SUMMARY_DAYS,
  canClusterAlert,
  clusterAlertState,
  type acknowledgeClusterAlertBody,
  type ClusterAlert,
  type ClusterAlertAction,
  type clusterAlertListQuery,
  type ClusterAlertSummary,
  type ClusterStore,
  type ClusterTopology,
  type CriticalAlert,
  type criticalAlertListQuery,
  type DmNamespace,
  type DmNamespaceList,
  type ListResult,
  type silenceClusterAlertBody,
  type TopologyComponent,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { getCluster, listClusterComponents } from '../orgs/index.js';
import * as repo from './repo.js';
import { embeddedStoreSource, type StoreSource } from './storesource.js';
import { componentInstance, zonesOf } from './topology.js';

export const AUDIT_TYPE = 'cluster_alert' as const;
const DAY = 86_400_000;

// ---- alerts -------------------------------------------------------------------------------------------------------
export function toAlert(r: repo.AlertRow, now: number): ClusterAlert {
  const fields = {
    id: String(r.id),
    cluster_id: r.clusterId,
    rule: r.rule,
    severity: r.severity as ClusterAlert['severity'],
    status: r.status as ClusterAlert['status'],
    summary: r.summary,
    description: r.description,
    labels: r.labels as Record<string, string>,
    starts_at: iso(r.startsAt),
    ends_at: isoOrNull(r.endsAt),
    acknowledged_by: r.acknowledgedBy,
    acknowledged_at: isoOrNull(r.acknowledgedAt),
    acknowledge_comment: r.acknowledgeComment,
    silenced_by: r.silencedBy,
    silenced_until: isoOrNull(r.silencedUntil),
    silence_comment: r.silenceComment,
  };
  return { ...fields, state: clusterAlertState(fields, now) };
}

/** 404 `cluster.notFound` unless the cluster exists. */
async function requireCluster(db: Db, clusterId: string): Promise<void> {
  if (!(await repo.clusterExists(db, clusterId))) throw new AppError('cluster.notFound');
}

export async function listAlerts(
  db: Db,
  clusterId: string,
  q: z.output<typeof clusterAlertListQuery>,
  now = Date.now(),
): Promise<ListResult<ClusterAlert>> {
  const filter: repo.AlertFilter = { clusterId, status: q.status, severity: q.severity, search: q.search || undefined };
  const page = await listPage(
    repo.selectAlertPage(db, filter, { ...pageWindow(q), sort: q.sort }),
    repo.countAlerts(db, filter),
  );
  // An empty answer may mean an unknown cluster: only then is it worth a look-up.
  if (page.total === 0) await requireCluster(db, clusterId);
  return { total: page.total, items: page.items.map((r) => toAlert(r, now)) };
}

/** The first instant of the UTC day `days` days before the one holding `now`. */
function utcDayStart(now: number, days: number): number {
  return Math.floor(now / DAY) * DAY - days * DAY;
}

export async function alertSummary(db: Db, clusterId: string, now = Date.now()): Promise<ClusterAlertSummary> {
  await requireCluster(db, clusterId);
  const from = utcDayStart(now, CLUSTER_ALERT_SUMMARY_DAYS - 1);
  const [firingRows, dailyRows] = await Promise.all([
    repo.selectFiringCounts(db, clusterId, new Date(now)),
    repo.selectDailyCounts(db, clusterId, new Date(from)),
  ]);
  const zero = () => ({ critical: 0, warning: 0, info: 0, total: 0 });
  const firing = zero();
  let acknowledged = 0;
  let silenced = 0;
  for (const r of firingRows) {
    const severity = r.severity as keyof ReturnType<typeof zero>;
    if (!(CLUSTER_ALERT_SEVERITIES as readonly string[]).includes(severity)) continue;
    firing[severity] += r.n;
    firing.total += r.n;
    acknowledged += Number(r.acknowledged);
    silenced += Number(r.silenced);
  }
  const days = Array.from({ length: CLUSTER_ALERT_SUMMARY_DAYS }, (_, i) => ({
    date: new Date(from + i * DAY).toISOString().slice(0, 10),
    critical: 0,
    warning: 0,
    info: 0,
  }));
  const week = { ...zero(), resolved: 0 };
  for (const r of dailyRows) {
    const day = days.find((d) => d.date === r.day);
    const severity = r.severity as 'critical' | 'warning' | 'info';
    // A start in the future (clock skew of the source) is not in the window.
    if (!day || !(CLUSTER_ALERT_SEVERITIES as readonly string[]).includes(severity)) continue;
    day[severity] += r.n;
    week[severity] += r.n;
    week.total += r.n;
    week.resolved += Number(r.resolved);
  }
  return {
    cluster_id: clusterId,
    firing,
    acknowledged,
    silenced,
    last_7_days: week,
    daily: days,
    generated_at: new Date(now).toISOString(),
  };
}

/** The alert of the cluster, locked for the caller's transaction; 404 `clusterAlert.notFound` when it has none. */
async function lockAlert(tx: Db, clusterId: string, alertId: string): Promise<repo.AlertRow> {
  const id = /^\d{1,15}$/.test(alertId) ? Number(alertId) : NaN;
  const row = Number.isSafeInteger(id) ? await repo.findAlert(tx, clusterId, id, true) : undefined;
  if (!row) {
    await requireCluster(tx, clusterId);
    throw new AppError('clusterAlert.notFound');
  }
  return row;
}

type Patch = Partial<repo.NewAlert>;

/** One action on one alert: checked against the state table, written with its audit row in one transaction. */
async function act(
  db: Db,
  clusterId: string,
  alertId: string,
  operator: string,
  action: ClusterAlertAction,
  patchOf: (now: Date) => Patch,
  extra: Record<string, unknown> = {},
): Promise<ClusterAlert> {
  return db.transaction(async (tx) => {
    const row = await lockAlert(tx, clusterId, alertId);
    const now = Date.now();
    const before = toAlert(row, now);
    if (!canClusterAlert(before.state, action)) {
      throw new AppError(
        'clusterAlert.actionNotAllowed',
        `The alert is ${CLUSTER_ALERT_STATE_LABELS[before.state].toLowerCase()}: it cannot be ${
          { acknowledge: 'acknowledged', silence: 'silenced', unsilence: 'unsilenced' }[action]
        }`,
        { state: before.state, action },
      );
    }
    const after = toAlert(await repo.updateAlert(tx, row.id, patchOf(new Date(now))), now);
    const snapshot = (a: ClusterAlert) => ({
      state: a.state,
      acknowledged_by: a.acknowledged_by,
      silenced_by: a.silenced_by,
      silenced_until: a.silenced_until,
    });
    await writeAudit(tx, {
      type: AUDIT_TYPE,
      instanceId: after.id,
      operator,
      operation: action,
      details: {
        cluster_id: clusterId,
        rule: after.rule,
        severity: after.severity,
        ...extra,
        before: snapshot(before),
        after: snapshot(after),
      },
    });
    return after;
  });
}

export function acknowledgeAlert(
  db: Db,
  clusterId: string,
  alertId: string,
  operator: string,
  body: z.output<typeof acknowledgeClusterAlertBody>,
): Promise<ClusterAlert> {
  const comment = body.comment || null;
  return act(
    db,
    clusterId,
    alertId,
    operator,
    'acknowledge',
    (now) => ({ acknowledgedBy: operator, acknowledgedAt: now, acknowledgeComment: comment }),
    { comment },
  );
}

export function silenceAlert(
  db: Db,
  clusterId: string,
  alertId: string,
  operator: string,
  body: z.output<typeof silenceClusterAlertBody>,
): Promise<ClusterAlert> {
  return act(
    db,
    clusterId,
    alertId,
    operator,
    'silence',
    (now) => ({
      silencedBy: operator,
      silencedUntil: new Date(now.getTime() + body.duration_minutes * 60_000),
      silenceComment: body.comment,
    }),
    { duration_minutes: body.duration_minutes, comment: body.comment },
  );
}

/** Ends the silence now (who silenced it and why stay, as the record of the last silence). */
export function unsilenceAlert(db: Db, clusterId: string, alertId: string, operator: string): Promise<ClusterAlert> {
  return act(db, clusterId, alertId, operator, 'unsilence', (now) => ({ silencedUntil: now }));
}

export async function criticalAlerts(
  db: Db,
  q: z.output<typeof criticalAlertListQuery>,
  now = Date.now(),
): Promise<ListResult<CriticalAlert>> {
  const at = new Date(now);
  const page = await listPage(
    repo.selectCriticalPage(db, at, { ...pageWindow(q), sort: q.sort }),
    repo.countCritical(db, at),
  );
  return {
    total: page.total,
    items: page.items.map((r) => ({
      ...toAlert(r.alert, now),
      cluster_name: r.clusterName,
      tenant_id: r.tenantId,
      tenant_name: r.tenantName,
    })),
  };
}

// ---- topology -----------------------------------------------------------------------------------------------------
/** Components that are stores in PD: a cluster with none of them has no stores to ask for. */
const STORE_COMPONENTS = new Set(['TIKV', 'TIFLASH', 'TIFLASH_LEARNER']);

/**
 * The components with their instances' placement, the stores PD reports (from `source`), and what runs in each zone.
 * When the source fails (PD unreachable), the rest still answers: no stores, and `stores_error` says why.
 */
export async function topology(
  db: Db,
  clusterId: string,
  source: StoreSource = embeddedStoreSource(db),
): Promise<ClusterTopology> {
  const cluster = await getCluster(db, clusterId);
  const components = await listClusterComponents(db, clusterId);
  let stores: ClusterStore[] = [];
  let storesError: string | null = null;
  if (components.items.some((c) => STORE_COMPONENTS.has(c.component))) {
    try {
      stores = await source.stores(cluster);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'clusterTopology.pdUnavailable') throw err;
      storesError = err.message;
    }
  }
  const placed: TopologyComponent[] = components.items.map((c) => ({
    ...c,
    instances: Array.from({ length: c.replicas }, (_, i) => componentInstance(cluster, c.component, i)),
  }));
  return {
    cluster_id: cluster.id,
    provider: cluster.provider,
    region: cluster.region,
    components: placed,
    stores,
    stores_error: storesError,
    zones: zonesOf(cluster, placed, stores),
  };
}

// ---- DM -----------------------------------------------------------------------------------------------------------
export async function dmNamespaces(db: Db, clusterId: string): Promise<DmNamespaceList> {
  const namespaces = await repo.selectNamespaces(db, clusterId);
  if (namespaces.length === 0) await requireCluster(db, clusterId);
  const tasks = await repo.selectTasks(
    db,
    namespaces.map((n) => n.id),
  );
  const items: DmNamespace[] = namespaces.map((n) => ({
    name: n.name,
    cluster_id: n.clusterId,
    status: n.status as DmNamespace['status'],
    dm_version: n.dmVersion,
    master_replicas: n.masterReplicas,
    master_ready: n.masterReady,
    worker_replicas: n.workerReplicas,
    worker_ready: n.workerReady,
    created_at: iso(n.createdAt),
    tasks: tasks
      .filter((t) => t.namespaceId === n.id)
      .map((t) => ({
        name: t.name,
        task_mode: t.taskMode as DmNamespace['tasks'][number]['task_mode'],
        stage: t.stage as DmNamespace['tasks'][number]['stage'],
        unit: t.unit as DmNamespace['tasks'][number]['unit'],
        sources: t.sources,
        target_database: t.targetDatabase,
        progress: t.progress,
        sync_lag_seconds: t.syncLagSeconds,
        error: t.error,
        updated_at: iso(t.updatedAt),
      })),
  }));
  return { items, total: items.length };
}
