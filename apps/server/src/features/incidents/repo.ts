import { and, arrayContains, asc, count, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { incidentListQuery, incidentLogListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { containsPattern, listOrder } from '../../platform/list-query.js';
import { portalUsers } from '../../platform/schema.js';
import { clusters, tenants } from '../orgs/index.js';
import { incidentLogs, incidents, incidentTodos } from './schema.js';

export type IncidentRow = typeof incidents.$inferSelect;
export type NewIncident = typeof incidents.$inferInsert;
export type LogRow = typeof incidentLogs.$inferSelect;
export type NewLog = typeof incidentLogs.$inferInsert;
export type TodoRow = typeof incidentTodos.$inferSelect;
export type NewTodo = typeof incidentTodos.$inferInsert;

// ---- incidents ----------------------------------------------------------------------------------------------------
export async function insertIncident(db: Db, row: NewIncident): Promise<number> {
  const [r] = await db.insert(incidents).values(row).returning({ number: incidents.number });
  return r!.number;
}

export async function findIncident(db: Db, number: number, forUpdate = false): Promise<IncidentRow | undefined> {
  const q = db.select().from(incidents).where(eq(incidents.number, number)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateIncident(db: Db, number: number, patch: Partial<NewIncident>): Promise<void> {
  await db
    .update(incidents)
    .set({ updatedAt: new Date(), ...patch })
    .where(eq(incidents.number, number));
}

export interface IncidentFilter {
  status?: string[] | undefined;
  severity?: string[] | undefined;
  tenantId?: string | undefined;
  clusterId?: string | undefined;
  startedFrom?: Date | undefined;
  startedBefore?: Date | undefined;
  /** A title substring; `number` also matches the incident of that number (the search was an id). */
  search?: { text: string; number?: number | undefined } | undefined;
}

function where(f: IncidentFilter): SQL | undefined {
  const i = incidents;
  const c: SQL[] = [];
  if (f.status?.length) c.push(inArray(i.status, f.status));
  if (f.severity?.length) c.push(inArray(i.severity, f.severity));
  if (f.tenantId) c.push(arrayContains(i.tenantIds, [f.tenantId]));
  if (f.clusterId) c.push(arrayContains(i.clusterIds, [f.clusterId]));
  if (f.startedFrom) c.push(gte(i.startedAt, f.startedFrom));
  if (f.startedBefore) c.push(lt(i.startedAt, f.startedBefore));
  if (f.search) {
    const text = ilike(i.title, containsPattern(f.search.text));
    c.push(f.search.number === undefined ? text : or(text, eq(i.number, f.search.number))!);
  }
  return c.length ? and(...c) : undefined;
}

export function selectPage(
  db: Db,
  f: IncidentFilter,
  page: { limit: number; offset: number; sort: z.output<typeof incidentListQuery>['sort'] },
): Promise<IncidentRow[]> {
  const i = incidents;
  return db
    .select()
    .from(i)
    .where(where(f))
    .orderBy(...listOrder(page.sort, { started_at: [i.startedAt, i.number] }))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countPage(db: Db, f: IncidentFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(incidents).where(where(f));
  return row?.n ?? 0;
}

// ---- what the incidents refer to ----------------------------------------------------------------------------------
export async function tenantNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(inArray(tenants.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function clusterRefs(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { name: string; tenantId: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: clusters.id, name: clusters.name, tenantId: clusters.tenantId })
    .from(clusters)
    .where(inArray(clusters.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { name: r.name, tenantId: r.tenantId }]));
}

/** Whether the email is an enabled portal user's. */
export async function isActiveUser(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ disabled: portalUsers.disabled })
    .from(portalUsers)
    .where(eq(portalUsers.email, email))
    .limit(1);
  return row !== undefined && !row.disabled;
}

// ---- timeline -----------------------------------------------------------------------------------------------------
export async function insertLog(db: Db, row: NewLog): Promise<LogRow> {
  const [r] = await db.insert(incidentLogs).values(row).returning();
  return r!;
}

function logWhere(number: number, kinds: string[] | undefined): SQL {
  const l = incidentLogs;
  return kinds?.length ? and(eq(l.incidentNumber, number), inArray(l.kind, kinds))! : eq(l.incidentNumber, number);
}

export function selectLogs(
  db: Db,
  number: number,
  kinds: string[] | undefined,
  page: { limit: number; offset: number; sort: z.output<typeof incidentLogListQuery>['sort'] },
): Promise<LogRow[]> {
  const l = incidentLogs;
  return db
    .select()
    .from(l)
    .where(logWhere(number, kinds))
    .orderBy(...listOrder(page.sort, { at: l.at }, l.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countLogs(db: Db, number: number, kinds: string[] | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(incidentLogs).where(logWhere(number, kinds));
  return row?.n ?? 0;
}

// ---- post-mortem todos --------------------------------------------------------------------------------------------
export async function insertTodo(db: Db, row: NewTodo): Promise<TodoRow> {
  const [r] = await db.insert(incidentTodos).values(row).returning();
  return r!;
}

export async function findTodo(db: Db, number: number, id: number, forUpdate = false): Promise<TodoRow | undefined> {
  const t = incidentTodos;
  const q = db
    .select()
    .from(t)
    .where(and(eq(t.incidentNumber, number), eq(t.id, id)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateTodo(db: Db, id: number, patch: Partial<NewTodo>): Promise<TodoRow> {
  const [r] = await db
    .update(incidentTodos)
    .set({ updatedAt: new Date(), ...patch })
    .where(eq(incidentTodos.id, id))
    .returning();
  return r!;
}

export async function deleteTodo(db: Db, id: number): Promise<void> {
  await db.delete(incidentTodos).where(eq(incidentTodos.id, id));
}

/** An incident's todos in creation order (all of them: a post-mortem has a handful). */
export async function listTodos(db: Db, number: number, forUpdate = false): Promise<TodoRow[]> {
  const t = incidentTodos;
  const q = db.select().from(t).where(eq(t.incidentNumber, number)).orderBy(asc(t.id));
  return forUpdate ? q.for('update') : q;
}
