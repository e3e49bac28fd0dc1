import type { z } from 'zod';
import {
  AIOPS_ISSUE_ACTION_TARGETS,
  AIOPS_ISSUE_STATUS_ACTIONS,
  AIOPS_ISSUE_STATUS_LABELS,
  AIOPS_ISSUE_STATUSES,
  AIOPS_REPORT_MAX_ISSUES,
  AIOPS_REPORT_TOP_CLUSTERS,
  AIOPS_REPORT_TREND_DAYS,
  AIOPS_SEVERITIES,
  AIOPS_SEVERITY_LABELS,
  aiopsIssueKey,
  aiopsReportId,
  aiopsRule,
  canAiopsIssue,
  type AiopsIssue,
  type AiopsIssueAction,
  type aiopsIssueListQuery,
  type AiopsIssueStatus,
  type AiopsReport,
  type aiopsReportListQuery,
  type AiopsReportSummary,
  type AiopsSeverity,
  type ListResult,
} from '@portal/contract';
import { writeAudit, type AuditEntry } from '../../platform/audit.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import * as repo from './repo.js';

export const AUDIT_TYPE = 'aiops_issue' as const;
export const SYSTEM = 'system';
const DAY_MS = 86_400_000;

// ---- keys ---------------------------------------------------------------------------------------------------------
export function parseIssueKey(key: string): number | undefined {
  const m = /^AIOPS-(\d{1,9})$/i.exec(key.trim());
  return m ? Number(m[1]) : undefined;
}
export const issuePath = (key: string): string => `/aiops/issues/${encodeURIComponent(key)}`;

const notFound = (key: string) => new AppError('aiops.issueNotFound', `AIOps issue ${key} not found`);

export async function mustFindIssue(db: Db, key: string, forUpdate = false): Promise<repo.IssueRow> {
  const n = parseIssueKey(key);
  const row = n === undefined ? undefined : await repo.findIssue(db, n, forUpdate);
  if (!row) throw notFound(key);
  return row;
}

export function audit(
  tx: Db,
  key: string,
  operator: string,
  operation: string,
  details: AuditEntry['details'],
  at: Date,
) {
  return writeAudit(tx, { type: AUDIT_TYPE, instanceId: key, operator, operation, details, operateAt: at });
}

