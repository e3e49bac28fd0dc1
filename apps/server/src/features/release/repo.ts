import { and, asc, count, eq, ilike, inArray, like, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { devopsReleaseListQuery, releaseChangeListQuery, releaseTicketListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { containsPattern, listOrder, pageWindow } from '../../platform/list-query.js';
import { clusters } from '../orgs/index.js';
import type { ChangeCounts, ChangeRow, ReleaseRow, TicketRow } from './model.js';
import { relChanges, relReleases, relTicketHistory, relTickets } from './schema.js';

/** All of the release area's SQL. */

export type ChangeInsert = typeof relChanges.$inferInsert;

const r = relReleases;
const c = relChanges;
const t = relTickets;

// ---- releases -------------------------------------------------------------------------------------------------------

function releaseWhere(q: z.output<typeof devopsReleaseListQuery>): SQL | undefined {
  const where: SQL[] = [];
  if (q.environment?.length) where.push(inArray(r.environment, q.environment));
  if (q.phase?.length) where.push(inArray(r.phase, q.phase));
  if (q.search) {
    const p = containsPattern(q.search);
    where.push(or(ilike(r.releaseNumber, p), ilike(r.description, p))!);
  }
  return where.length ? and(...where) : undefined;
}

export function selectReleasePage(db: Db, q: z.output<typeof devopsReleaseListQuery>): Promise<ReleaseRow[]> {
  const { limit, offset } = pageWindow(q);
  return db
    .select()
    .from(r)
    .where(releaseWhere(q))
    .orderBy(...listOrder(q.sort, { created_at: r.createdAt, released_at: r.releasedAt }, r.id))
    .limit(limit)
    .offset(offset);
}

export async function countReleases(db: Db, q: z.output<typeof devopsReleaseListQuery>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(r).where(releaseWhere(q));
  return row?.n ?? 0;
}

export async function findRelease(db: Db, id: number, forUpdate = false): Promise<ReleaseRow | undefined> {
  const q = db.select().from(r).where(eq(r.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function insertRelease(db: Db, row: typeof r.$inferInsert): Promise<number> {
  const [out] = await db.insert(r).values(row).returning({ id: r.id });
  return out!.id;
}

export async function updateRelease(db: Db, id: number, patch: Partial<typeof r.$inferInsert>): Promise<void> {
  await db
    .update(r)
    .set({ updatedAt: new Date(), ...patch })
    .where(eq(r.id, id));
}

/** The release numbers of an environment that start with `prefix.` (one ISO week's). */
export async function numbersWithPrefix(db: Db, environment: string, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ n: r.releaseNumber })
    .from(r)
    .where(and(eq(r.environment, environment), like(r.releaseNumber, `${prefix}.%`)));
  return rows.map((x) => x.n);
}

/** Per release, how many changes it has in each status. */
export async function changeCounts(db: Db, releaseIds: number[]): Promise<Map<number, ChangeCounts>> {
  const out = new Map<number, ChangeCounts>(releaseIds.map((id) => [id, { total: 0, by_status: {} }]));
  if (!releaseIds.length) return out;
  const rows = await db
    .select({ releaseId: c.releaseId, status: c.status, n: count() })
    .from(c)
    .where(inArray(c.releaseId, releaseIds))
    .groupBy(c.releaseId, c.status);
  for (const row of rows) {
    const counts = out.get(row.releaseId)!;
    counts.total += row.n;
    counts.by_status[row.status as keyof ChangeCounts['by_status']] = row.n;
  }
  return out;
}

// ---- changes --------------------------------------------------------------------------------------------------------

function changeWhere(releaseId: number, q: z.output<typeof releaseChangeListQuery>): SQL {
  const where: SQL[] = [eq(c.releaseId, releaseId)];
  if (q.status?.length) where.push(inArray(c.status, q.status));
  return and(...where)!;
}

export function selectChangePage(
  db: Db,
  releaseId: number,
  q: z.output<typeof releaseChangeListQuery>,
): Promise<ChangeRow[]> {
  const { limit, offset } = pageWindow(q);
  return db
    .select()
    .from(c)
    .where(changeWhere(releaseId, q))
    .orderBy(...listOrder(q.sort, { created_at: c.createdAt, title: c.title }, c.id))
    .limit(limit)
    .offset(offset);
}

export async function countChanges(
  db: Db,
  releaseId: number,
  q: z.output<typeof releaseChangeListQuery>,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(c).where(changeWhere(releaseId, q));
  return row?.n ?? 0;
}

export function selectChangesOf(db: Db, releaseId: number): Promise<ChangeRow[]> {
  return db.select().from(c).where(eq(c.releaseId, releaseId)).orderBy(asc(c.createdAt), asc(c.id));
}

export async function findChange(db: Db, id: number, forUpdate = false): Promise<ChangeRow | undefined> {
  const q = db.select().from(c).where(eq(c.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function insertChange(db: Db, row: typeof c.$inferInsert): Promise<number> {
  const [out] = await db.insert(c).values(row).returning({ id: c.id });
  return out!.id;
}

export async function updateChange(db: Db, id: number, patch: Partial<typeof c.$inferInsert>): Promise<ChangeRow> {
  const [row] = await db
    .update(c)
    .set({ updatedAt: new Date(), ...patch })
    .where(eq(c.id, id))
    .returning();
  return row!;
}

/** The ids of these clusters that exist. */
export async function existingClusters(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: clusters.id })
    .from(clusters)
    .where(inArray(clusters.id, [...ids]));
  return new Set(rows.map((x) => x.id));
}

export function clusterStatuses(db: Db, ids: readonly string[]): Promise<{ id: string; status: string }[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: clusters.id, status: clusters.status })
    .from(clusters)
    .where(inArray(clusters.id, [...ids]));
}

// ---- tickets --------------------------------------------------------------------------------------------------------

/** The tickets of these changes, by change id, in name order. */
export async function ticketsOfChanges(db: Db, changeIds: number[]): Promise<Map<number, TicketRow[]>> {
  const out = new Map<number, TicketRow[]>(changeIds.map((id) => [id, []]));
  if (!changeIds.length) return out;
  const rows = await db.select().from(t).where(inArray(t.changeId, changeIds)).orderBy(asc(t.name));
  for (const row of rows) out.get(row.changeId)?.push(row);
  return out;
}

function ticketWhere(releaseId: number, q: z.output<typeof releaseTicketListQuery>, changeId: number | undefined) {
  const where: SQL[] = [eq(t.releaseId, releaseId)];
  if (q.status?.length) where.push(inArray(t.status, q.status));
  if (changeId !== undefined) where.push(eq(t.changeId, changeId));
  return and(...where)!;
}

export function selectTicketPage(
  db: Db,
  releaseId: number,
  q: z.output<typeof releaseTicketListQuery>,
  changeId: number | undefined,
): Promise<(TicketRow & { changeTitle: string })[]> {
  const { limit, offset } = pageWindow(q);
  return db
    .select({ ticket: t, changeTitle: c.title })
    .from(t)
    .innerJoin(c, eq(c.id, t.changeId))
    .where(ticketWhere(releaseId, q, changeId))
    .orderBy(...listOrder(q.sort, { name: t.name, updated_at: t.updatedAt }, t.id))
    .limit(limit)
    .offset(offset)
    .then((rows) => rows.map((x) => ({ ...x.ticket, changeTitle: x.changeTitle })));
}

export async function countTickets(
  db: Db,
  releaseId: number,
  q: z.output<typeof releaseTicketListQuery>,
  changeId: number | undefined,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .where(ticketWhere(releaseId, q, changeId));
  return row?.n ?? 0;
}

export async function findTicket(
  db: Db,
  releaseId: number,
  name: string,
  forUpdate = false,
): Promise<TicketRow | undefined> {
  const q = db
    .select()
    .from(t)
    .where(and(eq(t.releaseId, releaseId), eq(t.name, name)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function insertTicket(db: Db, row: typeof t.$inferInsert): Promise<number> {
  const [out] = await db.insert(t).values(row).returning({ id: t.id });
  return out!.id;
}

export async function updateTicketStatus(db: Db, id: number, status: string, at: Date): Promise<void> {
  await db.update(t).set({ status, updatedAt: at }).where(eq(t.id, id));
}

export async function insertHistory(db: Db, row: typeof relTicketHistory.$inferInsert): Promise<void> {
  await db.insert(relTicketHistory).values(row);
}

export function selectHistory(db: Db, ticketId: number) {
  const h = relTicketHistory;
  return db.select().from(h).where(eq(h.ticketId, ticketId)).orderBy(asc(h.at), asc(h.id));
}
