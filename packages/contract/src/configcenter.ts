import { z } from 'zod';
import { CLOUD_PROVIDERS, CLUSTER_TYPES, COMPONENTS } from './constants.js';
import { CONFIG_TYPES } from './configchange.js';
import { listQuery, repeated } from './list.js';

/*
 * The config center (spec §2 /template, /defaultconfig/change, /version, /component, /dict; §3 default-config change,
 * default template binding, default component config item, release, version release item, version default rule,
 * template diff; §4 default-config change phase, release phase; §7 "Default-config and template calls", "Version
 * calls"). What every *new* cluster gets: templates per default case, component images, and which versions exist —
 * staged by a default-config change, then released per environment after approval. Decision 0012 explains the model.
 */

// ---- environments ---------------------------------------------------------------------------------------------
/** Where a default-config change is released, one release at a time, each after its own approval. */
export const CONFIG_ENVIRONMENTS = ['dev', 'staging', 'prod'] as const;
export type ConfigEnvironment = (typeof CONFIG_ENVIRONMENTS)[number];
/** The environment whose released defaults are a default case's "source template". */
export const SOURCE_ENVIRONMENT: ConfigEnvironment = 'prod';

// ---- default-config change: phases and actions (spec §4) -------------------------------------------------------
export const DEFAULT_CONFIG_PHASES = ['in_progress', 'success', 'terminated'] as const;
export type DefaultConfigPhase = (typeof DEFAULT_CONFIG_PHASES)[number];
export const CLOSE_RESULTS = ['success', 'terminated'] as const;
export type CloseResult = (typeof CLOSE_RESULTS)[number];
/** Every action a change offers, per phase: the server enforces it and the web enables buttons from it. */
export const DEFAULT_CONFIG_ACTIONS: Record<
  DefaultConfigPhase,
  { modify: boolean; modifyImages: boolean; release: boolean; close: boolean }
> = {
  in_progress: { modify: true, modifyImages: true, release: true, close: true },
  success: { modify: false, modifyImages: false, release: false, close: false },
  terminated: { modify: false, modifyImages: false, release: false, close: false },
};
export const DEFAULT_CONFIG_PHASE_COLORS: Record<DefaultConfigPhase, string> = {
  in_progress: 'processing',
  success: 'success',
  terminated: 'default',
};
export const canDoOnChange = (phase: string, action: keyof (typeof DEFAULT_CONFIG_ACTIONS)['in_progress']): boolean =>
  DEFAULT_CONFIG_ACTIONS[phase as DefaultConfigPhase]?.[action] ?? false;

