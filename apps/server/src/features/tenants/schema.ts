import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * What tenant operations keep beside the orgs area's tenants table (spec §7 Devops tenants): a tenant's quota, its
 * VPC CIDRs (one per region) and its account users. Keyed by tenant id without a foreign key, like the other areas'
 * tenant data; deleting a tenant deletes its rows here.
 */

/** A tenant's quota; no row means the platform's default (DEFAULT_TENANT_QUOTA). */
export const tenantQuotas = pgTable('tenant_quotas', {
  tenantId: text('tenant_id').primaryKey(),
  maxClusters: integer('max_clusters').notNull(),
  maxNodesPerCluster: integer('max_nodes_per_cluster').notNull(),
  maxStorageTb: integer('max_storage_tb').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The VPC CIDR of a tenant in one region; a tenant's CIDRs never overlap (checked when one is set). */
export const tenantVpcCidrs = pgTable(
  'tenant_vpc_cidrs',
  {
    tenantId: text('tenant_id').notNull(),
    region: text('region').notNull(),
    cidr: text('cidr').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'tenant_vpc_cidrs_pk', columns: [t.tenantId, t.region] })],
);

/** The people of a tenant's own account (its console users): not portal staff. */
export const tenantAccountUsers = pgTable(
  'tenant_account_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: text('tenant_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** Owner, Member or Billing. */
    role: text('role').notNull(),
    /** active, invited or disabled. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tenant_account_users_email_idx').on(t.tenantId, t.email),
    index('tenant_account_users_created_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);
