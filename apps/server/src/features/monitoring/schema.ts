import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * Monitoring (issue 14): the TLS certificates of each region's endpoints, the component-diff reports with their rows,
 * and the o11y clusters. Regions are the providers area's (`regions.id`, e.g. `aws.us-east-1`); the diff rows keep a
 * snapshot of each cluster's names as they were when the report compared it.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One TLS certificate of a region's endpoint (its component); status and days left are derived from `not_after`. */
export const monCertificates = pgTable(
  'mon_certificates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    regionId: text('region_id').notNull(),
    component: text('component').notNull(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    serialNumber: text('serial_number').notNull(),
    dnsNames: jsonb('dns_names').$type<string[]>().notNull().default([]),
    keyAlgorithm: text('key_algorithm').notNull(),
    fingerprintSha256: text('fingerprint_sha256').notNull(),
    notBefore: ts('not_before').notNull(),
    notAfter: ts('not_after').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The region page's default order (soonest end first) and its status filter (ranges of not_after).
    index('mon_certificates_region_after_idx').on(t.regionId, t.notAfter, t.id),
    index('mon_certificates_region_component_idx').on(t.regionId, t.component, t.name, t.id),
    index('mon_certificates_region_name_idx').on(t.regionId, t.name, t.id),
    uniqueIndex('mon_certificates_region_name_key').on(t.regionId, t.component, t.name),
  ],
);

/**
 * A component-diff report: its scope (all clusters, a provider's, a tenant's), where the job has got to (`cursor`:
 * the last cluster id compared, clusters compared in id order) and its counters.
 */
export const monDiffReports = pgTable(
  'mon_component_diff_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    status: text('status').notNull(),
    scopeProvider: text('scope_provider'),
    scopeTenantId: text('scope_tenant_id'),
    scopeTenantName: text('scope_tenant_name'),
    /** `provider|tenant` of the scope (empty parts for "any"): one report of a scope in progress at a time. */
    scopeKey: text('scope_key').notNull(),
    note: text('note').notNull().default(''),
    requestedBy: text('requested_by').notNull(),
    cursor: text('cursor'),
    clustersScanned: integer('clusters_scanned').notNull().default(0),
    componentsScanned: integer('components_scanned').notNull().default(0),
    clustersWithDiff: integer('clusters_with_diff').notNull().default(0),
    diffRows: integer('diff_rows').notNull().default(0),
    versionDiffs: integer('version_diffs').notNull().default(0),
    imageDiffs: integer('image_diffs').notNull().default(0),
    reason: text('reason'),
    cancelledBy: text('cancelled_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('mon_diff_reports_created_idx').on(t.createdAt, t.id),
    index('mon_diff_reports_status_created_idx').on(t.status, t.createdAt, t.id),
    index('mon_diff_reports_provider_created_idx').on(t.scopeProvider, t.createdAt, t.id),
    index('mon_diff_reports_tenant_created_idx').on(t.scopeTenantId, t.createdAt, t.id),
    uniqueIndex('mon_diff_reports_one_open_idx')
      .on(t.scopeKey)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** One component of one cluster that differs from its expected version or image. */
export const monDiffRows = pgTable(
  'mon_component_diff_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportId: bigint('report_id', { mode: 'number' }).notNull(),
    clusterId: text('cluster_id').notNull(),
    clusterName: text('cluster_name').notNull(),
    clusterType: text('cluster_type').notNull(),
    clusterVersion: text('cluster_version').notNull(),
    tenantId: text('tenant_id').notNull(),
    tenantName: text('tenant_name').notNull(),
    provider: text('provider').notNull(),
    region: text('region').notNull(),
    component: text('component').notNull(),
    difference: text('difference').notNull(),
    expectedVersion: text('expected_version').notNull(),
    expectedVersionSource: text('expected_version_source').notNull(),
    actualVersion: text('actual_version').notNull(),
    baseImage: text('base_image'),
    expectedImageTag: text('expected_image_tag').notNull(),
    expectedImageSource: text('expected_image_source').notNull(),
    actualImageTag: text('actual_image_tag').notNull(),
  },
  (t) => [
    // The two sorts (tenant, cluster), alone and under each filter.
    index('mon_diff_rows_tenant_idx').on(t.reportId, t.tenantName, t.clusterName, t.component, t.id),
    index('mon_diff_rows_cluster_idx').on(t.reportId, t.clusterName, t.component, t.id),
    index('mon_diff_rows_tenant_id_idx').on(t.reportId, t.tenantId, t.tenantName, t.clusterName, t.component, t.id),
    index('mon_diff_rows_provider_idx').on(t.reportId, t.provider, t.tenantName, t.clusterName, t.component, t.id),
    index('mon_diff_rows_component_idx').on(t.reportId, t.component, t.tenantName, t.clusterName, t.id),
    index('mon_diff_rows_difference_idx').on(t.reportId, t.difference, t.tenantName, t.clusterName, t.id),
    index('mon_diff_rows_cluster_id_idx').on(t.reportId, t.clusterId),
  ],
);

/** An observability cluster collecting one region's telemetry; it covers the tenant clusters of its region. */
export const monO11yClusters = pgTable(
  'mon_o11y_clusters',
  {
    name: text('name').primaryKey(),
    /** The provider enumeration (clusters.provider), e.g. AWS, and the region code (clusters.region). */
    provider: text('provider').notNull(),
    regionId: text('region_id').notNull(),
    region: text('region').notNull(),
    endpoint: text('endpoint').notNull(),
    version: text('version').notNull(),
    health: text('health').notNull(),
    healthMessage: text('health_message'),
    /** `[{ name, version, replicas, ready }]` */
    components: jsonb('components').notNull().default([]),
    ingestionRate: doublePrecision('ingestion_rate').notNull(),
    activeSeries: bigint('active_series', { mode: 'number' }).notNull(),
    retentionDays: integer('retention_days').notNull(),
    storageUsedGib: doublePrecision('storage_used_gib').notNull(),
    storageCapacityGib: doublePrecision('storage_capacity_gib').notNull(),
    checkedAt: ts('checked_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('mon_o11y_provider_idx').on(t.provider, t.region),
    index('mon_o11y_region_idx').on(t.regionId),
    index('mon_o11y_health_idx').on(t.health, t.name),
  ],
);
