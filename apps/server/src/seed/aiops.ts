import { AIOPS_DETECT_INTERVAL_MINUTES, aiopsIssueKey, type AiopsIssueStatus } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { embeddedMetricsSource } from '../features/metrics/index.js';
import { findingSummary } from '../features/aiops/evaluate.js';
import { detectionHistory, type Episode } from '../features/aiops/history.js';
import type * as repo from '../features/aiops/repo.js';
import { aiopsIssues } from '../features/aiops/schema.js';
import { auditLogs } from '../platform/schema.js';
import { sql } from 'drizzle-orm';
import {
  actionPatch,
  AUDIT_TYPE,
  dayStart,
  generateDailyReport,
  issueSnapshot,
  SYSTEM,
  utcDay,
} from '../features/aiops/service.js';

/*
 * AIOps demo data: the issues the detector would have opened had it run every 5 minutes over the days before the seed
 * — computed by the detector's own evaluation over the embedded metrics model's anomaly windows (history.ts), so every
 * issue's first and last sighting, peak and evidence chart agree with the metrics — in every status, with the audit
 * rows their history leaves; and the daily reports of the complete days among them.
 *
 * Each rule and cluster's last episode stays unresolved in a fixed rotation (open, acknowledged, resolved) unless it
 * is still firing (then open or acknowledged); earlier episodes were resolved between two episodes (the next one
 * opens a new issue, as the detector would). Dates follow the seed's clock (like the maintenance windows): the model
 * is a function of time, and the detector runs on the real clock.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const TICK = AIOPS_DETECT_INTERVAL_MINUTES * MINUTE;
/** The first issue number (the identity starts there too). */
const FIRST_NUMBER = 1001;
/** Complete days of history before the seed's day (each gets a daily report). */
export const AIOPS_SEED_DAYS = 3;
const PEOPLE = ['operator@example.com', 'admin@example.com', 'lin.wei@example.com', 'maria.garcia@example.com'];
const NOTES = [
  'Load returned to normal; no action needed.',
  'Scaled out TiDB; latency back to baseline.',
  'Caused by a client retry storm; the tenant fixed its client.',
  '',
  'Known batch job window; tuned the schedule with the tenant.',
];
/** The final state of each rule and cluster's latest episode, in turn (a firing one is never resolved). */
const ROTATION: AiopsIssueStatus[] = ['open', 'acknowledged', 'resolved'];

interface Planned {
  episode: Episode;
  status: AiopsIssueStatus;
  acknowledgedAt: number | null;
  resolvedAt: number | null;
  who: string;
  note: string;
}

/** The statuses and times of each episode (deterministic: by position). */
export function planIssues(episodes: readonly Episode[], now: number): Planned[] {
  const lastTick = Math.floor(now / TICK) * TICK;
  const byPair = new Map<string, Episode[]>();
  for (const e of episodes) {
    const k = `${e.rule.key}|${e.clusterId}`;
    byPair.set(k, [...(byPair.get(k) ?? []), e]);
  }
  const pairs = [...byPair.keys()].sort();
  return episodes.map((e, i) => {
    const k = `${e.rule.key}|${e.clusterId}`;
    const list = byPair.get(k)!;
    const idx = list.indexOf(e);
    const next = list[idx + 1];
    const firing = e.lastSeen === lastTick;
    let status: AiopsIssueStatus;
    if (next) status = 'resolved';
    else {
      status = ROTATION[pairs.indexOf(k) % ROTATION.length]!;
      if (firing && status === 'resolved') status = 'acknowledged';
    }
    const who = PEOPLE[i % PEOPLE.length]!;
    // Acknowledged a few minutes after it opened; resolved after its last sighting, before the next episode and now.
    const ackAt = Math.min(e.firstSeen + (4 + (i % 3) * 3) * MINUTE, now);
    const limit = Math.min(next ? next.firstSeen - MINUTE : now, now);
    const resolvedAt = Math.max(ackAt, Math.min(e.lastSeen + (15 + (i % 4) * 10) * MINUTE, limit));
    const acknowledged = status === 'acknowledged' || (status === 'resolved' && i % 2 === 0);
    return {
      episode: e,
      status,
      acknowledgedAt: acknowledged ? ackAt : null,
      resolvedAt: status === 'resolved' ? resolvedAt : null,
      who,
      note: status === 'resolved' ? NOTES[i % NOTES.length]! : '',
    };
  });
}

/**
 * Seeds the issues of the AIOPS_SEED_DAYS complete days before `now` and of `now`'s day so far, with their audit rows
 * (each issue and audit row written in one statement each: the seed stays fast), and the reports of the complete days.
 */
export async function seedAiops(tx: Db, now = Math.floor(Date.now() / TICK) * TICK): Promise<void> {
  const today = dayStart(utcDay(new Date(now))).getTime();
  const from = today - AIOPS_SEED_DAYS * DAY;
  const episodes = await detectionHistory(embeddedMetricsSource(tx), from, now);
  const lastTick = Math.floor(now / TICK) * TICK;
  const issues: repo.NewIssue[] = [];
  const audits: (typeof auditLogs.$inferInsert)[] = [];
  planIssues(episodes, now).forEach((p, i) => {
    const e = p.episode;
    const number = FIRST_NUMBER + i;
    const key = aiopsIssueKey(number);
    const opened = new Date(e.firstSeen);
    const row: repo.IssueRow = {
      number,
      rule: e.rule.key,
      metric: e.rule.metric,
      severity: e.rule.severity,
      status: 'open',
      clusterId: e.clusterId,
      tenantId: e.tenantId,
      summary: findingSummary(e.rule, e.last),
      firstSeen: opened,
      lastSeen: new Date(e.lastSeen),
      firing: e.lastSeen === lastTick,
      peakValue: e.peak,
      referenceValue: e.last.reference,
      occurrences: e.occurrences,
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      resolvedBy: null,
      resolutionNote: null,
      createdAt: opened,
      updatedAt: new Date(e.lastSeen),
    };
    const entry = (operator: string, operation: string, details: Record<string, unknown>, at: Date) =>
      audits.push({ type: AUDIT_TYPE, instanceId: key, operator, operation, details, operateAt: at });
    entry(SYSTEM, 'open', { after: issueSnapshot(row), summary: row.summary }, opened);
    let current = row;
    const move = (action: 'acknowledge' | 'resolve', atMs: number, note?: string) => {
      const at = new Date(atMs);
      const next: repo.IssueRow = {
        ...current,
        ...actionPatch(action, p.who, at, note),
        updatedAt: new Date(Math.max(atMs, e.lastSeen)),
      };
      entry(
        p.who,
        action,
        { ...(note ? { note } : {}), before: issueSnapshot(current), after: issueSnapshot(next) },
        at,
      );
      current = next;
    };
    if (p.acknowledgedAt !== null) move('acknowledge', p.acknowledgedAt);
    if (p.resolvedAt !== null) move('resolve', p.resolvedAt, p.note || undefined);
    issues.push(current);
  });
  if (issues.length) {
    await tx.insert(aiopsIssues).values(issues);
    // The numbers were given: the identity continues after them.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('aiops_issues', 'number'), ${FIRST_NUMBER + issues.length - 1})`,
    );
    await tx.insert(auditLogs).values(audits);
  }
  // The daily reports of the complete days, each as its job would have written it 5 minutes after the day ended.
  for (let d = from; d < today; d += DAY) {
    const day = utcDay(new Date(d));
    await generateDailyReport(tx, day, new Date(Math.min(d + DAY + 5 * MINUTE, now)));
  }
}
