import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { templateListQuery } from '@portal/contract';
import type { Db } from '../../../platform/db.js';
import { listOrder } from '../../../platform/list-query.js';
import { configParameters } from '../../configchange/index.js';
import { ccTemplates } from '../schema.js';

/** SQL of the config center's templates and the parameter catalogue they are written against. */

export type TemplateRow = typeof ccTemplates.$inferSelect;
export type ParameterRow = typeof configParameters.$inferSelect;

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
