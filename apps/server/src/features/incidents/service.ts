import type { z } from 'zod';
import {
  auditTimeRange,
  canTransitionIncident,
  INCIDENT_MESSAGES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_START_GRACE_MS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_STATUSES,
  INCIDENT_TRANSITIONS,
  incidentStatusChangeText,
  type createIncidentBody,
  type createIncidentLogBody,
  type ErrorCode,
  type Incident,
  type IncidentChanges,
  type incidentChangesQuery,
  type incidentListQuery,
  type IncidentLog,
  type IncidentLogKind,
  type incidentLogListQuery,
  type IncidentNoticeResult,
  type IncidentSeverity,
  type IncidentStatus,
  type ListResult,
  type updateIncidentBody,
} from '@portal/contract';
import { writeAudit, type AuditEntry } from '../../platform/audit.js';
import { sendChatMessage } from '../../platform/chat.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { publishEvent } from '../../platform/events.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import type { IssueTracker } from '../issuetracker/index.js';
import { changesInWindow, changeWindowOf } from './changes.js';
import * as repo from './repo.js';

export const AUDIT_TYPE = 'incident' as const;

/** What the service needs: the database, the issue tracker (post-mortem todos) and the portal's public URL. */
export interface IncidentDeps {
  db: Db;
  tracker: IssueTracker;
  /** The portal's URL (chat notices link back to the incident); empty → a path only. */
  publicUrl: string;
}

// ---- ids ----------------------------------------------------------------------------------------------------------
export const incidentId = (n: number): string => `INC-${n}`;
export function parseIncidentId(id: string): number | undefined {
  const m = /^INC-(\d{1,9})$/i.exec(id.trim());
  return m ? Number(m[1]) : undefined;
}
export const incidentPath = (id: string): string => `/incidents/${encodeURIComponent(id)}`;

const notFound = (id: string) => new AppError('incident.notFound', `Incident ${id} not found`);

async function mustFind(db: Db, id: string, forUpdate = false): Promise<repo.IncidentRow> {
  const n = parseIncidentId(id);
  const row = n === undefined ? undefined : await repo.findIncident(db, n, forUpdate);
  if (!row) throw notFound(id);
  return row;
}

/** Whether an incident exists (the issue tracker asks before linking an issue to it). */
export async function incidentExists(db: Db, id: string): Promise<boolean> {
  const n = parseIncidentId(id);
  return n !== undefined && (await repo.findIncident(db, n)) !== undefined;
}

function audit(tx: Db, id: string, operator: string, operation: string, details: AuditEntry['details'], at: Date) {
  return writeAudit(tx, { type: AUDIT_TYPE, instanceId: id, operator, operation, details, operateAt: at });
}

// ---- read models --------------------------------------------------------------------------------------------------
interface Refs {
  tenants: Map<string, string>;
  clusters: Map<string, { name: string; tenantId: string }>;
}

async function refsOf(db: Db, rows: readonly repo.IncidentRow[]): Promise<Refs> {
  const tenantIds = [...new Set(rows.flatMap((r) => r.tenantIds))];
  const clusterIds = [...new Set(rows.flatMap((r) => r.clusterIds))];
  const [tenants, clusters] = await Promise.all([repo.tenantNames(db, tenantIds), repo.clusterRefs(db, clusterIds)]);
  return { tenants, clusters };
}

