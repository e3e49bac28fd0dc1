import { z } from 'zod';
import { route } from './api.js';
import { CONFIG_ENVIRONMENTS } from './configcenter.js';
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES } from './incidents.js';
import { DEVOPS_RELEASE_PHASES, releaseChangeCountsSchema } from './release.js';

/*
 * The overview's dashboard calls (spec §7 dashboard: cloud-oncall, incident, release, top qps, tiflash and tikv
 * tenants; the SLA and critical-alert calls belong to the sla and clustermonitoring areas). Each feeds one panel of
 * /overview (spec §2) and is read-only (`portal.read`). Where the spec is silent the portal follows PagerDuty /
 * Grafana OnCall for the on-call schedule: a rotation hands over from one member to the next every period, counted
 * from a fixed hand-off time, so who is on call at any instant is derived, never stored as a finite list of shifts.
 */

const PREFIX = '/api/v1/devops/dashboard';

// Marked pure for the web build, which cannot tell that `z.iso.…()` has no side effects (apps/web/vite.config.ts).
const isoTime = /* @__PURE__ */ z.iso.datetime({ offset: true, error: 'an ISO 8601 time, e.g. 2026-11-24T10:00:00Z' });
/** `limit`: how many rows a panel shows. */
const limit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: `limit must be a whole number from 1 to ${max}` })
    .int(`limit must be a whole number from 1 to ${max}`)
    .min(1, `limit must be a whole number from 1 to ${max}`)
    .max(max, `limit must be a whole number from 1 to ${max}`)
    .default(fallback);

// ---- cloud on-call ------------------------------------------------------------------------------------------------
/** A shift: one member on call from `starts_at` (inclusive) to `ends_at` (exclusive). */
export const oncallShiftSchema = z.object({
  email: z.string(),
  /** The portal user's name; the email when the user is no longer in the portal. */
  name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type OncallShift = z.infer<typeof oncallShiftSchema>;

export const oncallRotationSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Hours each member is on call before handing over to the next. */
  period_hours: z.number().int(),
  /** The rotation's members in hand-over order. */
  members: z.array(z.object({ email: z.string(), name: z.string() })),
  /** Who is on call at `at`, and who takes over when that shift ends. */
  current: oncallShiftSchema,
  next: oncallShiftSchema,
});
export type OncallRotation = z.infer<typeof oncallRotationSchema>;

export const cloudOncallQuery = z.object({
  /** The instant asked about (default: now). */
  at: isoTime.optional(),
});
export const cloudOncallResponse = z.object({
  at: z.string(),
  /** Rotations with at least one member, in display order. */
  items: z.array(oncallRotationSchema),
  total: z.number().int(),
});
export type CloudOncall = z.infer<typeof cloudOncallResponse>;

/**
 * Who is on call at `at` in a rotation of `memberCount` members handing over every `periodMs` from `epochMs`: the
 * index of the shift (negative before the epoch), the member's position and the shift's bounds. Shared by the server
 * (its answer) and the tests (their expectations).
 */
export function oncallShiftAt(
  epochMs: number,
  periodMs: number,
  memberCount: number,
  atMs: number,
): { shift: number; member: number; startsAt: number; endsAt: number } {
  const shift = Math.floor((atMs - epochMs) / periodMs);
  const member = ((shift % memberCount) + memberCount) % memberCount;
  const startsAt = epochMs + shift * periodMs;
  return { shift, member, startsAt, endsAt: startsAt + periodMs };
}

// ---- incidents ----------------------------------------------------------------------------------------------------
/** Incidents still being worked on: open, acknowledged or mitigated (resolved ones are not on the dashboard). */
export const DASHBOARD_INCIDENT_STATUSES = [
  'open',
  'acknowledged',
  'mitigated',
] as const satisfies readonly (typeof INCIDENT_STATUSES)[number][];

