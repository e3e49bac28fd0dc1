import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An on-call rotation (the cloud on-call panel): its members hand over to the next every `period_hours`, counted from
 * `handoff_at` (a fixed instant; shifts before and after it follow the same cadence). Who is on call at any instant is
 * derived from these two numbers and the member list, so the schedule never runs out.
 */
export const oncallRotations = pgTable(
  'oncall_rotations',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Display order on the dashboard. */
    position: integer('position').notNull(),
    periodHours: integer('period_hours').notNull(),
    handoffAt: at('handoff_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('oncall_rotations_position_idx').on(t.position, t.id),
    check('oncall_rotations_period_check', sql`${t.periodHours} > 0`),
  ],
);

/** A rotation's members in hand-over order (position 0 holds the shift that starts at `handoff_at`). */
export const oncallMembers = pgTable(
  'oncall_members',
  {
    rotationId: text('rotation_id')
      .notNull()
      .references(() => oncallRotations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** A portal user's email (portal_users.email; its name is read from there). */
    email: text('email').notNull(),
  },
  (t) => [primaryKey({ name: 'oncall_members_pk', columns: [t.rotationId, t.position] })],
);

/**
 * Per tenant and storage engine (`tikv`, `tiflash`): its clusters with nodes of the engine, the nodes and their
 * storage, summed from orgs' cluster_components by a periodic job (`dashboard.tenant_rollup`). The dashboard ranks
 * tenants from here with ORDER BY … LIMIT on the indexes below: summing a million clusters' components per request
 * would not be fast, and orgs' tables are not ours to add triggers to.
 */
export const dashboardEngineTenants = pgTable(
  'dashboard_engine_tenants',
  {
    engine: text('engine').notNull(),
    tenantId: text('tenant_id').notNull(),
    clusters: integer('clusters').notNull(),
    nodes: bigint('nodes', { mode: 'number' }).notNull(),
    storageGib: bigint('storage_gib', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'dashboard_engine_tenants_pk', columns: [t.engine, t.tenantId] }),
    // The two rankings' ORDER BY (… desc, … desc, tenant_id): a top N is an index range scan.
    index('dashboard_engine_tenants_nodes_idx').on(t.engine, t.nodes.desc(), t.storageGib.desc(), t.tenantId),
    index('dashboard_engine_tenants_storage_idx').on(t.engine, t.storageGib.desc(), t.nodes.desc(), t.tenantId),
  ],
);

/**
 * The state of each rollup (one row per rollup name): when its last full pass ended, and the pass under way (the last
 * tenant id it has recomputed; null between passes).
 */
export const dashboardRollups = pgTable('dashboard_rollups', {
  name: text('name').primaryKey(),
  refreshedAt: at('refreshed_at'),
  cursor: text('cursor'),
  passStartedAt: at('pass_started_at'),
});
