import { z } from 'zod';
import { CLOUD_PROVIDERS, CPU_ARCHS } from './constants.js';
import { componentImageSchema, IMAGE_TAG_MESSAGES, validateImageTag } from './configchange.js';
import { listQuery, listResult, repeated } from './list.js';
import { route } from './api.js';
import { operationCreated } from './operations.js';

/**
 * TiCDC clusters and their changefeeds (spec §2 detail pages, §3 entities, §5 shutdown rule, §7 calls).
 * A TiCDC cluster replicates one upstream DEDICATED_TIDB cluster (`cluster_id`); a changefeed runs on a TiCDC cluster.
 */

// ---- statuses and which actions each allows (the server enforces, the web enables the Actions menu) ------------
export const TICDC_STATUSES = [
  'available',
  'upgrading',
  'modifying',
  'restarting',
  'shutting_down',
  'stopped',
  'unavailable',
] as const;
export type TicdcStatus = (typeof TICDC_STATUSES)[number];
/** Statuses an action puts the cluster in while its operation runs. */
export const TICDC_TRANSITIONAL_STATUSES: readonly TicdcStatus[] = [
  'upgrading',
  'modifying',
  'restarting',
  'shutting_down',
];

export const TICDC_ACTIONS = ['upgrade', 'modify_image', 'restart', 'shutdown'] as const;
export type TicdcAction = (typeof TICDC_ACTIONS)[number];
export const TICDC_ACTION_STATUSES: Record<TicdcAction, readonly TicdcStatus[]> = {
  upgrade: ['available'],
  modify_image: ['available'],
  restart: ['available', 'unavailable'],
  shutdown: ['available', 'unavailable'],
};
export const canTicdc = (action: TicdcAction, status: string): boolean =>
  (TICDC_ACTION_STATUSES[action] as readonly string[]).includes(status);

export const CHANGEFEED_STATUSES = [
  'normal',
  'warning',
  'stopped',
  'error',
  'failed',
  'finished',
  'restarting',
] as const;
export type ChangefeedStatus = (typeof CHANGEFEED_STATUSES)[number];
export const CHANGEFEED_ACTIONS = ['restart'] as const;
export type ChangefeedAction = (typeof CHANGEFEED_ACTIONS)[number];
/** A finished changefeed has reached its target ts and a restarting one is already restarting. */
export const CHANGEFEED_ACTION_STATUSES: Record<ChangefeedAction, readonly ChangefeedStatus[]> = {
  restart: ['normal', 'warning', 'stopped', 'error', 'failed'],
};
export const canChangefeed = (action: ChangefeedAction, status: string): boolean =>
  (CHANGEFEED_ACTION_STATUSES[action] as readonly string[]).includes(status);

export const DOWNSTREAM_TYPES = ['mysql', 'tidb', 'kafka', 'pulsar', 's3', 'gcs', 'azblob'] as const;
export type DownstreamType = (typeof DOWNSTREAM_TYPES)[number];
export const TICDC_DEPLOY_TYPES = ['dedicated', 'shared'] as const;
/** The one component a TiCDC cluster runs (its image is what "Modify the Image" changes). */
export const TICDC_COMPONENT = 'TICDC';

// ---- entities ---------------------------------------------------------------------------------------------------
/**
 * A component image (spec §3) plus its source tag: the image of the running version. `overwrite_image_tag` pins
 * another build (null when none); `effective_image_tag` is what runs (the overwrite, else the source tag).
 */
export const ticdcComponentImageSchema = componentImageSchema.extend({ source_image_tag: z.string() });
export type TicdcComponentImage = z.infer<typeof ticdcComponentImageSchema>;

export const ticdcClusterSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The upstream TiDB cluster. */
  cluster_id: z.string(),
  tenant_id: z.string(),
  status: z.enum(TICDC_STATUSES),
  version: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  deploy_type: z.enum(TICDC_DEPLOY_TYPES),
  /** e.g. `2 x 8C16G`: captures × node size. */
  specification: z.string(),
  region: z.string(),
  provider: z.enum(CLOUD_PROVIDERS),
  control_plane_arch: z.enum(CPU_ARCHS),
  operator_version: z.string(),
  /** The Image modification view: component, base image, source tag and current (effective) tag. */
  components: z.array(ticdcComponentImageSchema),
  changefeed_count: z.number().int(),
});
export type TicdcCluster = z.infer<typeof ticdcClusterSchema>;

