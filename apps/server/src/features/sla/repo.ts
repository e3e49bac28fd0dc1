import { sql, type SQL } from 'drizzle-orm';
import { SLA_OBJECTIVES, type SlaPlan } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { incidents } from '../incidents/index.js';
import { clusters, tenants } from '../orgs/index.js';
import { slaDowntimeWindows as windows } from './schema.js';

/*
 * Every SQL of the SLA area. Availability is computed here from the downtime windows: a cluster's windows are clipped
 * to the period (and to the cluster's creation), merged where they overlap (gaps and islands: a window starts a new
 * island unless it starts before the latest end seen so far), and summed in whole seconds. Breaches compare integers:
 * downtime × 1,000,000 > measured × the objective's budget in ppm. Only clusters with downtime are aggregated; the
 * rest of the fleet (100%) is read a page at a time from the clusters' (cluster_type, created_at, id) index.
 */

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const DEDICATED = 'DEDICATED_TIDB';
export const DELETED = 'USER_CLUSTER_STATUS_DELETED';

const objective = (byoc: boolean) => SLA_OBJECTIVES.find((o) => o.byoc === byoc)!;
/** The error budget (ppm) of a row with an `is_byoc` column, from the contract's objectives. */
const BUDGET_PPM = sql.raw(
  `(case when is_byoc then ${objective(true).budget_ppm} else ${objective(false).budget_ppm} end)`,
);
export const planOf = (isByoc: boolean): SlaPlan => objective(isByoc).plan;

