import { z } from 'zod';
import { route } from './api.js';
import { CLOUD_PROVIDERS, COMPONENTS } from './constants.js';
import { listQuery, listResult, repeated } from './list.js';

/*
 * Monitoring (issue 14; spec §2 monitor: certification, component-diff; §7 "GET monitoring/certificate/regions/{id}
 * (query)", "monitoring component-diff reports; o11y clusters"):
 * - TLS certificates of each region's endpoints, per component, with their expiry;
 * - component-diff reports: a durable job compares the running component versions and images of the clusters in its
 *   scope with the defaults of their version (the config center's version rules and default images);
 * - o11y clusters: the observability clusters that collect each region's telemetry, their health and the tenant
 *   clusters each covers (those of its provider and region).
 */

const P = '/api/v1/devops/monitoring';
const DAY_MS = 86_400_000;

// ---- certificates -------------------------------------------------------------------------------------------------

/**
 * The TLS endpoints a region serves, each with its certificate: the tenant-facing SQL gateway, the cluster
 * components' mutual-TLS certificates (issued by the region's internal CA), the o11y ingestion endpoint and the
 * region's internal CA itself.
 */
export const CERTIFICATE_COMPONENTS = [
  'SQL_GATEWAY',
  'TIDB',
  'TIPROXY',
  'PD',
  'TIKV',
  'TIFLASH',
  'O11Y',
  'INTERNAL_CA',
] as const;
export type CertificateComponent = (typeof CERTIFICATE_COMPONENTS)[number];

