import { z } from 'zod';
import { route } from './api.js';
import { CLUSTER_TYPES } from './constants.js';
import { listQuery, listResult, repeated } from './list.js';

export const CONFIG_TYPES = ['tidb', 'tikv', 'pd', 'tiflash', 'tiflash_learner', 'ticdc', 'changefeed'] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];
/** Spec §9: tidb 4, tikv 3, pd 2, tiflash and tiflash_learner 1. */
export const CONFIG_TYPE_PRIORITY: Record<string, number> = { tidb: 4, tikv: 3, pd: 2, tiflash: 1, tiflash_learner: 1 };
export const sortConfigTypes = <T extends string>(types: readonly T[]): T[] =>
  [...types].sort((a, b) => (CONFIG_TYPE_PRIORITY[b] ?? 0) - (CONFIG_TYPE_PRIORITY[a] ?? 0));

/** The file each config type's parameters live in. */
export const CONFIG_FILENAMES: Record<ConfigType, string> = {
  tidb: 'tidb.toml',
  tikv: 'tikv.toml',
  pd: 'pd.toml',
  tiflash: 'tiflash.toml',
  tiflash_learner: 'tiflash-learner.toml',
  ticdc: 'ticdc.toml',
  changefeed: 'changefeed.toml',
};

export const PARAM_TYPES = ['int', 'float', 'string', 'bool', 'json'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

export const APPLY_MODES = ['None', 'HotReload', 'RollingRestart', 'EnsureUpdateToTC', 'NewInstancesOnly'] as const;
export type ApplyMode = (typeof APPLY_MODES)[number];
/** Spec §9: the order of the choices, and the default. */
export const APPLY_POLICY_CHOICES = ['RollingRestart', 'HotReload', 'EnsureUpdateToTC'] as const;
export type ApplyPolicyChoice = (typeof APPLY_POLICY_CHOICES)[number];
export const DEFAULT_APPLY_POLICY: ApplyPolicyChoice = 'RollingRestart';

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export const TARGET_TYPES = ['cluster', 'tenant_init', 'template'] as const;
export const CHANGE_TYPES = ['config', 'image', 'version', 'mixed'] as const;

// ---- state machine (spec §4) ----------------------------------------------------------------------------------
export const CONFIG_CHANGE_PHASES = [
  'created',
  'approving',
  'wait_for_apply',
  'applying',
  'applied',
  'cancelled',
  'withdrawn',
] as const;
export type ConfigChangePhase = (typeof CONFIG_CHANGE_PHASES)[number];
export const PHASE_COLORS: Record<string, string> = {
  created: 'geekblue',
  approving: 'orange',
  wait_for_apply: 'cyan',
  applying: 'blue',
  applied: 'green',
  cancelled: 'grey',
  withdrawn: 'red',
};
export const phaseColor = (phase: string): string => PHASE_COLORS[phase] ?? 'red';
/** Which actions each phase allows; the server enforces it and the web enables buttons from it. */
export const CONFIG_CHANGE_ACTIONS: Record<ConfigChangePhase, { apply: boolean; cancel: boolean }> = {
  created: { apply: false, cancel: true },
  approving: { apply: false, cancel: true },
  wait_for_apply: { apply: true, cancel: true },
  applying: { apply: false, cancel: false },
  applied: { apply: false, cancel: false },
  cancelled: { apply: false, cancel: false },
  withdrawn: { apply: false, cancel: false },
};
/** Phases of a change that is still in flight: a target has at most one such change. */
export const UNFINISHED_PHASES = [
  'created',
  'approving',
  'wait_for_apply',
  'applying',
] as const satisfies readonly ConfigChangePhase[];
export const canApplyChange = (phase: string) => CONFIG_CHANGE_ACTIONS[phase as ConfigChangePhase]?.apply ?? false;
export const canCancelChange = (phase: string) => CONFIG_CHANGE_ACTIONS[phase as ConfigChangePhase]?.cancel ?? false;

// ---- parameter value validation (spec §5), shared by the editor and the server -------------------------------
export const validationSchema = z.object({
  enum: z.array(z.string()).optional(),
  maximum: z.number().optional(),
  minimum: z.number().optional(),
  pattern: z.string().optional(),
});
export type ParamValidation = z.infer<typeof validationSchema>;

export const PARAM_MESSAGES = {
  int: 'the input should be an int',
  float: 'the input should be float',
  bool: 'the input should be bool',
  json: 'the input should be json format',
  required: (type: string) => `new ${type} value is required`,
  whitespace: 'please delete the whitespaces in the head and tail',
  unknownType: 'unknown type, please choose type manually',
  enum: (values: string[]) => `the value should be one of ${values.join(', ')}`,
  maximum: (max: number) => `the value should be less than or equal to ${max}`,
  minimum: (min: number) => `the value should be greater than or equal to ${min}`,
  pattern: (pattern: string) => `the value should match the pattern ${pattern}`,
} as const;

/** Returns the spec's message for an invalid new value, or undefined when it is valid. */
export function validateParamValue(
  type: string,
  raw: string | undefined | null,
  rules: ParamValidation = {},
): string | undefined {
  if (!(PARAM_TYPES as readonly string[]).includes(type)) return PARAM_MESSAGES.unknownType;
  if (raw === undefined || raw === null || raw === '') return PARAM_MESSAGES.required(type);
  if (raw.trim() !== raw) return PARAM_MESSAGES.whitespace;
  if (type === 'int' && !/^-?\d+$/.test(raw)) return PARAM_MESSAGES.int;
  if (type === 'int' && !Number.isSafeInteger(Number(raw))) return PARAM_MESSAGES.int;
  if (type === 'float' && (!/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw) || !Number.isFinite(Number(raw))))
    return PARAM_MESSAGES.float;
  if (type === 'bool' && raw !== 'true' && raw !== 'false') return PARAM_MESSAGES.bool;
  if (type === 'json') {
    try {
      JSON.parse(raw);
    } catch {
      return PARAM_MESSAGES.json;
    }
  }
  if (rules.enum?.length && !rules.enum.includes(raw)) return PARAM_MESSAGES.enum(rules.enum);
  if ((type === 'int' || type === 'float') && rules.maximum !== undefined && Number(raw) > rules.maximum)
    return PARAM_MESSAGES.maximum(rules.maximum);
  if ((type === 'int' || type === 'float') && rules.minimum !== undefined && Number(raw) < rules.minimum)
    return PARAM_MESSAGES.minimum(rules.minimum);
  if (rules.pattern && !new RegExp(rules.pattern).test(raw)) return PARAM_MESSAGES.pattern(rules.pattern);
  return undefined;
}

