import { z } from 'zod';
import { route } from './api.js';
import { COMPONENTS } from './constants.js';
import { listQuery, listResult, repeated } from './list.js';

/*
 * Cluster monitoring (spec §7 devops `cluster`: alerts, alert-summary, topology, dm-ns; `dashboard`: critical-alert),
 * shown as tabs of the cluster page and a panel of /overview. Where the spec is silent the portal follows
 * Prometheus Alertmanager and PD:
 * - an alert is one firing of a rule on a cluster (`rule` = the rule's alertname), with a severity, a summary, its
 *   labels, and `firing` until its condition clears (`resolved`, with `ends_at`). Staff may acknowledge a firing
 *   alert (someone is on it) and silence it for a while (muted: left out of the fleet's critical alerts), or lift
 *   the silence again. Whether it fires is the alert source's business, never the portal's.
 * - the topology is what PD reports: the components and where their instances run (availability zones), and the
 *   stores (TiKV and TiFlash) with their state, capacity and region/leader counts, read live from the cluster's PD
 *   when one is configured (`stores_error` says why they could not be).
 * - DM namespaces are the data-migration deployments (DM master and workers in their own namespace) attached to a
 *   dedicated cluster, with the migration tasks each runs.
 */

// ---- alerts: severity, status and what may be done with them -------------------------------------------------------
/** Highest first. */
export const CLUSTER_ALERT_SEVERITIES = ['critical', 'warning', 'info'] as const;
export type ClusterAlertSeverity = (typeof CLUSTER_ALERT_SEVERITIES)[number];
export const CLUSTER_ALERT_SEVERITY_LABELS: Record<ClusterAlertSeverity, string> = {
  critical: 'Critical',
  warning: 'Warning',
  info: 'Info',
};
export const CLUSTER_ALERT_SEVERITY_COLORS: Record<ClusterAlertSeverity, string> = {
  critical: 'red',
  warning: 'orange',
  info: 'blue',
};

/** What the alert source says: the rule's condition holds (firing) or held and cleared (resolved). */
export const CLUSTER_ALERT_STATUSES = ['firing', 'resolved'] as const;
export type ClusterAlertStatus = (typeof CLUSTER_ALERT_STATUSES)[number];

/**
 * Where an alert stands for the staff, derived by the server when it answers: `resolved` once the source resolved
 * it; else `silenced` while a silence runs (until `silenced_until`); else `acknowledged` once someone acknowledged
 * it; else `firing`.
 */
export const CLUSTER_ALERT_STATES = ['firing', 'acknowledged', 'silenced', 'resolved'] as const;
export type ClusterAlertState = (typeof CLUSTER_ALERT_STATES)[number];
export const CLUSTER_ALERT_STATE_LABELS: Record<ClusterAlertState, string> = {
  firing: 'Firing',
  acknowledged: 'Acknowledged',
  silenced: 'Silenced',
  resolved: 'Resolved',
};
export const CLUSTER_ALERT_STATE_COLORS: Record<ClusterAlertState, string> = {
  firing: 'error',
  acknowledged: 'warning',
  silenced: 'default',
  resolved: 'success',
};

export const CLUSTER_ALERT_ACTIONS = ['acknowledge', 'silence', 'unsilence'] as const;
export type ClusterAlertAction = (typeof CLUSTER_ALERT_ACTIONS)[number];
export const CLUSTER_ALERT_ACTION_LABELS: Record<ClusterAlertAction, string> = {
  acknowledge: 'Acknowledge',
  silence: 'Silence',
  unsilence: 'Lift Silence',
};
/**
 * Which actions each state allows: the server enforces it (409 `clusterAlert.actionNotAllowed`), the web enables
 * from it. A silenced alert is acknowledged (or not) once its silence is lifted or ends; a resolved one takes nothing.
 */
export const CLUSTER_ALERT_STATE_ACTIONS: Record<ClusterAlertState, readonly ClusterAlertAction[]> = {
  firing: ['acknowledge', 'silence'],
  acknowledged: ['silence'],
  silenced: ['unsilence'],
  resolved: [],
};
export const canClusterAlert = (state: string, action: ClusterAlertAction): boolean =>
  CLUSTER_ALERT_STATE_ACTIONS[state as ClusterAlertState]?.includes(action) ?? false;