export const CERTIFICATE_STATUSES = ['valid', 'expiring', 'expired'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const CERTIFICATE_STATUS_COLORS: Record<CertificateStatus, string> = {
  valid: 'success',
  expiring: 'warning',
  expired: 'error',
};
/** A certificate is `expiring` (and highlighted) when it ends within this many days, `expired` once it has ended. */
export const CERTIFICATE_EXPIRING_DAYS = 30;

/** Whole days from `now` to `notAfter`, rounded down (negative once it has ended: -1 the day after). */
export function certificateDaysLeft(notAfter: string | Date, now: Date = new Date()): number {
  return Math.floor((new Date(notAfter).getTime() - now.getTime()) / DAY_MS);
}

/** expired once `notAfter` is past; expiring when it ends within CERTIFICATE_EXPIRING_DAYS; valid otherwise. */
export function certificateStatus(notAfter: string | Date, now: Date = new Date()): CertificateStatus {
  const left = new Date(notAfter).getTime() - now.getTime();
  if (left <= 0) return 'expired';
  return left <= CERTIFICATE_EXPIRING_DAYS * DAY_MS ? 'expiring' : 'valid';
}

export const certificateSchema = z.object({
  id: z.string(),
  /** The region's id (`aws.us-east-1`), as /providers has it. */
  region_id: z.string(),
  provider: z.string(),
  region: z.string(),
  component: z.enum(CERTIFICATE_COMPONENTS),
  /** The secret or endpoint that holds it, e.g. `sql-gateway-tls`. */
  name: z.string(),
  subject: z.string(),
  issuer: z.string(),
  serial_number: z.string(),
  /** Subject alternative names. */
  dns_names: z.array(z.string()),
  key_algorithm: z.string(),
  fingerprint_sha256: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  /** Whole days left when answered (negative once expired). */
  days_left: z.number().int(),
  status: z.enum(CERTIFICATE_STATUSES),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** A region with its certificates counted by status (the certification page's region list). */
export const certificateRegionSchema = z.object({
  region_id: z.string(),
  provider: z.string(),
  region: z.string(),
  display_name: z.string(),
  enabled: z.boolean(),
  total: z.number().int(),
  valid: z.number().int(),
  expiring: z.number().int(),
  expired: z.number().int(),
  /** The earliest end of a certificate not expired yet (null when none). */
  next_expiry: z.string().nullable(),
  /** The o11y cluster collecting the region's telemetry (null when it has none). */
  o11y_cluster: z.string().nullable(),
});
export type CertificateRegion = z.infer<typeof certificateRegionSchema>;

export const certificateRegionsQuery = z.object({ provider: repeated(z.enum(CLOUD_PROVIDERS)) });
export type CertificateRegionsQuery = z.input<typeof certificateRegionsQuery>;

export const certificateListQuery = listQuery(
  {
    status: repeated(z.enum(CERTIFICATE_STATUSES)),
    component: repeated(z.enum(CERTIFICATE_COMPONENTS)),
    /** Part of the name, subject, issuer or a DNS name. */
    search: z.string().trim().max(200).optional(),
  },
  ['not_after', 'component', 'name'],
  'not_after',
);
export type CertificateListQuery = z.input<typeof certificateListQuery>;

/** One region's certificates (a page of them) and the region's counts. */
export const regionCertificatesSchema = listResult(certificateSchema).extend({ region: certificateRegionSchema });
export type RegionCertificates = z.infer<typeof regionCertificatesSchema>;

const regionParams = z.object({ id: z.string().trim().min(1).max(100) });

// ---- component-diff reports ---------------------------------------------------------------------------------------

export const COMPONENT_DIFF_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ComponentDiffStatus = (typeof COMPONENT_DIFF_STATUSES)[number];
export const COMPONENT_DIFF_ACTIONS = ['cancel'] as const;
export type ComponentDiffAction = (typeof COMPONENT_DIFF_ACTIONS)[number];
/**
 * Which actions each report status allows: the server enforces it (409 `monitoring.reportActionNotAllowed`), the web
 * enables its buttons from it. queued → running → completed | failed (the job); queued | running → cancelled.
 */
export const COMPONENT_DIFF_STATUS_ACTIONS: Record<ComponentDiffStatus, readonly ComponentDiffAction[]> = {
  queued: ['cancel'],
  running: ['cancel'],
  completed: [],
  failed: [],
  cancelled: [],
};
export const canDoOnComponentDiff = (status: string, action: ComponentDiffAction): boolean =>
  COMPONENT_DIFF_STATUS_ACTIONS[status as ComponentDiffStatus]?.includes(action) ?? false;
/** A report still being generated: one per scope at a time (409 `monitoring.reportInProgress`). */
export const OPEN_COMPONENT_DIFF_STATUSES = ['queued', 'running'] as const satisfies readonly ComponentDiffStatus[];
export const COMPONENT_DIFF_STATUS_COLORS: Record<ComponentDiffStatus, string> = {
  queued: 'default',
  running: 'processing',
  completed: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** What differs in a diff row. */
export const COMPONENT_DIFF_KINDS = ['version', 'image', 'version_and_image'] as const;
export type ComponentDiffKind = (typeof COMPONENT_DIFF_KINDS)[number];
export const COMPONENT_DIFF_KIND_COLORS: Record<ComponentDiffKind, string> = {
  version: 'orange',
  image: 'blue',
  version_and_image: 'red',
};

/**
 * Where the expected version comes from: a default version rule of the config center (component, provider, region,
 * cluster version; the most specific one that matches), or the cluster's own version when no rule matches.
 */
export const EXPECTED_VERSION_SOURCES = ['rule', 'cluster'] as const;
/**
 * Where the expected image comes from: the config center's default image as released to production, its staged
 * default when production has none released, or (no default at all) the expected version as the tag.
 */
export const EXPECTED_IMAGE_SOURCES = ['released', 'staged', 'version'] as const;
export type ExpectedImageSource = (typeof EXPECTED_IMAGE_SOURCES)[number];

/** `v8.1.1`: a release tag; `v8.1.1-20240510-9f0c2ab` is a build of that release. */
const RELEASE_TAG = /^v\d+\.\d+\.\d+$/;

/**
 * Whether a running image tag is the expected one: the same tag, or — when the default is a release tag (`v8.1.1`) —
 * a build of that release (`v8.1.1-<date>-<commit>`). A default that pins a build (a hotfix) matches only itself.
 */
export function imageTagMatches(expected: string, actual: string): boolean {
  if (actual === expected) return true;
  return RELEASE_TAG.test(expected) && actual.startsWith(`${expected}-`);
}

export const componentDiffScopeSchema = z.object({
  /** Only this provider's clusters (null: every provider). */
  provider: z.enum(CLOUD_PROVIDERS).nullable(),
  /** Only this tenant's clusters (null: every tenant). */
  tenant_id: z.string().nullable(),
  tenant_name: z.string().nullable(),
});
export type ComponentDiffScope = z.infer<typeof componentDiffScopeSchema>;

export const componentDiffReportSchema = z.object({
  id: z.string(),
  status: z.enum(COMPONENT_DIFF_STATUSES),
  scope: componentDiffScopeSchema,
  note: z.string(),
  requested_by: z.string(),
  /** Clusters with running components compared so far (all of the scope's once completed). */
  clusters_scanned: z.number().int(),
  /** Components compared so far. */
  components_scanned: z.number().int(),
  /** Clusters with at least one diff row. */
  clusters_with_diff: z.number().int(),
  /** Diff rows, and how many of them are about the version, the image, or both. */
  diff_rows: z.number().int(),
  version_diffs: z.number().int(),
  image_diffs: z.number().int(),
  /** Why it failed or was cancelled. */
  reason: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ComponentDiffReport = z.infer<typeof componentDiffReportSchema>;

export const componentDiffRowSchema = z.object({
  id: z.string(),
  cluster_id: z.string(),
  cluster_name: z.string(),
  cluster_type: z.string(),
  cluster_version: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  provider: z.string(),
  region: z.string(),
  component: z.string(),
  difference: z.enum(COMPONENT_DIFF_KINDS),
  expected_version: z.string(),
  expected_version_source: z.enum(EXPECTED_VERSION_SOURCES),
  actual_version: z.string(),
  /** The default's image (`pingcap/tikv`), when the config center has one. */
  base_image: z.string().nullable(),
  expected_image_tag: z.string(),
  expected_image_source: z.enum(EXPECTED_IMAGE_SOURCES),
  actual_image_tag: z.string(),
});
export type ComponentDiffRow = z.infer<typeof componentDiffRowSchema>;

export const componentDiffReportListQuery = listQuery(
  {
    status: repeated(z.enum(COMPONENT_DIFF_STATUSES)),
    /** Reports whose scope is this provider. */
    provider: z.enum(CLOUD_PROVIDERS).optional(),
    /** Reports whose scope is this tenant. */
    tenant_id: z.string().trim().max(64).optional(),
  },
  ['created_at'],
  '-created_at',
);
export type ComponentDiffReportListQuery = z.input<typeof componentDiffReportListQuery>;

export const componentDiffRowListQuery = listQuery(
  {
    tenant_id: z.string().trim().max(64).optional(),
    provider: repeated(z.enum(CLOUD_PROVIDERS)),
    component: repeated(z.enum(COMPONENTS)),
    difference: repeated(z.enum(COMPONENT_DIFF_KINDS)),
    /** Part of the cluster name, or its id. */
    search: z.string().trim().max(100).optional(),
  },
  ['tenant', 'cluster'],
  'tenant',
);
export type ComponentDiffRowListQuery = z.input<typeof componentDiffRowListQuery>;

export const COMPONENT_DIFF_NOTE_MAX = 500;

export const COMPONENT_DIFF_MESSAGES = {
  /** Spec §8 success messages, verbatim. */
  generated: 'Create successful!',
  cancelled: 'Successfully Cancel',
  cancelConfirm: 'Cancel this report? The rows found so far are kept; the clusters not compared yet are not.',
  noteTooLong: `note must be at most ${COMPONENT_DIFF_NOTE_MAX} characters`,
} as const;

export const generateComponentDiffBody = z
  .object({
    provider: z.enum(CLOUD_PROVIDERS).optional(),
    tenant_id: z.string().trim().min(1).max(64).optional(),
    note: z.string().trim().max(COMPONENT_DIFF_NOTE_MAX, COMPONENT_DIFF_MESSAGES.noteTooLong).default(''),
  })
  .default({ note: '' });
export type GenerateComponentDiffBody = z.input<typeof generateComponentDiffBody>;

const reportParams = z.object({ id: z.string().trim().min(1).max(20) });

// ---- o11y clusters ------------------------------------------------------------------------------------------------

export const O11Y_HEALTH = ['healthy', 'degraded', 'down'] as const;
export type O11yHealth = (typeof O11Y_HEALTH)[number];
export const O11Y_HEALTH_COLORS: Record<O11yHealth, string> = {
  healthy: 'success',
  degraded: 'warning',
  down: 'error',
};

/** One part of an o11y cluster's stack (vmagent, vmstorage, alertmanager…) and how many of its replicas are ready. */
export const o11yComponentSchema = z.object({
  name: z.string(),
  version: z.string(),
  replicas: z.number().int(),
  ready: z.number().int(),
});
export type O11yComponent = z.infer<typeof o11yComponentSchema>;

export const o11yClusterSchema = z.object({
  name: z.string(),
  provider: z.string(),
  region_id: z.string(),
  region: z.string(),
  endpoint: z.string(),
  version: z.string(),
  health: z.enum(O11Y_HEALTH),
  /** What is wrong when not healthy. */
  health_message: z.string().nullable(),
  /** Samples ingested per second, and the series held in memory. */
  ingestion_rate: z.number(),
  active_series: z.number().int(),
  retention_days: z.number().int(),
  storage_used_gib: z.number(),
  storage_capacity_gib: z.number(),
  /** The tenant clusters it collects telemetry of (not deleted ones of its provider and region), and their tenants. */
  covered_clusters: z.number().int(),
  covered_tenants: z.number().int(),
  checked_at: z.string(),
  created_at: z.string(),
});
export type O11yCluster = z.infer<typeof o11yClusterSchema>;

export const o11yClusterDetailSchema = o11yClusterSchema.extend({ components: z.array(o11yComponentSchema) });
export type O11yClusterDetail = z.infer<typeof o11yClusterDetailSchema>;

/** A tenant cluster an o11y cluster covers (links to /orgs/{tenant_id}/clusters/{id}). */
export const o11yCoveredClusterSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  cluster_type: z.string(),
  version: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  created_at: z.string(),
});
export type O11yCoveredCluster = z.infer<typeof o11yCoveredClusterSchema>;

export const o11yClusterListQuery = z.object({
  provider: repeated(z.enum(CLOUD_PROVIDERS)),
  health: repeated(z.enum(O11Y_HEALTH)),
});
export type O11yClusterListQuery = z.input<typeof o11yClusterListQuery>;

export const o11yCoveredListQuery = listQuery(
  {
    /** Part of the cluster name, or its id. */
    search: z.string().trim().max(100).optional(),
    tenant_id: z.string().trim().max(64).optional(),
  },
  ['created_at'],
  '-created_at',
);
export type O11yCoveredListQuery = z.input<typeof o11yCoveredListQuery>;

const o11yParams = z.object({ name: z.string().trim().min(1).max(100) });

// ---- routes -------------------------------------------------------------------------------------------------------

export const monitoringApi = {
  certificateRegions: route({
    method: 'GET',
    path: `${P}/certificate/regions`,
    access: 'monitoring.read',
    query: certificateRegionsQuery,
    response: listResult(certificateRegionSchema),
  }),
  /** Spec §7 `GET monitoring/certificate/regions/{id} (query)`: one region's certificates. */
  regionCertificates: route({
    method: 'GET',
    path: `${P}/certificate/regions/:id`,
    access: 'monitoring.read',
    params: regionParams,
    query: certificateListQuery,
    response: regionCertificatesSchema,
  }),
  reports: route({
    method: 'GET',
    path: `${P}/component-diff/reports`,
    access: 'monitoring.read',
    query: componentDiffReportListQuery,
    response: listResult(componentDiffReportSchema),
  }),
  /** Queues a report: a durable job compares the scope's clusters batch by batch. */
  generateReport: route({
    method: 'POST',
    path: `${P}/component-diff/reports`,
    access: 'monitoring.write',
    status: 202,
    body: generateComponentDiffBody,
    response: componentDiffReportSchema,
  }),
  report: route({
    method: 'GET',
    path: `${P}/component-diff/reports/:id`,
    access: 'monitoring.read',
    params: reportParams,
    response: componentDiffReportSchema,
  }),
  reportRows: route({
    method: 'GET',
    path: `${P}/component-diff/reports/:id/diffs`,
    access: 'monitoring.read',
    params: reportParams,
    query: componentDiffRowListQuery,
    response: listResult(componentDiffRowSchema),
  }),
  cancelReport: route({
    method: 'POST',
    path: `${P}/component-diff/reports/:id/cancel`,
    access: 'monitoring.write',
    params: reportParams,
    response: componentDiffReportSchema,
  }),
  o11yClusters: route({
    method: 'GET',
    path: `${P}/o11y/clusters`,
    access: 'monitoring.read',
    query: o11yClusterListQuery,
    response: listResult(o11yClusterSchema),
  }),
  o11yCluster: route({
    method: 'GET',
    path: `${P}/o11y/clusters/:name`,
    access: 'monitoring.read',
    params: o11yParams,
    response: o11yClusterDetailSchema,
  }),
  o11yCoveredClusters: route({
    method: 'GET',
    path: `${P}/o11y/clusters/:name/clusters`,
    access: 'monitoring.read',
    params: o11yParams,
    query: o11yCoveredListQuery,
    response: listResult(o11yCoveredClusterSchema),
  }),
};