/** Converts a validated raw value to its typed form (spec §5: values converted according to the type). */
export function convertParamValue(type: ParamType, raw: string): unknown {
  switch (type) {
    case 'int':
    case 'float':
      return Number(raw);
    case 'bool':
      return raw === 'true';
    case 'json':
      return JSON.parse(raw);
    default:
      return raw;
  }
}

export const IMAGE_TAG_MESSAGES = { required: 'image tag is required', whitespace: PARAM_MESSAGES.whitespace } as const;
export function validateImageTag(tag: string | undefined | null): string | undefined {
  if (!tag) return IMAGE_TAG_MESSAGES.required;
  if (tag.trim() !== tag) return IMAGE_TAG_MESSAGES.whitespace;
  return undefined;
}

// ---- entities ---------------------------------------------------------------------------------------------------
export const parameterAttributeSchema = z.object({
  name: z.string(),
  filename: z.string(),
  config_type: z.enum(CONFIG_TYPES),
  default_value: z.string(),
  type: z.enum(PARAM_TYPES),
  apply_policy: z.enum(APPLY_MODES),
  validation: validationSchema,
  description: z.string(),
  risk_level: z.enum(RISK_LEVELS),
});
export type ParameterAttribute = z.infer<typeof parameterAttributeSchema>;

