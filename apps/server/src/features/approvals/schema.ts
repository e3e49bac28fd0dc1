import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A named approval flow: ordered nodes, each with the emails that may decide it. */
export const approvalTemplates = pgTable('approval_templates', {
  name: text('name').primaryKey(),
  title: text('title').notNull(),
  /** `[{ name, approvers: string[] }]`, in order. */
  nodes: jsonb('nodes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * One approval flow instance. Nodes and tasks live in `nodes` (jsonb) and change only under `SELECT … FOR UPDATE`
 * of this row, so concurrent decisions serialize and exactly one wins.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    status: text('status').notNull().default('PENDING'),
    applicant: text('applicant').notNull(),
    fromTemplate: text('from_template').notNull(),
    /** The audit type of the object waiting for this approval (e.g. cloud_config_change) and its id. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    nodes: jsonb('nodes').notNull(),
    version: integer('version').notNull().default(0),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('approvals_subject_idx').on(t.subjectType, t.subjectId)],
);