/** An alert's state at `now` (ms): what the server answers as `state`. */
export function clusterAlertState(
  alert: { status: string; acknowledged_at: string | null; silenced_until: string | null },
  now: number,
): ClusterAlertState {
  if (alert.status === 'resolved') return 'resolved';
  if (alert.silenced_until && Date.parse(alert.silenced_until) > now) return 'silenced';
  return alert.acknowledged_at ? 'acknowledged' : 'firing';
}

// ---- limits and messages -----------------------------------------------------------------------------------------
export const CLUSTER_ALERT_SILENCE_MIN_MINUTES = 15;
/** A week, as Alertmanager's usual longest silence. */
export const CLUSTER_ALERT_SILENCE_MAX_MINUTES = 7 * 24 * 60;
/** The silence lengths the dialog offers (minutes); the API takes any whole number of minutes within the bounds. */
export const CLUSTER_ALERT_SILENCE_CHOICES = [60, 240, 720, 1440, 4320, 10080] as const;
export const CLUSTER_ALERT_COMMENT_MAX = 500;
/** The summary's window: today (UTC) and the six days before it. */
export const CLUSTER_ALERT_SUMMARY_DAYS = 7;

/** Every message of the area, shown by the dialogs and returned by the server alike. */
export const CLUSTER_ALERT_MESSAGES = {
  durationRequired: 'duration is required',
  durationRange: `duration must be ${CLUSTER_ALERT_SILENCE_MIN_MINUTES} minutes to ${
    CLUSTER_ALERT_SILENCE_MAX_MINUTES / 1440
  } days`,
  commentRequired: 'comment is required',
  commentTooLong: `comment must be at most ${CLUSTER_ALERT_COMMENT_MAX} characters`,
  acknowledged: 'Alert acknowledged.',
  silenced: 'Alert silenced.',
  unsilenced: 'Silence lifted.',
} as const;

/** "1 hour", "3 days", "90 minutes": a silence length for people. */
export function formatSilenceDuration(minutes: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes % 1440 === 0) return unit(minutes / 1440, 'day');
  if (minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}

// ---- alerts: entities ---------------------------------------------------------------------------------------------
export const clusterAlertSchema = z.object({
  id: z.string(),
  cluster_id: z.string(),
  /** The alerting rule's name (Prometheus `alertname`), e.g. `TiKV_server_is_down`. */
  rule: z.string(),
  severity: z.enum(CLUSTER_ALERT_SEVERITIES),
  status: z.enum(CLUSTER_ALERT_STATUSES),
  /** Derived when answered (see `clusterAlertState`). */
  state: z.enum(CLUSTER_ALERT_STATES),
  summary: z.string(),
  description: z.string(),
  /** The alert's labels as the source sent them (instance, component, …). */
  labels: z.record(z.string(), z.string()),
  starts_at: z.string(),
  /** When it resolved; null while firing. */
  ends_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledge_comment: z.string().nullable(),
  /** The last silence: who, until when (in the past once it ended or was lifted), why. */
  silenced_by: z.string().nullable(),
  silenced_until: z.string().nullable(),
  silence_comment: z.string().nullable(),
});
export type ClusterAlert = z.infer<typeof clusterAlertSchema>;
export const clusterAlertResponse = z.object({ alert: clusterAlertSchema });

/** A critical alert of the fleet: the alert with its cluster and tenant named. */
export const criticalAlertSchema = clusterAlertSchema.extend({
  cluster_name: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
});
export type CriticalAlert = z.infer<typeof criticalAlertSchema>;

const severityCounts = z.object({
  critical: z.number().int(),
  warning: z.number().int(),
  info: z.number().int(),
  total: z.number().int(),
});
export type ClusterAlertSeverityCounts = z.infer<typeof severityCounts>;

