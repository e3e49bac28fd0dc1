import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Every mutation writes one row here in the same transaction (spec §3 Audit log). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    instanceId: text('instance_id').notNull(),
    operator: text('operator').notNull(),
    operation: text('operation').notNull(),
    operateAt: timestamp('operate_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    details: jsonb('details').notNull().default({}),
  },
  (t) => [
    index('audit_logs_type_instance_idx').on(t.type, t.instanceId, t.operateAt),
    index('audit_logs_operate_at_idx').on(t.operateAt),
  ],
);

/** People who may use the portal; the built-in issuer authenticates them with a scrypt hash. */
export const portalUsers = pgTable('portal_users', {
  email: text('email').primaryKey(),
  name: text('name').notNull(),
  roles: text('roles').array().notNull().default([]),
  /** `scrypt$N$r$p$salt$hash` (base64url); null for users who sign in through an external issuer only. */
  passwordHash: text('password_hash'),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** oidc-provider's storage (sessions, interactions, grants…), shared by every server process. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** The built-in issuer's signing keys (private JWKs), so restarts and sibling processes share them. */
export const idpKeys = pgTable('idp_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Which parts of the demo seed a database holds (seed/demo.ts): `static` (data fixed to the demo's own calendar, which
 * the build seeds once into the demo template) and `live` (data relative to the clock: seeded at the first start).
 */
export const demoSeedParts = pgTable('demo_seed_parts', {
  part: text('part').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Durable background work. A worker claims a due job with `FOR UPDATE SKIP LOCKED` and runs its handler inside the
 * same transaction that marks it done, so a crash rolls both back and the job simply runs again: effects happen
 * exactly once.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** queued → done | failed */
    status: text('status').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    /** At most one queued job per key (e.g. one "advance operation 42"). */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_dedupe_queued_idx')
      .on(t.dedupeKey)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/**
 * Portal events (platform/events.ts): published by the area where something happened, in its transaction, and handed
 * to every subscriber by a durable job. Kept as the event log.
 */
export const portalEvents = pgTable(
  'portal_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    link: text('link'),
    recipients: text('recipients').array().notNull().default([]),
    tenantId: text('tenant_id'),
    clusterIds: text('cluster_ids').array().notNull().default([]),
    actor: text('actor'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('portal_events_occurred_idx').on(t.occurredAt, t.id),
    index('portal_events_type_idx').on(t.type, t.occurredAt),
    index('portal_events_subject_idx').on(t.subjectType, t.subjectId, t.occurredAt),
  ],
);

/**
 * Chat messages (platform/chat.ts): every notice the portal sends to a chat, with its delivery status. With no
 * webhook configured this table is the whole delivery (the embedded outbox).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    /** Where it goes: an incoming-webhook URL (never returned by the API unmasked), or null for the configured one. */
    targetUrl: text('target_url'),
    /** A name for the chat as people know it (e.g. `#oncall`); shown instead of the URL. */
    targetName: text('target_name'),
    title: text('title').notNull(),
    text: text('text').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    sender: text('sender').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('chat_messages_source_idx').on(t.sourceType, t.sourceId, t.createdAt),
    index('chat_messages_created_idx').on(t.createdAt, t.id),
  ],
);

// ---- access control (RBAC roles, privilege grants, IAM): read by the auth hook on every request ------------------

/** A role: a name and the privileges it grants (spec §7 Admin RBAC). Users hold roles by name (portal_users.roles). */
export const rbacRoles = pgTable('rbac_roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  builtin: boolean('builtin').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The privileges a role grants (names of the contract's PRIVILEGE_CATALOGUE). */
export const rbacRolePrivileges = pgTable(
  'rbac_role_privileges',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => rbacRoles.id, { onDelete: 'cascade' }),
    privilege: text('privilege').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.privilege] })],
);

/**
 * A time-bound privilege granted to one user (/privilege): who, what, why, until. It counts while `status` is
 * `active` and `expires_at` is in the future — checked at the time of use, so it needs no job to expire it.
 */
export const privilegeGrants = pgTable(
  'privilege_grants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userEmail: text('user_email').notNull(),
    privilege: text('privilege').notNull(),
    reason: text('reason').notNull(),
    /** pending (awaiting approval), active, rejected, revoked. Expiry is `expires_at`, not a status. */
    status: text('status').notNull().default('pending'),
    requestedBy: text('requested_by').notNull(),
    approvalId: text('approval_id'),
    decidedBy: text('decided_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: text('revoked_by'),
    revokeReason: text('revoke_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('privilege_grants_user_idx').on(t.userEmail, t.status, t.expiresAt),
    index('privilege_grants_created_idx').on(t.createdAt, t.id),
  ],
);

/** IAM user groups (/iam/entity/usergroups, /access/usergroups) and their members. */
export const iamUserGroups = pgTable('iam_user_groups', {
  name: text('name').primaryKey(),
  description: text('description').notNull().default(''),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const iamGroupMembers = pgTable(
  'iam_group_members',
  {
    groupName: text('group_name')
      .notNull()
      .references(() => iamUserGroups.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userEmail: text('user_email')
      .notNull()
      .references(() => portalUsers.email, { onDelete: 'cascade' }),
    addedBy: text('added_by').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupName, t.userEmail] }), index('iam_group_members_user_idx').on(t.userEmail)],
);

/**
 * API keys: a bearer credential for the API, scoped by a role. Only a SHA-256 of the secret is stored; the secret is
 * shown once, when the key is created. `prefix` (the secret's first characters) identifies it in lists.
 */
export const iamApiKeys = pgTable(
  'iam_api_keys',
  {
    name: text('name').primaryKey(),
    description: text('description').notNull().default(''),
    role: text('role').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: text('revoked_by'),
  },
  (t) => [uniqueIndex('iam_api_keys_secret_idx').on(t.secretHash)],
);

/** IAM policies: JSON statements `{ effect, actions, resources }` (actions are privileges, `*` wildcards allowed). */
export const iamPolicies = pgTable('iam_policies', {
  name: text('name').primaryKey(),
  description: text('description').notNull().default(''),
  statements: jsonb('statements').notNull().default([]),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Bindings of a role (role bindings) or a policy (policy bindings) to a subject: a user (email), a user group (name)
 * or an API key (name). A user's own roles stay in portal_users.roles; bindings add more, e.g. through a group.
 */
export const iamBindings = pgTable(
  'iam_bindings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `role` or `policy`. */
    kind: text('kind').notNull(),
    /** The role's or the policy's name. */
    target: text('target').notNull(),
    /** `user`, `group` or `apikey`. */
    subjectType: text('subject_type').notNull(),
    subject: text('subject').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('iam_bindings_unique_idx').on(t.kind, t.target, t.subjectType, t.subject),
    index('iam_bindings_subject_idx').on(t.subjectType, t.subject),
  ],
);

/** Typed system settings (GET/PUT /system-settings): one row per key, its value validated by the contract. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Support sessions (tenant impersonation): an audited, time-limited session of one staff member in one tenant,
 * started with a reason and ended by hand or by its time limit (checked at the time of use).
 */
export const impersonations = pgTable(
  'impersonations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: text('tenant_id').notNull(),
    operator: text('operator').notNull(),
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    endedBy: text('ended_by'),
  },
  (t) => [index('impersonations_tenant_idx').on(t.tenantId, t.startedAt)],
);
