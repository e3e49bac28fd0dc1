import {
  bigserial,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** A long-running piece of work ("returns an operation id"), advanced step by step by durable jobs. */
export const operations = pgTable(
  'operations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    tenantId: text('tenant_id'),
    status: text('status').notNull(),
    params: jsonb('params').notNull().default({}),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
  },
  (t) => [
    index('operations_created_idx').on(t.createdAt, t.id),
    index('operations_status_idx').on(t.status, t.createdAt),
    index('operations_target_idx').on(t.targetId, t.createdAt),
  ],
);

export const operationSteps = pgTable(
  'operation_steps',
  {
    operationId: bigint('operation_id', { mode: 'number' })
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    manual: boolean('manual').notNull().default(false),
    status: text('status').notNull().default('pending'),
    message: text('message'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** How many times the step's effect ran: the crash test asserts it stays at 1. */
    runs: integer('runs').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.operationId, t.seq] })],
);
