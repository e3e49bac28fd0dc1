import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * Releases (issue 12): a release per environment groups release changes; a change carries its tickets (with their
 * status history) and names pull requests on the code host. The embedded code host's metadata (labels, pull requests,
 * releases) is kept here too; its commits and diffs live in a git repository under the data directory.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const textArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

export const relReleases = pgTable(
  'rel_releases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    description: text('description').notNull(),
    environment: text('environment').notNull(),
    phase: text('phase').notNull(),
    releaseNumber: text('release_number').notNull(),
    releasedAt: at('released_at'),
    approvalId: bigint('approval_id', { mode: 'number' }),
    approvalStatus: text('approval_status'),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rel_releases_env_number_idx').on(t.environment, t.releaseNumber),
    index('rel_releases_created_idx').on(t.createdAt, t.id),
    index('rel_releases_env_created_idx').on(t.environment, t.createdAt, t.id),
    index('rel_releases_phase_created_idx').on(t.phase, t.createdAt, t.id),
    index('rel_releases_released_idx').on(t.releasedAt, t.id),
    index('rel_releases_approval_idx').on(t.approvalId),
  ],
);

export const relChanges = pgTable(
  'rel_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    releaseId: bigint('release_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    component: text('component').notNull(),
    repository: text('repository').notNull(),
    pullRequests: integer('pull_requests')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    labels: textArray('labels'),
    targetClusterIds: textArray('target_cluster_ids'),
    canaryClusterIds: textArray('canary_cluster_ids'),
    status: text('status').notNull(),
    deployOperationId: bigint('deploy_operation_id', { mode: 'number' }),
    deployedAt: at('deployed_at'),
    /** `{ ready, reasons, checked_at, checked_by }` of the latest check for ready. */
    readyCheck: jsonb('ready_check'),
    /** `{ result, notes, verified_at, verified_by }` of the verification. */
    verification: jsonb('verification'),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'rel_changes_release_fk', columns: [t.releaseId], foreignColumns: [relReleases.id] }),
    index('rel_changes_release_created_idx').on(t.releaseId, t.createdAt, t.id),
    index('rel_changes_release_title_idx').on(t.releaseId, t.title, t.id),
    index('rel_changes_release_status_idx').on(t.releaseId, t.status, t.createdAt, t.id),
    index('rel_changes_operation_idx').on(t.deployOperationId),
  ],
);

export const relTickets = pgTable(
  'rel_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    releaseId: bigint('release_id', { mode: 'number' }).notNull(),
    changeId: bigint('change_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    link: text('link'),
    status: text('status').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'rel_tickets_release_fk', columns: [t.releaseId], foreignColumns: [relReleases.id] }),
    foreignKey({ name: 'rel_tickets_change_fk', columns: [t.changeId], foreignColumns: [relChanges.id] }),
    uniqueIndex('rel_tickets_release_name_idx').on(t.releaseId, t.name),
    index('rel_tickets_release_updated_idx').on(t.releaseId, t.updatedAt, t.id),
    index('rel_tickets_release_status_idx').on(t.releaseId, t.status, t.name),
    index('rel_tickets_change_idx').on(t.changeId, t.name),
  ],
);

export const relTicketHistory = pgTable(
  'rel_ticket_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull(),
    at: at('at').notNull().defaultNow(),
    by: text('by').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [
    foreignKey({ name: 'rel_ticket_history_ticket_fk', columns: [t.ticketId], foreignColumns: [relTickets.id] }),
    index('rel_ticket_history_ticket_idx').on(t.ticketId, t.at, t.id),
  ],
);

// ---- the embedded code host's metadata ----------------------------------------------------------------------------

export const relCodehostLabels = pgTable('rel_codehost_labels', {
  name: text('name').primaryKey(),
  color: text('color').notNull(),
  description: text('description').notNull().default(''),
});

export const relCodehostPulls = pgTable(
  'rel_codehost_pulls',
  {
    number: integer('number').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    state: text('state').notNull(),
    author: text('author').notNull(),
    labels: textArray('labels'),
    /** Branches of the embedded git repository: the diff is head against its merge base with base. */
    headRef: text('head_ref').notNull(),
    baseRef: text('base_ref').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    mergedAt: at('merged_at'),
    closedAt: at('closed_at'),
  },
  (t) => [
    index('rel_codehost_pulls_state_idx').on(t.state, t.number),
    index('rel_codehost_pulls_labels_idx').using('gin', t.labels),
  ],
);

export const relCodehostReleases = pgTable(
  'rel_codehost_releases',
  {
    tagName: text('tag_name').primaryKey(),
    name: text('name').notNull(),
    body: text('body').notNull().default(''),
    draft: boolean('draft').notNull().default(false),
    prerelease: boolean('prerelease').notNull().default(false),
    publishedAt: at('published_at'),
  },
  (t) => [index('rel_codehost_releases_published_idx').on(t.publishedAt, t.tagName)],
);
