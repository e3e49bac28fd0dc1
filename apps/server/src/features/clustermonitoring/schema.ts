import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The handling columns of an alert nobody has acknowledged or silenced (a new one, from the source or the seed). */
export const UNHANDLED_ALERT = {
  acknowledgedBy: null,
  acknowledgedAt: null,
  acknowledgeComment: null,
  silencedBy: null,
  silencedUntil: null,
  silenceComment: null,
} as const;

/**
 * Alerts of tenant clusters (spec §7 cluster alerts): one row per firing of a rule on a cluster, as the alert source
 * (Alertmanager) reported it, with what the staff did about it (acknowledged, silenced). A cluster's list reads
 * (cluster_id, starts_at, id) in either direction, its filters narrow a few dozen rows; the fleet's critical alerts
 * read a partial index holding only the critical ones still firing.
 */
export const clusterAlerts = pgTable(
  'cluster_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clusterId: text('cluster_id').notNull(),
    rule: text('rule').notNull(),
    severity: text('severity').notNull(),
    status: text('status').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull().default(''),
    /** The alert's labels: a JSON object of strings. */
    labels: jsonb('labels').notNull().default({}),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at'),
    acknowledgedBy: text('acknowledged_by'),
    acknowledgedAt: at('acknowledged_at'),
    acknowledgeComment: text('acknowledge_comment'),
    silencedBy: text('silenced_by'),
    silencedUntil: at('silenced_until'),
    silenceComment: text('silence_comment'),
    /**
     * The alert source's identity of the alert (Alertmanager's fingerprint of its label set) on rows the alert sync
     * wrote; null on others (the demo's). At most one firing row per fingerprint.
     */
    fingerprint: text('fingerprint'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('cluster_alerts_cluster_starts_idx').on(t.clusterId, t.startsAt, t.id),
    index('cluster_alerts_cluster_status_starts_idx').on(t.clusterId, t.status, t.startsAt, t.id),
    index('cluster_alerts_cluster_severity_starts_idx').on(t.clusterId, t.severity, t.startsAt, t.id),
    index('cluster_alerts_critical_firing_idx')
      .on(t.startsAt, t.id)
      .where(sql`${t.severity} = 'critical' and ${t.status} = 'firing'`),
    // Every firing alert (the alert sync reads them all, to resolve those the source no longer reports), unique by
    // fingerprint (nulls apart).
    uniqueIndex('cluster_alerts_firing_fingerprint_idx')
      .on(t.fingerprint)
      .where(sql`${t.status} = 'firing'`),
  ],
);

/** The stores PD reports for a cluster (TiKV and TiFlash), one row each, Tombstone ones included. */
export const clusterStores = pgTable(
  'cluster_stores',
  {
    clusterId: text('cluster_id').notNull(),
    storeId: integer('store_id').notNull(),
    kind: text('kind').notNull(),
    address: text('address').notNull(),
    zone: text('zone').notNull(),
    state: text('state').notNull(),
    version: text('version').notNull(),
    capacityBytes: bigint('capacity_bytes', { mode: 'number' }).notNull(),
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull(),
    regionCount: integer('region_count').notNull(),
    leaderCount: integer('leader_count').notNull(),
    startedAt: at('started_at').notNull(),
  },
  (t) => [uniqueIndex('cluster_stores_cluster_store_idx').on(t.clusterId, t.storeId)],
);

/** DM (data migration) deployments attached to a cluster, each in its own Kubernetes namespace. */
export const dmNamespaces = pgTable(
  'cluster_dm_namespaces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clusterId: text('cluster_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    dmVersion: text('dm_version').notNull(),
    masterReplicas: integer('master_replicas').notNull(),
    masterReady: integer('master_ready').notNull(),
    workerReplicas: integer('worker_replicas').notNull(),
    workerReady: integer('worker_ready').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cluster_dm_namespaces_name_idx').on(t.name),
    index('cluster_dm_namespaces_cluster_created_idx').on(t.clusterId, t.createdAt, t.id),
  ],
);

/** The migration tasks a DM deployment runs. */
export const dmTasks = pgTable(
  'cluster_dm_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    namespaceId: bigint('namespace_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    taskMode: text('task_mode').notNull(),
    stage: text('stage').notNull(),
    unit: text('unit').notNull(),
    sources: text('sources')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    targetDatabase: text('target_database').notNull(),
    progress: real('progress'),
    syncLagSeconds: integer('sync_lag_seconds'),
    error: text('error'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'cluster_dm_tasks_namespace_fk',
      columns: [t.namespaceId],
      foreignColumns: [dmNamespaces.id],
    }).onDelete('cascade'),
    uniqueIndex('cluster_dm_tasks_namespace_name_idx').on(t.namespaceId, t.name),
  ],
);
