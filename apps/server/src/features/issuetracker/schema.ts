import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * The embedded issue tracker (the default when ISSUE_TRACKER_URL is unset): its issues, keyed like Jira's
 * (`OPS-123`: the project's key and its number). A real deployment keeps them in the tracker (tracker.ts).
 */
export const trackerIssues = pgTable(
  'tracker_issues',
  {
    key: text('key').primaryKey(),
    project: text('project').notNull(),
    number: integer('number').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').notNull(),
    /** The workflow's status name (To Do, In Progress, Done) and its category (todo, in_progress, done). */
    status: text('status').notNull(),
    statusCategory: text('status_category').notNull(),
    labels: jsonb('labels').notNull().default([]),
    assignee: text('assignee'),
    reporter: text('reporter'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tracker_issues_project_number_idx').on(t.project, t.number),
    // Every search is within the project, ordered by (created_at | updated_at, number).
    index('tracker_issues_project_created_idx').on(t.project, t.createdAt, t.number),
    index('tracker_issues_project_updated_idx').on(t.project, t.updatedAt, t.number),
    index('tracker_issues_category_created_idx').on(t.project, t.statusCategory, t.createdAt, t.number),
    index('tracker_issues_type_created_idx').on(t.project, t.type, t.createdAt, t.number),
    index('tracker_issues_search_trgm_idx').using('gin', sql`(${t.summary} || ' ' || ${t.description}) gin_trgm_ops`),
  ],
);

/**
 * A link from a portal object (an audit type and id: an incident, a remediation ticket) to a tracker issue, whichever
 * tracker holds it. `summary` is the issue's when linked: what the link shows when the tracker cannot tell.
 */
export const trackerLinks = pgTable(
  'tracker_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    issueKey: text('issue_key').notNull(),
    summary: text('summary').notNull().default(''),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tracker_links_subject_issue_idx').on(t.subjectType, t.subjectId, t.issueKey),
    index('tracker_links_issue_idx').on(t.issueKey),
  ],
);
