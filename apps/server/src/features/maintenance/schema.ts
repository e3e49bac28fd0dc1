import { sql } from 'drizzle-orm';
import { bigint, bigserial, foreignKey, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A cluster maintenance (spec §3 Maintenance): a window [schedule_time, deadline) of one project's clusters. Status
 * Pending → Running (at schedule_time, by its window job) → Closed (by a user, at the deadline, or once every
 * execution is finished or cancelled). Every list filter and sort has an index ending in the list's ORDER BY.
 */
export const clusterMaintenances = pgTable(
  'cluster_maintenances',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: text('project_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    scheduleTime: timestamp('schedule_time', { withTimezone: true, mode: 'date' }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status').notNull(),
    description: text('description').notNull().default(''),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closeReason: text('close_reason'),
  },
  (t) => [
    index('cluster_maintenances_schedule_idx').on(t.scheduleTime, t.id),
    index('cluster_maintenances_created_idx').on(t.createdAt, t.id),
    index('cluster_maintenances_status_schedule_idx').on(t.status, t.scheduleTime, t.id),
    index('cluster_maintenances_status_created_idx').on(t.status, t.createdAt, t.id),
    index('cluster_maintenances_project_schedule_idx').on(t.projectId, t.scheduleTime, t.id),
    index('cluster_maintenances_project_created_idx').on(t.projectId, t.createdAt, t.id),
  ],
);

/** One cluster's part of a maintenance (spec §3 executions: id, cluster_id, status, cancel_reason). */
export const clusterMaintenanceExecutions = pgTable(
  'cluster_maintenance_executions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    maintenanceId: bigint('maintenance_id', { mode: 'number' }).notNull(),
    clusterId: text('cluster_id').notNull(),
    clusterName: text('cluster_name').notNull(),
    status: text('status').notNull(),
    cancelReason: text('cancel_reason'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    operator: text('operator'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'cluster_maintenance_executions_maintenance_fk',
      columns: [t.maintenanceId],
      foreignColumns: [clusterMaintenances.id],
    }).onDelete('cascade'),
    uniqueIndex('cluster_maintenance_executions_cluster_uq').on(t.maintenanceId, t.clusterId),
    // The cluster tab's filter, the window guard and the overlap check: a cluster's executions still to do.
    index('cluster_maintenance_executions_cluster_idx').on(t.clusterId, t.maintenanceId),
    index('cluster_maintenance_executions_open_idx')
      .on(t.clusterId)
      .where(sql`${t.status} in ('Pending', 'Running')`),
  ],
);