export const changefeedSchema = z.object({
  id: z.string(),
  display_id: z.string(),
  display_name: z.string(),
  status: z.enum(CHANGEFEED_STATUSES),
  downstream_type: z.enum(DOWNSTREAM_TYPES),
  /** The sink URI with every password and secret masked as `******`. */
  destination: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The last error TiCDC reported, while the changefeed is in error, warning or failed. */
  error: z.string().nullable(),
  cluster_id: z.string(),
  tenant_id: z.string(),
  ticdc_cluster: z.object({ id: z.string(), name: z.string(), status: z.enum(TICDC_STATUSES) }),
});
export type Changefeed = z.infer<typeof changefeedSchema>;

/** A changefeed as TiCDC's own metadata holds it ("ticdc-meta internal changefeeds"). */
export const internalChangefeedSchema = z.object({
  id: z.string(),
  display_id: z.string(),
  state: z.enum(CHANGEFEED_STATUSES),
  sink_uri: z.string(),
  /** A TSO: physical milliseconds << 18. */
  checkpoint_ts: z.string(),
  checkpoint_time: z.string(),
  resolved_ts: z.string(),
  /** How far the checkpoint trails now, in seconds. */
  lag_seconds: z.number(),
  owner_capture: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type InternalChangefeed = z.infer<typeof internalChangefeedSchema>;

/** The detail adds the upstream cluster: its version bounds an upgrade (TiCDC never runs newer than its upstream). */
export const ticdcClusterDetailSchema = ticdcClusterSchema.extend({
  upstream_cluster: z.object({ id: z.string(), name: z.string(), status: z.string(), version: z.string() }),
});
export type TicdcClusterDetail = z.infer<typeof ticdcClusterDetailSchema>;

// ---- requests and responses ------------------------------------------------------------------------------------
export const ticdcClusterResponse = z.object({ ticdc_cluster: ticdcClusterDetailSchema });
export const changefeedResponse = z.object({ changefeed: changefeedSchema });

export const ticdcClusterListQuery = listQuery(
  {
    cluster_id: z.string().trim().max(64).optional(),
    tenant_id: z.string().trim().max(64).optional(),
    status: repeated(z.enum(TICDC_STATUSES)),
  },
  ['created_at', 'name'],
  '-created_at',
);
export type TicdcClusterListQuery = z.input<typeof ticdcClusterListQuery>;
export const ticdcClusterList = listResult(ticdcClusterSchema);

export const changefeedListQuery = listQuery(
  {
    cluster_id: z.string().trim().max(64).optional(),
    ticdc_cluster_id: z.string().trim().max(64).optional(),
    status: repeated(z.enum(CHANGEFEED_STATUSES)),
    downstream_type: repeated(z.enum(DOWNSTREAM_TYPES)),
  },
  ['created_at', 'display_name'],
  '-created_at',
);
export type ChangefeedListQuery = z.input<typeof changefeedListQuery>;
export const changefeedList = listResult(changefeedSchema);

export const internalChangefeedQuery = z.object({
  ticdc_cluster_id: z
    .string({ error: 'ticdc cluster id is required' })
    .trim()
    .min(1, 'ticdc cluster id is required')
    .max(64),
});
export const internalChangefeedList = listResult(internalChangefeedSchema);

export const TICDC_MESSAGES = {
  targetVersionRequired: 'target version is required',
  targetVersionFormat: 'target version should look like v8.5.1',
  cloudConfigChangeIdRequired: 'cloud config change id is required',
  allDigits: 'the input should be all digits',
  componentsRequired: 'at least one component is required',
  componentRequired: 'component is required',
} as const;

/** A required string field whose "missing" message is the spec's, whatever the client sent (absent, null, ""). */
const requiredString = (required: string, wrongType: string = required) =>
  z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? required : wrongType) });