// ---- read model ---------------------------------------------------------------------------------------------------
export function toIssue(
  r: repo.IssueRow,
  refs: Map<string, repo.ClusterRef>,
  tenants: Map<string, string>,
): AiopsIssue {
  const c = refs.get(r.clusterId);
  return {
    key: aiopsIssueKey(r.number),
    rule: r.rule,
    rule_name: aiopsRule(r.rule)?.name ?? r.rule,
    metric: r.metric,
    severity: r.severity as AiopsSeverity,
    status: r.status as AiopsIssueStatus,
    cluster_id: r.clusterId,
    cluster_name: c?.name ?? r.clusterId,
    tenant_id: r.tenantId,
    tenant_name: tenants.get(r.tenantId) ?? c?.tenantName ?? r.tenantId,
    summary: r.summary,
    first_seen: iso(r.firstSeen),
    last_seen: iso(r.lastSeen),
    firing: r.firing,
    peak_value: r.peakValue,
    reference_value: r.referenceValue,
    occurrences: r.occurrences,
    acknowledged_at: isoOrNull(r.acknowledgedAt),
    acknowledged_by: r.acknowledgedBy,
    resolved_at: isoOrNull(r.resolvedAt),
    resolved_by: r.resolvedBy,
    resolution_note: r.resolutionNote,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

async function present(db: Db, rows: readonly repo.IssueRow[]): Promise<AiopsIssue[]> {
  const [refs, tenants] = await Promise.all([
    repo.clusterRefs(
      db,
      rows.map((r) => r.clusterId),
    ),
    repo.tenantNames(
      db,
      rows.map((r) => r.tenantId),
    ),
  ]);
  return rows.map((r) => toIssue(r, refs, tenants));
}

export async function getIssue(db: Db, key: string): Promise<AiopsIssue> {
  const [issue] = await present(db, [await mustFindIssue(db, key)]);
  return issue!;
}

export async function listIssues(db: Db, q: z.output<typeof aiopsIssueListQuery>): Promise<ListResult<AiopsIssue>> {
  const search = q.search?.trim();
  const number = search ? parseIssueKey(search) : undefined;
  const filter: repo.IssueFilter = {
    status: q.status,
    severity: q.severity,
    rule: q.rule,
    clusterId: q.cluster_id || undefined,
    tenantId: q.tenant_id || undefined,
    // An exact key finds its issue by number; anything else matches keys containing it.
    number,
    keyPart: search && number === undefined ? search : undefined,
  };
  const page = await listPage(
    repo.selectIssues(db, filter, { ...pageWindow(q), sort: q.sort }),
    repo.countIssues(db, filter),
  );
  return { total: page.total, items: await present(db, page.items) };
}

// ---- acknowledge / resolve ----------------------------------------------------------------------------------------
/** What an audit row keeps of an issue. */
export function issueSnapshot(r: repo.IssueRow) {
  return {
    status: r.status,
    severity: r.severity,
    rule: r.rule,
    cluster_id: r.clusterId,
    first_seen: iso(r.firstSeen),
    last_seen: iso(r.lastSeen),
    acknowledged_by: r.acknowledgedBy,
    resolved_by: r.resolvedBy,
    resolution_note: r.resolutionNote,
  };
}

/** The columns an action sets. */
export function actionPatch(action: AiopsIssueAction, who: string, at: Date, note?: string): Partial<repo.NewIssue> {
  if (action === 'acknowledge') return { status: 'acknowledged', acknowledgedAt: at, acknowledgedBy: who };
  // A resolved issue is no longer tracked by the detector: it does not show as firing.
  return { status: 'resolved', resolvedAt: at, resolvedBy: who, resolutionNote: note || null, firing: false };
}

/**
 * Acknowledge or resolve: allowed only where the contract's AIOPS_ISSUE_STATUS_ACTIONS says so (409
 * `aiops.actionNotAllowed` otherwise). One transaction: the row (locked) and its audit row with before/after.
 */
export async function act(
  db: Db,
  key: string,
  action: AiopsIssueAction,
  who: string,
  note: string | undefined,
  at = new Date(),
): Promise<AiopsIssue> {
  const number = await db.transaction(async (tx) => {
    const row = await mustFindIssue(tx, key, true);
    const status = row.status as AiopsIssueStatus;
    if (!canAiopsIssue(status, action)) {
      const allowed = AIOPS_ISSUE_STATUS_ACTIONS[status] ?? [];
      throw new AppError(
        'aiops.actionNotAllowed',
        `Issue ${aiopsIssueKey(row.number)} is ${AIOPS_ISSUE_STATUS_LABELS[status] ?? status}: it cannot be ` +
          `${AIOPS_ISSUE_ACTION_TARGETS[action]} (${allowed.length ? `allowed: ${allowed.join(', ')}` : 'it is final'})`,
        { status, action, allowed },
      );
    }
    const updated = await repo.updateIssue(tx, row.number, { ...actionPatch(action, who, at, note), updatedAt: at });
    await audit(
      tx,
      aiopsIssueKey(row.number),
      who,
      action,
      { ...(note ? { note } : {}), before: issueSnapshot(row), after: issueSnapshot(updated) },
      at,
    );
    return row.number;
  });
  return getIssue(db, aiopsIssueKey(number));
}

// ---- reports ------------------------------------------------------------------------------------------------------
const reportNotFound = (id: string) => new AppError('aiops.reportNotFound', `AIOps report ${id} not found`);

export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

function toSummary(r: repo.ReportRow): AiopsReportSummary {
  return {
    id: r.id,
    kind: r.kind as AiopsReportSummary['kind'],
    day: r.day,
    period_start: iso(r.periodStart),
    period_end: iso(r.periodEnd),
    generated_at: iso(r.generatedAt),
    total: r.total,
    new: r.newCount,
    resolved: r.resolvedCount,
    critical: r.criticalCount,
  };
}

type ReportBody = Omit<AiopsReport, keyof AiopsReportSummary>;

export async function listReports(
  db: Db,
  q: z.output<typeof aiopsReportListQuery>,
): Promise<ListResult<AiopsReportSummary>> {
  const page = await listPage(repo.selectReports(db, { ...pageWindow(q), sort: q.sort }), repo.countReports(db));
  return { total: page.total, items: page.items.map(toSummary) };
}

export async function getReport(db: Db, id: string): Promise<AiopsReport> {
  const row = /^daily-\d{4}-\d{2}-\d{2}$/.test(id) ? await repo.findReport(db, id) : undefined;
  if (!row) throw reportNotFound(id);
  return { ...toSummary(row), ...(row.body as ReportBody) };
}

/**
 * Generates (or regenerates) the daily report of a UTC day from the issues as they are at `at`: one grouped query
 * per figure. Idempotent per day (its id is `daily-<day>`).
 */
export async function generateDailyReport(db: Db, day: string, at = new Date()): Promise<AiopsReport> {
  const from = dayStart(day);
  const to = new Date(from.getTime() + DAY_MS);
  const f = await repo.dayFigures(db, from, to, AIOPS_REPORT_TOP_CLUSTERS, AIOPS_REPORT_MAX_ISSUES);
  const trendFrom = new Date(to.getTime() - AIOPS_REPORT_TREND_DAYS * DAY_MS);
  const perDay = new Map((await repo.dailyNewResolved(db, trendFrom, to)).map((d) => [d.day, d]));
  const trend = Array.from({ length: AIOPS_REPORT_TREND_DAYS }, (_, k) => {
    const d = utcDay(new Date(trendFrom.getTime() + k * DAY_MS));
    return { day: d, new: perDay.get(d)?.new ?? 0, resolved: perDay.get(d)?.resolved ?? 0 };
  });
  const refs = await repo.clusterRefs(db, [
    ...f.topClusters.map((c) => c.clusterId),
    ...f.newIssues.map((i) => i.clusterId),
  ]);
  const tenants = await repo.tenantNames(
    db,
    f.topClusters.map((c) => c.tenantId),
  );
  const countOf = <K extends string>(rows: { key: string; count: number }[], key: K) =>
    rows.find((r) => r.key === key)?.count ?? 0;
  const body: ReportBody = {
    by_severity: AIOPS_SEVERITIES.map((s) => ({
      key: s,
      label: AIOPS_SEVERITY_LABELS[s],
      count: countOf(f.bySeverity, s),
    })),
    by_rule: f.byRule
      .map((r) => ({ key: r.key, label: aiopsRule(r.key)?.name ?? r.key, count: r.count }))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
    by_status: AIOPS_ISSUE_STATUSES.map((s) => ({
      key: s,
      label: AIOPS_ISSUE_STATUS_LABELS[s],
      count: countOf(f.byStatus, s),
    })),
    top_clusters: f.topClusters.map((c) => ({
      cluster_id: c.clusterId,
      cluster_name: refs.get(c.clusterId)?.name ?? c.clusterId,
      tenant_id: c.tenantId,
      tenant_name: tenants.get(c.tenantId) ?? c.tenantId,
      issues: c.issues,
      critical: c.critical,
    })),
    trend,
    new_issues: f.newIssues.map((i) => ({
      key: aiopsIssueKey(i.number),
      rule: i.rule,
      severity: i.severity as AiopsSeverity,
      status: i.status as AiopsIssueStatus,
      cluster_id: i.clusterId,
      cluster_name: refs.get(i.clusterId)?.name ?? i.clusterId,
      first_seen: iso(i.firstSeen),
    })),
  };
  const row = await repo.upsertReport(db, {
    id: aiopsReportId(day),
    kind: 'daily',
    day,
    periodStart: from,
    periodEnd: to,
    generatedAt: at,
    total: f.total,
    newCount: f.newCount,
    resolvedCount: f.resolvedCount,
    criticalCount: countOf(f.bySeverity, 'critical'),
    body,
  });
  return { ...toSummary(row), ...body };
}

// ---- the daily report job -----------------------------------------------------------------------------------------
export const REPORT_JOB = 'aiops.report';
export const REPORT_JOB_KEY = 'aiops.report';
/** The report job runs this long after each UTC midnight (the last detector runs of the day are in by then). */
export const REPORT_DELAY_MS = 5 * 60_000;
/** Days a late report job catches up on (the server was down at midnight). */
export const REPORT_CATCH_UP_DAYS = 7;

/** When the report job runs next after `now`: the next UTC midnight, plus REPORT_DELAY_MS. */
export function nextReportRun(now: Date): Date {
  const midnight = dayStart(utcDay(now)).getTime() + DAY_MS;
  const today = midnight - DAY_MS + REPORT_DELAY_MS;
  return new Date(now.getTime() < today ? today : midnight + REPORT_DELAY_MS);
}

/**
 * The days the report job writes at `now`: every complete UTC day after the newest report (at most
 * REPORT_CATCH_UP_DAYS back), or only yesterday when there is none.
 */
export async function dueReportDays(db: Db, now: Date): Promise<string[]> {
  const yesterday = dayStart(utcDay(now)).getTime() - DAY_MS;
  const latest = await repo.latestReportDay(db);
  const from = latest
    ? Math.max(dayStart(latest).getTime() + DAY_MS, yesterday - (REPORT_CATCH_UP_DAYS - 1) * DAY_MS)
    : yesterday;
  const days: string[] = [];
  for (let t = from; t <= yesterday; t += DAY_MS) days.push(utcDay(new Date(t)));
  return days;
}

/** The report job: writes the due daily reports, then queues itself for the next midnight. */
export async function onReportJob(tx: Db, now = new Date()): Promise<{ rerunAt: Date }> {
  for (const day of await dueReportDays(tx, now)) await generateDailyReport(tx, day, now);
  return { rerunAt: nextReportRun(now) };
}