export const clusterAlertSummarySchema = z.object({
  cluster_id: z.string(),
  /** The alerts firing now, by severity (silenced and acknowledged ones included). */
  firing: severityCounts,
  /** Of those, how many are acknowledged and how many silenced now. */
  acknowledged: z.number().int(),
  silenced: z.number().int(),
  /** Alerts that started in the last 7 days (today and the six days before, UTC), by severity. */
  last_7_days: severityCounts.extend({ resolved: z.number().int() }),
  /** The same per UTC day, oldest first: always 7 entries. */
  daily: z.array(
    z.object({
      date: z.string(),
      critical: z.number().int(),
      warning: z.number().int(),
      info: z.number().int(),
    }),
  ),
  generated_at: z.string(),
});
export type ClusterAlertSummary = z.infer<typeof clusterAlertSummarySchema>;

// ---- alerts: requests ---------------------------------------------------------------------------------------------
const M = CLUSTER_ALERT_MESSAGES;
const comment = z.string().trim().max(CLUSTER_ALERT_COMMENT_MAX, M.commentTooLong);

/** GET …/alerts: newest start first. */
export const clusterAlertListQuery = listQuery(
  {
    status: repeated(z.enum(CLUSTER_ALERT_STATUSES)),
    severity: repeated(z.enum(CLUSTER_ALERT_SEVERITIES)),
    /** Words of the rule name or the summary (case-insensitive substring). */
    search: z.string().trim().max(200).optional(),
  },
  ['starts_at'],
  '-starts_at',
);
export type ClusterAlertListQuery = z.input<typeof clusterAlertListQuery>;
export const clusterAlertList = listResult(clusterAlertSchema);

/** GET dashboard/critical-alert: the fleet's critical alerts firing and not silenced, newest start first. */
export const criticalAlertListQuery = listQuery({}, ['starts_at'], '-starts_at');
export type CriticalAlertListQuery = z.input<typeof criticalAlertListQuery>;
export const criticalAlertList = listResult(criticalAlertSchema);

export const acknowledgeClusterAlertBody = z.object({ comment: comment.optional() }).default({});
export type AcknowledgeClusterAlertBody = z.input<typeof acknowledgeClusterAlertBody>;

export const silenceClusterAlertBody = z.object({
  duration_minutes: z
    .number({ error: M.durationRequired })
    .int(M.durationRange)
    .min(CLUSTER_ALERT_SILENCE_MIN_MINUTES, M.durationRange)
    .max(CLUSTER_ALERT_SILENCE_MAX_MINUTES, M.durationRange),
  comment: z
    .string({ error: M.commentRequired })
    .trim()
    .min(1, M.commentRequired)
    .max(CLUSTER_ALERT_COMMENT_MAX, M.commentTooLong),
});
export type SilenceClusterAlertBody = z.input<typeof silenceClusterAlertBody>;

// ---- topology -----------------------------------------------------------------------------------------------------
export const CLUSTER_STORE_KINDS = ['tikv', 'tiflash'] as const;
export type ClusterStoreKind = (typeof CLUSTER_STORE_KINDS)[number];
export const CLUSTER_STORE_KIND_LABELS: Record<ClusterStoreKind, string> = { tikv: 'TiKV', tiflash: 'TiFlash' };
/** PD's store states: Up; Disconnected (no heartbeat for 20 s); Down (none for 30 min); Offline (being removed). */
export const CLUSTER_STORE_STATES = ['Up', 'Disconnected', 'Down', 'Offline', 'Tombstone'] as const;
export type ClusterStoreState = (typeof CLUSTER_STORE_STATES)[number];
export const CLUSTER_STORE_STATE_COLORS: Record<ClusterStoreState, string> = {
  Up: 'success',
  Disconnected: 'warning',
  Down: 'error',
  Offline: 'processing',
  Tombstone: 'default',
};