export const VERSION_PATTERN = /^v\d+\.\d+\.\d+$/;
export const upgradeTicdcBody = z.object({
  target_version: requiredString(TICDC_MESSAGES.targetVersionRequired)
    .trim()
    .min(1, TICDC_MESSAGES.targetVersionRequired)
    // An empty value has its one message already ("required"), not a second one.
    .refine((v) => v === '' || VERSION_PATTERN.test(v), TICDC_MESSAGES.targetVersionFormat),
});
export type UpgradeTicdcBody = z.input<typeof upgradeTicdcBody>;

export const imageTagField = requiredString(IMAGE_TAG_MESSAGES.required).superRefine((tag, ctx) => {
  const message = validateImageTag(tag);
  if (message) ctx.addIssue({ code: 'custom', message });
});
export const modifyTicdcImageBody = z.object({
  components: z
    .array(
      z.object({
        component: requiredString(TICDC_MESSAGES.componentRequired).min(1, TICDC_MESSAGES.componentRequired),
        image_tag: imageTagField,
      }),
      {
        error: TICDC_MESSAGES.componentsRequired,
      },
    )
    .min(1, TICDC_MESSAGES.componentsRequired),
});
export type ModifyTicdcImageBody = z.input<typeof modifyTicdcImageBody>;

/** Spec §5: required, and all digits (no sign, no spaces). */
export const shutdownTicdcBody = z.object({
  cloud_config_change_id: requiredString(TICDC_MESSAGES.cloudConfigChangeIdRequired, TICDC_MESSAGES.allDigits)
    .min(1, TICDC_MESSAGES.cloudConfigChangeIdRequired)
    .regex(/^\d*$/, TICDC_MESSAGES.allDigits),
});
export type ShutdownTicdcBody = z.input<typeof shutdownTicdcBody>;

export const restartBody = z.object({ reason: z.string().trim().max(500).optional() }).default({});
export type RestartBody = z.input<typeof restartBody>;

const idParams = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * TiCDC clusters and changefeeds: details, lists, the internal meta view (reads), and the actions (operators), each
 * answering the operation doing the work.
 */
export const ticdcApi = {
  clusters: route({
    method: 'GET',
    path: '/api/v1/devops/ticdc/clusters',
    access: 'ticdc.read',
    query: ticdcClusterListQuery,
    response: ticdcClusterList,
  }),
  cluster: route({
    method: 'GET',
    path: '/api/v1/devops/ticdc/clusters/:id',
    access: 'ticdc.read',
    params: idParams,
    response: ticdcClusterResponse,
  }),
  upgrade: route({
    method: 'POST',
    path: '/api/v1/devops/ticdc/clusters/:id/upgrade',
    access: 'ticdc.write',
    params: idParams,
    body: upgradeTicdcBody,
    response: operationCreated,
  }),
  modifyImage: route({
    method: 'POST',
    path: '/api/v1/devops/ticdc/clusters/:id/images',
    access: 'ticdc.write',
    params: idParams,
    body: modifyTicdcImageBody,
    response: operationCreated,
  }),
  restart: route({
    method: 'POST',
    path: '/api/v1/devops/ticdc/clusters/:id/restart',
    access: 'ticdc.write',
    params: idParams,
    body: restartBody,
    response: operationCreated,
  }),
  shutdown: route({
    method: 'POST',
    path: '/api/v1/devops/ticdc/clusters/:id/shutdown',
    access: 'ticdc.write',
    params: idParams,
    body: shutdownTicdcBody,
    response: operationCreated,
  }),
  changefeeds: route({
    method: 'GET',
    path: '/api/v1/devops/ticdc/changefeeds',
    access: 'ticdc.read',
    query: changefeedListQuery,
    response: changefeedList,
  }),
  changefeed: route({
    method: 'GET',
    path: '/api/v1/devops/ticdc/changefeeds/:id',
    access: 'ticdc.read',
    params: idParams,
    response: changefeedResponse,
  }),
  restartChangefeed: route({
    method: 'POST',
    path: '/api/v1/devops/ticdc/changefeeds/:id/restart',
    access: 'ticdc.write',
    params: idParams,
    body: restartBody,
    response: operationCreated,
  }),
  internalChangefeeds: route({
    method: 'GET',
    path: '/api/v1/devops/ticdc-meta/internal/changefeeds',
    access: 'ticdc.read',
    query: internalChangefeedQuery,
    response: internalChangefeedList,
  }),
};