export const ITEM_TYPES = ['version_release', 'template_default_case_binding', 'default_component_config'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

// ---- release: phases and actions (spec §4) ---------------------------------------------------------------------
/**
 * approving → releasing (approved; the release runs as an operation) → released; approving → cancelled (by a user)
 * or rejected (by an approver); releasing → failed. Cancelling does not revert the change's staged data.
 */
export const RELEASE_PHASES = ['approving', 'releasing', 'released', 'failed', 'cancelled', 'rejected'] as const;
export type ReleasePhase = (typeof RELEASE_PHASES)[number];
export const RELEASE_ACTIONS: Record<ReleasePhase, { cancel: boolean }> = {
  approving: { cancel: true },
  releasing: { cancel: false },
  released: { cancel: false },
  failed: { cancel: false },
  cancelled: { cancel: false },
  rejected: { cancel: false },
};
export const canCancelRelease = (phase: string): boolean => RELEASE_ACTIONS[phase as ReleasePhase]?.cancel ?? false;
/** A release in one of these holds its environment: no second release of the same change there until it ends. */
export const OPEN_RELEASE_PHASES = ['approving', 'releasing'] as const satisfies readonly ReleasePhase[];
export const RELEASE_PHASE_COLORS: Record<ReleasePhase, string> = {
  approving: 'orange',
  releasing: 'processing',
  released: 'success',
  failed: 'error',
  cancelled: 'default',
  rejected: 'error',
};

// ---- messages the spec quotes (§5, §8) -------------------------------------------------------------------------
export const CONFIG_CENTER_MESSAGES = {
  templateCreated: 'Template create request submitted successfully.',
  templateCreateFailed: 'Failed to create template',
  batchModified: 'Batch Modify Params Successfully.',
  releaseCreated: (environment: string) => `Successfully Create a ${environment} Release`,
  imagesChanged: 'Successfully Change the images',
  imagesConfirm: 'Are you sure to change these images?',
  closed: 'Successfully Close',
  cancelled: 'Successfully Cancel',
  reasonRequired: 'change reason is required',
  closeResultRequired: 'the result is required',
  terminateReasonRequired: 'a reason is required when the result is terminated',
  templateNameRequired: 'template name is required',
  templateVersionRequired: 'template version is required',
  targetVersionRequired: 'target version is required',
  anyCloudRegion: 'Any Cloud Region',
  anyProviderRegion: (provider: string) => `Any ${provider} Region`,
  anyClusterVersion: 'Any Cluster Version',
  any: 'Any',
} as const;

/** The /version table's cloud region cell (spec §2). */
export function ruleRegionLabel(rule: { cloud_provider: string | null; region: string | null }): string {
  if (rule.region) return rule.region;
  return rule.cloud_provider
    ? CONFIG_CENTER_MESSAGES.anyProviderRegion(rule.cloud_provider)
    : CONFIG_CENTER_MESSAGES.anyCloudRegion;
}

// ---- shared shapes -----------------------------------------------------------------------------------------------
/** An id in a path or a query: non-empty, at most 64 characters. */
export const configcenterId = z.string().trim().min(1).max(64);
const id = configcenterId;
const version = z
  .string()
  .trim()
  .regex(/^v\d+\.\d+\.\d+$/, 'a version looks like v8.1.1');
const clusterType = z.enum(CLUSTER_TYPES);
const provider = z.enum(CLOUD_PROVIDERS);

/** What a default applies to (spec §3): a null provider or instance type means "Any". */
export const defaultCaseSchema = z.object({
  version: z.string(),
  cloud_provider: provider.nullable(),
  instance_type: z.string().nullable(),
  config_type: z.enum(CONFIG_TYPES),
  region: z.string().nullable(),
});
export type DefaultCase = z.infer<typeof defaultCaseSchema>;

export const templateParameterSchema = z.object({ name: z.string(), value: z.string(), comment: z.string() });
export type TemplateParameter = z.infer<typeof templateParameterSchema>;
export const initSqlSchema = z.object({ index: z.number().int().min(1), sql: z.string() });
/** The next INIT_SQL paragraph's index: one above the current largest (spec §9). */
export const nextInitSqlIndex = (paragraphs: readonly { index: number }[]): number =>
  paragraphs.reduce((max, p) => Math.max(max, p.index), 0) + 1;

export const TEMPLATE_TYPES = ['default', 'custom'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
/** The config types a custom template has tabs for (spec §2 Add Template), INIT_SQL aside. */
export const CUSTOM_TEMPLATE_CONFIG_TYPES = ['tidb', 'tikv', 'tiflash'] as const;

export const templateRefSchema = z.object({ id: z.string(), name: z.string() });

export const templateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  cluster_type: clusterType,
  /** A default template has one config type; a custom template has files per config type (null here). */
  config_type: z.enum(CONFIG_TYPES).nullable(),
  tags: z.object({
    template_type: z.enum(TEMPLATE_TYPES),
    /** `v8.1`: the minor version whose parameter catalogue the template is written against. */
    effective_minor_version: z.string(),
    creator_email: z.string(),
  }),
  /** Set on a draft a default-config change derived (batch modify); null once released or for any other. */
  change_id: z.string().nullable(),
  created_at: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateSchema = templateSummarySchema.extend({
  parameters: z.array(templateParameterSchema),
  /** The default cases bound to this template (with_default_cases). */
  default_cases: z.array(defaultCaseSchema.extend({ cluster_type: clusterType })),
  custom_template_info: z
    .object({
      data: z.object({
        tidb: z.array(templateParameterSchema),
        tikv: z.array(templateParameterSchema),
        tiflash: z.array(templateParameterSchema),
        init_sql: z.array(initSqlSchema),
      }),
    })
    .nullable(),
});
export type Template = z.infer<typeof templateSchema>;

/** One row of the default-case table (spec §2). */
export const defaultCaseBindingSchema = z.object({
  /**
   * The row key (spec §3): template id, version, cloud provider, instance type, config type, cluster type and
   * modified template id, comma-joined.
   */
  key: z.string(),
  id: z.string(),
  cluster_type: clusterType,
  default_case: defaultCaseSchema,
  /** Released to the source environment (prod); null when never released there. */
  source_template: templateRefSchema.nullable(),
  /** The staged template: what the next release carries. */
  current_template: templateRefSchema,
  /** The in-progress change that stages this case, if any (a case is in at most one). */
  change_id: z.string().nullable(),
});
export type DefaultCaseBinding = z.infer<typeof defaultCaseBindingSchema>;
export const defaultCaseRowKey = (b: {
  template_id: string;
  cluster_type: string;
  default_case: Pick<DefaultCase, 'version' | 'cloud_provider' | 'instance_type' | 'config_type'>;
  modified_template_id: string;
}): string =>
  [
    b.template_id,
    b.default_case.version,
    b.default_case.cloud_provider ?? '',
    b.default_case.instance_type ?? '',
    b.default_case.config_type,
    b.cluster_type,
    b.modified_template_id,
  ].join(',');

export const defaultCaseQuery = listQuery(
  {
    cluster_type: clusterType.default('DEDICATED_TIDB'),
    default_for_cloud_provider: provider.optional(),
    default_for_version: z.string().trim().max(32).optional(),
    default_for_instance_type: z.string().trim().max(64).optional(),
    config_type_is: repeated(z.enum(CONFIG_TYPES)),
  },
  ['version', 'config_type'],
  '-version',
);
export type DefaultCaseQuery = z.input<typeof defaultCaseQuery>;

export const templateDiffSchema = z.object({
  config_type: z.enum(CONFIG_TYPES),
  changed_parameters: z.array(
    z.object({
      name: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      /** `template` when the template sets it, `default` when it is the catalogue default. */
      from_source: z.enum(['template', 'default']),
      to_source: z.enum(['template', 'default']),
    }),
  ),
});
export type TemplateDiff = z.infer<typeof templateDiffSchema>;
export const templateDiffQuery = z.object({ from: id, to: id });

export const templateListQuery = listQuery(
  {
    id_in: repeated(id),
    name_in: repeated(z.string().trim().max(200)),
    cluster_type: clusterType.optional(),
    template_type: z.enum(TEMPLATE_TYPES).optional(),
    version: z.string().trim().max(32).optional(),
    /** A default template's config type (the Modify dialog offers the rows' config type only). */
    config_type: z.enum(CONFIG_TYPES).optional(),
  },
  ['created_at', 'name'],
  '-created_at',
);
export type TemplateListQuery = z.input<typeof templateListQuery>;
export const templateDetailQuery = z.object({
  cluster_type: clusterType.optional(),
  with_default_cases: z.enum(['true', 'false']).default('true'),
});

/** Add Template (spec §7 Create template): a request that goes through the configuration change flow. */
export const createTemplateBody = z.object({
  name: z
    .string({ error: CONFIG_CENTER_MESSAGES.templateNameRequired })
    .trim()
    .min(1, CONFIG_CENTER_MESSAGES.templateNameRequired)
    .max(200),
  cluster_type: clusterType.default('DEDICATED_TIDB'),
  change_type: z.literal('fulltidb').default('fulltidb'),
  apply_policy: z.literal('RollingRestart').default('RollingRestart'),
  files: z.object({
    tidb: z.array(templateParameterSchema).default([]),
    tikv: z.array(templateParameterSchema).default([]),
    tiflash: z.array(templateParameterSchema).default([]),
    init_sql: z.array(initSqlSchema).default([]),
  }),
  version: z.object(
    {
      to_version: z
        .string({ error: CONFIG_CENTER_MESSAGES.templateVersionRequired })
        .trim()
        .min(1, CONFIG_CENTER_MESSAGES.templateVersionRequired),
    },
    { error: CONFIG_CENTER_MESSAGES.templateVersionRequired },
  ),
  reason: z.string().trim().max(1000).default('Create a custom template'),
});
export type CreateTemplateBody = z.input<typeof createTemplateBody>;

// ---- default-config change --------------------------------------------------------------------------------------
export const defaultConfigChangeSchema = z.object({
  id: z.string(),
  applicant: z.string(),
  reason: z.string(),
  phase: z.enum(DEFAULT_CONFIG_PHASES),
  phase_reason: z.string().nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  item_types: z.array(z.enum(ITEM_TYPES)),
  /** Environments with a release of this change (any phase), in CONFIG_ENVIRONMENTS order. */
  environments: z.array(z.enum(CONFIG_ENVIRONMENTS)),
});
export type DefaultConfigChange = z.infer<typeof defaultConfigChangeSchema>;
export const defaultConfigChangeResponse = z.object({ change: defaultConfigChangeSchema });
export const defaultConfigChangeListQuery = listQuery(
  {
    phase: repeated(z.enum(DEFAULT_CONFIG_PHASES)),
    applicant: z.string().trim().max(200).optional(),
    item_type: z.enum(ITEM_TYPES).optional(),
  },
  ['created_at'],
  '-created_at',
);
export type DefaultConfigChangeListQuery = z.input<typeof defaultConfigChangeListQuery>;

const bindingOrigin = z.object({ template_id: id, cluster_type: clusterType, default_case: defaultCaseSchema });
/** Create modification (spec §7): the selected rows with the template each should take, and a reason. */
export const createModificationBody = z.object({
  default_case_bindings: z
    .array(z.object({ origin: bindingOrigin, modified: z.object({ template_id: id }) }))
    .min(1, 'select at least one default case'),
  reason: z
    .string({ error: CONFIG_CENTER_MESSAGES.reasonRequired })
    .trim()
    .min(1, CONFIG_CENTER_MESSAGES.reasonRequired)
    .max(1000),
});
export type CreateModificationBody = z.input<typeof createModificationBody>;
export const changeCreated = z.object({ change_id: z.string() });

/** One item of a change; `origin` and `modified` by type (spec §3). */
export const changeItemSchema = z.object({
  id: z.string(),
  type: z.enum(ITEM_TYPES),
  /** Bumped by every batch update; a release carries the revision it snapshotted. */
  revision: z.number().int(),
  /** Environments whose released state is this item at its current revision. */
  released_to: z.array(z.enum(CONFIG_ENVIRONMENTS)),
  template_binding: z
    .object({
      key: z.string(),
      origin: bindingOrigin.extend({ template_name: z.string() }),
      modified: z.object({ template_id: z.string(), template_name: z.string() }),
    })
    .nullable(),
  component_config: z
    .object({
      origin: z.object({
        default_case: z.object({
          component: z.enum(COMPONENTS),
          version: z.string(),
          cloud_provider: provider.nullable(),
          instance_type: z.string().nullable(),
          config_type: z.string(),
        }),
        template_id: z.string().nullable(),
        cluster_type: clusterType,
        base_image: z.string(),
        image_tag: z.string(),
      }),
      modified: z.object({ base_image: z.string(), image_tag: z.string(), template_id: z.string().nullable() }),
    })
    .nullable(),
  version_release: z
    .object({
      cluster_type: clusterType,
      source_version: z.string(),
      target_version: z.string(),
      /** `AWS:m5.2xlarge` entries. */
      covering_instance_types: z.array(z.string()),
    })
    .nullable(),
  updated_at: z.string(),
});
export type ChangeItem = z.infer<typeof changeItemSchema>;
export const changeItemQuery = listQuery(
  {
    type_is: repeated(z.enum(ITEM_TYPES)),
    /** Unreleased items only: those whose current revision is not released to this environment. */
    environment_is: z.enum(CONFIG_ENVIRONMENTS).optional(),
  },
  ['id'],
  'id',
);
export type ChangeItemQuery = z.input<typeof changeItemQuery>;

const paramName = z.string().trim().min(1).max(200);
/** Batch update templates (spec §7): the selected template items get these parameters set and unset. */
export const batchUpdateTemplatesBody = z
  .object({
    items: z.array(id).min(1, 'select at least one item'),
    params_to_set: z.array(z.object({ name: paramName, value: z.string().max(10_000) })).default([]),
    params_to_unset: z.array(paramName).default([]),
  })
  .refine((b) => b.params_to_set.length + b.params_to_unset.length > 0, {
    message: 'set or unset at least one parameter',
    path: ['params_to_set'],
  });
/** The image batch update (spec §7): one entry per component to change. */
export const batchUpdateComponentsBody = z.object({
  batch_update_component_configs: z.object({
    components: z
      .array(
        z.object({
          default_case: z.object({
            component: z.enum(COMPONENTS),
            version: z.string().trim().min(1),
            cloud_provider: provider.nullable().default(null),
            instance_type: z.string().nullable().default(null),
            config_type: z.string().default(''),
          }),
          cluster_type: clusterType.default('DEDICATED_TIDB'),
          base_image: z.string().trim().min(1, 'base image is required').max(300),
          image_tag: z.string().max(128),
        }),
      )
      .min(1, 'change at least one component'),
  }),
});
export type BatchUpdateComponentsBody = z.input<typeof batchUpdateComponentsBody>;
export const itemsResponse = z.object({ items: z.array(changeItemSchema) });

/** The image modification view (spec §2): per component of a cluster type and version, released vs staged. */
export const componentImageRowSchema = z.object({
  component: z.enum(COMPONENTS),
  base_image: z.string(),
  /** Released to the source environment (prod); null when never released there. */
  source_tag: z.string().nullable(),
  /** Staged: what the next release carries. */
  current_tag: z.string(),
  change_id: z.string().nullable(),
});
export const componentImagesQuery = z.object({
  cluster_type: clusterType.default('DEDICATED_TIDB'),
  version: z.string().trim().min(1),
});

export const closeChangeBody = z
  .object({
    result: z.enum(CLOSE_RESULTS, { error: CONFIG_CENTER_MESSAGES.closeResultRequired }),
    reason: z.string().trim().max(1000).optional(),
  })
  .refine((b) => b.result !== 'terminated' || Boolean(b.reason), {
    message: CONFIG_CENTER_MESSAGES.terminateReasonRequired,
    path: ['reason'],
  });

// ---- releases ---------------------------------------------------------------------------------------------------
export const releaseSchema = z.object({
  id: z.string(),
  change_id: z.string(),
  description: z.string(),
  environment: z.enum(CONFIG_ENVIRONMENTS),
  phase: z.enum(RELEASE_PHASES),
  /** Per environment, 1, 2, 3… in the order releases were created there. */
  release_number: z.number().int(),
  released_at: z.string().nullable(),
  approval_id: z.string().nullable(),
  operation_id: z.string().nullable(),
  applicant: z.string(),
  created_at: z.string(),
});
export type Release = z.infer<typeof releaseSchema>;
export const releaseDetailSchema = releaseSchema.extend({
  /** with_released_items: what the release carries (snapshotted when it was created). */
  released_templates: z.array(
    z.object({
      item_id: z.string(),
      cluster_type: clusterType,
      default_case: defaultCaseSchema,
      from_template: templateRefSchema,
      to_template: templateRefSchema,
    }),
  ),
  released_components: z.array(
    z.object({
      item_id: z.string(),
      cluster_type: clusterType,
      component: z.enum(COMPONENTS),
      version: z.string(),
      base_image: z.string(),
      image_tag_from: z.string(),
      image_tag_to: z.string(),
    }),
  ),
  released_versions: z.array(
    z.object({
      item_id: z.string(),
      cluster_type: clusterType,
      source_version: z.string(),
      target_version: z.string(),
    }),
  ),
});
export type ReleaseDetail = z.infer<typeof releaseDetailSchema>;
export const createReleaseBody = z.object({
  environment: z.enum(CONFIG_ENVIRONMENTS),
  description: z.string().trim().max(1000).default(''),
});
export const releaseResponse = z.object({ release: releaseSchema });
export const releaseDetailResponse = z.object({ release: releaseDetailSchema });
export const releaseDetailQuery = z.object({ with_released_items: z.enum(['true', 'false']).default('true') });

// ---- versions, components, instance types (spec §2 /version, /component; §7 Version calls) -----------------------
export const clusterVersionSchema = z.object({
  cluster_type: clusterType,
  version: z.string(),
  is_default: z.boolean(),
  /** Where it came from: the seed, a released version change, or a gitops sync. */
  source: z.enum(['seed', 'release', 'gitops']),
  /** Environments it is released to. */
  environments: z.array(z.enum(CONFIG_ENVIRONMENTS)),
  created_at: z.string(),
});
export type ClusterVersion = z.infer<typeof clusterVersionSchema>;
export const versionsQuery = z.object({ cluster_type: clusterType.default('DEDICATED_TIDB') });
export const versionsResponse = z.object({ versions: z.array(clusterVersionSchema) });

export const versionRuleSchema = z.object({
  id: z.string(),
  component: z.enum(COMPONENTS),
  cloud_provider: provider.nullable(),
  region: z.string().nullable(),
  /** Null: any cluster version. */
  cluster_version: z.string().nullable(),
  version: z.string(),
});
export type VersionRule = z.infer<typeof versionRuleSchema>;
export const versionRuleQuery = listQuery({ component: repeated(z.enum(COMPONENTS)) }, ['component'], 'component');

export const setDefaultVersionBody = z.object({
  cluster_type: z.literal('DEDICATED_TIDB').default('DEDICATED_TIDB'),
  version,
  is_default: z.literal(true).default(true),
});
export const releaseVersionBody = z.object({
  cluster_type: clusterType.default('DEDICATED_TIDB'),
  source_version: z.string().trim().min(1, 'source version is required'),
  target_version: z
    .string({ error: CONFIG_CENTER_MESSAGES.targetVersionRequired })
    .trim()
    .min(1, CONFIG_CENTER_MESSAGES.targetVersionRequired)
    .regex(/^v\d+\.\d+\.\d+$/, 'a version looks like v8.1.1'),
  reason: z.string().trim().max(1000).default(''),
});
export type ReleaseVersionBody = z.input<typeof releaseVersionBody>;
export const GITOPS_DEFAULTS = { branch: '3layer-prod', maxVersion: 'v99.99.99' } as const;
/** A version bound of the gitops sync: a version, or empty for none. */
const optionalVersion = z
  .string()
  .trim()
  .max(32)
  .regex(/^(v\d+\.\d+\.\d+)?$/, 'a version looks like v8.1.1');
export const syncFromGitopsBody = z.object({
  gitops_branch: z.string().trim().min(1).max(200).default(GITOPS_DEFAULTS.branch),
  /** Empty or absent: no lower bound. */
  min_version: optionalVersion.optional(),
  /** Empty or absent: v99.99.99. */
  max_version: optionalVersion.default(GITOPS_DEFAULTS.maxVersion),
  tier_branch: z.string().trim().max(200).optional(),
  reason: z
    .string({ error: CONFIG_CENTER_MESSAGES.reasonRequired })
    .trim()
    .min(1, CONFIG_CENTER_MESSAGES.reasonRequired)
    .max(1000),
});
export type SyncFromGitopsBody = z.input<typeof syncFromGitopsBody>;

export const componentsQuery = z.object({ cluster_type: clusterType.default('DEDICATED_TIDB') });
export const componentsResponse = z.object({ components: z.array(z.enum(COMPONENTS)) });
export const componentVersionsQuery = listQuery(
  { cluster_type: clusterType.default('DEDICATED_TIDB'), component: z.enum(COMPONENTS).default('TIDB') },
  ['version'],
  '-version',
);
export const componentVersionSchema = z.object({
  version: z.string(),
  base_image: z.string(),
  image_tag: z.string(),
});
export const instanceTypeSchema = z.object({
  cloud_provider: provider,
  instance_type: z.string(),
  /** The components it serves, e.g. TIDB, TIKV. */
  components: z.array(z.enum(COMPONENTS)),
});
export const instanceTypesResponse = z.object({ instance_types: z.array(instanceTypeSchema) });
export const configTypesQuery = z.object({
  cluster_type: clusterType.default('DEDICATED_TIDB'),
  version: z.string().trim().max(32).optional(),
});
export const configTypesResponse = z.object({ config_types: z.array(z.enum(CONFIG_TYPES)) });

/** What a new cluster created now in an environment gets (the released defaults). */
export const resolveDefaultsQuery = z.object({
  environment: z.enum(CONFIG_ENVIRONMENTS),
  cluster_type: clusterType.default('DEDICATED_TIDB'),
  version: z.string().trim().min(1),
  cloud_provider: provider,
  instance_type: z.string().trim().max(64).optional(),
  /** A tenant whose new clusters these are: its applied init configuration comes on top of the templates. */
  tenant_id: z.string().trim().min(1).max(64).optional(),
});
export const resolvedDefaultsSchema = z.object({
  environment: z.enum(CONFIG_ENVIRONMENTS),
  version_available: z.boolean(),
  templates: z.array(
    z.object({ config_type: z.enum(CONFIG_TYPES), template: templateRefSchema, default_case_id: z.string() }),
  ),
  components: z.array(z.object({ component: z.enum(COMPONENTS), base_image: z.string(), image_tag: z.string() })),
  /**
   * With `tenant_id`: the tenant's applied init parameters of this cluster type (a tenant-init change), per config
   * type; they override the templates' values of the same names. Empty without a tenant or when it has none.
   */
  tenant_init: z.array(
    z.object({
      config_type: z.enum(CONFIG_TYPES),
      parameters: z.array(z.object({ name: z.string(), value: z.string() })),
    }),
  ),
});
