import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { defaultConfigChangeListQuery } from '@portal/contract';
import type { Db } from '../../../platform/db.js';
import { listOrder } from '../../../platform/list-query.js';
import { ccChangeItems, ccChanges, ccReleases } from '../schema.js';

/** SQL of the default-config changes and their items. */

export type ChangeRow = typeof ccChanges.$inferSelect;
export type ItemRow = typeof ccChangeItems.$inferSelect;

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
