import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  CONFIG_ENVIRONMENTS,
  SOURCE_ENVIRONMENT,
  type defaultCaseQuery,
  type defaultConfigChangeListQuery,
  type templateListQuery,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { listOrder } from '../../platform/list-query.js';
import { configParameters } from '../configchange/index.js';
import {
  ccChangeItems,
  ccChanges,
  ccComponentDefaults,
  ccDefaultCases,
  ccInstanceTypes,
  ccReleased,
  ccReleases,
  ccTemplates,
  ccVersions,
} from './schema.js';

/** All SQL of the config center core (templates, default cases, default-config changes, releases). */

export type TemplateRow = typeof ccTemplates.$inferSelect;
export type CaseRow = typeof ccDefaultCases.$inferSelect;
export type ComponentDefaultRow = typeof ccComponentDefaults.$inferSelect;
export type ChangeRow = typeof ccChanges.$inferSelect;
export type ItemRow = typeof ccChangeItems.$inferSelect;
export type ReleaseRow = typeof ccReleases.$inferSelect;
export type ReleasedRow = typeof ccReleased.$inferSelect;
export type ParameterRow = typeof configParameters.$inferSelect;

/** A database id from an API id: digits only (anything else names nothing). */
export function parseId(id: string): number | undefined {
  if (!/^\d{1,15}$/.test(id)) return undefined;
  return Number(id);
}

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

// ---------------------------------------------------------------- templates

export interface TemplateFilter {
  ids?: number[] | undefined;
  names?: string[] | undefined;
  clusterType?: string | undefined;
  templateType?: string | undefined;
  minorVersion?: string | undefined;
  configType?: string | undefined;
}

function templateWhere(f: TemplateFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.ids) c.push(f.ids.length ? inArray(ccTemplates.id, f.ids) : sql`false`);
  // A draft is part of its change until a release freezes it: the lists show it only when asked for by id.
  else c.push(isNull(ccTemplates.changeId));
  if (f.names?.length) c.push(inArray(ccTemplates.name, f.names));
  if (f.clusterType) c.push(eq(ccTemplates.clusterType, f.clusterType));
  if (f.templateType) c.push(eq(ccTemplates.templateType, f.templateType));
  if (f.minorVersion) c.push(eq(ccTemplates.effectiveMinorVersion, f.minorVersion));
  if (f.configType) c.push(eq(ccTemplates.configType, f.configType));
  return and(...c);
}