export const clusterStoreSchema = z.object({
  store_id: z.number().int(),
  kind: z.enum(CLUSTER_STORE_KINDS),
  /** host:port as PD knows it. */
  address: z.string(),
  zone: z.string(),
  state: z.enum(CLUSTER_STORE_STATES),
  version: z.string(),
  capacity_bytes: z.number().int(),
  used_bytes: z.number().int(),
  region_count: z.number().int(),
  leader_count: z.number().int(),
  /** When the store process last started. */
  started_at: z.string(),
});
export type ClusterStore = z.infer<typeof clusterStoreSchema>;

/** One running instance of a component: its pod name, address and zone. */
export const clusterInstanceSchema = z.object({ name: z.string(), address: z.string(), zone: z.string() });
export type ClusterInstance = z.infer<typeof clusterInstanceSchema>;

export const topologyComponentSchema = z.object({
  component: z.enum(COMPONENTS),
  replicas: z.number().int(),
  node_spec: z.string(),
  storage_gib: z.number().int(),
  version: z.string(),
  image_tag: z.string(),
  instances: z.array(clusterInstanceSchema),
});
export type TopologyComponent = z.infer<typeof topologyComponentSchema>;

/** An availability zone of the cluster's region and what runs there. */
export const topologyZoneSchema = z.object({
  zone: z.string(),
  /** Instances per component in this zone (components with none left out), in topology order. */
  components: z.array(z.object({ component: z.enum(COMPONENTS), count: z.number().int() })),
  /** Stores in the zone (Tombstone ones left out) and how many of them are Up. */
  stores: z.number().int(),
  stores_up: z.number().int(),
  region_count: z.number().int(),
  leader_count: z.number().int(),
});
export type TopologyZone = z.infer<typeof topologyZoneSchema>;

export const clusterTopologySchema = z.object({
  cluster_id: z.string(),
  provider: z.string(),
  region: z.string(),
  components: z.array(topologyComponentSchema),
  /** TiKV stores first, then TiFlash, by store id. */
  stores: z.array(clusterStoreSchema),
  /**
   * Why the stores could not be read (the cluster's PD did not answer, or not as expected), or null. When set, `stores`
   * is empty and the zones count no stores: the components are still shown.
   */
  stores_error: z.string().nullable(),
  zones: z.array(topologyZoneSchema),
});
export type ClusterTopology = z.infer<typeof clusterTopologySchema>;

/** Cluster types that run TiDB components of their own (the others have no topology to show). */
export const TOPOLOGY_CLUSTER_TYPES = ['DEDICATED_TIDB', 'SHARED_POOL', 'LOGICAL_CLUSTER'] as const;
/** Cluster types DM can migrate into. */
export const DM_CLUSTER_TYPES = ['DEDICATED_TIDB'] as const;

/** Bytes for people: `512 MiB`, `1.5 TiB` (binary units, as PD and Grafana show them). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let i = 0;
  while (Math.abs(value) >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  const digits = i === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${Number(value.toFixed(digits))} ${units[i]}`;
}

// ---- DM namespaces ------------------------------------------------------------------------------------------------
/** Healthy: every master and worker ready; Degraded: some not; Stopped: scaled to zero. */
export const DM_NAMESPACE_STATUSES = ['Healthy', 'Degraded', 'Stopped'] as const;
export type DmNamespaceStatus = (typeof DM_NAMESPACE_STATUSES)[number];
/** DM's task modes: full (dump and load), incremental (binlog replication), all (full, then incremental). */
export const DM_TASK_MODES = ['all', 'full', 'incremental'] as const;
export type DmTaskMode = (typeof DM_TASK_MODES)[number];
/** DM's task stages (a paused task with an error stopped on it). */
export const DM_TASK_STAGES = ['Running', 'Paused', 'Stopped', 'Finished'] as const;
export type DmTaskStage = (typeof DM_TASK_STAGES)[number];
/** The processing unit a task is in: Dump, Load (the full phase), Sync (binlog replication). */
export const DM_TASK_UNITS = ['Dump', 'Load', 'Sync'] as const;
export type DmTaskUnit = (typeof DM_TASK_UNITS)[number];
export const DM_STATUS_COLORS: Record<DmNamespaceStatus | DmTaskStage, string> = {
  Healthy: 'success',
  Degraded: 'warning',
  Stopped: 'default',
  Running: 'processing',
  Paused: 'warning',
  Finished: 'success',
};

