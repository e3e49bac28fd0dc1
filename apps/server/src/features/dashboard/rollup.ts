import { asc, count, eq, gt, sql } from 'drizzle-orm';
import {
  TENANT_ROLLUP_PERIOD_MINUTES,
  type EngineTenants,
  type TenantEngine,
  type TenantRanking,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { enqueueJob } from '../../platform/jobs.js';
import { isoOrNull } from '../../platform/time.js';
import { tenants } from '../orgs/index.js';
import { dashboardEngineTenants, dashboardRollups } from './schema.js';

/*
 * Tenants ranked by TiKV / TiFlash nodes and storage. The totals per tenant are a rollup of orgs' clusters and
 * cluster_components (dashboard_engine_tenants), recomputed by a durable job in passes over the tenants in id order,
 * ROLLUP_BATCH tenants per run (each run an index range scan of those tenants' clusters and their components, so no
 * run holds the database long: 1,000 tenants of the 100k / 1M bench fleet took ~100 ms on PostgreSQL, where summing
 * the whole fleet per request took 3.9 s), one pass every TENANT_ROLLUP_PERIOD_MINUTES. The dashboard reads the top N
 * with ORDER BY … LIMIT on the rollup's indexes.
 */

export const ROLLUP_JOB = 'dashboard.tenant_rollup';
const ROLLUP = 'engine_tenants';
/** Tenants recomputed per job run. */
export const ROLLUP_BATCH = 250;
const PERIOD_MS = TENANT_ROLLUP_PERIOD_MINUTES * 60_000;

/** The components counted per engine. */
const ENGINE_OF = sql`case when cc.component = 'TIKV' then 'tikv' else 'tiflash' end`;
const ENGINE_COMPONENTS = sql`('TIKV', 'TIFLASH', 'TIFLASH_LEARNER')`;

/** One step of a pass: recomputes the next tenants after the cursor; true when the pass has ended. */
export async function rollupStep(tx: Db, batch = ROLLUP_BATCH): Promise<boolean> {
  await tx.insert(dashboardRollups).values({ name: ROLLUP }).onConflictDoNothing();
  const [state] = await tx.select().from(dashboardRollups).where(eq(dashboardRollups.name, ROLLUP)).for('update');
  const from = state?.cursor ?? '';
  // A pass's figures are as of its start: that is the time it reports once it ends.
  const passStartedAt = (state?.cursor ? state.passStartedAt : null) ?? new Date();
  const ids = await tx
    .select({ id: tenants.id })
    .from(tenants)
    .where(gt(tenants.id, from))
    .orderBy(asc(tenants.id))
    .limit(batch);
  const last = ids.at(-1)?.id;
  // Rows of this range are replaced (tenants deleted since the last pass go with them).
  await tx.execute(sql`
    delete from ${dashboardEngineTenants}
    where engine in ('tikv', 'tiflash') and tenant_id > ${from}
      ${last === undefined ? sql`` : sql`and tenant_id <= ${last}`}`);
  if (last === undefined) {
    await tx
      .update(dashboardRollups)
      .set({ refreshedAt: passStartedAt, cursor: null, passStartedAt: null })
      .where(eq(dashboardRollups.name, ROLLUP));
    return true;
  }
  await tx.execute(sql`
    insert into ${dashboardEngineTenants} (engine, tenant_id, clusters, nodes, storage_gib)
    select engine, tenant_id, count(*), sum(nodes), sum(storage)
    from (
      select c.tenant_id, c.id, ${ENGINE_OF} as engine, sum(cc.replicas) as nodes,
             sum(cc.replicas::bigint * cc.storage_gib) as storage
      from clusters c
      join cluster_components cc on cc.cluster_id = c.id
      where c.tenant_id > ${from} and c.tenant_id <= ${last}
        and cc.component in ${ENGINE_COMPONENTS} and cc.replicas > 0
      group by 1, 2, 3
    ) per_cluster
    group by engine, tenant_id`);
  await tx.update(dashboardRollups).set({ cursor: last, passStartedAt }).where(eq(dashboardRollups.name, ROLLUP));
  return false;
}

/** A whole pass at once (the demo seed, tests). */
export async function rollupPass(tx: Db, batch = ROLLUP_BATCH): Promise<void> {
  while (!(await rollupStep(tx, batch)));
}

/** When the job should run next: a pass under way goes on at once; the next pass starts a period after the last. */
async function nextRun(db: Db, notBefore: number): Promise<Date> {
  const [state] = await db.select().from(dashboardRollups).where(eq(dashboardRollups.name, ROLLUP));
  if (!state?.refreshedAt) return new Date();
  if (state.cursor !== null) return new Date();
  return new Date(Math.max(Date.now(), state.refreshedAt.getTime() + PERIOD_MS, notBefore));
}

/**
 * The rollup job, rescheduling itself. An app's first pass waits a period after it started (`startedAt`, unless the
 * rollup was never computed or a pass was cut short), so a start — and a benchmark right after one — is not slowed.
 */
export async function rollupJob(tx: Db, startedAt: number): Promise<{ rerunAt: Date }> {
  const due = await nextRun(tx, startedAt + PERIOD_MS);
  if (due.getTime() > Date.now()) return { rerunAt: due };
  const ended = await rollupStep(tx);
  return { rerunAt: ended ? new Date(Date.now() + PERIOD_MS) : new Date() };
}

/** Queues the rollup job unless it is queued already (at the start of an app that started at `startedAt`). */
export async function scheduleRollup(db: Db, startedAt: number): Promise<void> {
  await enqueueJob(db, ROLLUP_JOB, {}, { dedupeKey: ROLLUP_JOB, runAt: await nextRun(db, startedAt + PERIOD_MS) });
}

/** GET dashboard/tikv-tenants, tiflash-tenants: the top tenants of the rollup. */
export async function engineTenants(
  db: Db,
  engine: TenantEngine,
  q: { by: TenantRanking; limit: number },
): Promise<EngineTenants> {
  const e = dashboardEngineTenants;
  // NULLS LAST as the indexes have them (the columns are not null; the planner wants the words to match).
  const down = (c: typeof e.nodes | typeof e.storageGib) => sql`${c} desc nulls last`;
  const order =
    q.by === 'nodes'
      ? [down(e.nodes), down(e.storageGib), asc(e.tenantId)]
      : [down(e.storageGib), down(e.nodes), asc(e.tenantId)];
  const [rows, [total], [state]] = await Promise.all([
    db
      .select({
        tenantId: e.tenantId,
        tenantName: tenants.name,
        clusters: e.clusters,
        nodes: e.nodes,
        storageGib: e.storageGib,
      })
      .from(e)
      .leftJoin(tenants, eq(tenants.id, e.tenantId))
      .where(eq(e.engine, engine))
      .orderBy(...order)
      .limit(q.limit),
    db.select({ n: count() }).from(e).where(eq(e.engine, engine)),
    db
      .select({ refreshedAt: dashboardRollups.refreshedAt })
      .from(dashboardRollups)
      .where(eq(dashboardRollups.name, ROLLUP)),
  ]);
  return {
    engine,
    by: q.by,
    refreshed_at: isoOrNull(state?.refreshedAt),
    total: Number(total?.n ?? 0),
    items: rows.map((r, i) => ({
      rank: i + 1,
      tenant_id: r.tenantId,
      tenant_name: r.tenantName,
      clusters: Number(r.clusters),
      nodes: Number(r.nodes),
      storage_gib: Number(r.storageGib),
    })),
  };
}