export const dashboardIncidentQuery = z.object({ limit: limit(20, 5) });
export const dashboardIncidentSchema = z.object({
  id: z.string(),
  title: z.string(),
  severity: z.enum(INCIDENT_SEVERITIES),
  status: z.enum(INCIDENT_STATUSES),
  commander: z.string().nullable(),
  started_at: z.string(),
  /** How many clusters and tenants it affects. */
  clusters: z.number().int(),
  tenants: z.number().int(),
});
export type DashboardIncident = z.infer<typeof dashboardIncidentSchema>;
export const dashboardIncidentsResponse = z.object({
  /** Incidents not resolved yet. */
  total: z.number().int(),
  /** Every severity, highest first, with its count of unresolved incidents (0 included). */
  by_severity: z.array(z.object({ severity: z.enum(INCIDENT_SEVERITIES), count: z.number().int() })),
  /** Every unresolved status in workflow order, with its count (0 included). */
  by_status: z.array(z.object({ status: z.enum(DASHBOARD_INCIDENT_STATUSES), count: z.number().int() })),
  /** The newest unresolved incidents (latest start first), at most `limit`. */
  items: z.array(dashboardIncidentSchema),
});
export type DashboardIncidents = z.infer<typeof dashboardIncidentsResponse>;

// ---- releases -----------------------------------------------------------------------------------------------------
/** Releases not released yet: being planned, approved or deployed. */
export const DASHBOARD_ONGOING_PHASES = [
  'in_progress',
  'approved',
  'approving',
  'planning',
] as const satisfies readonly (typeof DEVOPS_RELEASE_PHASES)[number][];

export const dashboardReleaseQuery = z.object({ limit: limit(20, 5) });
export const dashboardReleaseSchema = z.object({
  id: z.string(),
  release_number: z.string(),
  environment: z.enum(CONFIG_ENVIRONMENTS),
  phase: z.enum(DEVOPS_RELEASE_PHASES),
  description: z.string(),
  created_at: z.string(),
  released_at: z.string().nullable(),
  changes: releaseChangeCountsSchema,
});
export type DashboardRelease = z.infer<typeof dashboardReleaseSchema>;
export const dashboardReleasesResponse = z.object({
  /**
   * Releases not released yet, at most `limit`: deploying first (`in_progress`, then `approved`, `approving`,
   * `planning`), newest first within a phase; `total` counts them all.
   */
  ongoing: z.object({ total: z.number().int(), items: z.array(dashboardReleaseSchema) }),
  /** The latest released ones (newest release time first), at most `limit`. */
  recent: z.object({ items: z.array(dashboardReleaseSchema) }),
});
export type DashboardReleases = z.infer<typeof dashboardReleasesResponse>;

// ---- top QPS ------------------------------------------------------------------------------------------------------
export const topQpsQuery = z.object({ limit: limit(50, 10) });
export const topQpsClusterSchema = z.object({
  rank: z.number().int(),
  cluster_id: z.string(),
  /** The cluster's name and tenant as the portal knows them; null when the cluster is no longer in the portal. */
  cluster_name: z.string().nullable(),
  tenant_id: z.string().nullable(),
  tenant_name: z.string().nullable(),
  /** Queries per second now (the catalogue's `tidb_qps`). */
  qps: z.number(),
});
export type TopQpsCluster = z.infer<typeof topQpsClusterSchema>;
export const topQpsResponse = z.object({
  at: z.string(),
  /** The query that ranked them (what the playground runs to show the same). */
  query: z.string(),
  items: z.array(topQpsClusterSchema),
  /** What the metrics source said about the answer (e.g. that it read only part of a very large fleet). */
  warnings: z.array(z.string()),
});
export type TopQps = z.infer<typeof topQpsResponse>;

