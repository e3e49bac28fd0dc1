import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The parameter catalogue (spec §3 Config parameter): what each config type accepts, per minor version (v8.1). */
export const configParameters = pgTable(
  'config_parameters',
  {
    configType: text('config_type').notNull(),
    minorVersion: text('minor_version').notNull(),
    name: text('name').notNull(),
    filename: text('filename').notNull(),
    defaultValue: text('default_value').notNull(),
    type: text('type').notNull(),
    applyPolicy: text('apply_policy').notNull(),
    /** `{ enum?, maximum?, minimum?, pattern? }` */
    validation: jsonb('validation').notNull().default({}),
    description: text('description').notNull(),
    riskLevel: text('risk_level').notNull(),
  },
  (t) => [primaryKey({ name: 'config_parameters_pk', columns: [t.configType, t.minorVersion, t.name] })],
);

/** Parameters set on a target (source `custom`); everything else takes the catalogue default. */
export const configCustomParams = pgTable(
  'config_custom_params',
  {
    clusterType: text('cluster_type').notNull(),
    targetId: text('target_id').notNull(),
    configType: text('config_type').notNull(),
    filename: text('filename').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'config_custom_params_pk', columns: [t.clusterType, t.targetId, t.configType, t.name] })],
);

/** Image tags set by a configuration change over the version's default tag (`overwrite_image_tag`). */
export const configImageOverrides = pgTable(
  'config_image_overrides',
  {
    clusterType: text('cluster_type').notNull(),
    targetId: text('target_id').notNull(),
    component: text('component').notNull(),
    imageTag: text('image_tag').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'config_image_overrides_pk', columns: [t.clusterType, t.targetId, t.component] })],
);

/**
 * A configuration change (spec §3 Config change) and where it is in its phase machine (spec §4). `modified_params`
 * holds the modified parameter names comma-joined, for the `have_modified_param_like` filter (trigram index).
 */
export const configChanges = pgTable(
  'config_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    clusterType: text('cluster_type').notNull(),
    tenantId: text('tenant_id'),
    changeType: text('change_type').notNull(),
    applicant: text('applicant').notNull(),
    applyPolicy: text('apply_policy').notNull(),
    phase: text('phase').notNull(),
    phaseReason: text('phase_reason'),
    approvalId: text('approval_id'),
    operationId: text('operation_id'),
    reason: text('reason').notNull(),
    scope: jsonb('scope').notNull(),
    snapshot: jsonb('snapshot').notNull().default([]),
    /** The target's configuration fingerprint the change was prepared from (stale guard at apply). */
    baseFingerprint: text('base_fingerprint').notNull(),
    modifiedParams: text('modified_params').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('config_changes_created_idx').on(t.createdAt, t.id),
    index('config_changes_target_created_idx').on(t.targetId, t.createdAt, t.id),
    index('config_changes_phase_created_idx').on(t.phase, t.createdAt, t.id),
    index('config_changes_applicant_created_idx').on(t.applicant, t.createdAt, t.id),
    index('config_changes_cluster_type_created_idx').on(t.clusterType, t.createdAt, t.id),
    index('config_changes_modified_params_trgm_idx').using('gin', sql`${t.modifiedParams} gin_trgm_ops`),
    // At most one unfinished change per target: the database's own guard behind the service's check.
    uniqueIndex('config_changes_one_open_per_target_idx')
      .on(t.clusterType, t.targetId)
      .where(sql`${t.phase} in ('created', 'approving', 'wait_for_apply', 'applying')`),
  ],
);
