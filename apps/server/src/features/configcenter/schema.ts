import { sql } from 'drizzle-orm';
import {
  bigint,
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

/*
 * The config center's tables (decision 0012). Staged state lives on the objects (a default case's `template_id`, a
 * component default's `image_tag`): it is what the next release carries. Released state lives per environment in
 * `cc_released`. A default-config change stages objects through its items and releases them per environment.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * Templates (spec §3 Template). A default template has one config type and `parameters`; a custom template has files
 * per config type and INIT_SQL in `custom_data`. `change_id` marks a draft a default-config change derived by batch
 * modify (it stays a draft of that change; released drafts are ordinary templates).
 */
export const ccTemplates = pgTable(
  'cc_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    clusterType: text('cluster_type').notNull(),
    templateType: text('template_type').notNull(),
    configType: text('config_type'),
    effectiveMinorVersion: text('effective_minor_version').notNull(),
    creatorEmail: text('creator_email').notNull(),
    /** `[{ name, value, comment }]` */
    parameters: jsonb('parameters').notNull().default([]),
    /** `{ tidb: [...], tikv: [...], tiflash: [...], init_sql: [{ index, sql }] }` (custom templates) */
    customData: jsonb('custom_data'),
    changeId: bigint('change_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('cc_templates_type_created_idx').on(t.templateType, t.createdAt, t.id),
    index('cc_templates_cluster_type_created_idx').on(t.clusterType, t.templateType, t.createdAt, t.id),
    index('cc_templates_name_idx').on(t.name),
    // The version filter (a minor version) of the template lists, per template type.
    index('cc_templates_type_minor_created_idx').on(t.templateType, t.effectiveMinorVersion, t.createdAt, t.id),
    // A change's drafts (frozen when released).
    index('cc_templates_change_idx')
      .on(t.changeId)
      .where(sql`${t.changeId} is not null`),
  ],
);

/**
 * Default cases (spec §3 default_case): what a new cluster of a cluster type, version, provider, instance type (null:
 * any) gets for a config type. `template_id` is the staged template; `change_id` the in-progress change staging it.
 */
export const ccDefaultCases = pgTable(
  'cc_default_cases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clusterType: text('cluster_type').notNull(),
    version: text('version').notNull(),
    cloudProvider: text('cloud_provider'),
    instanceType: text('instance_type'),
    configType: text('config_type').notNull(),
    region: text('region'),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    changeId: bigint('change_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cc_default_cases_case_idx').on(
      t.clusterType,
      t.version,
      sql`coalesce(${t.cloudProvider}, '')`,
      sql`coalesce(${t.instanceType}, '')`,
      t.configType,
      sql`coalesce(${t.region}, '')`,
    ),
    index('cc_default_cases_type_version_idx').on(t.clusterType, t.version, t.configType, t.id),
    index('cc_default_cases_template_idx').on(t.templateId),
    // The provider and instance type filters of the default-case table.
    index('cc_default_cases_provider_idx').on(t.clusterType, t.cloudProvider, t.instanceType),
    // The cases an in-progress change stages (freed when it closes).
    index('cc_default_cases_change_idx')
      .on(t.changeId)
      .where(sql`${t.changeId} is not null`),
  ],
);

/** Default component images (spec §3 default component config item) per cluster type, component and version. */
export const ccComponentDefaults = pgTable(
  'cc_component_defaults',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clusterType: text('cluster_type').notNull(),
    component: text('component').notNull(),
    version: text('version').notNull(),
    baseImage: text('base_image').notNull(),
    imageTag: text('image_tag').notNull(),
    changeId: bigint('change_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cc_component_defaults_key_idx').on(t.clusterType, t.component, t.version),
    index('cc_component_defaults_change_idx')
      .on(t.changeId)
      .where(sql`${t.changeId} is not null`),
  ],
);

/** Cluster versions that exist per cluster type (the /version page; the version choosers). */
export const ccVersions = pgTable(
  'cc_versions',
  {
    clusterType: text('cluster_type').notNull(),
    version: text('version').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** seed | release | gitops */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'cc_versions_pk', columns: [t.clusterType, t.version] })],
);

