import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { SOURCE_ENVIRONMENT, type defaultCaseQuery } from '@portal/contract';
import type { Db } from '../../../platform/db.js';
import {
  ccComponentDefaults,
  ccDefaultCases,
  ccInstanceTypes,
  ccReleased,
  ccTemplates,
  ccVersions,
} from '../schema.js';

/** SQL of the default cases, component defaults, cluster versions and instance types (what changes stage). */

export type CaseRow = typeof ccDefaultCases.$inferSelect;
export type ComponentDefaultRow = typeof ccComponentDefaults.$inferSelect;

// ---------------------------------------------------------------- ordering helpers

/** `v8.10.2` sorts after `v8.9.0`: the three numeric parts of a version, each 0 when it is not a number. */
function versionKeys(column: SQL | typeof ccDefaultCases.version): SQL[] {
  return [1, 2, 3].map(
    (i) =>
      sql`coalesce(nullif(regexp_replace(split_part(ltrim(${column}, 'v'), '.', ${sql.raw(String(i))}), '[^0-9]', '', 'g'), '')::int, 0)`,
  );
}

/** Spec §9: tidb, tikv, pd, tiflash, tiflash_learner, then the rest. */
const configTypeRank = sql`case ${ccDefaultCases.configType} when 'tidb' then 1 when 'tikv' then 2 when 'pd' then 3 when 'tiflash' then 4 when 'tiflash_learner' then 5 else 6 end`;

// ---------------------------------------------------------------- default cases

export interface CaseFilter {
  clusterType: string;
  provider?: string | undefined;
  version?: string | undefined;
  /** null: the "Any" cases only. */
  instanceType?: string | null | undefined;
  configTypes?: string[] | undefined;
}

function caseWhere(f: CaseFilter): SQL | undefined {
  const c: SQL[] = [eq(ccDefaultCases.clusterType, f.clusterType)];
  if (f.provider) c.push(eq(ccDefaultCases.cloudProvider, f.provider));
  if (f.version) c.push(eq(ccDefaultCases.version, f.version));
  if (f.instanceType === null) c.push(isNull(ccDefaultCases.instanceType));
  else if (f.instanceType) c.push(eq(ccDefaultCases.instanceType, f.instanceType));
  if (f.configTypes?.length) c.push(inArray(ccDefaultCases.configType, f.configTypes));
  return and(...c);
}

const current = alias(ccTemplates, 'cur_tpl');
const source = alias(ccTemplates, 'src_tpl');
const prodBinding = alias(ccReleased, 'prod_binding');

/** Default cases with their staged template and the template released to the source environment (prod). */
function casesWithTemplates(db: Db) {
  return db
    .select({
      c: ccDefaultCases,
      currentName: current.name,
      sourceId: sql<string | null>`${prodBinding.value}->>'template_id'`,
      sourceName: source.name,
    })
    .from(ccDefaultCases)
    .innerJoin(current, eq(current.id, ccDefaultCases.templateId))
    .leftJoin(
      prodBinding,
      and(
        eq(prodBinding.environment, SOURCE_ENVIRONMENT),
        eq(prodBinding.kind, 'binding'),
        eq(prodBinding.key, sql`${ccDefaultCases.id}::text`),
      ),
    )
    .leftJoin(source, eq(source.id, sql`(${prodBinding.value}->>'template_id')::bigint`));
}
export type CaseWithTemplates = Awaited<ReturnType<ReturnType<typeof casesWithTemplates>['execute']>>[number];

/** The order of the default-case table: the chosen field in its direction, then the rest of the case ascending. */
function caseOrder(sort: z.output<typeof defaultCaseQuery>['sort']): SQL[] {
  const desc_ = sort.startsWith('-');
  const dir = (k: SQL) => (desc_ ? desc(k) : asc(k));
  const byVersion = versionKeys(ccDefaultCases.version);
  const primary = sort.endsWith('config_type')
    ? [dir(configTypeRank), ...byVersion.map((k) => desc(k))]
    : [...byVersion.map(dir), asc(configTypeRank)];
  return [
    ...primary,
    sql`${ccDefaultCases.cloudProvider} asc nulls first`,
    sql`${ccDefaultCases.instanceType} asc nulls first`,
    asc(ccDefaultCases.id),
  ];
}

export function selectCasePage(
  db: Db,
  f: CaseFilter,
  page: { limit: number; offset: number; sort: z.output<typeof defaultCaseQuery>['sort'] },
) {
  return casesWithTemplates(db)
    .where(caseWhere(f))
    .orderBy(...caseOrder(page.sort))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countCases(db: Db, f: CaseFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ccDefaultCases).where(caseWhere(f));
  return row?.n ?? 0;
}

/** The default cases bound (staged) to a template. */
export function selectCasesOfTemplate(db: Db, templateId: number, clusterType?: string) {
  return db
    .select()
    .from(ccDefaultCases)
    .where(
      and(
        eq(ccDefaultCases.templateId, templateId),
        clusterType ? eq(ccDefaultCases.clusterType, clusterType) : undefined,
      ),
    )
    .orderBy(...caseOrder('-version'));
}

export interface CaseKey {
  clusterType: string;
  version: string;
  cloudProvider: string | null;
  instanceType: string | null;
  configType: string;
  region: string | null;
}

