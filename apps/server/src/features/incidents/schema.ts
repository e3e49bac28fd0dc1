import { sql } from 'drizzle-orm';
import { bigserial, date, foreignKey, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const textArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/**
 * An incident (spec §7 devops incidents). Its id is `INC-<number>`: the number is an identity column starting at 1001,
 * never reused. The affected tenants and clusters are id arrays (GIN indexes serve the list's tenant and cluster
 * filters); every other filter and sort has a B-tree index ending in the list's ORDER BY (started_at, number).
 */
export const incidents = pgTable(
  'incidents',
  {
    number: integer('number').primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    severity: text('severity').notNull(),
    status: text('status').notNull(),
    commander: text('commander'),
    tenantIds: textArray('tenant_ids'),
    clusterIds: textArray('cluster_ids'),
    startedAt: at('started_at').notNull(),
    acknowledgedAt: at('acknowledged_at'),
    mitigatedAt: at('mitigated_at'),
    resolvedAt: at('resolved_at'),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('incidents_started_idx').on(t.startedAt, t.number),
    index('incidents_status_started_idx').on(t.status, t.startedAt, t.number),
    index('incidents_severity_started_idx').on(t.severity, t.startedAt, t.number),
    index('incidents_tenant_ids_idx').using('gin', t.tenantIds),
    index('incidents_cluster_ids_idx').using('gin', t.clusterIds),
    index('incidents_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/** The timeline: append-only entries (notes, status changes, chat notices, system entries). */
export const incidentLogs = pgTable(
  'incident_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    incidentNumber: integer('incident_number').notNull(),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    author: text('author').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'incident_logs_incident_fk',
      columns: [t.incidentNumber],
      foreignColumns: [incidents.number],
    }).onDelete('cascade'),
    index('incident_logs_incident_at_idx').on(t.incidentNumber, t.at, t.id),
    index('incident_logs_incident_kind_at_idx').on(t.incidentNumber, t.kind, t.at, t.id),
  ],
);

/** Post-mortem todo actions, each optionally tracked by an issue of the issue tracker. */
export const incidentTodos = pgTable(
  'incident_todos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    incidentNumber: integer('incident_number').notNull(),
    title: text('title').notNull(),
    owner: text('owner'),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status').notNull().default('open'),
    trackerIssueKey: text('tracker_issue_key'),
    trackerIssueUrl: text('tracker_issue_url'),
    trackerStatus: text('tracker_status'),
    trackerStatusCategory: text('tracker_status_category'),
    syncedAt: at('synced_at'),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'incident_todos_incident_fk',
      columns: [t.incidentNumber],
      foreignColumns: [incidents.number],
    }).onDelete('cascade'),
    index('incident_todos_incident_idx').on(t.incidentNumber, t.id),
  ],
);
