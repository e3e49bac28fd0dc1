import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * The Kubernetes fleet and its upgrade tasks (issue 12). `k8s_clusters` are the Kubernetes clusters the tenant
 * clusters run on; `k8s_cluster_hosting` says which tenant cluster runs on which (the tenant `clusters` table is not
 * touched); an upgrade task holds its k8s clusters in ordered batches (`k8s_upgrade_task_clusters`).
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const k8sClusters = pgTable(
  'k8s_clusters',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The k8s name: unique, what the pages' URLs carry. */
    name: text('name').notNull(),
    /** The provider enumeration (AWS, GCP, AZURE…). */
    provider: text('provider').notNull(),
    region: text('region').notNull(),
    environment: text('environment').notNull(),
    /** The control plane's `major.minor` version, and the same as a sortable number (major * 1000 + minor). */
    version: text('version').notNull(),
    versionRank: integer('version_rank').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('k8s_clusters_name_idx').on(t.name),
    index('k8s_clusters_provider_name_idx').on(t.provider, t.name),
    index('k8s_clusters_region_name_idx').on(t.region, t.name),
    index('k8s_clusters_env_name_idx').on(t.environment, t.name),
    index('k8s_clusters_version_idx').on(t.versionRank, t.name),
    index('k8s_clusters_created_idx').on(t.createdAt, t.id),
  ],
);

export const k8sNodePools = pgTable(
  'k8s_node_pools',
  {
    k8sClusterId: bigint('k8s_cluster_id', { mode: 'number' })
      .notNull()
      .references(() => k8sClusters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    instanceType: text('instance_type').notNull(),
    nodeCount: integer('node_count').notNull(),
    version: text('version').notNull(),
    /** healthy | unhealthy (an unhealthy pool fails an upgrade's pre-check). */
    status: text('status').notNull(),
    message: text('message'),
  },
  (t) => [primaryKey({ name: 'k8s_node_pools_pk', columns: [t.k8sClusterId, t.name] })],
);

/** Which k8s cluster runs a tenant cluster (at most one each). */
export const k8sClusterHosting = pgTable(
  'k8s_cluster_hosting',
  {
    clusterId: text('cluster_id').primaryKey(),
    k8sClusterId: bigint('k8s_cluster_id', { mode: 'number' })
      .notNull()
      .references(() => k8sClusters.id, { onDelete: 'cascade' }),
  },
  (t) => [index('k8s_cluster_hosting_k8s_idx').on(t.k8sClusterId, t.clusterId)],
);

export const k8sUpgradeTasks = pgTable(
  'k8s_upgrade_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    targetVersion: text('target_version').notNull(),
    /** K8S_TASK_STATUSES */
    status: text('status').notNull(),
    /** automatic | manual */
    verification: text('verification').notNull().default('automatic'),
    reason: text('reason'),
    currentBatch: integer('current_batch'),
    /** What auto-generation was asked for (null for a task made by hand). */
    generation: jsonb('generation'),
    createdBy: text('created_by').notNull(),
    /** Who submitted it: every batch's operations are started on their behalf. */
    submittedBy: text('submitted_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    submittedAt: ts('submitted_at'),
    finishedAt: ts('finished_at'),
    closedAt: ts('closed_at'),
  },
  (t) => [
    index('k8s_upgrade_tasks_created_idx').on(t.createdAt, t.id),
    index('k8s_upgrade_tasks_status_created_idx').on(t.status, t.createdAt, t.id),
    index('k8s_upgrade_tasks_name_idx').on(t.name, t.id),
    index('k8s_upgrade_tasks_target_created_idx').on(t.targetVersion, t.createdAt, t.id),
    index('k8s_upgrade_tasks_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const k8sUpgradeTaskClusters = pgTable(
  'k8s_upgrade_task_clusters',
  {
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => k8sUpgradeTasks.id, { onDelete: 'cascade' }),
    k8sClusterId: bigint('k8s_cluster_id', { mode: 'number' })
      .notNull()
      .references(() => k8sClusters.id),
    batch: integer('batch').notNull(),
    position: integer('position').notNull(),
    /** K8S_CLUSTER_STATUSES */
    status: text('status').notNull(),
    fromVersion: text('from_version').notNull(),
    operationId: text('operation_id'),
    reason: text('reason'),
    /** `NodePool[]` when its upgrade started, and when it ended. */
    poolsBefore: jsonb('pools_before'),
    poolsAfter: jsonb('pools_after'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    primaryKey({ name: 'k8s_upgrade_task_clusters_pk', columns: [t.taskId, t.k8sClusterId] }),
    index('k8s_upgrade_task_clusters_batch_idx').on(t.taskId, t.batch, t.position),
    // A cluster's tasks (its upgrade history, "in another open task", the task list's k8s_name filter).
    index('k8s_upgrade_task_clusters_k8s_idx').on(t.k8sClusterId, t.status),
  ],
);
