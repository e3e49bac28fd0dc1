import { z } from 'zod';
import { route } from './api.js';
import { auditTimeRange } from './audits.js';
import { chatMessageSchema } from './events.js';
import { ISSUE_KEY_PATTERN, ISSUE_MESSAGES } from './issuetracker.js';
import { listQuery, listResult, repeated } from './list.js';

/*
 * Incidents (spec §2 /incidents, /incidents/{incident_id}; §7 devops incidents: GET, POST; GET and PUT /{id}; GET and
 * POST /{id}/logs; POST /{id}/feishu_message; post-mortem todo actions get, create, sync, update, delete). Where the
 * spec is silent the portal follows PagerDuty / Grafana IRM: an incident has a severity, a status that moves
 * open → acknowledged → mitigated → resolved, an incident commander, the tenants and clusters it affects, an
 * append-only timeline of logs, post-mortem todo actions tracked in the issue tracker, and chat notices.
 */

// ---- severity -----------------------------------------------------------------------------------------------------
/** Highest first: critical = SEV1 (customer-facing outage), major = SEV2 (degraded), minor = SEV3 (limited impact). */
export const INCIDENT_SEVERITIES = ['critical', 'major', 'minor'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
export const INCIDENT_SEVERITY_LABELS: Record<IncidentSeverity, string> = {
  critical: 'SEV1 · Critical',
  major: 'SEV2 · Major',
  minor: 'SEV3 · Minor',
};
export const INCIDENT_SEVERITY_COLORS: Record<IncidentSeverity, string> = {
  critical: 'red',
  major: 'orange',
  minor: 'gold',
};

// ---- status: the state machine (data; the server enforces it, the web enables from it) ----------------------------
export const INCIDENT_STATUSES = ['open', 'acknowledged', 'mitigated', 'resolved'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  mitigated: 'Mitigated',
  resolved: 'Resolved',
};
export const INCIDENT_STATUS_COLORS: Record<IncidentStatus, string> = {
  open: 'error',
  acknowledged: 'warning',
  mitigated: 'processing',
  resolved: 'success',
};

/**
 * Where each status may go (PUT with `status`; anything else is 409 `incident.statusForbids`). As in PagerDuty and
 * Grafana IRM, forward steps may be skipped (an incident may be resolved straight from open: a skipped step's
 * timestamp stays null). Going back is allowed only where on-call teams need it: a mitigation that did not hold
 * (mitigated → acknowledged) and a resolved incident that recurs (resolved → open, "reopen"). Going back clears the
 * timestamps of the statuses after the new one; the timeline keeps the history.
 */
export const INCIDENT_TRANSITIONS: Record<IncidentStatus, readonly IncidentStatus[]> = {
  open: ['acknowledged', 'mitigated', 'resolved'],
  acknowledged: ['mitigated', 'resolved'],
  mitigated: ['resolved', 'acknowledged'],
  resolved: ['open'],
};
export const canTransitionIncident = (from: string, to: string): boolean =>
  INCIDENT_TRANSITIONS[from as IncidentStatus]?.includes(to as IncidentStatus) ?? false;
/** The button label of each move, for the web (from → to). */
export function incidentTransitionLabel(from: IncidentStatus, to: IncidentStatus): string {
  if (to === 'open') return 'Reopen';
  if (from === 'mitigated' && to === 'acknowledged') return 'Mitigation failed';
  return { acknowledged: 'Acknowledge', mitigated: 'Mitigate', resolved: 'Resolve' }[to];
}
/** Statuses of an incident still being worked on (the list's "active" default filter on the page, if it wants one). */
export const ACTIVE_INCIDENT_STATUSES = [
  'open',
  'acknowledged',
  'mitigated',
] as const satisfies readonly IncidentStatus[];

// ---- limits and messages ------------------------------------------------------------------------------------------
export const INCIDENT_TITLE_MAX = 200;
export const INCIDENT_DESCRIPTION_MAX = 10_000;
export const INCIDENT_LOG_TEXT_MAX = 4000;
export const INCIDENT_NOTICE_TEXT_MAX = 2000;
export const INCIDENT_TODO_TITLE_MAX = 255;
export const INCIDENT_MAX_AFFECTED = 50;
/** A start time may be this far in the future (clock skew between the reporter's browser and the server). */
export const INCIDENT_START_GRACE_MS = 5 * 60_000;
/** "What changed here": the hours before the start looked at, by default and at most. */
export const INCIDENT_CHANGES_DEFAULT_HOURS = 24;
export const INCIDENT_CHANGES_MAX_HOURS = 168;

export const INCIDENT_MESSAGES = {
  titleRequired: 'title is required',
  titleTooLong: `title must be at most ${INCIDENT_TITLE_MAX} characters`,
  descriptionTooLong: `description must be at most ${INCIDENT_DESCRIPTION_MAX} characters`,
  severityRequired: 'severity is required',
  tooManyAffected: `at most ${INCIDENT_MAX_AFFECTED} tenants and ${INCIDENT_MAX_AFFECTED} clusters`,
  startInFuture: 'the start time must not be in the future',
  startAfterStatus: 'the start time must not be after the incident was acknowledged, mitigated or resolved',
  logTextRequired: 'text is required',
  logTextTooLong: `text must be at most ${INCIDENT_LOG_TEXT_MAX} characters`,
  noticeTextTooLong: `text must be at most ${INCIDENT_NOTICE_TEXT_MAX} characters`,
  todoTitleRequired: 'title is required',
  todoTitleTooLong: `title must be at most ${INCIDENT_TODO_TITLE_MAX} characters`,
  dueDateInvalid: 'due date must be a date (YYYY-MM-DD)',
  /** Spec §8 success messages, verbatim. */
  created: 'Create successful!',
  saved: 'Save successful!',
  sent: 'Sent.',
} as const;

/** The timeline text of a status change, written by the server (e.g. "status changed to mitigated by a@b.c"). */
export const incidentStatusChangeText = (to: IncidentStatus, by: string): string => `status changed to ${to} by ${by}`;

// ---- entities -----------------------------------------------------------------------------------------------------
/** An affected tenant or cluster, named as the portal knows it now (the id itself when it no longer exists). */
export const incidentTenantRefSchema = z.object({ id: z.string(), name: z.string() });
export const incidentClusterRefSchema = z.object({ id: z.string(), name: z.string(), tenant_id: z.string() });

export const incidentSchema = z.object({
  /** `INC-1001`: a sequence number, never reused. */
  id: z.string(),
  title: z.string(),
  description: z.string(),
  severity: z.enum(INCIDENT_SEVERITIES),
  status: z.enum(INCIDENT_STATUSES),
  /** The incident commander: a portal user's email; null until someone takes command. */
  commander: z.string().nullable(),
  /** The affected tenants: those named, plus the tenant of every affected cluster. */
  tenants: z.array(incidentTenantRefSchema),
  clusters: z.array(incidentClusterRefSchema),
  started_at: z.string(),
  /** When it entered each status (null when the step was skipped, or undone by going back). */
  acknowledged_at: z.string().nullable(),
  mitigated_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Incident = z.infer<typeof incidentSchema>;
export const incidentResponse = z.object({ incident: incidentSchema });

/** note: written by a person; status_change, notice (a chat notice was sent), system: written by the portal. */
export const INCIDENT_LOG_KINDS = ['note', 'status_change', 'notice', 'system'] as const;
export type IncidentLogKind = (typeof INCIDENT_LOG_KINDS)[number];
export const INCIDENT_LOG_KIND_LABELS: Record<IncidentLogKind, string> = {
  note: 'Note',
  status_change: 'Status change',
  notice: 'Chat notice',
  system: 'System',
};

/** One timeline entry: append-only (never edited or deleted). */
export const incidentLogSchema = z.object({
  id: z.string(),
  incident_id: z.string(),
  kind: z.enum(INCIDENT_LOG_KINDS),
  text: z.string(),
  author: z.string(),
  at: z.string(),
});
export type IncidentLog = z.infer<typeof incidentLogSchema>;

export const INCIDENT_TODO_STATUSES = ['open', 'done'] as const;
export type IncidentTodoStatus = (typeof INCIDENT_TODO_STATUSES)[number];

/** A post-mortem todo action, optionally tracked by an issue of the issue tracker. */
export const incidentTodoSchema = z.object({
  id: z.string(),
  incident_id: z.string(),
  title: z.string(),
  /** Who owns it: a portal user's email, or null. */
  owner: z.string().nullable(),
  /** A UTC day, YYYY-MM-DD, or null. */
  due_date: z.string().nullable(),
  status: z.enum(INCIDENT_TODO_STATUSES),
  /** The tracker issue that tracks it (created by sync, or linked by PUT), and what the last sync saw of it. */
  tracker_issue_key: z.string().nullable(),
  tracker_issue_url: z.string().nullable(),
  /** The tracker's status name (e.g. `In Progress`) and its category (todo, in_progress, done, unknown). */
  tracker_status: z.string().nullable(),
  tracker_status_category: z.string().nullable(),
  synced_at: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IncidentTodo = z.infer<typeof incidentTodoSchema>;
export const incidentTodoResponse = z.object({ todo: incidentTodoSchema });

/**
 * What sync did: it creates a tracker issue for each todo without one and pulls each linked issue's status back (a
 * todo is done while its issue is in the tracker's `done` category, open again when the issue is reopened). A todo
 * the tracker could not answer for is listed in `failed` (the others are still synced).
 */
export const incidentTodoSyncResultSchema = z.object({
  items: z.array(incidentTodoSchema),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.array(z.object({ todo_id: z.string(), message: z.string() })),
});
export type IncidentTodoSyncResult = z.infer<typeof incidentTodoSyncResultSchema>;

/** What a chat notice did: the message (delivered by a durable job) and the timeline entry recording it. */
export const incidentNoticeResultSchema = z.object({ message: chatMessageSchema, log: incidentLogSchema });
export type IncidentNoticeResult = z.infer<typeof incidentNoticeResultSchema>;

/** The kinds of change "what changed here" reports. */
export const INCIDENT_CHANGE_KINDS = ['config_change', 'release', 'maintenance', 'operation', 'k8s_upgrade'] as const;
export type IncidentChangeKind = (typeof INCIDENT_CHANGE_KINDS)[number];
export const INCIDENT_CHANGE_KIND_LABELS: Record<IncidentChangeKind, string> = {
  config_change: 'Config change',
  release: 'Release',
  maintenance: 'Maintenance',
  operation: 'Operation',
  k8s_upgrade: 'Kubernetes upgrade',
};

/** One change that touched an affected cluster before the incident started. */
export const incidentChangeSchema = z.object({
  kind: z.enum(INCIDENT_CHANGE_KINDS),
  /** The changed object's id (a config change, a release, a maintenance, an operation…). */
  id: z.string(),
  title: z.string(),
  cluster_id: z.string(),
  /** When it touched the cluster (applied, deployed, ran, the window opened…). */
  at: z.string(),
  /** The portal page of the object, e.g. `/operations/42`; null when it has none. */
  link: z.string().nullable(),
  operator: z.string().nullable(),
  /** Its status when asked (e.g. applied, Running, succeeded), if it has one. */
  status: z.string().nullable(),
});
export type IncidentChange = z.infer<typeof incidentChangeSchema>;
/** Newest first; `from`/`to` are the window looked at: [started_at − hours, started_at]. */
export const incidentChangesSchema = z.object({
  items: z.array(incidentChangeSchema),
  total: z.number().int(),
  hours: z.number().int(),
  from: z.string(),
  to: z.string(),
});
export type IncidentChanges = z.infer<typeof incidentChangesSchema>;

// ---- requests -----------------------------------------------------------------------------------------------------
const M = INCIDENT_MESSAGES;
// Marked pure for the web build, which cannot tell that `z.iso.…()` has no side effects (apps/web/vite.config.ts).
const isoTime = /* @__PURE__ */ z.iso.datetime({ offset: true, error: 'an ISO 8601 time, e.g. 2026-11-24T10:00:00Z' });
const utcDateOrTime = /* @__PURE__ */ z.union([/* @__PURE__ */ z.iso.date(), isoTime], {
  error: 'a UTC date (YYYY-MM-DD) or an ISO 8601 time',
});
const utcDate = /* @__PURE__ */ z.iso.date({ error: M.dueDateInvalid });

const title = z
  .string({ error: M.titleRequired })
  .trim()
  .min(1, M.titleRequired)
  .max(INCIDENT_TITLE_MAX, M.titleTooLong);
const description = z.string().trim().max(INCIDENT_DESCRIPTION_MAX, M.descriptionTooLong);
const severity = z.enum(INCIDENT_SEVERITIES, { error: M.severityRequired });
/** A portal user's email (checked by the server: 400 `incident.unknownUser`); empty or null: nobody. */
const userEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .nullable()
  .transform((v) => v || null);
const ids = z.array(z.string().trim().min(1).max(64)).max(INCIDENT_MAX_AFFECTED, M.tooManyAffected);

export const createIncidentBody = z.object({
  title,
  description: description.default(''),
  severity,
  commander: userEmail.optional(),
  /** Unknown ids are 400 `incident.unknownTenant` / `incident.unknownCluster`. */
  tenant_ids: ids.default([]),
  cluster_ids: ids.default([]),
  /** When it began (default now); at most a few minutes ahead of the server's clock. */
  started_at: isoTime.optional(),
});
export type CreateIncidentBody = z.input<typeof createIncidentBody>;

/**
 * PUT /{id}: every field optional; only those given change. A `status` moves the incident along
 * INCIDENT_TRANSITIONS (its current status again is a no-op) and writes a `status_change` timeline entry, with
 * `note` appended to it when given.
 */
export const updateIncidentBody = z.object({
  title: title.optional(),
  description: description.optional(),
  severity: severity.optional(),
  commander: userEmail.optional(),
  tenant_ids: ids.optional(),
  cluster_ids: ids.optional(),
  started_at: isoTime.optional(),
  status: z.enum(INCIDENT_STATUSES).optional(),
  note: z.string().trim().max(INCIDENT_LOG_TEXT_MAX, M.logTextTooLong).optional(),
});
export type UpdateIncidentBody = z.input<typeof updateIncidentBody>;

/** GET /incidents: 10 per page (spec §9), newest start first. */
export const incidentListQuery = listQuery(
  {
    status: repeated(z.enum(INCIDENT_STATUSES)),
    severity: repeated(z.enum(INCIDENT_SEVERITIES)),
    /** Incidents affecting this tenant / this cluster. */
    tenant_id: z.string().trim().max(64).optional(),
    cluster_id: z.string().trim().max(64).optional(),
    /** Started at or after: a UTC day (from its 00:00Z) or an ISO time. */
    started_from: utcDateOrTime.optional(),
    /** Started at or before: a UTC day (the whole day) or an ISO time. */
    started_to: utcDateOrTime.optional(),
    /** Words of the title (case-insensitive substring), or an incident id like INC-1001. */
    search: z.string().trim().max(200).optional(),
  },
  ['started_at'],
  '-started_at',
).refine(
  (q) => {
    const { from, before } = auditTimeRange(q.started_from, q.started_to);
    return !from || !before || from < before;
  },
  { message: 'must not be before started_from', path: ['started_to'] },
);
export type IncidentListQuery = z.input<typeof incidentListQuery>;
export const incidentList = listResult(incidentSchema);

export const incidentLogListQuery = listQuery(
  { kind: repeated(z.enum(INCIDENT_LOG_KINDS)) },
  ['at'],
  // The timeline reads oldest first.
  'at',
);
export type IncidentLogListQuery = z.input<typeof incidentLogListQuery>;
export const incidentLogList = listResult(incidentLogSchema);

/** POST /{id}/logs: a person's note (the portal writes the other kinds itself). */
export const createIncidentLogBody = z.object({
  text: z
    .string({ error: M.logTextRequired })
    .trim()
    .min(1, M.logTextRequired)
    .max(INCIDENT_LOG_TEXT_MAX, M.logTextTooLong),
});
export type CreateIncidentLogBody = z.input<typeof createIncidentLogBody>;
export const incidentLogResponse = z.object({ log: incidentLogSchema });

/** POST /{id}/feishu_message: the incident's notice, with optional extra text. */
export const incidentNoticeBody = z
  .object({ text: z.string().trim().max(INCIDENT_NOTICE_TEXT_MAX, M.noticeTextTooLong).optional() })
  .default({});
export type IncidentNoticeBody = z.input<typeof incidentNoticeBody>;

const todoTitle = z
  .string({ error: M.todoTitleRequired })
  .trim()
  .min(1, M.todoTitleRequired)
  .max(INCIDENT_TODO_TITLE_MAX, M.todoTitleTooLong);
const dueDate = utcDate.nullable();
export const createIncidentTodoBody = z.object({
  title: todoTitle,
  owner: userEmail.optional(),
  due_date: dueDate.optional(),
});
export type CreateIncidentTodoBody = z.input<typeof createIncidentTodoBody>;
/**
 * PUT /{id}/todo_actions/{todo_id}: only the fields given change. `tracker_issue_key` links an existing tracker issue
 * (404 `issueTracker.issueNotFound` when the tracker has none) or, null, unlinks it.
 */
export const updateIncidentTodoBody = z.object({
  title: todoTitle.optional(),
  owner: userEmail.optional(),
  due_date: dueDate.optional(),
  status: z.enum(INCIDENT_TODO_STATUSES).optional(),
  tracker_issue_key: z
    .string()
    .trim()
    .toUpperCase()
    .regex(ISSUE_KEY_PATTERN, ISSUE_MESSAGES.keyInvalid)
    .nullable()
    .optional(),
});
export type UpdateIncidentTodoBody = z.input<typeof updateIncidentTodoBody>;
export const incidentTodoList = listResult(incidentTodoSchema);

export const incidentChangesQuery = z.object({
  hours: z.coerce.number().int().min(1).max(INCIDENT_CHANGES_MAX_HOURS).default(INCIDENT_CHANGES_DEFAULT_HOURS),
});
export type IncidentChangesQuery = z.input<typeof incidentChangesQuery>;

/** An incident id: `INC-1001`; anything else is a 404 (`incident.notFound`), not a 400. */
const incidentParams = z.object({ id: z.string().trim().min(1).max(32) });
const todoParams = z.object({ id: z.string().trim().min(1).max(32), todo_id: z.string().trim().min(1).max(20) });
const BASE = '/api/v1/devops/incidents';

/** Incidents (spec §7 devops incidents). */
export const incidentsApi = {
  list: route({
    method: 'GET',
    path: BASE,
    access: 'incidents.read',
    query: incidentListQuery,
    response: incidentList,
  }),
  create: route({
    method: 'POST',
    path: BASE,
    access: 'incidents.write',
    status: 201,
    body: createIncidentBody,
    response: incidentResponse,
  }),
  detail: route({
    method: 'GET',
    path: `${BASE}/:id`,
    access: 'incidents.read',
    params: incidentParams,
    response: incidentResponse,
  }),
  update: route({
    method: 'PUT',
    path: `${BASE}/:id`,
    access: 'incidents.write',
    params: incidentParams,
    body: updateIncidentBody,
    response: incidentResponse,
  }),
  logs: route({
    method: 'GET',
    path: `${BASE}/:id/logs`,
    access: 'incidents.read',
    params: incidentParams,
    query: incidentLogListQuery,
    response: incidentLogList,
  }),
  addLog: route({
    method: 'POST',
    path: `${BASE}/:id/logs`,
    access: 'incidents.write',
    status: 201,
    params: incidentParams,
    body: createIncidentLogBody,
    response: incidentLogResponse,
  }),
  /** Sends the incident's notice to the chat (spec: "a chat-service notice"); list them with eventsApi.chatMessages. */
  notice: route({
    method: 'POST',
    path: `${BASE}/:id/feishu_message`,
    access: 'incidents.write',
    params: incidentParams,
    body: incidentNoticeBody,
    response: incidentNoticeResultSchema,
  }),
  /** "What changed here": changes that touched the affected clusters in the `hours` before the start. */
  changes: route({
    method: 'GET',
    path: `${BASE}/:id/changes`,
    access: 'incidents.read',
    params: incidentParams,
    query: incidentChangesQuery,
    response: incidentChangesSchema,
  }),
  todos: route({
    method: 'GET',
    path: `${BASE}/:id/todo_actions`,
    access: 'incidents.read',
    params: incidentParams,
    response: incidentTodoList,
  }),
  createTodo: route({
    method: 'POST',
    path: `${BASE}/:id/todo_actions`,
    access: 'incidents.write',
    status: 201,
    params: incidentParams,
    body: createIncidentTodoBody,
    response: incidentTodoResponse,
  }),
  syncTodos: route({
    method: 'POST',
    path: `${BASE}/:id/todo_actions/sync`,
    access: 'incidents.write',
    params: incidentParams,
    response: incidentTodoSyncResultSchema,
  }),
  updateTodo: route({
    method: 'PUT',
    path: `${BASE}/:id/todo_actions/:todo_id`,
    access: 'incidents.write',
    params: todoParams,
    body: updateIncidentTodoBody,
    response: incidentTodoResponse,
  }),
  deleteTodo: route({
    method: 'DELETE',
    path: `${BASE}/:id/todo_actions/:todo_id`,
    access: 'incidents.write',
    params: todoParams,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
  }),
};