/** Default version rules (spec §3 version default rule): a component's default version; nulls mean "any". */
export const ccVersionRules = pgTable(
  'cc_version_rules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    component: text('component').notNull(),
    cloudProvider: text('cloud_provider'),
    region: text('region'),
    clusterVersion: text('cluster_version'),
    version: text('version').notNull(),
  },
  (t) => [index('cc_version_rules_component_idx').on(t.component, t.id)],
);

/** Instance types per cluster type and provider, with the components they serve. */
export const ccInstanceTypes = pgTable(
  'cc_instance_types',
  {
    clusterType: text('cluster_type').notNull(),
    cloudProvider: text('cloud_provider').notNull(),
    instanceType: text('instance_type').notNull(),
    /** `["TIDB", "TIKV"]` */
    components: jsonb('components').notNull().default([]),
  },
  (t) => [primaryKey({ name: 'cc_instance_types_pk', columns: [t.clusterType, t.cloudProvider, t.instanceType] })],
);

/**
 * What each environment has released: kind `binding` (key: default case id, value `{ template_id }`), `component`
 * (key: component default id, value `{ base_image, image_tag }`), `version` (key `CLUSTER_TYPE:version`, value `{}`).
 */
export const ccReleased = pgTable(
  'cc_released',
  {
    environment: text('environment').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull().default({}),
    releaseId: bigint('release_id', { mode: 'number' }),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'cc_released_pk', columns: [t.environment, t.kind, t.key] })],
);

/** Default-config changes (spec §3): phase in_progress → success | terminated (spec §4). */
export const ccChanges = pgTable(
  'cc_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicant: text('applicant').notNull(),
    reason: text('reason').notNull(),
    phase: text('phase').notNull(),
    phaseReason: text('phase_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('cc_changes_created_idx').on(t.createdAt, t.id),
    index('cc_changes_phase_created_idx').on(t.phase, t.createdAt, t.id),
    index('cc_changes_applicant_created_idx').on(t.applicant, t.createdAt, t.id),
  ],
);

/**
 * A change's items. `subject_key` names what the item stages (default case id, component default id, or
 * `CLUSTER_TYPE:version`); `data` holds `{ origin, modified }` (or the version release item); `released` maps an
 * environment to the revision released there.
 */
export const ccChangeItems = pgTable(
  'cc_change_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    changeId: bigint('change_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    subjectKey: text('subject_key').notNull(),
    revision: integer('revision').notNull().default(1),
    data: jsonb('data').notNull(),
    released: jsonb('released').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cc_change_items_change_idx').on(t.changeId, t.id),
    uniqueIndex('cc_change_items_subject_idx').on(t.changeId, t.type, t.subjectKey),
  ],
);

/** Releases of a change to an environment (spec §3 Release), each gated by an approval, applied by an operation. */
export const ccReleases = pgTable(
  'cc_releases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    changeId: bigint('change_id', { mode: 'number' }).notNull(),
    environment: text('environment').notNull(),
    description: text('description').notNull().default(''),
    phase: text('phase').notNull(),
    releaseNumber: integer('release_number').notNull(),
    applicant: text('applicant').notNull(),
    approvalId: text('approval_id'),
    operationId: text('operation_id'),
    /** The items as they were when the release was created: `[{ item_id, revision, type, data }]`. */
    items: jsonb('items').notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('cc_releases_change_idx').on(t.changeId, t.id),
    uniqueIndex('cc_releases_number_idx').on(t.environment, t.releaseNumber),
    // One open release per change and environment: the database's own guard behind the service's check.
    uniqueIndex('cc_releases_one_open_idx')
      .on(t.changeId, t.environment)
      .where(sql`${t.phase} in ('approving', 'releasing')`),
  ],
);

/**
 * The embedded gitops version catalogue (what `Sync from Gitops` reads offline): versions per branch and cluster
 * type. The real source is the code host (GITOPS_* settings); see the versions adapter.
 */
export const ccGitopsVersions = pgTable(
  'cc_gitops_versions',
  {
    branch: text('branch').notNull(),
    clusterType: text('cluster_type').notNull(),
    version: text('version').notNull(),
    tierBranch: text('tier_branch'),
  },
  (t) => [primaryKey({ name: 'cc_gitops_versions_pk', columns: [t.branch, t.clusterType, t.version] })],
);
