import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A jump authorization (spec §2 /jumps): just-in-time access of one jumpserver user to one cluster's hosts, through
 * approval, until it expires or is cancelled. The cluster's name and tenant are kept as they were when requested.
 */
export const jumpAuthorizations = pgTable(
  'jump_authorizations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clusterId: text('cluster_id').notNull(),
    clusterName: text('cluster_name').notNull(),
    tenantId: text('tenant_id').notNull(),
    applicant: text('applicant').notNull(),
    jumpserverUser: text('jumpserver_user').notNull(),
    reason: text('reason').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    status: text('status').notNull(),
    statusReason: text('status_reason'),
    approvalId: text('approval_id'),
    /** The hosts requested (and granted while active), as a JSON array of host names. */
    hosts: jsonb('hosts').notNull().default([]),
    grantId: text('grant_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    endedBy: text('ended_by'),
  },
  (t) => [
    index('jump_authorizations_created_idx').on(t.createdAt, t.id),
    index('jump_authorizations_expires_idx').on(t.expiresAt, t.id),
    index('jump_authorizations_status_created_idx').on(t.status, t.createdAt, t.id),
    index('jump_authorizations_status_expires_idx').on(t.status, t.expiresAt, t.id),
    index('jump_authorizations_cluster_created_idx').on(t.clusterId, t.createdAt, t.id),
    index('jump_authorizations_applicant_created_idx').on(t.applicant, t.createdAt, t.id),
    // One request in flight per applicant, cluster and jumpserver user: the database's guard behind the service's.
    uniqueIndex('jump_authorizations_one_open_idx')
      .on(t.applicant, t.clusterId, t.jumpserverUser)
      .where(sql`${t.status} in ('approving', 'active')`),
  ],
);

/*
 * The embedded jump server (the default when JUMPSERVER_URL is unset): its user accounts and the access it grants.
 * A real deployment keeps these in the jump server itself (jumpserver.ts).
 */
export const jumpUsers = pgTable(
  'jump_users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jump_users_username_idx').on(t.username),
    index('jump_users_active_idx').on(t.isActive, t.username),
    index('jump_users_search_trgm_idx').using(
      'gin',
      sql`(${t.username} || ' ' || ${t.name} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
  ],
);

/** Access the embedded jump server grants: a user may reach these hosts until `until`, unless revoked. */
export const jumpGrants = pgTable(
  'jump_grants',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    hosts: jsonb('hosts').notNull(),
    until: timestamp('until', { withTimezone: true, mode: 'date' }).notNull(),
    /** What asked for it (`jump-authorization-<id>`): a retried grant of the same authorization is the same grant. */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('jump_grants_reference_idx').on(t.reference), index('jump_grants_username_idx').on(t.username)],
);