/** A parameter as a cluster has it: the catalogue entry plus its effective value and where that comes from. */
export const configParameterSchema = z.object({
  name: z.string(),
  filename: z.string(),
  config_type: z.enum(CONFIG_TYPES),
  source: z.enum(['custom', 'template', 'default']),
  value: z.string(),
  attribute: z.object({ default_value: z.string(), type: z.enum(PARAM_TYPES), apply_policy: z.enum(APPLY_MODES) }),
  validation: validationSchema,
  description: z.string(),
  risk_level: z.enum(RISK_LEVELS),
});
export type ConfigParameter = z.infer<typeof configParameterSchema>;

export const componentImageSchema = z.object({
  name: z.string(),
  base_image: z.string(),
  effective_image_tag: z.string(),
  overwrite_image_tag: z.string().nullable(),
});
export type ComponentImage = z.infer<typeof componentImageSchema>;

export const configFileSchema = z.object({
  filename: z.string(),
  config_type: z.enum(CONFIG_TYPES),
  parameters: z.array(configParameterSchema),
});

export const clusterConfigurationSchema = z.object({
  cluster_id: z.string(),
  cluster_type: z.enum(CLUSTER_TYPES),
  version: z.string(),
  files: z.array(configFileSchema),
  components: z.array(componentImageSchema),
  /** Changes when anything in this configuration changes; a change made from an older one is refused as stale. */
  fingerprint: z.string(),
});
export type ClusterConfiguration = z.infer<typeof clusterConfigurationSchema>;

export const clusterConfigResponse = z.object({
  configuration: clusterConfigurationSchema,
  changeable: z.boolean(),
  /** Why not, when not: shown as "You cannot change the config currently, because {reason}". */
  reason: z.string().nullable(),
});
export const clusterConfigQuery = z.object({ cluster_type: z.enum(CLUSTER_TYPES).default('DEDICATED_TIDB') });
export const notChangeableMessage = (reason: string) => `You cannot change the config currently, because ${reason}`;

export const parameterOperationSchema = z.object({
  actionType: z.enum(['set', 'unset']),
  configType: z.enum(CONFIG_TYPES),
  name: z.string().min(1),
  value: z.string().optional(),
  type: z.enum(PARAM_TYPES),
});
export type ParameterOperation = z.infer<typeof parameterOperationSchema>;

export const previewBody = z.object({
  change_type: z.enum(CHANGE_TYPES),
  cluster_type: z.enum(CLUSTER_TYPES),
  cluster_id: z.string().min(1),
  files: z
    .array(
      z.object({
        config_type: z.enum(CONFIG_TYPES),
        filename: z.string().min(1),
        custom_parameters: z.array(parameterOperationSchema),
        /** The configuration fingerprint the editor started from (stale guard). */
        previous_text: z.string().optional(),
      }),
    )
    .default([]),
  components: z
    .array(z.object({ component: z.string().min(1), overwrite_image_tag: z.object({ to_image_tag: z.string() }) }))
    .default([]),
  version: z.object({ to_version: z.string().trim().min(1, 'target version is required') }).optional(),
  /** The fingerprint of the configuration the change was prepared from. */
  base_fingerprint: z.string().min(1),
});
export type PreviewBody = z.input<typeof previewBody>;

