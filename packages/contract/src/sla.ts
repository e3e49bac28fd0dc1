import { z } from 'zod';
import { route } from './api.js';
import { CLOUD_PROVIDERS } from './constants.js';
import { listQuery, listResult } from './list.js';

/*
 * SLA of the dedicated clusters (issue 14; spec §2 /sla/summary, /sla/{cluster_id}/detail; §7 dashboard sla,
 * sla-dedicated-detail, sla-dedicated-monthly, slo). A cluster's availability over a period is 1 − its downtime over
 * the time it was measured (from the period's start, or the cluster's creation when later, to the period's end, or now
 * for the current month). Downtime is the union of the cluster's downtime windows (an incident's start to its
 * mitigation, or one recorded on its own), so overlapping windows count once. A month breaches when its downtime
 * exceeds the error budget its objective (SLO) leaves: measured time × (100 − target) %.
 */

// ---- objectives (SLO) -----------------------------------------------------------------------------------------------
export const SLA_PLANS = ['dedicated', 'dedicated_byoc'] as const;
export type SlaPlan = (typeof SLA_PLANS)[number];

export interface SlaObjective {
  plan: SlaPlan;
  label: string;
  cluster_type: 'DEDICATED_TIDB';
  /** BYOC clusters run in the customer's cloud account, whose infrastructure the platform does not run. */
  byoc: boolean;
  /** Monthly availability target, percent (e.g. 99.99). */
  target_percent: number;
  /** The error budget in parts per million of the measured time (99.99% → 100): integers keep breaches exact. */
  budget_ppm: number;
  description: string;
}

/** The objectives, per cluster type and plan. The server computes breaches from this table; the pages show it. */
export const SLA_OBJECTIVES: readonly SlaObjective[] = [
  {
    plan: 'dedicated',
    label: 'Dedicated',
    cluster_type: 'DEDICATED_TIDB',
    byoc: false,
    target_percent: 99.99,
    budget_ppm: 100,
    description: 'A dedicated cluster in the platform’s cloud accounts: at most ~4.4 minutes of downtime a month.',
  },
  {
    plan: 'dedicated_byoc',
    label: 'Dedicated (BYOC)',
    cluster_type: 'DEDICATED_TIDB',
    byoc: true,
    target_percent: 99.9,
    budget_ppm: 1000,
    description: 'A dedicated cluster in the customer’s own cloud account: at most ~44 minutes of downtime a month.',
  },
];
export const slaObjectiveOf = (plan: SlaPlan): SlaObjective => SLA_OBJECTIVES.find((o) => o.plan === plan)!;

// ---- months ---------------------------------------------------------------------------------------------------------
/** How far back SLA reports go: the current month and the 11 before it. */
export const SLA_HISTORY_MONTHS = 12;
/** How many of the worst clusters the fleet summary names. */
export const SLA_WORST_LIMIT = 5;

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The UTC month (`YYYY-MM`) an instant falls in. */
export const monthOf = (ms: number): string => new Date(ms).toISOString().slice(0, 7);

/** A month's bounds in UTC epoch milliseconds: [its first instant, the next month's first instant). */
export function monthBounds(month: string): { start: number; end: number } {
  const m = MONTH_RE.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  const y = Number(m[1]);
  const i = Number(m[2]) - 1;
  return { start: Date.UTC(y, i, 1), end: Date.UTC(y, i + 1, 1) };
}

/** The months SLA reports cover at `now`, newest first (SLA_HISTORY_MONTHS of them). */
export function slaMonths(now: number = Date.now()): string[] {
  const d = new Date(now);
  return Array.from({ length: SLA_HISTORY_MONTHS }, (_, i) =>
    monthOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1)),
  );
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** `2026-11` → `November 2026`. */
export function monthLabel(month: string): string {
  const m = MONTH_RE.exec(month);
  return m ? `${MONTH_NAMES[Number(m[2]) - 1]} ${m[1]}` : month;
}