/** Which clusters and which period: the period is [start, end), `end` being now for the current month. */
export interface Scope {
  start: Date;
  end: Date;
  tenantId?: string | undefined;
  provider?: string | undefined;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The measured dedicated clusters of the scope, for a cluster row aliased `c`. */
function clusterFilter(s: Scope): SQL {
  const parts = [sql`c.cluster_type = ${DEDICATED}`, sql`c.status <> ${DELETED}`, sql`c.created_at < ${ts(s.end)}`];
  if (s.tenantId) parts.push(sql`c.tenant_id = ${s.tenantId}`);
  if (s.provider) parts.push(sql`c.provider = ${s.provider}`);
  return sql.join(parts, sql` and `);
}

/**
 * The CTEs `merged(cluster_id, s, e)` (a cluster's downtime islands within the period and after its creation) and
 * `raw(cluster_id, created_at, is_byoc, n)` (the cluster and how many windows touch it), for the clusters `filter`
 * keeps (a cluster row aliased `c`). Each window looks its cluster up by primary key: the `offset 0` fence keeps the
 * lateral subquery from being flattened into a join, which the planner would make a hash join over a sequential scan
 * of every cluster (~300 ms at 1M clusters, against ~10 ms for a few thousand lookups).
 */
function mergedCtes(s: Scope, filter: SQL): SQL {
  return sql`
    clipped as (
      select w.cluster_id, c.created_at, c.is_byoc, greatest(w.started_at, ${ts(s.start)}, c.created_at) as s,
        least(w.ended_at, ${ts(s.end)}) as e
      from ${windows} w
        cross join lateral (
          select c.created_at, c.is_byoc from ${clusters} c where c.id = w.cluster_id and ${filter} offset 0
        ) c
      where tstzrange(w.started_at, w.ended_at) && tstzrange(${ts(s.start)}, ${ts(s.end)})
    ),
    kept as (select * from clipped where e > s),
    ordered as (
      select cluster_id, s, e,
        max(e) over (partition by cluster_id order by s, e rows between unbounded preceding and 1 preceding) as prev_end
      from kept
    ),
    islands as (
      select cluster_id, s, e,
        sum(case when prev_end is null or s > prev_end then 1 else 0 end)
          over (partition by cluster_id order by s, e rows between unbounded preceding and current row) as island
      from ordered
    ),
    merged as (select cluster_id, min(s) as s, max(e) as e from islands group by cluster_id, island),
    raw as (select cluster_id, created_at, is_byoc, count(*)::int as n from kept group by cluster_id, created_at, is_byoc)`;
}

/**
 * The CTE `affected`: each cluster of the scope with downtime in the period — its downtime and measured seconds, its
 * budget and whether it breached. Built on `mergedCtes`.
 */
function affectedCtes(s: Scope): SQL {
  return sql`with ${mergedCtes(s, clusterFilter(s))},
    down as (
      select cluster_id, round(sum(extract(epoch from e - s)))::float8 as down_s from merged group by cluster_id
    ),
    affected as (
      select r.cluster_id as id, r.created_at, d.down_s, r.n as windows,
        round(extract(epoch from ${ts(s.end)} - greatest(${ts(s.start)}, r.created_at)))::float8 as period_s,
        ${BUDGET_PPM} as budget_ppm
      from down d join raw r on r.cluster_id = d.cluster_id
    ),
    judged as (
      select *, (down_s * 1000000 > period_s * budget_ppm) as breached,
        down_s / nullif(period_s, 0) as ratio
      from affected
    )`;
}

export interface AffectedStats {
  affected: number;
  breached: number;
  downSeconds: number;
}

/** How many clusters of the scope had downtime in the period, how many breached, and their downtime. */
export async function affectedStats(db: Db, s: Scope): Promise<AffectedStats> {
  const [row] = await rows<{ affected: number; breached: number; down_s: number }>(
    db,
    sql`${affectedCtes(s)}
      select count(*)::int as affected, (count(*) filter (where breached))::int as breached,
        coalesce(sum(down_s), 0)::float8 as down_s
      from judged`,
  );
  return { affected: row?.affected ?? 0, breached: row?.breached ?? 0, downSeconds: row?.down_s ?? 0 };
}

/** A measured cluster of a page, with what the API shows of it. */
export interface ClusterPeriodRow {
  id: string;
  name: string;
  tenant_id: string;
  tenant_name: string;
  provider: string;
  region: string;
  is_byoc: boolean;
  down_s: number;
  period_s: number;
  windows: number;
}

const pageColumns = sql`c.id, c.name, c.tenant_id, coalesce(t.name, '') as tenant_name, c.provider, c.region,
  c.is_byoc`;

export type BreachFilter = 'breached' | 'met' | undefined;

/**
 * A page of the clusters with downtime, worst first (`worst`) or best first; `breach` keeps only the breached (or
 * only those that met their objective).
 */
export function affectedPage(
  db: Db,
  s: Scope,
  o: { worst: boolean; breach: BreachFilter; limit: number; offset: number },
): Promise<ClusterPeriodRow[]> {
  const where =
    o.breach === 'breached' ? sql`where j.breached` : o.breach === 'met' ? sql`where not j.breached` : sql``;
  const order = (alias: string) =>
    sql.raw(
      o.worst
        ? `${alias}.ratio desc nulls last, ${alias}.created_at, ${alias}.id`
        : `${alias}.ratio asc nulls first, ${alias}.created_at desc, ${alias}.id desc`,
    );
  // The page first, then its few clusters and tenants by primary key.
  return rows<ClusterPeriodRow>(
    db,
    sql`${affectedCtes(s)},
      page as (select * from judged j ${where} order by ${order('j')} limit ${o.limit} offset ${o.offset})
      select ${pageColumns}, p.down_s, p.period_s, p.windows
      from page p join ${clusters} c on c.id = p.id left join ${tenants} t on t.id = c.tenant_id
      order by ${order('p')}`,
  );
}

/**
 * A page of the clusters without downtime in the period (100%), in creation order (`oldestFirst`) or the reverse:
 * an index walk of (cluster_type, created_at, id) with a probe of the cluster's windows per row.
 */
export function unaffectedPage(
  db: Db,
  s: Scope,
  o: { oldestFirst: boolean; limit: number; offset: number },
): Promise<ClusterPeriodRow[]> {
  const order = o.oldestFirst ? sql`c.created_at, c.id` : sql`c.created_at desc, c.id desc`;
  return rows<ClusterPeriodRow>(
    db,
    sql`select ${pageColumns}, 0::float8 as down_s,
        round(extract(epoch from ${ts(s.end)} - greatest(${ts(s.start)}, c.created_at)))::float8 as period_s,
        0 as windows
      from ${clusters} c left join ${tenants} t on t.id = c.tenant_id
      where ${clusterFilter(s)} and not exists (
        select 1 from ${windows} x
        where x.cluster_id = c.id
          and tstzrange(x.started_at, x.ended_at) && tstzrange(greatest(${ts(s.start)}, c.created_at), ${ts(s.end)})
      )
      order by ${order}
      limit ${o.limit} offset ${o.offset}`,
  );
}

export interface MeasuredFleet {
  /** Measured clusters (created before the period's end, not deleted). */
  clusters: number;
  /** Measured seconds of them all. */
  periodSeconds: number;
}

/**
 * How many dedicated clusters the scope measures and their measured seconds, without counting the fleet: without a
 * tenant, the exact counters (`countersTotal`: dedicated clusters not deleted, of the provider) less those created
 * since the period's end, plus the clusters created within the period, which are measured from their creation — an
 * index range from the period's start. With a tenant, its clusters are counted (a tenant has few).
 */
export async function measuredFleet(db: Db, s: Scope, countersTotal: () => Promise<number>): Promise<MeasuredFleet> {
  const full = (s.end.getTime() - s.start.getTime()) / 1000;
  if (s.tenantId) {
    const [row] = await rows<{ n: number; fresh: number; fresh_s: number }>(
      db,
      sql`select count(*)::int as n, (count(*) filter (where c.created_at >= ${ts(s.start)}))::int as fresh,
          coalesce(sum(extract(epoch from ${ts(s.end)} - c.created_at))
            filter (where c.created_at >= ${ts(s.start)}), 0)::float8 as fresh_s
        from ${clusters} c where ${clusterFilter(s)}`,
    );
    const n = row?.n ?? 0;
    return { clusters: n, periodSeconds: Math.round((n - (row?.fresh ?? 0)) * full + (row?.fresh_s ?? 0)) };
  }
  const [total, [row]] = await Promise.all([
    countersTotal(),
    rows<{ later: number; fresh: number; fresh_s: number }>(
      db,
      sql`select (count(*) filter (where c.created_at >= ${ts(s.end)}))::int as later,
          (count(*) filter (where c.created_at < ${ts(s.end)}))::int as fresh,
          coalesce(sum(extract(epoch from ${ts(s.end)} - c.created_at))
            filter (where c.created_at < ${ts(s.end)}), 0)::float8 as fresh_s
        from ${clusters} c
        where c.cluster_type = ${DEDICATED} and c.status <> ${DELETED} and c.created_at >= ${ts(s.start)}
          ${s.provider ? sql`and c.provider = ${s.provider}` : sql``}`,
    ),
  ]);
  const n = total - (row?.later ?? 0);
  return { clusters: n, periodSeconds: Math.round((n - (row?.fresh ?? 0)) * full + (row?.fresh_s ?? 0)) };
}

/** A dedicated cluster (not deleted) as the detail shows it, or undefined. */
export async function findDedicated(
  db: Db,
  id: string,
): Promise<(ClusterPeriodRow & { created_at: Date }) | undefined> {
  const [row] = await rows<ClusterPeriodRow & { created_at: Date | string }>(
    db,
    sql`select ${pageColumns}, c.created_at, 0::float8 as down_s, 0::float8 as period_s, 0 as windows
      from ${clusters} c left join ${tenants} t on t.id = c.tenant_id
      where c.id = ${id} and c.cluster_type = ${DEDICATED} and c.status <> ${DELETED}`,
  );
  return row ? { ...row, created_at: new Date(row.created_at) } : undefined;
}

export interface Bucket {
  start: Date;
  end: Date;
}
export interface BucketRow {
  measured_s: number;
  down_s: number;
}

/**
 * One cluster's measured and downtime seconds in each bucket (days of a month, or months), in bucket order: its
 * windows merged once over the whole span, then cut at the buckets' edges.
 */
export async function clusterBuckets(db: Db, clusterId: string, buckets: readonly Bucket[]): Promise<BucketRow[]> {
  if (!buckets.length) return [];
  const span: Scope = { start: buckets[0]!.start, end: buckets[buckets.length - 1]!.end };
  // Array literals (ISO instants hold no character that needs quoting): one parameter each, on either driver.
  const starts = `{${buckets.map((b) => b.start.toISOString()).join(',')}}`;
  const ends = `{${buckets.map((b) => b.end.toISOString()).join(',')}}`;
  return rows<BucketRow>(
    db,
    sql`with ${mergedCtes(span, sql`c.id = ${clusterId}`)},
      b as (
        select * from unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) with ordinality as b(s, e, n)
      ),
      cl as (select created_at from ${clusters} where id = ${clusterId})
      select
        greatest(0, round(extract(epoch from b.e - greatest(b.s, cl.created_at))))::float8 as measured_s,
        -- least/greatest skip nulls: a bucket without an island must not count its whole length.
        coalesce(round(sum(extract(epoch from least(m.e, b.e) - greatest(m.s, b.s))) filter (where m.s is not null)), 0)
          ::float8 as down_s
      from b cross join cl left join merged m on m.s < b.e and m.e > b.s
      group by b.n, b.s, b.e, cl.created_at
      order by b.n`,
  );
}

export interface WindowRow {
  id: string;
  started_at: Date | string;
  ended_at: Date | string;
  seconds: number;
  seconds_in_period: number;
  /** Whether it overlaps the period after the cluster's creation (what the month's `windows` counts). */
  counted: boolean;
  cause: string;
  incident_number: number | null;
  incident_title: string | null;
  incident_severity: string | null;
  incident_status: string | null;
}

/** A cluster's downtime windows that overlap the period, oldest first, with their incidents. */
export function clusterWindows(db: Db, clusterId: string, s: Scope): Promise<WindowRow[]> {
  return rows<WindowRow>(
    db,
    sql`select w.id::text as id, w.started_at, w.ended_at,
        round(extract(epoch from w.ended_at - w.started_at))::float8 as seconds,
        greatest(0, round(extract(epoch from least(w.ended_at, ${ts(s.end)})
          - greatest(w.started_at, ${ts(s.start)}, c.created_at))))::float8 as seconds_in_period,
        least(w.ended_at, ${ts(s.end)}) > greatest(w.started_at, ${ts(s.start)}, c.created_at) as counted,
        w.cause, w.incident_number, i.title as incident_title, i.severity as incident_severity,
        i.status as incident_status
      from ${windows} w join ${clusters} c on c.id = w.cluster_id
        left join ${incidents} i on i.number = w.incident_number
      where w.cluster_id = ${clusterId} and w.ended_at > ${ts(s.start)} and w.started_at < ${ts(s.end)}
      order by w.started_at, w.id`,
  );
}

/**
 * Records the downtime of incidents: each incident mitigated (or resolved after a mitigation) yields one window per
 * affected dedicated cluster, from its start to its mitigation. `number` limits it to one incident (when it is
 * resolved), whose windows are then replaced: a reopened incident mitigated again moves its end, and clusters no
 * longer affected lose theirs. Without `number`, every such incident (the demo seed).
 */
export async function recordIncidentDowntime(db: Db, number?: number): Promise<number> {
  const one = number === undefined ? sql`` : sql`and i.number = ${number}`;
  if (number !== undefined)
    await db.execute(sql`
      delete from ${windows} w using ${incidents} i
      where w.incident_number = ${number} and i.number = w.incident_number
        and (i.mitigated_at is null or not (w.cluster_id = any(i.cluster_ids)))`);
  const inserted = await rows<{ id: string }>(
    db,
    sql`insert into ${windows} (cluster_id, started_at, ended_at, incident_number, cause, created_at)
      select c.id, i.started_at, i.mitigated_at, i.number, i.title, i.mitigated_at
      from ${incidents} i cross join lateral unnest(i.cluster_ids) as u(cluster_id)
        join ${clusters} c on c.id = u.cluster_id
      where i.status in ('mitigated', 'resolved') and i.mitigated_at is not null and i.mitigated_at > i.started_at
        and c.cluster_type = ${DEDICATED} ${one}
      on conflict (incident_number, cluster_id) where incident_number is not null
      do update set started_at = excluded.started_at, ended_at = excluded.ended_at, cause = excluded.cause
      returning id::text as id`,
  );
  return inserted.length;
}

/** Downtime recorded on its own (the demo seed). */
export async function insertWindows(db: Db, values: (typeof windows.$inferInsert)[]): Promise<void> {
  if (values.length) await db.insert(windows).values(values);
}