export const modifiedParameterSchema = z.object({
  name: z.string(),
  action: z.enum(['set', 'unset']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  type: z.enum(PARAM_TYPES),
  apply_policy: z.enum(APPLY_MODES),
  risk_level: z.enum(RISK_LEVELS),
});
const changeTemplateParameter = z.object({ name: z.string(), value: z.string(), comment: z.string() });
/** What a `template` change creates (spec §3 Template custom_template_info.data, §7 Create template). */
export const changeTemplateSchema = z.object({
  name: z.string(),
  /** The version the template is written for (`version.to_version`); its minor is the effective minor version. */
  version: z.string(),
  effective_minor_version: z.string(),
  files: z.object({
    tidb: z.array(changeTemplateParameter),
    tikv: z.array(changeTemplateParameter),
    tiflash: z.array(changeTemplateParameter),
    init_sql: z.array(z.object({ index: z.number().int(), sql: z.string() })),
  }),
  /** The template created when the change was applied; null until then. */
  template_id: z.string().nullable(),
});
export type ChangeTemplate = z.infer<typeof changeTemplateSchema>;

export const changeScopeSchema = z.object({
  version: z.object({ from: z.string(), to: z.string() }).nullable(),
  components: z.array(
    z.object({ component: z.string(), modified_image_tag: z.object({ from: z.string(), to: z.string() }) }),
  ),
  files: z.array(
    z.object({
      filename: z.string(),
      config_type: z.enum(CONFIG_TYPES),
      all_parameters: z.array(z.object({ name: z.string(), value: z.string() })),
      modified_parameters: z.array(modifiedParameterSchema),
    }),
  ),
  /** Components whose custom parameters this change clears (warned about before submit). */
  clear_custom_params: z.array(z.string()),
  /**
   * A `template` target's request (Add Template): the custom template the change creates when applied, and its id
   * once created. Absent for other targets.
   */
  template: changeTemplateSchema.optional(),
});
export type ChangeScope = z.infer<typeof changeScopeSchema>;

export const applyPolicyOptionSchema = z.object({
  policy: z.enum(APPLY_POLICY_CHOICES),
  allowed: z.boolean(),
  reason: z.string().nullable(),
});
export const previewResponse = z.object({
  change: z.object({
    scope: changeScopeSchema,
    apply_policies: z.array(applyPolicyOptionSchema),
    default_policy: z.enum(APPLY_POLICY_CHOICES),
  }),
});
export type PreviewResponse = z.infer<typeof previewResponse>;

/** Spec §5: "Change reason required." — the one message, shown by the form and returned by the server. */
export const CHANGE_REASON_REQUIRED = 'change reason is required';

export const createChangeBody = previewBody.extend({
  apply_policy: z.enum(APPLY_POLICY_CHOICES),
  reason: z.string({ error: CHANGE_REASON_REQUIRED }).trim().min(1, CHANGE_REASON_REQUIRED).max(1000),
});
export type CreateChangeBody = z.input<typeof createChangeBody>;
export const createChangeResponse = z.object({ change_id: z.string() });

export const configChangeSchema = z.object({
  id: z.string(),
  target_type: z.enum(TARGET_TYPES),
  target_id: z.string(),
  cluster_type: z.enum(CLUSTER_TYPES),
  tenant_id: z.string().nullable(),
  change_type: z.enum(CHANGE_TYPES),
  applicant: z.string(),
  apply_policy: z.enum(APPLY_POLICY_CHOICES),
  phase: z.enum(CONFIG_CHANGE_PHASES),
  phase_reason: z.string().nullable(),
  approval_id: z.string().nullable(),
  operation_id: z.string().nullable(),
  reason: z.string(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  scope: changeScopeSchema,
  /** The configuration files as they were when the change was made (the snapshot tab). */
  snapshot: z.array(z.object({ filename: z.string(), name: z.string(), value: z.string() })),
});
export type ConfigChange = z.infer<typeof configChangeSchema>;
export const configChangeResponse = z.object({ change: configChangeSchema });
export const applyChangeResponse = z.object({ change: configChangeSchema, instance_id: z.string() });

export const cancelChangeBody = z.object({ reason: z.string().trim().max(1000).optional() }).default({});

export const configChangeListQuery = listQuery(
  {
    have_modified_param_like: z.string().trim().max(200).optional(),
    phase: repeated(z.enum(CONFIG_CHANGE_PHASES)),
    target_id: z.string().optional(),
    target_type: z.enum(TARGET_TYPES).optional(),
    cluster_type: z.enum(CLUSTER_TYPES).optional(),
    applicant: z.string().optional(),
  },
  ['created_at'],
  '-created_at',
);
export type ConfigChangeListQuery = z.input<typeof configChangeListQuery>;
export const configChangeList = listResult(configChangeSchema.omit({ snapshot: true }));

export const parameterListQuery = z.object({ config_type: z.enum(CONFIG_TYPES), version: z.string().optional() });
export const parameterList = z.object({ items: z.array(parameterAttributeSchema), total: z.number().int() });

const targetId = z.string().trim().min(1).max(64);
const clusterParams = z.object({ cluster_id: targetId });
const changeParams = z.object({ id: targetId });

/** Cluster configuration and its changes (spec §2 /configchange, /confighistories, §7 Configuration change calls). */
export const configchangeApi = {
  parameters: route({
    method: 'GET',
    path: '/api/v1/devops/cloudconfig/parameters',
    access: 'configchange.read',
    query: parameterListQuery,
    response: parameterList,
  }),
  clusterConfig: route({
    method: 'GET',
    path: '/api/v1/devops/cloudconfig/clusters/:cluster_id/config',
    access: 'configchange.read',
    params: clusterParams,
    query: clusterConfigQuery,
    response: clusterConfigResponse,
  }),
  preview: route({
    method: 'POST',
    path: '/api/v1/devops/cloudconfig/clusters/:cluster_id/changes/preview',
    access: 'configchange.write',
    params: clusterParams,
    body: previewBody,
    response: previewResponse,
  }),
  create: route({
    method: 'POST',
    path: '/api/v1/devops/cloudconfig/clusters/:cluster_id/changes',
    access: 'configchange.write',
    params: clusterParams,
    body: createChangeBody,
    response: createChangeResponse,
  }),
  clusterHistory: route({
    method: 'GET',
    path: '/api/v1/devops/cloudconfig/clusters/:cluster_id/changes',
    access: 'configchange.read',
    params: clusterParams,
    query: configChangeListQuery,
    response: configChangeList,
  }),
  list: route({
    method: 'GET',
    path: '/api/v1/devops/cloudconfig/changes',
    access: 'configchange.read',
    query: configChangeListQuery,
    response: configChangeList,
  }),
  detail: route({
    method: 'GET',
    path: '/api/v1/devops/cloudconfig/changes/:id',
    access: 'configchange.read',
    params: changeParams,
    response: configChangeResponse,
  }),
  apply: route({
    method: 'POST',
    path: '/api/v1/devops/cloudconfig/changes/:id/apply',
    access: 'configchange.write',
    params: changeParams,
    response: applyChangeResponse,
  }),
  cancel: route({
    method: 'POST',
    path: '/api/v1/devops/cloudconfig/changes/:id/cancel',
    access: 'configchange.write',
    params: changeParams,
    body: cancelChangeBody,
    response: configChangeResponse,
  }),
};

// ---- tenant-init changes (spec §3 Config change target_type tenant_init, §7 "tenantinit changes") -----------------
/**
 * The cluster types a tenant's init configuration is kept for: what the tenant's new clusters of that type start
 * with, per config type, on top of the default templates.
 */
export const TENANT_INIT_CLUSTER_TYPES = ['DEDICATED_TIDB', 'SHARED_POOL', 'LOGICAL_CLUSTER'] as const;
export type TenantInitClusterType = (typeof TENANT_INIT_CLUSTER_TYPES)[number];
export const tenantInitConfigQuery = z.object({
  cluster_type: z.enum(TENANT_INIT_CLUSTER_TYPES).default('DEDICATED_TIDB'),
});
const tenantParams = z.object({ tenant_id: targetId });

/**
 * A tenant's init configuration and its changes. The configuration and bodies are the cluster ones (`cluster_id` is
 * the tenant id; no components, no version); the changes go through the same approve → apply flow and are listed by
 * `configchangeApi.list` with `target_type=tenant_init&target_id={tenant id}`.
 */
export const tenantInitApi = {
  config: route({
    method: 'GET',
    path: '/api/v1/devops/cloudconfig/tenantinit/:tenant_id/config',
    access: 'configchange.read',
    params: tenantParams,
    query: tenantInitConfigQuery,
    response: clusterConfigResponse,
  }),
  preview: route({
    method: 'POST',
    path: '/api/v1/devops/cloudconfig/tenantinit/:tenant_id/changes/preview',
    access: 'configchange.write',
    params: tenantParams,
    body: previewBody,
    response: previewResponse,
  }),
  create: route({
    method: 'POST',
    path: '/api/v1/devops/cloudconfig/tenantinit/:tenant_id/changes',
    access: 'configchange.write',
    params: tenantParams,
    body: createChangeBody,
    response: createChangeResponse,
  }),
};