/** Every message of the area, returned by the server and shown by the pages alike. */
export const SLA_MESSAGES = {
  monthFormat: 'month must be a month as YYYY-MM, e.g. 2026-11',
  monthsRange: `months must be a whole number from 1 to ${SLA_HISTORY_MONTHS}`,
  notMeasured: 'Not measured: the cluster did not exist yet',
} as const;
/** The 400 message for a month outside the history (`first`/`last`: the oldest and the current month). */
export const slaMonthOutOfRange = (first: string, last: string): string =>
  `month must be between ${first} and ${last}: ` +
  `SLA reports cover the current month and the ${SLA_HISTORY_MONTHS - 1} before it`;
/** The 404 message for a cluster that is not a dedicated cluster of the fleet. */
export const slaClusterNotFound = (id: string): string =>
  `No dedicated cluster ${id}: SLAs are measured for dedicated clusters`;

// ---- entities -------------------------------------------------------------------------------------------------------
/** What a measured period of a cluster comes to. Minutes are rounded to 2 decimals, percentages to 4. */
const measuredShape = {
  /** Minutes measured: the period from its start (or the cluster's creation) to its end (or now). */
  measured_minutes: z.number(),
  downtime_minutes: z.number(),
  /** The downtime the objective allows over the measured minutes. */
  allowed_downtime_minutes: z.number(),
  /** Null when nothing of the period was measured (the cluster did not exist yet). */
  availability_percent: z.number().nullable(),
  breached: z.boolean(),
};

/** One dedicated cluster's month (a row of the summary, the head of the detail). */
export const slaClusterMonthSchema = z.object({
  cluster_id: z.string(),
  cluster_name: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  provider: z.string(),
  region: z.string(),
  plan: z.enum(SLA_PLANS),
  slo_percent: z.number(),
  month: z.string(),
  ...measuredShape,
  /** The downtime windows that overlap the month. */
  windows: z.number().int(),
});
export type SlaClusterMonth = z.infer<typeof slaClusterMonthSchema>;

/** The fleet's month (§7 dashboard sla): the overview panel and the summary page's figures. */
export const slaFleetSchema = z.object({
  month: z.string(),
  /** The period measured: the month's start to its end, or to now for the current month. */
  period_start: z.string(),
  period_end: z.string(),
  /** Dedicated clusters measured in the month (created before its end). */
  clusters: z.number().int(),
  clusters_with_downtime: z.number().int(),
  breaches: z.number().int(),
  downtime_minutes: z.number(),
  /** Over all measured cluster-minutes: 100 × (1 − Σ downtime / Σ measured). Null when nothing was measured. */
  availability_percent: z.number().nullable(),
  /** The clusters with the lowest availability (those with downtime only), worst first. */
  worst: z.array(slaClusterMonthSchema),
});
export type SlaFleet = z.infer<typeof slaFleetSchema>;

/** An incident as the SLA pages show it (the incidents area owns it). */
export const slaIncidentSchema = z.object({
  id: z.string(),
  title: z.string(),
  severity: z.string(),
  status: z.string(),
});

export const slaWindowSchema = z.object({
  id: z.string(),
  started_at: z.string(),
  ended_at: z.string(),
  /** The whole window's length. */
  minutes: z.number(),
  /** How much of it falls in the month (a window may cross the month's edges; overlaps still count once). */
  minutes_in_month: z.number(),
  cause: z.string(),
  /** The incident whose start → mitigation it is; null for downtime recorded on its own. */
  incident: slaIncidentSchema.nullable(),
});
export type SlaWindow = z.infer<typeof slaWindowSchema>;

export const slaDaySchema = z.object({
  /** `YYYY-MM-DD` (UTC). */
  day: z.string(),
  ...measuredShape,
});
export type SlaDay = z.infer<typeof slaDaySchema>;

/** §7 sla-dedicated-detail: a cluster's month, day by day, and the downtime windows behind it. */
export const slaDetailSchema = z.object({
  cluster: slaClusterMonthSchema,
  /** Every day of the month up to today (the current month) or its last day. */
  days: z.array(slaDaySchema),
  windows: z.array(slaWindowSchema),
});
export type SlaDetail = z.infer<typeof slaDetailSchema>;

export const slaMonthSchema = z.object({ month: z.string(), slo_percent: z.number(), ...measuredShape });
export type SlaMonth = z.infer<typeof slaMonthSchema>;