export function toIncident(r: repo.IncidentRow, refs: Refs): Incident {
  return {
    id: incidentId(r.number),
    title: r.title,
    description: r.description,
    severity: r.severity as IncidentSeverity,
    status: r.status as IncidentStatus,
    commander: r.commander,
    tenants: r.tenantIds.map((id) => ({ id, name: refs.tenants.get(id) ?? id })),
    clusters: r.clusterIds.map((id) => {
      const c = refs.clusters.get(id);
      return { id, name: c?.name ?? id, tenant_id: c?.tenantId ?? '' };
    }),
    started_at: iso(r.startedAt),
    acknowledged_at: isoOrNull(r.acknowledgedAt),
    mitigated_at: isoOrNull(r.mitigatedAt),
    resolved_at: isoOrNull(r.resolvedAt),
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

async function present(db: Db, row: repo.IncidentRow): Promise<Incident> {
  return toIncident(row, await refsOf(db, [row]));
}

export async function getIncident(db: Db, id: string): Promise<Incident> {
  return present(db, await mustFind(db, id));
}

export async function listIncidents(db: Db, q: z.output<typeof incidentListQuery>): Promise<ListResult<Incident>> {
  const { from, before } = auditTimeRange(q.started_from, q.started_to);
  const filter: repo.IncidentFilter = {
    status: q.status,
    severity: q.severity,
    tenantId: q.tenant_id || undefined,
    clusterId: q.cluster_id || undefined,
    startedFrom: from,
    startedBefore: before,
    search: q.search ? { text: q.search, number: parseIncidentId(q.search) } : undefined,
  };
  const page = await listPage(
    repo.selectPage(db, filter, { ...pageWindow(q), sort: q.sort }),
    repo.countPage(db, filter),
  );
  const refs = await refsOf(db, page.items);
  return { total: page.total, items: page.items.map((r) => toIncident(r, refs)) };
}

// ---- validation ---------------------------------------------------------------------------------------------------
type Field = 'commander' | 'owner' | 'tenant_ids' | 'cluster_ids' | 'started_at';
const fieldError = (code: ErrorCode, field: Field, message: string) =>
  new AppError(code, message, [{ field: `body.${field}`, message }]);

/** Null, or the email of an enabled portal user (400 `incident.unknownUser` otherwise). */
export async function checkUser(db: Db, email: string | null, field: 'commander' | 'owner'): Promise<string | null> {
  if (!email) return null;
  if (!(await repo.isActiveUser(db, email)))
    throw fieldError('incident.unknownUser', field, `${email} is not an active portal user`);
  return email;
}

/**
 * The affected tenants and clusters as stored: every id must exist (400 `incident.unknownTenant` /
 * `incident.unknownCluster`, naming the ids), and the tenant of every affected cluster is affected too.
 */
export async function resolveAffected(
  db: Db,
  tenantIds: readonly string[],
  clusterIds: readonly string[],
): Promise<{ tenantIds: string[]; clusterIds: string[] }> {
  const clusters = [...new Set(clusterIds)];
  const found = await repo.clusterRefs(db, clusters);
  const unknownClusters = clusters.filter((id) => !found.has(id));
  if (unknownClusters.length)
    throw fieldError('incident.unknownCluster', 'cluster_ids', `Unknown clusters: ${unknownClusters.join(', ')}`);
  const tenants = [...new Set([...tenantIds, ...clusters.map((id) => found.get(id)!.tenantId)])];
  const names = await repo.tenantNames(db, tenants);
  const unknownTenants = tenants.filter((id) => !names.has(id));
  if (unknownTenants.length)
    throw fieldError('incident.unknownTenant', 'tenant_ids', `Unknown tenants: ${unknownTenants.join(', ')}`);
  return { tenantIds: tenants, clusterIds: clusters };
}

function checkStartNotAhead(startedAt: Date, at: Date): void {
  if (startedAt.getTime() > at.getTime() + INCIDENT_START_GRACE_MS)
    throw fieldError('incident.invalidStartTime', 'started_at', INCIDENT_MESSAGES.startInFuture);
}

// ---- timeline -----------------------------------------------------------------------------------------------------
export function toLog(r: repo.LogRow): IncidentLog {
  return {
    id: String(r.id),
    incident_id: incidentId(r.incidentNumber),
    kind: r.kind as IncidentLogKind,
    text: r.text,
    author: r.author,
    at: iso(r.at),
  };
}

const appendLog = (tx: Db, number: number, kind: IncidentLogKind, text: string, author: string, at: Date) =>
  repo.insertLog(tx, { incidentNumber: number, kind, text: text.slice(0, 4000), author, at });

export async function listLogs(
  db: Db,
  id: string,
  q: z.output<typeof incidentLogListQuery>,
): Promise<ListResult<IncidentLog>> {
  const row = await mustFind(db, id);
  const page = await listPage(
    repo.selectLogs(db, row.number, q.kind, { ...pageWindow(q), sort: q.sort }),
    repo.countLogs(db, row.number, q.kind),
  );
  return { total: page.total, items: page.items.map(toLog) };
}

/** A person's note on the timeline (append-only), with its audit row. */
export async function addLog(
  db: Db,
  id: string,
  who: string,
  body: z.output<typeof createIncidentLogBody>,
  at = new Date(),
): Promise<IncidentLog> {
  return db.transaction(async (tx) => {
    const row = await mustFind(tx, id);
    const log = await appendLog(tx, row.number, 'note', body.text, who, at);
    await audit(tx, id, who, 'add_log', { log_id: String(log.id), after: { kind: 'note', text: body.text } }, at);
    return toLog(log);
  });
}

// ---- events -------------------------------------------------------------------------------------------------------
function publish(
  tx: Db,
  row: repo.IncidentRow,
  type: 'incident.opened' | 'incident.resolved',
  actor: string,
  at: Date,
) {
  const id = incidentId(row.number);
  const sev = INCIDENT_SEVERITY_LABELS[row.severity as IncidentSeverity] ?? row.severity;
  return publishEvent(tx, {
    type,
    subjectType: AUDIT_TYPE,
    subjectId: id,
    title: `${type === 'incident.opened' ? 'Incident opened' : 'Incident resolved'}: ${id} ${row.title}`,
    summary: `${sev}${row.commander ? `, commander ${row.commander}` : ''}${
      row.clusterIds.length ? `, ${row.clusterIds.length} affected cluster(s)` : ''
    }`,
    link: incidentPath(id),
    tenantId: row.tenantIds[0] ?? null,
    clusterIds: row.clusterIds,
    actor,
    occurredAt: at,
  });
}

// ---- the timeline's texts (the demo seed writes the same) ----------------------------------------------------------
export const openedText = (who: string, severity: IncidentSeverity, commander: string | null): string =>
  `Incident opened by ${who}: ${INCIDENT_SEVERITY_LABELS[severity]}${commander ? `, commander ${commander}` : ''}`;
export const statusChangeText = (to: IncidentStatus, who: string, note?: string): string => {
  const text = incidentStatusChangeText(to, who);
  return note ? `${text}: ${note}` : text;
};
export const noticeLogText = (who: string, status: IncidentStatus, extra?: string): string =>
  `Chat notice sent by ${who} (status ${status})${extra ? `: ${extra}` : ''}`;

// ---- create -------------------------------------------------------------------------------------------------------
/** Opens an incident (status open) with its first timeline entry, its audit row and the `incident.opened` event. */
export async function createIncident(
  db: Db,
  who: string,
  body: z.output<typeof createIncidentBody>,
  at = new Date(),
): Promise<Incident> {
  const startedAt = body.started_at ? new Date(body.started_at) : at;
  checkStartNotAhead(startedAt, at);
  const number = await db.transaction(async (tx) => {
    const commander = await checkUser(tx, body.commander ?? null, 'commander');
    const affected = await resolveAffected(tx, body.tenant_ids, body.cluster_ids);
    const n = await repo.insertIncident(tx, {
      title: body.title,
      description: body.description,
      severity: body.severity,
      status: 'open',
      commander,
      tenantIds: affected.tenantIds,
      clusterIds: affected.clusterIds,
      startedAt,
      createdBy: who,
      createdAt: at,
      updatedAt: at,
    });
    const row = (await repo.findIncident(tx, n))!;
    const id = incidentId(n);
    await appendLog(tx, n, 'system', openedText(who, body.severity, commander), who, at);
    await audit(tx, id, who, 'create', { after: incidentSnapshot(row) }, at);
    await publish(tx, row, 'incident.opened', who, at);
    return n;
  });
  return getIncident(db, incidentId(number));
}

/** What an audit row keeps of an incident. */
export function incidentSnapshot(r: repo.IncidentRow) {
  return {
    title: r.title,
    description: r.description,
    severity: r.severity,
    status: r.status,
    commander: r.commander,
    tenant_ids: r.tenantIds,
    cluster_ids: r.clusterIds,
    started_at: iso(r.startedAt),
  };
}

// ---- update and status --------------------------------------------------------------------------------------------
const TIMESTAMP_OF = {
  acknowledged: 'acknowledgedAt',
  mitigated: 'mitigatedAt',
  resolved: 'resolvedAt',
} as const satisfies Partial<Record<IncidentStatus, keyof repo.IncidentRow>>;

/**
 * The columns a move to `to` sets: its own timestamp (now), and for a move back the timestamps of the statuses after
 * it cleared. Skipped statuses keep theirs (null when never entered).
 */
export function statusPatch(to: IncidentStatus, at: Date): Partial<repo.NewIncident> {
  const rank = INCIDENT_STATUSES.indexOf(to);
  const patch: Partial<repo.NewIncident> = { status: to };
  for (const [status, column] of Object.entries(TIMESTAMP_OF) as [IncidentStatus, keyof typeof patch][]) {
    const r = INCIDENT_STATUSES.indexOf(status);
    if (r === rank) (patch as Record<string, unknown>)[column] = at;
    else if (r > rank) (patch as Record<string, unknown>)[column] = null;
  }
  return patch;
}

/** The audit operation of a status move. */
export function statusOperation(from: IncidentStatus, to: IncidentStatus): string {
  if (to === 'open') return 'reopen';
  if (from === 'mitigated' && to === 'acknowledged') return 'mitigation_failed';
  return { acknowledged: 'acknowledge', mitigated: 'mitigate', resolved: 'resolve' }[to];
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * PUT: edits the fields given and, with `status`, moves the incident (INCIDENT_TRANSITIONS; 409
 * `incident.statusForbids` otherwise). One transaction: the row, its audit row (before/after of what changed), the
 * timeline entries (a `status_change`, and a `system` entry naming the edited fields) and the events (resolved →
 * `incident.resolved`; reopened → `incident.opened`). Nothing given that differs: no change, no audit row.
 */
export async function updateIncident(
  db: Db,
  id: string,
  who: string,
  body: z.output<typeof updateIncidentBody>,
  at = new Date(),
): Promise<Incident> {
  await db.transaction(async (tx) => {
    const row = await mustFind(tx, id, true);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const patch: Partial<repo.NewIncident> = {};
    const edits: string[] = [];
    const change = (key: string, from: unknown, to: unknown) => {
      before[key] = from;
      after[key] = to;
    };

    if (body.title !== undefined && body.title !== row.title) {
      change('title', row.title, body.title);
      patch.title = body.title;
      edits.push('the title');
    }
    if (body.description !== undefined && body.description !== row.description) {
      change('description', row.description, body.description);
      patch.description = body.description;
      edits.push('the description');
    }
    if (body.severity !== undefined && body.severity !== row.severity) {
      change('severity', row.severity, body.severity);
      patch.severity = body.severity;
      edits.push(`severity ${row.severity} → ${body.severity}`);
    }
    if (body.commander !== undefined && body.commander !== row.commander) {
      const commander = await checkUser(tx, body.commander, 'commander');
      change('commander', row.commander, commander);
      patch.commander = commander;
      edits.push(`commander ${row.commander ?? 'none'} → ${commander ?? 'none'}`);
    }
    if (body.tenant_ids !== undefined || body.cluster_ids !== undefined) {
      // Without tenant_ids, the tenants that were there as the old clusters' tenants drop out with them (named again
      // or derived from a new cluster, they stay).
      let tenantIds = body.tenant_ids;
      if (tenantIds === undefined) {
        const old = await repo.clusterRefs(tx, row.clusterIds);
        const derived = new Set([...old.values()].map((c) => c.tenantId));
        tenantIds = body.cluster_ids === undefined ? row.tenantIds : row.tenantIds.filter((id) => !derived.has(id));
      }
      const affected = await resolveAffected(tx, tenantIds, body.cluster_ids ?? row.clusterIds);
      if (!sameIds(affected.tenantIds, row.tenantIds)) {
        change('tenant_ids', row.tenantIds, affected.tenantIds);
        patch.tenantIds = affected.tenantIds;
        edits.push(`affected tenants (${affected.tenantIds.length})`);
      }
      if (!sameIds(affected.clusterIds, row.clusterIds)) {
        change('cluster_ids', row.clusterIds, affected.clusterIds);
        patch.clusterIds = affected.clusterIds;
        edits.push(`affected clusters (${affected.clusterIds.length})`);
      }
    }

    const from = row.status as IncidentStatus;
    const to = body.status;
    const moves = to !== undefined && to !== from;
    if (moves) {
      if (!canTransitionIncident(from, to))
        throw new AppError(
          'incident.statusForbids',
          `Incident ${id} is ${from}: it cannot move to ${to} (only to ${INCIDENT_TRANSITIONS[from].join(', ')})`,
          { status: from, to, allowed: INCIDENT_TRANSITIONS[from] },
        );
      Object.assign(patch, statusPatch(to, at));
      change('status', from, to);
    }

    if (body.started_at !== undefined) {
      const startedAt = new Date(body.started_at);
      if (startedAt.getTime() !== row.startedAt.getTime()) {
        checkStartNotAhead(startedAt, at);
        patch.startedAt = startedAt;
        change('started_at', iso(row.startedAt), iso(startedAt));
        edits.push(`start time → ${iso(startedAt)}`);
      }
    }
    // The start may not follow any status the incident has entered (after this update).
    const startedAt = patch.startedAt ?? row.startedAt;
    const entered = (['acknowledgedAt', 'mitigatedAt', 'resolvedAt'] as const)
      .map((c) => (c in patch ? patch[c] : row[c]))
      .filter((d): d is Date => d instanceof Date);
    if (patch.startedAt && entered.some((d) => d.getTime() < startedAt.getTime()))
      throw fieldError('incident.invalidStartTime', 'started_at', INCIDENT_MESSAGES.startAfterStatus);

    if (!Object.keys(after).length) return;
    await repo.updateIncident(tx, row.number, { ...patch, updatedAt: at });
    const updated = (await repo.findIncident(tx, row.number))!;
    if (edits.length) await appendLog(tx, row.number, 'system', `${who} changed ${edits.join('; ')}`, who, at);
    if (moves) {
      await appendLog(tx, row.number, 'status_change', statusChangeText(to, who, body.note), who, at);
    }
    await audit(
      tx,
      id,
      who,
      moves ? statusOperation(from, to) : 'update',
      { ...(moves && body.note ? { note: body.note } : {}), before, after },
      at,
    );
    if (moves && to === 'resolved') await publish(tx, updated, 'incident.resolved', who, at);
    if (moves && to === 'open') await publish(tx, updated, 'incident.opened', who, at);
  });
  return getIncident(db, id);
}

// ---- chat notice --------------------------------------------------------------------------------------------------
/** The notice's title and text (what the chat shows). */
export function noticeOf(incident: Incident, publicUrl: string, extra?: string): { title: string; text: string } {
  const affected = incident.clusters.length
    ? incident.clusters.map((c) => (c.name === c.id ? c.id : `${c.name} (${c.id})`)).join(', ')
    : incident.tenants.map((t) => t.name).join(', ') || 'not recorded';
  const lines = [
    `Severity: ${INCIDENT_SEVERITY_LABELS[incident.severity]}`,
    `Status: ${INCIDENT_STATUS_LABELS[incident.status]}`,
    `Commander: ${incident.commander ?? 'not assigned'}`,
    `Affected: ${affected}`,
    `Started: ${incident.started_at}`,
    `Link: ${publicUrl}${incidentPath(incident.id)}`,
  ];
  if (extra) lines.push('', extra);
  return {
    title: `[${INCIDENT_SEVERITY_LABELS[incident.severity]}] ${incident.id}: ${incident.title}`,
    text: lines.join('\n'),
  };
}

/**
 * Sends the incident's notice to the chat (platform/chat.ts: recorded in `chat_messages`, delivered by a durable job),
 * with a `notice` timeline entry and the audit row, in one transaction.
 */
export async function sendNotice(
  deps: Pick<IncidentDeps, 'db' | 'publicUrl'>,
  id: string,
  who: string,
  extra: string | undefined,
  at = new Date(),
): Promise<IncidentNoticeResult> {
  return deps.db.transaction(async (tx) => {
    const row = await mustFind(tx, id);
    const incident = await present(tx, row);
    const notice = noticeOf(incident, deps.publicUrl, extra);
    const message = await sendChatMessage(tx, {
      sourceType: AUDIT_TYPE,
      sourceId: incident.id,
      title: notice.title,
      text: notice.text,
      sender: who,
    });
    const log = await appendLog(tx, row.number, 'notice', noticeLogText(who, incident.status, extra), who, at);
    await audit(
      tx,
      incident.id,
      who,
      'send_notice',
      { message_id: message.id, after: { title: notice.title, text: notice.text } },
      at,
    );
    return { message, log: toLog(log) };
  });
}

// ---- what changed here --------------------------------------------------------------------------------------------
export async function changesBefore(
  db: Db,
  id: string,
  q: z.output<typeof incidentChangesQuery>,
): Promise<IncidentChanges> {
  const row = await mustFind(db, id);
  const window = changeWindowOf(row.startedAt, q.hours);
  const items = await changesInWindow(db, { clusterIds: row.clusterIds, ...window });
  return { items, total: items.length, hours: q.hours, from: iso(window.from), to: iso(window.to) };
}

export { mustFind as findIncidentRow };
