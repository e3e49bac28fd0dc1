import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An AIOps issue: one rule firing for one cluster, from its first sighting to its resolution. Its key is
 * `AIOPS-<number>`: the number is an identity column starting at 1001, never reused. At most one issue per rule and
 * cluster is unresolved (the detector refreshes that one; a partial unique index holds it). Every list filter and sort
 * has a B-tree index ending in the list's ORDER BY (last_seen or first_seen, number); `resolved_at` and `first_seen`
 * serve the daily reports' day ranges.
 */
export const aiopsIssues = pgTable(
  'aiops_issues',
  {
    number: integer('number').primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
    rule: text('rule').notNull(),
    metric: text('metric').notNull(),
    severity: text('severity').notNull(),
    status: text('status').notNull(),
    clusterId: text('cluster_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    summary: text('summary').notNull(),
    firstSeen: at('first_seen').notNull(),
    lastSeen: at('last_seen').notNull(),
    firing: boolean('firing').notNull().default(true),
    peakValue: doublePrecision('peak_value').notNull(),
    referenceValue: doublePrecision('reference_value').notNull(),
    occurrences: integer('occurrences').notNull().default(1),
    acknowledgedAt: at('acknowledged_at'),
    acknowledgedBy: text('acknowledged_by'),
    resolvedAt: at('resolved_at'),
    resolvedBy: text('resolved_by'),
    resolutionNote: text('resolution_note'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('aiops_issues_unresolved_uq')
      .on(t.rule, t.clusterId)
      .where(sql`${t.status} <> 'resolved'`),
    index('aiops_issues_last_seen_idx').on(t.lastSeen, t.number),
    index('aiops_issues_first_seen_idx').on(t.firstSeen, t.number),
    index('aiops_issues_status_last_seen_idx').on(t.status, t.lastSeen, t.number),
    index('aiops_issues_severity_last_seen_idx').on(t.severity, t.lastSeen, t.number),
    index('aiops_issues_rule_last_seen_idx').on(t.rule, t.lastSeen, t.number),
    index('aiops_issues_cluster_last_seen_idx').on(t.clusterId, t.lastSeen, t.number),
    index('aiops_issues_tenant_last_seen_idx').on(t.tenantId, t.lastSeen, t.number),
    index('aiops_issues_resolved_at_idx').on(t.resolvedAt),
  ],
);

/**
 * A periodic report (today: daily, one per UTC day, id `daily-YYYY-MM-DD`). The figures the list shows are columns;
 * the breakdowns (by severity, rule, status, top clusters, trend, new issues) are the `body` as generated.
 */
export const aiopsReports = pgTable(
  'aiops_reports',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    generatedAt: at('generated_at').notNull(),
    total: integer('total').notNull(),
    newCount: integer('new_count').notNull(),
    resolvedCount: integer('resolved_count').notNull(),
    criticalCount: integer('critical_count').notNull(),
    body: jsonb('body').notNull(),
  },
  (t) => [uniqueIndex('aiops_reports_kind_day_uq').on(t.kind, t.day), index('aiops_reports_day_idx').on(t.day, t.id)],
);
