import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Tenants (orgs), their projects and clusters (spec §3). Ids are numeric-looking strings (e.g. "1372813089209061633").
 * Every list filter and sort has an index whose trailing columns match the ORDER BY the repo emits
 * (`…, created_at, id` in one direction), so a first page is an index range scan at 1M rows.
 */
export const tenants = pgTable(
  'tenants',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    region: text('region').notNull(),
    status: text('status').notNull(),
    email: text('email').notNull(),
    orgTag: text('org_tag'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('tenants_created_idx').on(t.createdAt, t.id),
    index('tenants_name_idx').on(t.name, t.id),
    index('tenants_status_created_idx').on(t.status, t.createdAt, t.id),
    index('tenants_org_tag_created_idx')
      .on(t.orgTag, t.createdAt, t.id)
      .where(sql`${t.orgTag} is not null`),
    index('tenants_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    /** The org search matches a contact email exactly (case-insensitive): the partner lists search by email. */
    index('tenants_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    name: text('name').notNull(),
    region: text('region').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'projects_tenant_fk', columns: [t.tenantId], foreignColumns: [tenants.id] }),
    index('projects_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);

export const clusters = pgTable(
  'clusters',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    clusterType: text('cluster_type').notNull(),
    projectId: text('project_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    /** The provider enumeration (providers.name), e.g. AWS. */
    provider: text('provider').notNull(),
    region: text('region').notNull(),
    version: text('version').notNull(),
    isByoc: boolean('is_byoc').notNull().default(false),
    errmsg: text('errmsg'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'clusters_project_fk', columns: [t.projectId], foreignColumns: [projects.id] }),
    foreignKey({ name: 'clusters_tenant_fk', columns: [t.tenantId], foreignColumns: [tenants.id] }),
    index('clusters_created_idx').on(t.createdAt, t.id),
    index('clusters_name_idx').on(t.name, t.id),
    index('clusters_status_created_idx').on(t.status, t.createdAt, t.id),
    index('clusters_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('clusters_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('clusters_type_created_idx').on(t.clusterType, t.createdAt, t.id),
    index('clusters_provider_created_idx').on(t.provider, t.createdAt, t.id),
    // BYOC clusters are a few percent: a partial index serves `is_byoc=true` (page and count); `false` uses
    // created_idx.
    index('clusters_byoc_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isByoc}`),
    index('clusters_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const clusterComponents = pgTable(
  'cluster_components',
  {
    clusterId: text('cluster_id').notNull(),
    component: text('component').notNull(),
    replicas: integer('replicas').notNull(),
    /** e.g. `8C32G`. */
    nodeSpec: text('node_spec').notNull(),
    /** Storage per node, GiB (0 for stateless components). */
    storageGib: integer('storage_gib').notNull(),
    version: text('version').notNull(),
    imageTag: text('image_tag').notNull(),
  },
  (t) => [
    primaryKey({ name: 'cluster_components_pk', columns: [t.clusterId, t.component] }),
    foreignKey({
      name: 'cluster_components_cluster_fk',
      columns: [t.clusterId],
      foreignColumns: [clusters.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Exact counters kept by statement-level triggers (migration `counters`), so list totals and dashboard aggregates
 * never `count(*)` a million rows: a total filtered only by these dimensions is a sum over a handful of rows.
 */
export const clusterCounts = pgTable(
  'cluster_counts',
  {
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    clusterType: text('cluster_type').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'cluster_counts_pk', columns: [t.status, t.provider, t.clusterType] })],
);

export const tenantCounts = pgTable('tenant_counts', {
  status: text('status').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

/**
 * The number of projects and clusters of each tenant (a row once a tenant has had any), kept by statement-level
 * triggers on projects and clusters like the counters above: the tenant list reads a row per tenant instead of
 * counting each tenant's projects and clusters.
 */
export const tenantSizes = pgTable('tenant_sizes', {
  tenantId: text('tenant_id').primaryKey(),
  projects: bigint('projects', { mode: 'number' }).notNull().default(0),
  clusters: bigint('clusters', { mode: 'number' }).notNull().default(0),
});

/**
 * How many rows of a list (`tenants`, `clusters`) were created on each UTC day (`starts`: the day's first instant),
 * kept by statement-level triggers like the counters above. A deep page of a list in creation order starts its index
 * scan at the day holding the page's first row, found by a running sum over these rows, instead of skipping every
 * earlier row with OFFSET (decision 0007).
 */
export const listDays = pgTable(
  'list_days',
  {
    list: text('list').notNull(),
    starts: timestamp('starts', { withTimezone: true, mode: 'date' }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'list_days_pk', columns: [t.list, t.starts] })],
);

/** One row (`scope = 'all'`): the number of projects. */
export const projectCounts = pgTable('project_counts', {
  scope: text('scope').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});
