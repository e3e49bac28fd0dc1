import { and, count, desc, eq, gte, ilike, inArray, isNotNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { aiopsIssueListQuery, aiopsReportListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { containsPattern, listOrder } from '../../platform/list-query.js';
import { clusters, tenants } from '../orgs/index.js';
import { aiopsIssues, aiopsReports } from './schema.js';

export type IssueRow = typeof aiopsIssues.$inferSelect;
export type NewIssue = typeof aiopsIssues.$inferInsert;
export type ReportRow = typeof aiopsReports.$inferSelect;
export type NewReport = typeof aiopsReports.$inferInsert;

// ---- issues -------------------------------------------------------------------------------------------------------
export async function insertIssue(db: Db, row: NewIssue): Promise<IssueRow> {
  const [r] = await db.insert(aiopsIssues).values(row).returning();
  return r!;
}

export async function findIssue(db: Db, number: number, forUpdate = false): Promise<IssueRow | undefined> {
  const q = db.select().from(aiopsIssues).where(eq(aiopsIssues.number, number)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateIssue(db: Db, number: number, patch: Partial<NewIssue>): Promise<IssueRow> {
  const [r] = await db
    .update(aiopsIssues)
    .set({ updatedAt: new Date(), ...patch })
    .where(eq(aiopsIssues.number, number))
    .returning();
  return r!;
}

/** The unresolved issues of these rules (the detector's working set: one per rule and cluster), locked. */
export function unresolvedIssues(db: Db, rules: readonly string[]): Promise<IssueRow[]> {
  const i = aiopsIssues;
  return db
    .select()
    .from(i)
    .where(and(inArray(i.rule, [...rules]), ne(i.status, 'resolved')))
    .for('update');
}

export interface IssueFilter {
  status?: string[] | undefined;
  severity?: string[] | undefined;
  rule?: string[] | undefined;
  clusterId?: string | undefined;
  tenantId?: string | undefined;
  /** A key's number, exactly; or a part of a key (`AIOPS-10`). */
  number?: number | undefined;
  keyPart?: string | undefined;
}

function where(f: IssueFilter): SQL | undefined {
  const i = aiopsIssues;
  const c: SQL[] = [];
  if (f.status?.length) c.push(inArray(i.status, f.status));
  if (f.severity?.length) c.push(inArray(i.severity, f.severity));
  if (f.rule?.length) c.push(inArray(i.rule, f.rule));
  if (f.clusterId) c.push(eq(i.clusterId, f.clusterId));
  if (f.tenantId) c.push(eq(i.tenantId, f.tenantId));
  if (f.number !== undefined || f.keyPart !== undefined) {
    const exact = f.number !== undefined ? eq(i.number, f.number) : undefined;
    const part =
      f.keyPart !== undefined ? ilike(sql`'AIOPS-' || ${i.number}::text`, containsPattern(f.keyPart)) : undefined;
    c.push(exact && part ? or(exact, part)! : (exact ?? part)!);
  }
  return c.length ? and(...c) : undefined;
}

export function selectIssues(
  db: Db,
  f: IssueFilter,
  page: { limit: number; offset: number; sort: z.output<typeof aiopsIssueListQuery>['sort'] },
): Promise<IssueRow[]> {
  const i = aiopsIssues;
  return db
    .select()
    .from(i)
    .where(where(f))
    .orderBy(...listOrder(page.sort, { last_seen: [i.lastSeen, i.number], first_seen: [i.firstSeen, i.number] }))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countIssues(db: Db, f: IssueFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(aiopsIssues).where(where(f));
  return row?.n ?? 0;
}

// ---- what issues refer to -----------------------------------------------------------------------------------------
export interface ClusterRef {
  name: string;
  tenantId: string;
  tenantName: string;
}

export async function clusterRefs(db: Db, ids: readonly string[]): Promise<Map<string, ClusterRef>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: clusters.id, name: clusters.name, tenantId: clusters.tenantId, tenantName: tenants.name })
    .from(clusters)
    .innerJoin(tenants, eq(tenants.id, clusters.tenantId))
    .where(inArray(clusters.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { name: r.name, tenantId: r.tenantId, tenantName: r.tenantName }]));
}

export async function tenantNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(inArray(tenants.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- reports ------------------------------------------------------------------------------------------------------
/** The issues seen during [from, to): first seen before its end, last seen at or after its start. */
function seenIn(from: Date, to: Date): SQL {
  return and(lt(aiopsIssues.firstSeen, to), gte(aiopsIssues.lastSeen, from))!;
}

export interface DayFigures {
  bySeverity: { key: string; count: number }[];
  byRule: { key: string; count: number }[];
  byStatus: { key: string; count: number }[];
  total: number;
  newCount: number;
  resolvedCount: number;
  topClusters: { clusterId: string; tenantId: string; issues: number; critical: number }[];
  newIssues: IssueRow[];
}

/** A day's figures, each one grouped query over the issue indexes (never the issues in memory). */
export async function dayFigures(db: Db, from: Date, to: Date, top: number, maxIssues: number): Promise<DayFigures> {
  const i = aiopsIssues;
  const seen = seenIn(from, to);
  const grouped = (col: typeof i.severity | typeof i.rule | typeof i.status) =>
    db
      .select({ key: col, count: count() })
      .from(i)
      .where(seen)
      .groupBy(col)
      .then((rows) => rows.map((r) => ({ key: r.key, count: r.count })));
  const critical = sql<number>`count(*) filter (where ${i.severity} = 'critical')::int`;
  const severityRank = sql`case ${i.severity} when 'critical' then 0 when 'warning' then 1 else 2 end`;
  const [bySeverity, byRule, byStatus, newCount, resolvedCount, topClusters, newIssues] = await Promise.all([
    grouped(i.severity),
    grouped(i.rule),
    grouped(i.status),
    db
      .select({ n: count() })
      .from(i)
      .where(and(gte(i.firstSeen, from), lt(i.firstSeen, to)))
      .then(([r]) => r?.n ?? 0),
    db
      .select({ n: count() })
      .from(i)
      .where(and(isNotNull(i.resolvedAt), gte(i.resolvedAt, from), lt(i.resolvedAt, to)))
      .then(([r]) => r?.n ?? 0),
    db
      .select({ clusterId: i.clusterId, tenantId: i.tenantId, issues: count(), critical })
      .from(i)
      .where(seen)
      .groupBy(i.clusterId, i.tenantId)
      .orderBy(desc(count()), desc(critical), i.clusterId)
      .limit(top),
    db
      .select()
      .from(i)
      .where(and(gte(i.firstSeen, from), lt(i.firstSeen, to)))
      .orderBy(severityRank, i.firstSeen, i.number)
      .limit(maxIssues),
  ]);
  const total = bySeverity.reduce((n, r) => n + r.count, 0);
  return { bySeverity, byRule, byStatus, total, newCount, resolvedCount, topClusters, newIssues };
}

/** New and resolved issues per UTC day in [from, to) (days without either are absent). */
export async function dailyNewResolved(
  db: Db,
  from: Date,
  to: Date,
): Promise<{ day: string; new: number; resolved: number }[]> {
  const i = aiopsIssues;
  const dayOf = (col: typeof i.firstSeen | typeof i.resolvedAt) =>
    sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [created, resolved] = await Promise.all([
    db
      .select({ day: dayOf(i.firstSeen), n: count() })
      .from(i)
      .where(and(gte(i.firstSeen, from), lt(i.firstSeen, to)))
      .groupBy(dayOf(i.firstSeen)),
    db
      .select({ day: dayOf(i.resolvedAt), n: count() })
      .from(i)
      .where(and(isNotNull(i.resolvedAt), gte(i.resolvedAt, from), lt(i.resolvedAt, to)))
      .groupBy(dayOf(i.resolvedAt)),
  ]);
  const days = new Map<string, { day: string; new: number; resolved: number }>();
  const at = (day: string) => days.get(day) ?? days.set(day, { day, new: 0, resolved: 0 }).get(day)!;
  for (const r of created) at(r.day).new = r.n;
  for (const r of resolved) at(r.day).resolved = r.n;
  return [...days.values()];
}

export async function upsertReport(db: Db, row: NewReport): Promise<ReportRow> {
  const { id: _id, ...rest } = row;
  const [r] = await db
    .insert(aiopsReports)
    .values(row)
    .onConflictDoUpdate({ target: aiopsReports.id, set: rest })
    .returning();
  return r!;
}

export async function findReport(db: Db, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(aiopsReports).where(eq(aiopsReports.id, id)).limit(1);
  return row;
}

export function selectReports(
  db: Db,
  page: { limit: number; offset: number; sort: z.output<typeof aiopsReportListQuery>['sort'] },
): Promise<ReportRow[]> {
  const r = aiopsReports;
  return db
    .select()
    .from(r)
    .orderBy(...listOrder(page.sort, { day: [r.day, r.id] }))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countReports(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(aiopsReports);
  return row?.n ?? 0;
}

/** The newest report's day (YYYY-MM-DD), if any. */
export async function latestReportDay(db: Db): Promise<string | undefined> {
  const [row] = await db.select({ day: aiopsReports.day }).from(aiopsReports).orderBy(desc(aiopsReports.day)).limit(1);
  return row?.day;
}