// ---- TiKV and TiFlash tenants -------------------------------------------------------------------------------------
/** The storage engines tenants are ranked by; TiFlash counts TIFLASH and TIFLASH_LEARNER nodes. */
export const TENANT_ENGINES = ['tikv', 'tiflash'] as const;
export type TenantEngine = (typeof TENANT_ENGINES)[number];
export const TENANT_ENGINE_LABELS: Record<TenantEngine, string> = { tikv: 'TiKV', tiflash: 'TiFlash' };
export const TENANT_RANKINGS = ['nodes', 'storage'] as const;
export type TenantRanking = (typeof TENANT_RANKINGS)[number];
/** How often the per-tenant totals are recomputed from the clusters' components (a durable job). */
export const TENANT_ROLLUP_PERIOD_MINUTES = 10;

export const engineTenantsQuery = z.object({
  /** Rank by node count (default) or by storage; ties go to the other figure, then the tenant id. */
  by: z.enum(TENANT_RANKINGS, { error: 'by must be nodes or storage' }).default('nodes'),
  limit: limit(50, 10),
});
export type EngineTenantsQuery = z.input<typeof engineTenantsQuery>;
export const engineTenantSchema = z.object({
  rank: z.number().int(),
  tenant_id: z.string(),
  /** Null when the tenant is no longer in the portal (until the next recompute drops it). */
  tenant_name: z.string().nullable(),
  /** Clusters with at least one node of the engine. */
  clusters: z.number().int(),
  nodes: z.number().int(),
  /** Storage of those nodes together, GiB (nodes × storage per node). */
  storage_gib: z.number().int(),
});
export type EngineTenant = z.infer<typeof engineTenantSchema>;
export const engineTenantsResponse = z.object({
  engine: z.enum(TENANT_ENGINES),
  by: z.enum(TENANT_RANKINGS),
  /** When the totals were last recomputed (null: never yet). */
  refreshed_at: z.string().nullable(),
  /** Tenants with at least one node of the engine. */
  total: z.number().int(),
  items: z.array(engineTenantSchema),
});
export type EngineTenants = z.infer<typeof engineTenantsResponse>;

/** The playground page showing a query over the last hours (slice metrics: `/playground?query=…&range=…`). */
export const dashboardPlaygroundPath = (query: string, range = '6h'): string =>
  `/playground?query=${encodeURIComponent(query)}&range=${range}`;

/** The overview's dashboard calls (spec §7 dashboard). Reads only. */
export const dashboardApi = {
  cloudOncall: route({
    method: 'GET',
    path: `${PREFIX}/cloud-oncall`,
    access: 'overview.read',
    summary: 'Who is on call now and next, per rotation',
    query: cloudOncallQuery,
    response: cloudOncallResponse,
  }),
  incident: route({
    method: 'GET',
    path: `${PREFIX}/incident`,
    access: 'overview.read',
    summary: 'Unresolved incidents by severity and status, and the newest of them',
    query: dashboardIncidentQuery,
    response: dashboardIncidentsResponse,
  }),
  release: route({
    method: 'GET',
    path: `${PREFIX}/release`,
    access: 'overview.read',
    summary: 'Ongoing and recently released releases',
    query: dashboardReleaseQuery,
    response: dashboardReleasesResponse,
  }),
  topQps: route({
    method: 'GET',
    path: `${PREFIX}/top-qps`,
    access: 'overview.read',
    summary: 'The clusters with the most queries per second now',
    query: topQpsQuery,
    response: topQpsResponse,
  }),
  tikvTenants: route({
    method: 'GET',
    path: `${PREFIX}/tikv-tenants`,
    access: 'overview.read',
    summary: 'Tenants ranked by TiKV nodes or storage',
    query: engineTenantsQuery,
    response: engineTenantsResponse,
  }),
  tiflashTenants: route({
    method: 'GET',
    path: `${PREFIX}/tiflash-tenants`,
    access: 'overview.read',
    summary: 'Tenants ranked by TiFlash nodes or storage',
    query: engineTenantsQuery,
    response: engineTenantsResponse,
  }),
};
