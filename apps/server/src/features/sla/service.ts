import type { z } from 'zod';
import {
  monthBounds,
  SLA_OBJECTIVES,
  SLA_WORST_LIMIT,
  slaClusterNotFound,
  slaMonthOutOfRange,
  slaMonths,
  type ListResult,
  type SlaClusterMonth,
  type SlaDetail,
  type SlaFleet,
  type slaFleetQuery,
  type slaListQuery,
  type SlaMonthly,
  type slaMonthlyQuery,
  type SlaWindow,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { EventSubscriber } from '../../platform/events.js';
import { pageWindow } from '../../platform/list-query.js';
import { iso } from '../../platform/time.js';
import { incidentId, parseIncidentId } from '../incidents/index.js';
import { platformCounters } from '../orgs/index.js';
import * as repo from './repo.js';

const DAY = 86_400_000;

/** A month of the history, as measured at `now`: [start, end), end being now while the month runs. */
export interface MeasuredMonth {
  month: string;
  start: Date;
  end: Date;
}

/** The month asked for (the current one when absent), checked against the history: 400 `sla.monthOutOfRange`. */
export function measuredMonth(month: string | undefined, now: number): MeasuredMonth {
  const months = slaMonths(now);
  const m = month ?? months[0]!;
  if (!months.includes(m)) throw new AppError('sla.monthOutOfRange', slaMonthOutOfRange(months.at(-1)!, months[0]!));
  const { start, end } = monthBounds(m);
  return { month: m, start: new Date(start), end: new Date(Math.min(end, now)) };
}

const round = (n: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

/** What a measured period comes to against a budget (ppm): the contract's `measuredShape`. */
export function measured(periodSeconds: number, downSeconds: number, budgetPpm: number) {
  return {
    measured_minutes: round(periodSeconds / 60, 2),
    downtime_minutes: round(downSeconds / 60, 2),
    allowed_downtime_minutes: round((periodSeconds * budgetPpm) / 1_000_000 / 60, 2),
    availability_percent: periodSeconds > 0 ? round(100 * (1 - downSeconds / periodSeconds), 4) : null,
    // Integers on both sides (whole seconds, ppm): the same comparison as the SQL's, exactly.
    breached: downSeconds * 1_000_000 > periodSeconds * budgetPpm,
  };
}

function toClusterMonth(r: repo.ClusterPeriodRow, month: string, period = r): SlaClusterMonth {
  const objective = SLA_OBJECTIVES.find((o) => o.plan === repo.planOf(r.is_byoc))!;
  return {
    cluster_id: r.id,
    cluster_name: r.name,
    tenant_id: r.tenant_id,
    tenant_name: r.tenant_name,
    provider: r.provider,
    region: r.region,
    plan: objective.plan,
    slo_percent: objective.target_percent,
    month,
    ...measured(period.period_s, period.down_s, objective.budget_ppm),
    windows: period.windows,
  };
}

type FleetScopeQuery = z.output<typeof slaFleetQuery>;

function scopeOf(q: FleetScopeQuery, m: MeasuredMonth): repo.Scope {
  return { start: m.start, end: m.end, tenantId: q.tenant_id || undefined, provider: q.provider };
}

/** Dedicated clusters not deleted (of the provider), from the exact counters: never a count over the fleet. */
function countersTotal(db: Db, provider: string | undefined) {
  return async () =>
    (await platformCounters(db)).clusters
      .filter((c) => c.clusterType === repo.DEDICATED && c.status !== repo.DELETED)
      .filter((c) => !provider || c.provider === provider)
      .reduce((sum, c) => sum + c.n, 0);
}

/** §7 dashboard sla: the fleet's month (or a tenant's, a provider's) and its worst clusters. */
export async function fleet(db: Db, q: FleetScopeQuery, now: number): Promise<SlaFleet> {
  const m = measuredMonth(q.month, now);
  const scope = scopeOf(q, m);
  const [stats, fleetSize, worst] = await Promise.all([
    repo.affectedStats(db, scope),
    repo.measuredFleet(db, scope, countersTotal(db, q.provider)),
    repo.affectedPage(db, scope, { worst: true, breach: undefined, limit: SLA_WORST_LIMIT, offset: 0 }),
  ]);
  return {
    month: m.month,
    period_start: iso(m.start),
    period_end: iso(m.end),
    clusters: fleetSize.clusters,
    clusters_with_downtime: stats.affected,
    breaches: stats.breached,
    downtime_minutes: round(stats.downSeconds / 60, 2),
    availability_percent:
      fleetSize.periodSeconds > 0 ? round(100 * (1 - stats.downSeconds / fleetSize.periodSeconds), 4) : null,
    worst: worst.map((r) => toClusterMonth(r, m.month)),
  };
}

/**
 * The summary list: every measured dedicated cluster of the scope, worst first by default. The clusters with downtime
 * (few) are ranked in SQL; the rest (100%) follow in creation order, read a page at a time. `breached=true` is the
 * breach list, `false` the clusters that met their objective.
 */
export async function list(
  db: Db,
  q: z.output<typeof slaListQuery>,
  now: number,
): Promise<ListResult<SlaClusterMonth>> {
  const m = measuredMonth(q.month, now);
  const scope = scopeOf(q, m);
  const worst = q.sort === 'availability';
  const breach: repo.BreachFilter = q.breached === 'true' ? 'breached' : q.breached === 'false' ? 'met' : undefined;
  const { limit, offset } = pageWindow(q);
  const toItems = (rows: repo.ClusterPeriodRow[]) => rows.map((r) => toClusterMonth(r, m.month));

  const stats = await repo.affectedStats(db, scope);
  if (breach === 'breached') {
    const items = await repo.affectedPage(db, scope, { worst, breach, limit, offset });
    return { items: toItems(items), total: stats.breached };
  }
  const { clusters } = await repo.measuredFleet(db, scope, countersTotal(db, q.provider));
  const withDowntime = breach === 'met' ? stats.affected - stats.breached : stats.affected;
  const without = Math.max(0, clusters - stats.affected);
  // Worst first: the clusters with downtime, then the rest; best first: the reverse.
  const [firstCount, first, second] = worst
    ? [
        withDowntime,
        (l: number, o: number) => repo.affectedPage(db, scope, { worst, breach, limit: l, offset: o }),
        (l: number, o: number) => repo.unaffectedPage(db, scope, { oldestFirst: true, limit: l, offset: o }),
      ]
    : [
        without,
        (l: number, o: number) => repo.unaffectedPage(db, scope, { oldestFirst: false, limit: l, offset: o }),
        (l: number, o: number) => repo.affectedPage(db, scope, { worst, breach, limit: l, offset: o }),
      ];
  const firstLimit = Math.max(0, Math.min(limit, firstCount - offset));
  const secondLimit = limit - firstLimit;
  const [a, b] = await Promise.all([
    firstLimit ? first(firstLimit, offset) : [],
    secondLimit ? second(secondLimit, Math.max(0, offset - firstCount)) : [],
  ]);
  return { items: toItems([...a, ...b]), total: withDowntime + without };
}

async function dedicatedCluster(db: Db, id: string) {
  const cluster = await repo.findDedicated(db, id);
  if (!cluster) throw new AppError('sla.clusterNotFound', slaClusterNotFound(id));
  return cluster;
}

function toWindow(r: repo.WindowRow): SlaWindow {
  return {
    id: r.id,
    started_at: iso(r.started_at),
    ended_at: iso(r.ended_at),
    minutes: round(r.seconds / 60, 2),
    minutes_in_month: round(r.seconds_in_period / 60, 2),
    cause: r.cause,
    incident:
      r.incident_number === null
        ? null
        : {
            id: incidentId(r.incident_number),
            title: r.incident_title ?? r.cause,
            severity: r.incident_severity ?? '',
            status: r.incident_status ?? '',
          },
  };
}

/** §7 sla-dedicated-detail: a cluster's month, each day of it (to today), and the downtime windows behind it. */
export async function detail(db: Db, id: string, month: string | undefined, now: number): Promise<SlaDetail> {
  const cluster = await dedicatedCluster(db, id);
  const m = measuredMonth(month, now);
  const days: repo.Bucket[] = [];
  for (let t = m.start.getTime(); t < m.end.getTime(); t += DAY)
    days.push({ start: new Date(t), end: new Date(Math.min(t + DAY, m.end.getTime())) });
  const [buckets, windows] = await Promise.all([
    repo.clusterBuckets(db, id, [{ start: m.start, end: m.end }, ...days]),
    repo.clusterWindows(db, id, { start: m.start, end: m.end }),
  ]);
  const [whole, ...perDay] = buckets;
  const budget = SLA_OBJECTIVES.find((o) => o.plan === repo.planOf(cluster.is_byoc))!.budget_ppm;
  return {
    cluster: toClusterMonth(cluster, m.month, {
      ...cluster,
      period_s: whole?.measured_s ?? 0,
      down_s: whole?.down_s ?? 0,
      windows: windows.filter((w) => w.counted).length,
    }),
    days: perDay.map((b, i) => ({
      day: days[i]!.start.toISOString().slice(0, 10),
      ...measured(b.measured_s, b.down_s, budget),
    })),
    windows: windows.map(toWindow),
  };
}

/** §7 sla-dedicated-monthly: a cluster's last `months` months, oldest first. */
export async function monthly(
  db: Db,
  id: string,
  q: z.output<typeof slaMonthlyQuery>,
  now: number,
): Promise<SlaMonthly> {
  const cluster = await dedicatedCluster(db, id);
  const objective = SLA_OBJECTIVES.find((o) => o.plan === repo.planOf(cluster.is_byoc))!;
  const months = slaMonths(now).slice(0, q.months).reverse();
  const buckets = months.map((month) => measuredMonth(month, now));
  const rows = await repo.clusterBuckets(db, id, buckets);
  return {
    cluster_id: id,
    plan: objective.plan,
    months: rows.map((r, i) => ({
      month: months[i]!,
      slo_percent: objective.target_percent,
      ...measured(r.measured_s, r.down_s, objective.budget_ppm),
    })),
  };
}

/**
 * Keeps the SLA consistent with the incidents: when an incident is resolved, its start → mitigation becomes a downtime
 * window of each affected dedicated cluster (replacing an earlier one of the same incident). Idempotent.
 */
export const incidentDowntimeSubscriber: EventSubscriber = {
  name: 'sla.incident_downtime',
  types: ['incident.resolved'],
  async deliver(tx, event) {
    const n = event.subject_type === 'incident' ? parseIncidentId(event.subject_id) : undefined;
    if (n !== undefined) await repo.recordIncidentDowntime(tx, n);
  },
};