/** The default case of a key (nulls are "Any"), locked for the staging transaction. */
export async function findCaseByKey(db: Db, k: CaseKey): Promise<CaseRow | undefined> {
  const nullable = (
    col: typeof ccDefaultCases.cloudProvider | typeof ccDefaultCases.instanceType | typeof ccDefaultCases.region,
    v: string | null,
  ) => (v === null ? isNull(col) : eq(col, v));
  const [row] = await db
    .select()
    .from(ccDefaultCases)
    .where(
      and(
        eq(ccDefaultCases.clusterType, k.clusterType),
        eq(ccDefaultCases.version, k.version),
        nullable(ccDefaultCases.cloudProvider, k.cloudProvider),
        nullable(ccDefaultCases.instanceType, k.instanceType),
        eq(ccDefaultCases.configType, k.configType),
        nullable(ccDefaultCases.region, k.region),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

export function selectCasesOfVersion(db: Db, clusterType: string, version: string): Promise<CaseRow[]> {
  return db
    .select()
    .from(ccDefaultCases)
    .where(and(eq(ccDefaultCases.clusterType, clusterType), eq(ccDefaultCases.version, version)))
    .orderBy(asc(ccDefaultCases.id));
}

export async function insertCases(db: Db, rows: (typeof ccDefaultCases.$inferInsert)[]): Promise<CaseRow[]> {
  if (!rows.length) return [];
  return db.insert(ccDefaultCases).values(rows).returning();
}

export async function updateCase(db: Db, id: number, patch: Partial<typeof ccDefaultCases.$inferInsert>) {
  await db.update(ccDefaultCases).set(patch).where(eq(ccDefaultCases.id, id));
}

export async function deleteCase(db: Db, id: number): Promise<void> {
  await db.delete(ccDefaultCases).where(eq(ccDefaultCases.id, id));
}

export async function releaseStagedObjects(db: Db, changeId: number): Promise<void> {
  await db.update(ccDefaultCases).set({ changeId: null }).where(eq(ccDefaultCases.changeId, changeId));
  await db.update(ccComponentDefaults).set({ changeId: null }).where(eq(ccComponentDefaults.changeId, changeId));
}

// ---------------------------------------------------------------- component defaults

export async function findComponentDefault(
  db: Db,
  clusterType: string,
  component: string,
  version: string,
): Promise<ComponentDefaultRow | undefined> {
  const [row] = await db
    .select()
    .from(ccComponentDefaults)
    .where(
      and(
        eq(ccComponentDefaults.clusterType, clusterType),
        eq(ccComponentDefaults.component, component),
        eq(ccComponentDefaults.version, version),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

export function selectComponentDefaults(db: Db, clusterType: string, version: string) {
  return db
    .select({
      c: ccComponentDefaults,
      sourceValue: prodBinding.value,
    })
    .from(ccComponentDefaults)
    .leftJoin(
      prodBinding,
      and(
        eq(prodBinding.environment, SOURCE_ENVIRONMENT),
        eq(prodBinding.kind, 'component'),
        eq(prodBinding.key, sql`${ccComponentDefaults.id}::text`),
      ),
    )
    .where(and(eq(ccComponentDefaults.clusterType, clusterType), eq(ccComponentDefaults.version, version)))
    .orderBy(asc(ccComponentDefaults.component));
}

export async function insertComponentDefaults(
  db: Db,
  rows: (typeof ccComponentDefaults.$inferInsert)[],
): Promise<ComponentDefaultRow[]> {
  if (!rows.length) return [];
  return db.insert(ccComponentDefaults).values(rows).returning();
}

export async function updateComponentDefault(
  db: Db,
  id: number,
  patch: Partial<typeof ccComponentDefaults.$inferInsert>,
): Promise<void> {
  await db.update(ccComponentDefaults).set(patch).where(eq(ccComponentDefaults.id, id));
}

export async function deleteComponentDefault(db: Db, id: number): Promise<void> {
  await db.delete(ccComponentDefaults).where(eq(ccComponentDefaults.id, id));
}

// ---------------------------------------------------------------- versions and instance types

export async function findVersion(db: Db, clusterType: string, version: string) {
  const [row] = await db
    .select()
    .from(ccVersions)
    .where(and(eq(ccVersions.clusterType, clusterType), eq(ccVersions.version, version)))
    .limit(1);
  return row;
}

export async function insertVersion(db: Db, clusterType: string, version: string): Promise<void> {
  await db.insert(ccVersions).values({ clusterType, version, isDefault: false, source: 'release' });
}

/** Removes a version a terminated change created and never released (a default one stays). */
export async function deleteUnreleasedVersion(db: Db, clusterType: string, version: string): Promise<void> {
  await db
    .delete(ccVersions)
    .where(
      and(
        eq(ccVersions.clusterType, clusterType),
        eq(ccVersions.version, version),
        eq(ccVersions.source, 'release'),
        eq(ccVersions.isDefault, false),
      ),
    );
}

export function selectInstanceTypes(db: Db, clusterType: string) {
  return db
    .select({ provider: ccInstanceTypes.cloudProvider, instanceType: ccInstanceTypes.instanceType })
    .from(ccInstanceTypes)
    .where(eq(ccInstanceTypes.clusterType, clusterType));
}