export function selectTemplatePage(
  db: Db,
  f: TemplateFilter,
  page: { limit: number; offset: number; sort: z.output<typeof templateListQuery>['sort'] },
) {
  const { parameters: _p, customData: _c, ...columns } = ccTemplates;
  void _p;
  void _c;
  return db
    .select({
      id: columns.id,
      name: columns.name,
      clusterType: columns.clusterType,
      templateType: columns.templateType,
      configType: columns.configType,
      effectiveMinorVersion: columns.effectiveMinorVersion,
      creatorEmail: columns.creatorEmail,
      changeId: columns.changeId,
      createdAt: columns.createdAt,
    })
    .from(ccTemplates)
    .where(templateWhere(f))
    .orderBy(...listOrder(page.sort, { created_at: ccTemplates.createdAt, name: ccTemplates.name }, ccTemplates.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type TemplateSummaryRow = Awaited<ReturnType<typeof selectTemplatePage>>[number];

export async function countTemplates(db: Db, f: TemplateFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ccTemplates).where(templateWhere(f));
  return row?.n ?? 0;
}

export async function findTemplate(db: Db, id: number, forUpdate = false): Promise<TemplateRow | undefined> {
  const q = db.select().from(ccTemplates).where(eq(ccTemplates.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function templateNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: ccTemplates.id, name: ccTemplates.name })
    .from(ccTemplates)
    .where(inArray(ccTemplates.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function insertTemplate(db: Db, row: typeof ccTemplates.$inferInsert): Promise<number> {
  const [r] = await db.insert(ccTemplates).values(row).returning({ id: ccTemplates.id });
  return r!.id;
}

export async function updateTemplateParameters(db: Db, id: number, parameters: unknown): Promise<void> {
  await db.update(ccTemplates).set({ parameters }).where(eq(ccTemplates.id, id));
}

/** A released draft is an ordinary template from then on: never edited again (decision 0012). */
export async function freezeDrafts(db: Db, changeId: number, templateIds: number[]): Promise<void> {
  if (!templateIds.length) return;
  await db
    .update(ccTemplates)
    .set({ changeId: null })
    .where(and(eq(ccTemplates.changeId, changeId), inArray(ccTemplates.id, templateIds)));
}

// ---------------------------------------------------------------- parameter catalogue

export function selectCatalogue(db: Db, minorVersion: string, configTypes: string[]): Promise<ParameterRow[]> {
  if (!configTypes.length) return Promise.resolve([]);
  return db
    .select()
    .from(configParameters)
    .where(
      and(eq(configParameters.minorVersion, minorVersion), inArray(configParameters.configType, [...configTypes])),
    );
}

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

// ---------------------------------------------------------------- changes

export async function insertChange(db: Db, row: typeof ccChanges.$inferInsert): Promise<number> {
  const [r] = await db.insert(ccChanges).values(row).returning({ id: ccChanges.id });
  return r!.id;
}

export async function findChange(db: Db, id: number, forUpdate = false): Promise<ChangeRow | undefined> {
  const q = db.select().from(ccChanges).where(eq(ccChanges.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateChange(db: Db, id: number, patch: Partial<typeof ccChanges.$inferInsert>): Promise<void> {
  await db
    .update(ccChanges)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(ccChanges.id, id));
}

export interface ChangeFilter {
  phase?: string[] | undefined;
  applicant?: string | undefined;
  itemType?: string | undefined;
}

function changeWhere(f: ChangeFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.phase?.length) c.push(inArray(ccChanges.phase, f.phase));
  if (f.applicant) c.push(eq(ccChanges.applicant, f.applicant.toLowerCase()));
  if (f.itemType)
    c.push(
      sql`exists (select 1 from ${ccChangeItems} where ${ccChangeItems.changeId} = ${ccChanges.id} and ${ccChangeItems.type} = ${f.itemType})`,
    );
  return c.length ? and(...c) : undefined;
}

export function selectChangePage(
  db: Db,
  f: ChangeFilter,
  page: { limit: number; offset: number; sort: z.output<typeof defaultConfigChangeListQuery>['sort'] },
): Promise<ChangeRow[]> {
  return db
    .select()
    .from(ccChanges)
    .where(changeWhere(f))
    .orderBy(...listOrder(page.sort, { created_at: ccChanges.createdAt }, ccChanges.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countChanges(db: Db, f: ChangeFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ccChanges).where(changeWhere(f));
  return row?.n ?? 0;
}

/** Per change: the types of its items and the environments it has releases for (one query each). */
export async function changeFacets(
  db: Db,
  ids: number[],
): Promise<{ types: Map<number, string[]>; environments: Map<number, string[]> }> {
  if (!ids.length) return { types: new Map(), environments: new Map() };
  const [types, envs] = await Promise.all([
    db
      .selectDistinct({ id: ccChangeItems.changeId, v: ccChangeItems.type })
      .from(ccChangeItems)
      .where(inArray(ccChangeItems.changeId, ids)),
    db
      .selectDistinct({ id: ccReleases.changeId, v: ccReleases.environment })
      .from(ccReleases)
      .where(inArray(ccReleases.changeId, ids)),
  ]);
  const group = (rows: { id: number; v: string }[]) => {
    const m = new Map<number, string[]>();
    for (const r of rows) m.set(r.id, [...(m.get(r.id) ?? []), r.v]);
    return m;
  };
  return { types: group(types), environments: group(envs) };
}

// ---------------------------------------------------------------- items

export async function insertItems(db: Db, rows: (typeof ccChangeItems.$inferInsert)[]): Promise<ItemRow[]> {
  if (!rows.length) return [];
  return db.insert(ccChangeItems).values(rows).returning();
}

export async function updateItem(db: Db, id: number, patch: Partial<typeof ccChangeItems.$inferInsert>) {
  await db
    .update(ccChangeItems)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(ccChangeItems.id, id));
}

export function selectItems(db: Db, changeId: number, forUpdate = false): Promise<ItemRow[]> {
  const q = db.select().from(ccChangeItems).where(eq(ccChangeItems.changeId, changeId)).orderBy(asc(ccChangeItems.id));
  return forUpdate ? q.for('update') : q;
}

/** Records that each item is released to `environment` at the given revision (one statement). */
export async function markReleased(
  db: Db,
  environment: string,
  items: { id: number; revision: number }[],
): Promise<void> {
  if (!items.length) return;
  await db.execute(sql`
    update ${ccChangeItems} set released = ${ccChangeItems.released} || jsonb_build_object(${environment}::text, v.revision)
    from json_to_recordset(${JSON.stringify(items)}::json) as v(id bigint, revision int)
    where ${ccChangeItems.id} = v.id`);
}

export interface ItemFilter {
  types?: string[] | undefined;
  /** Only items whose current revision is not released there. */
  unreleasedIn?: string | undefined;
}

function itemWhere(changeId: number, f: ItemFilter): SQL | undefined {
  const c: SQL[] = [eq(ccChangeItems.changeId, changeId)];
  if (f.types?.length) c.push(inArray(ccChangeItems.type, f.types));
  if (f.unreleasedIn)
    c.push(sql`(${ccChangeItems.released}->>${f.unreleasedIn})::int is distinct from ${ccChangeItems.revision}`);
  return and(...c);
}

export function selectItemPage(
  db: Db,
  changeId: number,
  f: ItemFilter,
  page: { limit: number; offset: number; sort: 'id' | '-id' },
): Promise<ItemRow[]> {
  return db
    .select()
    .from(ccChangeItems)
    .where(itemWhere(changeId, f))
    .orderBy(...listOrder(page.sort, { id: ccChangeItems.id }))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countItems(db: Db, changeId: number, f: ItemFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ccChangeItems).where(itemWhere(changeId, f));
  return row?.n ?? 0;
}

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