export const dmTaskSchema = z.object({
  name: z.string(),
  task_mode: z.enum(DM_TASK_MODES),
  stage: z.enum(DM_TASK_STAGES),
  unit: z.enum(DM_TASK_UNITS),
  /** The upstream MySQL sources (DM source ids). */
  sources: z.array(z.string()),
  target_database: z.string(),
  /** Dump and Load: the share done (0–1); null in Sync. */
  progress: z.number().nullable(),
  /** Sync: how far replication is behind the upstream, seconds; null otherwise. */
  sync_lag_seconds: z.number().int().nullable(),
  /** The error a paused task stopped on. */
  error: z.string().nullable(),
  updated_at: z.string(),
});
export type DmTask = z.infer<typeof dmTaskSchema>;

export const dmNamespaceSchema = z.object({
  /** The Kubernetes namespace the DM deployment runs in. */
  name: z.string(),
  cluster_id: z.string(),
  status: z.enum(DM_NAMESPACE_STATUSES),
  dm_version: z.string(),
  master_replicas: z.number().int(),
  master_ready: z.number().int(),
  worker_replicas: z.number().int(),
  worker_ready: z.number().int(),
  created_at: z.string(),
  tasks: z.array(dmTaskSchema),
});
export type DmNamespace = z.infer<typeof dmNamespaceSchema>;
/** Every namespace of the cluster (a few at most), oldest first. */
export const dmNamespaceList = listResult(dmNamespaceSchema);
export type DmNamespaceList = z.infer<typeof dmNamespaceList>;

// ---- routes -------------------------------------------------------------------------------------------------------
const id = z.string().trim().min(1).max(64);
const clusterParams = z.object({ id });
/** An alert id is a number; anything else is a 404 (`clusterAlert.notFound`), not a 400. */
const alertParams = z.object({ id, alert_id: z.string().trim().min(1).max(32) });
const CLUSTER = '/api/v1/devops/cluster/clusters/:id';

/** Cluster alerts, alert summary, topology and DM namespaces (spec §7 devops cluster); the fleet's critical alerts. */
export const clusterMonitoringApi = {
  alerts: route({
    method: 'GET',
    path: `${CLUSTER}/alerts`,
    access: 'monitoring.read',
    params: clusterParams,
    query: clusterAlertListQuery,
    response: clusterAlertList,
  }),
  alertSummary: route({
    method: 'GET',
    path: `${CLUSTER}/alert-summary`,
    access: 'monitoring.read',
    params: clusterParams,
    response: clusterAlertSummarySchema,
  }),
  acknowledgeAlert: route({
    method: 'POST',
    path: `${CLUSTER}/alerts/:alert_id/acknowledge`,
    access: 'monitoring.write',
    params: alertParams,
    body: acknowledgeClusterAlertBody,
    response: clusterAlertResponse,
  }),
  silenceAlert: route({
    method: 'POST',
    path: `${CLUSTER}/alerts/:alert_id/silence`,
    access: 'monitoring.write',
    params: alertParams,
    body: silenceClusterAlertBody,
    response: clusterAlertResponse,
  }),
  unsilenceAlert: route({
    method: 'POST',
    path: `${CLUSTER}/alerts/:alert_id/unsilence`,
    access: 'monitoring.write',
    params: alertParams,
    response: clusterAlertResponse,
  }),
  topology: route({
    method: 'GET',
    path: `${CLUSTER}/topology`,
    access: 'monitoring.read',
    params: clusterParams,
    response: clusterTopologySchema,
  }),
  dmNamespaces: route({
    method: 'GET',
    path: `${CLUSTER}/dm-ns`,
    access: 'monitoring.read',
    params: clusterParams,
    response: dmNamespaceList,
  }),
  criticalAlerts: route({
    method: 'GET',
    path: '/api/v1/devops/dashboard/critical-alert',
    access: 'monitoring.read',
    query: criticalAlertListQuery,
    response: criticalAlertList,
  }),
};
