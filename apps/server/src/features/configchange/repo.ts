import { and, asc, count, eq, getTableColumns, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { UNFINISHED_PHASES, type configChangeListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { containsPattern, listOrder } from '../../platform/list-query.js';
import { insertRows } from '../../platform/bulk.js';
import { tenants } from '../orgs/index.js';
import { configChanges, configCustomParams, configImageOverrides, configParameters } from './schema.js';

export type ParameterRow = typeof configParameters.$inferSelect;
export type CustomParamRow = typeof configCustomParams.$inferSelect;
export type ChangeRow = typeof configChanges.$inferSelect;
export type ChangeListRow = Omit<ChangeRow, 'snapshot'>;
const { snapshot: _snapshot, ...listColumns } = getTableColumns(configChanges);

// ---------------------------------------------------------------- catalogue

export async function selectCatalogueVersions(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ v: configParameters.minorVersion }).from(configParameters);
  return rows.map((r) => r.v);
}

export function selectParameters(db: Db, minorVersion: string, configTypes: string[]): Promise<ParameterRow[]> {
  if (configTypes.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(configParameters)
    .where(and(eq(configParameters.minorVersion, minorVersion), inArray(configParameters.configType, configTypes)))
    .orderBy(asc(configParameters.configType), asc(configParameters.name));
}

/**
 * The catalogue, at every start: one statement, and a row is rewritten only when it changed (platform/bulk.ts), so an
 * unchanged catalogue costs a read of each row rather than 311 updates (~20 ms instead of ~90 ms of the start).
 */
export async function upsertParameters(db: Db, rows: (typeof configParameters.$inferInsert)[]): Promise<void> {
  const p = configParameters;
  await insertRows(db, p, rows, {
    target: [p.configType, p.minorVersion, p.name],
    update: [p.filename, p.defaultValue, p.type, p.applyPolicy, p.validation, p.description, p.riskLevel],
  });
}

// ---------------------------------------------------------------- stored configuration of a target

export function selectCustomParams(db: Db, clusterType: string, targetId: string): Promise<CustomParamRow[]> {
  return db
    .select()
    .from(configCustomParams)
    .where(and(eq(configCustomParams.clusterType, clusterType), eq(configCustomParams.targetId, targetId)))
    .orderBy(asc(configCustomParams.configType), asc(configCustomParams.name));
}

/** Replaces the custom parameters of one config type of a target with `params`. */
export async function replaceCustomParams(
  db: Db,
  key: { clusterType: string; targetId: string; configType: string; filename: string },
  params: { name: string; value: string }[],
): Promise<void> {
  await db
    .delete(configCustomParams)
    .where(
      and(
        eq(configCustomParams.clusterType, key.clusterType),
        eq(configCustomParams.targetId, key.targetId),
        eq(configCustomParams.configType, key.configType),
      ),
    );
  if (params.length)
    await db.insert(configCustomParams).values(params.map((p) => ({ ...key, name: p.name, value: p.value })));
}

export function selectImageOverrides(db: Db, clusterType: string, targetId: string) {
  return db
    .select({ component: configImageOverrides.component, imageTag: configImageOverrides.imageTag })
    .from(configImageOverrides)
    .where(and(eq(configImageOverrides.clusterType, clusterType), eq(configImageOverrides.targetId, targetId)));
}

export async function clearImageOverrides(db: Db, clusterType: string, targetId: string): Promise<void> {
  await db
    .delete(configImageOverrides)
    .where(and(eq(configImageOverrides.clusterType, clusterType), eq(configImageOverrides.targetId, targetId)));
}

export async function upsertImageOverride(
  db: Db,
  clusterType: string,
  targetId: string,
  component: string,
  imageTag: string,
): Promise<void> {
  await db
    .insert(configImageOverrides)
    .values({ clusterType, targetId, component, imageTag })
    .onConflictDoUpdate({
      target: [configImageOverrides.clusterType, configImageOverrides.targetId, configImageOverrides.component],
      set: { imageTag, updatedAt: new Date() },
    });
}

// ---------------------------------------------------------------- changes

export type NewChange = typeof configChanges.$inferInsert;

export async function insertChange(db: Db, row: NewChange): Promise<number> {
  const [r] = await db.insert(configChanges).values(row).returning({ id: configChanges.id });
  return r!.id;
}

export async function findChange(db: Db, id: number, forUpdate = false): Promise<ChangeRow | undefined> {
  const q = db.select().from(configChanges).where(eq(configChanges.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateChange(
  db: Db,
  id: number,
  patch: Partial<typeof configChanges.$inferInsert>,
): Promise<void> {
  await db
    .update(configChanges)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(configChanges.id, id));
}

export async function findUnfinishedChange(
  db: Db,
  targetType: string,
  clusterType: string,
  targetId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: configChanges.id })
    .from(configChanges)
    .where(
      and(
        eq(configChanges.targetType, targetType),
        eq(configChanges.clusterType, clusterType),
        eq(configChanges.targetId, targetId),
        inArray(configChanges.phase, [...UNFINISHED_PHASES]),
      ),
    )
    .limit(1);
  return row?.id;
}

export interface ChangeFilter {
  modifiedParamLike?: string | undefined;
  phase?: string[] | undefined;
  targetId?: string | undefined;
  targetType?: string | undefined;
  clusterType?: string | undefined;
  applicant?: string | undefined;
}

function changeWhere(f: ChangeFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.modifiedParamLike) {
    // Names are stored comma-joined and contain no comma, so a term with one matches nothing (never across names).
    if (f.modifiedParamLike.includes(',')) c.push(sql`false`);
    else c.push(ilike(configChanges.modifiedParams, containsPattern(f.modifiedParamLike)));
  }
  if (f.phase?.length) c.push(inArray(configChanges.phase, f.phase));
  if (f.targetId) c.push(eq(configChanges.targetId, f.targetId));
  if (f.targetType) c.push(eq(configChanges.targetType, f.targetType));
  if (f.clusterType) c.push(eq(configChanges.clusterType, f.clusterType));
  if (f.applicant) c.push(eq(configChanges.applicant, f.applicant.toLowerCase()));
  return c.length ? and(...c) : undefined;
}

/** One page of changes without their snapshots (the detail carries those). */
export async function selectChangePage(
  db: Db,
  f: ChangeFilter,
  page: { limit: number; offset: number; sort: z.output<typeof configChangeListQuery>['sort'] },
): Promise<ChangeListRow[]> {
  return db
    .select(listColumns)
    .from(configChanges)
    .where(changeWhere(f))
    .orderBy(...listOrder(page.sort, { created_at: configChanges.createdAt }, configChanges.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countChanges(db: Db, f: ChangeFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(configChanges).where(changeWhere(f));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- tenants (tenant-init targets)

/** A tenant as its init configuration sees it; `forUpdate` locks the tenant row for the caller's transaction. */
export async function selectTenantForInit(db: Db, id: string, forUpdate = false) {
  const q = db.select({ id: tenants.id, status: tenants.status }).from(tenants).where(eq(tenants.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}
