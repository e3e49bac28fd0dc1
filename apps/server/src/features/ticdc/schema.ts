import { foreignKey, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * TiCDC clusters (spec §3): each replicates one upstream DEDICATED_TIDB cluster (`cluster_id`). `image_tag` is the
 * version's image (the "source tag"); `overwrite_image_tag` pins another build; the effective tag is the overwrite
 * when set. Lists are by upstream cluster, by tenant, or all, newest first. No foreign key to `clusters`: that table
 * belongs to the tenants feature (and the scale seed truncates it); the service checks the upstream cluster instead.
 */
export const ticdcClusters = pgTable(
  'ticdc_clusters',
  {
    id: text('id').primaryKey(),
    clusterId: text('cluster_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    version: text('version').notNull(),
    deployType: text('deploy_type').notNull(),
    /** e.g. `2 x 8C16G`. */
    specification: text('specification').notNull(),
    region: text('region').notNull(),
    provider: text('provider').notNull(),
    controlPlaneArch: text('control_plane_arch').notNull(),
    operatorVersion: text('operator_version').notNull(),
    baseImage: text('base_image').notNull(),
    imageTag: text('image_tag').notNull(),
    overwriteImageTag: text('overwrite_image_tag'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('ticdc_clusters_cluster_created_idx').on(t.clusterId, t.createdAt, t.id),
    index('ticdc_clusters_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('ticdc_clusters_created_idx').on(t.createdAt, t.id),
    index('ticdc_clusters_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);

/**
 * Changefeeds (spec §3). `destination` is the sink URI with passwords and secrets already masked: the raw one is never
 * stored. `checkpoint_at` is the physical time of the checkpoint TiCDC last persisted (the internal meta view).
 */
export const changefeeds = pgTable(
  'changefeeds',
  {
    id: text('id').primaryKey(),
    displayId: text('display_id').notNull(),
    displayName: text('display_name').notNull(),
    ticdcClusterId: text('ticdc_cluster_id').notNull(),
    clusterId: text('cluster_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    status: text('status').notNull(),
    downstreamType: text('downstream_type').notNull(),
    destination: text('destination').notNull(),
    error: text('error'),
    checkpointAt: timestamp('checkpoint_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'changefeeds_ticdc_cluster_fk',
      columns: [t.ticdcClusterId],
      foreignColumns: [ticdcClusters.id],
    }).onDelete('cascade'),
    index('changefeeds_ticdc_created_idx').on(t.ticdcClusterId, t.createdAt, t.id),
    index('changefeeds_cluster_created_idx').on(t.clusterId, t.createdAt, t.id),
    index('changefeeds_created_idx').on(t.createdAt, t.id),
    index('changefeeds_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);
