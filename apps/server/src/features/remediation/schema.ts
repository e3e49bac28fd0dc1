import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A remediation ticket (spec §2 /remediation_tickets): one remediation action proposed for one cluster, approved
 * through the approvals engine and run as an operation. Its id is `RT-<number>`: an identity column from 1001, never
 * reused. The cluster's name and tenant are kept as they were when the ticket was written. Every filter and sort of
 * the list has an index ending in its ORDER BY (created_at or updated_at, number).
 */
export const remediationTickets = pgTable(
  'remediation_tickets',
  {
    number: integer('number').primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
    clusterId: text('cluster_id').notNull(),
    clusterName: text('cluster_name').notNull(),
    tenantId: text('tenant_id').notNull(),
    incidentId: text('incident_id'),
    action: text('action').notNull(),
    params: jsonb('params').notNull().default({}),
    reason: text('reason').notNull(),
    riskLevel: text('risk_level').notNull(),
    status: text('status').notNull(),
    statusReason: text('status_reason'),
    applicant: text('applicant').notNull(),
    approvalId: text('approval_id'),
    operationId: text('operation_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    submittedAt: at('submitted_at'),
    decidedAt: at('decided_at'),
    decidedBy: text('decided_by'),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('remediation_tickets_created_idx').on(t.createdAt, t.number),
    index('remediation_tickets_updated_idx').on(t.updatedAt, t.number),
    index('remediation_tickets_status_created_idx').on(t.status, t.createdAt, t.number),
    index('remediation_tickets_cluster_created_idx').on(t.clusterId, t.createdAt, t.number),
    index('remediation_tickets_tenant_created_idx').on(t.tenantId, t.createdAt, t.number),
    index('remediation_tickets_incident_created_idx').on(t.incidentId, t.createdAt, t.number),
    index('remediation_tickets_action_created_idx').on(t.action, t.createdAt, t.number),
    index('remediation_tickets_risk_created_idx').on(t.riskLevel, t.createdAt, t.number),
    index('remediation_tickets_applicant_created_idx').on(t.applicant, t.createdAt, t.number),
    index('remediation_tickets_operation_idx').on(t.operationId),
  ],
);