/** §7 sla-dedicated-monthly: a cluster's last months, oldest first. */
export const slaMonthlySchema = z.object({
  cluster_id: z.string(),
  plan: z.enum(SLA_PLANS),
  months: z.array(slaMonthSchema),
});
export type SlaMonthly = z.infer<typeof slaMonthlySchema>;

export const slaObjectiveSchema = z.object({
  plan: z.enum(SLA_PLANS),
  label: z.string(),
  cluster_type: z.string(),
  byoc: z.boolean(),
  target_percent: z.number(),
  budget_ppm: z.number().int(),
  description: z.string(),
});
export const slaObjectivesSchema = z.object({ items: z.array(slaObjectiveSchema) });

// ---- requests -------------------------------------------------------------------------------------------------------
/** A month (`YYYY-MM`); absent: the current month. The server also checks it is within the history. */
const month = z.string().trim().regex(MONTH_RE, SLA_MESSAGES.monthFormat).optional();
const scope = {
  month,
  /** One tenant's clusters (its id, exactly). */
  tenant_id: z.string().trim().max(64).optional(),
  provider: z.enum(CLOUD_PROVIDERS).optional(),
};

export const slaFleetQuery = z.object(scope);
export type SlaFleetQuery = z.input<typeof slaFleetQuery>;

/**
 * The summary list: every dedicated cluster measured in the month, worst availability first (`availability`; the
 * reverse with `-availability`), then by creation. `breached=true`: the breach list.
 */
export const slaListQuery = listQuery(
  { ...scope, breached: z.enum(['true', 'false']).optional() },
  ['availability'],
  'availability',
);
export type SlaListQuery = z.input<typeof slaListQuery>;
export const slaList = listResult(slaClusterMonthSchema);

export const slaMonthQuery = z.object({ month });
export type SlaMonthQuery = z.input<typeof slaMonthQuery>;

export const slaMonthlyQuery = z.object({
  months: z.coerce
    .number({ error: SLA_MESSAGES.monthsRange })
    .int(SLA_MESSAGES.monthsRange)
    .min(1, SLA_MESSAGES.monthsRange)
    .max(SLA_HISTORY_MONTHS, SLA_MESSAGES.monthsRange)
    .default(SLA_HISTORY_MONTHS),
});
export type SlaMonthlyQuery = z.input<typeof slaMonthlyQuery>;

const clusterParams = z.object({ clusterId: z.string().trim().min(1).max(64) });

/** The SLA calls (spec §7 dashboard: sla, sla-dedicated-monthly, sla-dedicated-detail, slo). */
export const slaApi = {
  /** §7 `sla`: the fleet's month. */
  fleet: route({
    method: 'GET',
    path: '/api/v1/devops/dashboard/sla',
    access: 'sla.read',
    query: slaFleetQuery,
    response: slaFleetSchema,
  }),
  /** The summary list: each dedicated cluster's month against its objective (filters; 10 a page). */
  list: route({
    method: 'GET',
    path: '/api/v1/devops/dashboard/sla/dedicated',
    access: 'sla.read',
    query: slaListQuery,
    response: slaList,
  }),
  /** §7 `sla-dedicated-detail`: one cluster's month, day by day, with its downtime windows and their incidents. */
  detail: route({
    method: 'GET',
    path: '/api/v1/devops/dashboard/sla/dedicated/:clusterId',
    access: 'sla.read',
    params: clusterParams,
    query: slaMonthQuery,
    response: slaDetailSchema,
  }),
  /** §7 `sla-dedicated-monthly`: one cluster's last months. */
  monthly: route({
    method: 'GET',
    path: '/api/v1/devops/dashboard/sla/dedicated/:clusterId/monthly',
    access: 'sla.read',
    params: clusterParams,
    query: slaMonthlyQuery,
    response: slaMonthlySchema,
  }),
  /** §7 `slo`: the objectives. */
  slo: route({
    method: 'GET',
    path: '/api/v1/devops/dashboard/slo',
    access: 'sla.read',
    response: slaObjectivesSchema,
  }),
};
