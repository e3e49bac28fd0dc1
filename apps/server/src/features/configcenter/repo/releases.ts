import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CONFIG_ENVIRONMENTS } from '@portal/contract';
import type { Db } from '../../../platform/db.js';
import { ccComponentDefaults, ccDefaultCases, ccReleased, ccReleases, ccTemplates } from '../schema.js';

/** SQL of the releases and of what each environment has released (`cc_released`). */

export type ReleaseRow = typeof ccReleases.$inferSelect;
export type ReleasedRow = typeof ccReleased.$inferSelect;

// ---------------------------------------------------------------- releases

export async function insertRelease(db: Db, row: typeof ccReleases.$inferInsert): Promise<number> {
  const [r] = await db.insert(ccReleases).values(row).returning({ id: ccReleases.id });
  return r!.id;
}

export async function findRelease(db: Db, id: number, forUpdate = false): Promise<ReleaseRow | undefined> {
  const q = db.select().from(ccReleases).where(eq(ccReleases.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findReleaseByApproval(
  db: Db,
  changeId: number,
  approvalId: string,
): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .select()
    .from(ccReleases)
    .where(and(eq(ccReleases.changeId, changeId), eq(ccReleases.approvalId, approvalId)))
    .limit(1)
    .for('update');
  return row;
}

export async function updateRelease(db: Db, id: number, patch: Partial<typeof ccReleases.$inferInsert>) {
  await db
    .update(ccReleases)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(ccReleases.id, id));
}

export function selectReleasesOfChange(db: Db, changeId: number): Promise<ReleaseRow[]> {
  return db.select().from(ccReleases).where(eq(ccReleases.changeId, changeId)).orderBy(desc(ccReleases.id));
}

/**
 * The next release number of an environment. Serialised per environment by a transaction-scoped advisory lock, so
 * two concurrent releases never take the same number.
 */
export async function nextReleaseNumber(db: Db, environment: string): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`cc_release_number:${environment}`}))`);
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${ccReleases.releaseNumber}), 0)::int` })
    .from(ccReleases)
    .where(eq(ccReleases.environment, environment));
  return (row?.n ?? 0) + 1;
}

// ---------------------------------------------------------------- what an environment has released

/** The default cases of a cluster type and version that apply to a provider and instance type, as released in env. */
export function selectReleasedCases(
  db: Db,
  environment: string,
  k: { clusterType: string; version: string; provider: string; instanceType: string | undefined },
) {
  const released = alias(ccReleased, 'env_binding');
  const tpl = alias(ccTemplates, 'env_tpl');
  return db
    .select({
      id: ccDefaultCases.id,
      configType: ccDefaultCases.configType,
      cloudProvider: ccDefaultCases.cloudProvider,
      instanceType: ccDefaultCases.instanceType,
      templateId: tpl.id,
      templateName: tpl.name,
    })
    .from(ccDefaultCases)
    .innerJoin(
      released,
      and(
        eq(released.environment, environment),
        eq(released.kind, 'binding'),
        eq(released.key, sql`${ccDefaultCases.id}::text`),
      ),
    )
    .innerJoin(tpl, eq(tpl.id, sql`(${released.value}->>'template_id')::bigint`))
    .where(
      and(
        eq(ccDefaultCases.clusterType, k.clusterType),
        eq(ccDefaultCases.version, k.version),
        sql`(${ccDefaultCases.cloudProvider} is null or ${ccDefaultCases.cloudProvider} = ${k.provider})`,
        k.instanceType
          ? sql`(${ccDefaultCases.instanceType} is null or ${ccDefaultCases.instanceType} = ${k.instanceType})`
          : isNull(ccDefaultCases.instanceType),
        isNull(ccDefaultCases.region),
      ),
    );
}

export function selectReleasedComponents(db: Db, environment: string, clusterType: string, version: string) {
  const released = alias(ccReleased, 'env_component');
  return db
    .select({ component: ccComponentDefaults.component, value: released.value })
    .from(ccComponentDefaults)
    .innerJoin(
      released,
      and(
        eq(released.environment, environment),
        eq(released.kind, 'component'),
        eq(released.key, sql`${ccComponentDefaults.id}::text`),
      ),
    )
    .where(and(eq(ccComponentDefaults.clusterType, clusterType), eq(ccComponentDefaults.version, version)));
}

// ---------------------------------------------------------------- released state

export async function upsertReleased(db: Db, rows: (typeof ccReleased.$inferInsert)[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(ccReleased)
    .values(rows)
    .onConflictDoUpdate({
      target: [ccReleased.environment, ccReleased.kind, ccReleased.key],
      set: {
        value: sql`excluded.value`,
        releaseId: sql`excluded.release_id`,
        releasedAt: sql`excluded.released_at`,
      },
    });
}

/** The environments that have released one key. */
export async function releasedEnvironments(db: Db, kind: string, key: string): Promise<string[]> {
  const rows = await db
    .select({ environment: ccReleased.environment })
    .from(ccReleased)
    // Every environment named, so the primary key (environment, kind, key) serves the lookup.
    .where(
      and(
        inArray(ccReleased.environment, [...CONFIG_ENVIRONMENTS]),
        eq(ccReleased.kind, kind),
        eq(ccReleased.key, key),
      ),
    );
  return rows.map((r) => r.environment);
}
