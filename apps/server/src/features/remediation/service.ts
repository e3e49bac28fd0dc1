import type { z } from 'zod';
import {
  canRemediation,
  describeRemediation,
  displayClusterStatus,
  REMEDIATION_ACTION_INFO,
  remediationSteps,
  SCALE_OUT_MAX_NODES,
  TIKV_MAX_REPLICAS,
  type Approval,
  type ClusterComponent,
  type createRemediationBody,
  type ListResult,
  type RemediationAction,
  type remediationListQuery,
  type RemediationRiskLevel,
  type RemediationStatus,
  type RemediationTicket,
  type remediationTicketBody,
  type RemediationTicketAction,
} from '@portal/contract';
import type { Principal } from '../../platform/auth.js';
import { writeAudit, type AuditEntry } from '../../platform/audit.js';
import { assertClusterWorkAllowed } from '../../platform/cluster-work.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import {
  cancelApproval,
  createApproval,
  decide,
  type ApprovalSettled,
  type ApprovalTemplate,
} from '../approvals/index.js';
import { incidentExists } from '../incidents/index.js';
import { startOperation } from '../operations/index.js';
import { getCluster, listClusterComponents } from '../orgs/index.js';
import * as repo from './repo.js';

export const AUDIT_TYPE = 'remediation_ticket' as const;
/** The operation a ticket runs once approved (its steps depend on the action and the risk). */
export const RUN_OPERATION = 'remediation.run';
/** The operation's target type: the ticket (web `objectLinks` kind). */
export const TARGET_TYPE = 'remediation_ticket';
export const SYSTEM = 'system';

const ONCALL_APPROVERS = ['admin@example.com', 'operator@example.com', 'lin.wei@example.com'];
/** Low and medium risk: one on-call reviewer (never the applicant: the approvals engine enforces it). */
export const REMEDIATION_APPROVAL: ApprovalTemplate = {
  name: 'remediation_ticket',
  title: 'Remediation ticket',
  nodes: [{ name: 'On-call review', approvers: ONCALL_APPROVERS }],
};
/** High risk: the on-call review, then the SRE lead's. */
export const REMEDIATION_HIGH_RISK_APPROVAL: ApprovalTemplate = {
  name: 'remediation_ticket.high_risk',
  title: 'Remediation ticket (high risk)',
  nodes: [
    { name: 'On-call review', approvers: ONCALL_APPROVERS },
    { name: 'SRE lead review', approvers: ['admin@example.com'] },
  ],
};
export const templateFor = (risk: RemediationRiskLevel) =>
  risk === 'high' ? REMEDIATION_HIGH_RISK_APPROVAL.name : REMEDIATION_APPROVAL.name;

/** What the service needs of the app: the database, the registry (operation types, guards) and the job runner. */
export type RemediationDeps = Pick<AppContext, 'db' | 'registry'>;

/** Clusters whose instances do not run: nothing to remediate. */
const UNREACHABLE = new Set([
  'USER_CLUSTER_STATUS_CREATING',
  'USER_CLUSTER_STATUS_PAUSED',
  'USER_CLUSTER_STATUS_DELETING',
  'USER_CLUSTER_STATUS_DELETED',
]);
export const isUnreachable = (status: string) => UNREACHABLE.has(status);

export const ticketId = (n: number) => `RT-${n}`;
export function parseTicketId(id: string): number | undefined {
  const m = /^RT-(\d{1,9})$/i.exec(id.trim());
  return m ? Number(m[1]) : undefined;
}
export const ticketPath = (id: string) => `/remediation_tickets/${encodeURIComponent(id)}`;

export function toTicket(r: repo.TicketRow): RemediationTicket {
  const params = r.params as Record<string, unknown>;
  const action = r.action as RemediationAction;
  return {
    id: ticketId(r.number),
    cluster_id: r.clusterId,
    cluster_name: r.clusterName,
    tenant_id: r.tenantId,
    incident_id: r.incidentId,
    action,
    params,
    summary: describeRemediation(action, params),
    reason: r.reason,
    risk_level: r.riskLevel as RemediationRiskLevel,
    status: r.status as RemediationStatus,
    status_reason: r.statusReason,
    applicant: r.applicant,
    approval_id: r.approvalId,
    operation_id: r.operationId,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    submitted_at: isoOrNull(r.submittedAt),
    decided_at: isoOrNull(r.decidedAt),
    decided_by: r.decidedBy,
    started_at: isoOrNull(r.startedAt),
    finished_at: isoOrNull(r.finishedAt),
  };
}

const notFound = (id: string) => new AppError('remediation.notFound', `Remediation ticket ${id} not found`);

export function audit(
  tx: Db,
  n: number,
  operator: string,
  operation: string,
  details: AuditEntry['details'],
  at = new Date(),
): Promise<void> {
  return writeAudit(tx, { type: AUDIT_TYPE, instanceId: ticketId(n), operator, operation, details, operateAt: at });
}

function forbids(row: repo.TicketRow, action: RemediationTicketAction): AppError {
  return new AppError(
    'remediation.statusForbids',
    `Remediation ticket ${ticketId(row.number)} is ${row.status}: it cannot be ${
      {
        update: 'edited',
        submit: 'submitted',
        approve: 'approved',
        reject: 'rejected',
        cancel: 'cancelled',
        run: 'run',
      }[action]
    }`,
    { status: row.status, action },
  );
}

async function mustFind(db: Db, id: string, forUpdate = false): Promise<repo.TicketRow> {
  const n = parseTicketId(id);
  const row = n === undefined ? undefined : await repo.findTicket(db, n, forUpdate);
  if (!row) throw notFound(id);
  return row;
}

export async function getTicket(db: Db, id: string): Promise<RemediationTicket> {
  return toTicket(await mustFind(db, id));
}

/** Whether a ticket exists (the issue tracker's subjects). */
export async function ticketExists(db: Db, id: string): Promise<boolean> {
  const n = parseTicketId(id);
  return n !== undefined && (await repo.findTicket(db, n)) !== undefined;
}

export async function listTickets(
  db: Db,
  q: z.output<typeof remediationListQuery>,
): Promise<ListResult<RemediationTicket>> {
  const filter: repo.TicketFilter = {
    status: q.status,
    action: q.action,
    riskLevel: q.risk_level,
    clusterId: q.cluster_id || undefined,
    tenantId: q.tenant_id || undefined,
    incidentId: q.incident_id || undefined,
    applicant: q.applicant || undefined,
  };
  const page = await listPage(
    repo.selectPage(db, filter, { ...pageWindow(q), sort: q.sort }),
    repo.countPage(db, filter),
  );
  return { total: page.total, items: page.items.map(toTicket) };
}

// ---------------------------------------------------------------- validation

const fieldError = (
  code: 'remediation.clusterUnavailable' | 'remediation.invalidParameter' | 'remediation.incidentNotFound',
  field: string,
  message: string,
) => new AppError(code, message, [{ field: `body.${field}`, message }]);

type TicketBody = z.output<typeof remediationTicketBody>;

/** The replicas of a component the cluster runs (0 when it has none). */
const replicasOf = (components: readonly ClusterComponent[], component: string) =>
  components.find((c) => c.component === component)?.replicas ?? 0;
const indexOf = (instance: string) => Number(instance.slice(instance.lastIndexOf('-') + 1));

/** Checks an action's parameters against the cluster it targets (400 `remediation.invalidParameter` otherwise). */
export function checkParams(
  body: TicketBody,
  cluster: { name: string },
  components: readonly ClusterComponent[],
): void {
  const bad = (field: string, message: string) =>
    fieldError('remediation.invalidParameter', `params.${field}`, message);
  switch (body.action) {
    case 'restart_component':
      if (!replicasOf(components, body.params.component))
        throw bad('component', `Cluster ${cluster.name} runs no ${body.params.component}`);
      return;
    case 'scale_out_tikv': {
      const tikv = replicasOf(components, 'TIKV');
      if (!tikv) throw bad('add_nodes', `Cluster ${cluster.name} runs no TiKV`);
      if (tikv + body.params.add_nodes > TIKV_MAX_REPLICAS)
        throw bad(
          'add_nodes',
          `Cluster ${cluster.name} runs ${tikv} TiKV nodes: at most ${Math.min(SCALE_OUT_MAX_NODES, TIKV_MAX_REPLICAS - tikv)} more`,
        );
      return;
    }
    case 'transfer_pd_leader': {
      const pd = replicasOf(components, 'PD');
      if (pd < 2) throw bad('target_member', `Cluster ${cluster.name} has ${pd} PD member: no other to transfer to`);
      if (indexOf(body.params.target_member) >= pd)
        throw bad('target_member', `Cluster ${cluster.name} has PD members pd-0 to pd-${pd - 1}`);
      return;
    }
    case 'rebalance_regions':
      if (replicasOf(components, 'TIKV') < 2)
        throw bad('region_schedule_limit', `Cluster ${cluster.name} has fewer than 2 TiKV stores: nothing to balance`);
      return;
    case 'failover_tidb': {
      const tidb = replicasOf(components, 'TIDB');
      if (tidb < 2)
        throw bad(
          'instance',
          `Cluster ${cluster.name} has ${tidb} TiDB instance: another must serve during the failover`,
        );
      if (indexOf(body.params.instance) >= tidb)
        throw bad('instance', `Cluster ${cluster.name} has TiDB instances tidb-0 to tidb-${tidb - 1}`);
      return;
    }
  }
}

/** The cluster a ticket targets, checked, and the ticket's content as stored. */
async function validated(db: Db, body: TicketBody) {
  let cluster;
  try {
    cluster = await getCluster(db, body.cluster_id);
  } catch (err) {
    if (err instanceof AppError && err.code === 'cluster.notFound')
      throw fieldError('remediation.clusterUnavailable', 'cluster_id', `Cluster ${body.cluster_id} does not exist`);
    throw err;
  }
  if (isUnreachable(cluster.status))
    throw fieldError(
      'remediation.clusterUnavailable',
      'cluster_id',
      `Cluster ${cluster.name} (${cluster.id}) is ${displayClusterStatus(cluster.status)}: it cannot be remediated`,
    );
  if (body.incident_id && !(await incidentExists(db, body.incident_id)))
    throw fieldError('remediation.incidentNotFound', 'incident_id', `Incident ${body.incident_id} does not exist`);
  checkParams(body, cluster, (await listClusterComponents(db, cluster.id)).items);
  return {
    cluster,
    content: {
      clusterId: cluster.id,
      clusterName: cluster.name,
      tenantId: cluster.tenant_id,
      incidentId: body.incident_id ?? null,
      action: body.action,
      params: body.params as Record<string, unknown>,
      reason: body.reason,
      riskLevel: body.risk_level ?? REMEDIATION_ACTION_INFO[body.action].default_risk,
    },
  };
}

const contentOf = (r: repo.TicketRow) => ({
  cluster_id: r.clusterId,
  incident_id: r.incidentId,
  action: r.action,
  params: r.params,
  reason: r.reason,
  risk_level: r.riskLevel,
});

// ---------------------------------------------------------------- mutations

/** Moves a draft to approving: its approval, by the ticket's risk (caller's transaction, row locked). */
async function submitLocked(tx: Db, row: repo.TicketRow, who: string, at: Date): Promise<void> {
  const id = ticketId(row.number);
  const approvalId = await createApproval(tx, {
    template: templateFor(row.riskLevel as RemediationRiskLevel),
    name: `Remediation ${id}: ${describeRemediation(row.action as RemediationAction, row.params as Record<string, unknown>)} on cluster ${row.clusterName} (${row.clusterId})`,
    applicant: row.applicant,
    subjectType: AUDIT_TYPE,
    subjectId: id,
  });
  await repo.updateTicket(tx, row.number, {
    status: 'approving',
    statusReason: null,
    approvalId,
    submittedAt: at,
    updatedAt: at,
  });
  await audit(
    tx,
    row.number,
    who,
    'submit',
    { approval_id: approvalId, before: { status: row.status }, after: { status: 'approving' } },
    at,
  );
}

/** Create (a draft, or submitted at once with `submit`), with its audit row. */
export async function createTicket(
  deps: RemediationDeps,
  who: string,
  body: z.output<typeof createRemediationBody>,
  at = new Date(),
): Promise<RemediationTicket> {
  const email = who.toLowerCase();
  const { content } = await validated(deps.db, body);
  const n = await deps.db.transaction(async (tx) => {
    const number = await repo.insertTicket(tx, {
      ...content,
      status: 'draft',
      applicant: email,
      createdAt: at,
      updatedAt: at,
    });
    const row = (await repo.findTicket(tx, number, true))!;
    await audit(tx, number, email, 'create', { after: { status: 'draft', ...contentOf(row) } }, at);
    if (body.submit) await submitLocked(tx, row, email, at);
    return number;
  });
  return toTicket((await repo.findTicket(deps.db, n))!);
}

/** Edits a draft: its whole content (409 `remediation.statusForbids` in any other status). */
export async function updateTicket(
  deps: RemediationDeps,
  id: string,
  who: string,
  body: TicketBody,
): Promise<RemediationTicket> {
  const email = who.toLowerCase();
  const { content } = await validated(deps.db, body);
  await deps.db.transaction(async (tx) => {
    const row = await mustFind(tx, id, true);
    if (!canRemediation(row.status, 'update')) throw forbids(row, 'update');
    await repo.updateTicket(tx, row.number, content);
    const after = (await repo.findTicket(tx, row.number))!;
    await audit(tx, row.number, email, 'update', { before: contentOf(row), after: contentOf(after) });
  });
  return getTicket(deps.db, id);
}

/** Submit (spec §4): draft → approving, through the approvals engine. */
export async function submitTicket(
  deps: RemediationDeps,
  id: string,
  who: string,
  at = new Date(),
): Promise<RemediationTicket> {
  await deps.db.transaction(async (tx) => {
    const row = await mustFind(tx, id, true);
    if (!canRemediation(row.status, 'submit')) throw forbids(row, 'submit');
    await submitLocked(tx, row, who.toLowerCase(), at);
  });
  return getTicket(deps.db, id);
}

/**
 * Approve or reject (spec §4): the ticket's approval is decided by the approvals engine (only an approver of the
 * first pending node, never the applicant; it writes the ticket's audit row `approve` / `reject`). The ticket moves
 * when the approval settles, in its settled job.
 */
export async function decideTicket(
  deps: RemediationDeps,
  id: string,
  who: Principal,
  decision: 'approve' | 'reject',
  comment: string | undefined,
): Promise<{ approval: Approval }> {
  const row = await mustFind(deps.db, id);
  if (!canRemediation(row.status, decision) || !row.approvalId) throw forbids(row, decision);
  return { approval: await decide(deps.db, row.approvalId, who, decision, comment) };
}

/** Cancel (spec §4): a draft, approving (its approval is cancelled) or approved ticket → cancelled. */
export async function cancelTicket(
  deps: RemediationDeps,
  id: string,
  who: string,
  reason: string | undefined,
  at = new Date(),
): Promise<RemediationTicket> {
  const email = who.toLowerCase();
  await deps.db.transaction(async (tx) => {
    const row = await mustFind(tx, id, true);
    if (!canRemediation(row.status, 'cancel')) throw forbids(row, 'cancel');
    if (row.status === 'approving' && row.approvalId) await cancelApproval(tx, row.approvalId, email);
    const statusReason = reason || `Cancelled by ${email}`;
    await repo.updateTicket(tx, row.number, {
      status: 'cancelled',
      statusReason,
      finishedAt: at,
      updatedAt: at,
    });
    await audit(
      tx,
      row.number,
      email,
      'cancel',
      { before: { status: row.status }, after: { status: 'cancelled', status_reason: statusReason } },
      at,
    );
  });
  return getTicket(deps.db, id);
}

/**
 * Starts the ticket's operation (approved → running) after asking the cluster-work guards (an open maintenance
 * window refuses it: 409 `maintenance.windowOpen`, the ticket stays approved). Caller's transaction, row locked.
 */
async function startLocked(
  deps: Pick<AppContext, 'registry'>,
  tx: Db,
  row: repo.TicketRow,
  who: string,
  at: Date,
): Promise<string> {
  const id = ticketId(row.number);
  await assertClusterWorkAllowed(deps, tx, {
    kind: RUN_OPERATION,
    subjectType: AUDIT_TYPE,
    subjectId: id,
    clusterIds: [row.clusterId],
  });
  const action = row.action as RemediationAction;
  const params = row.params as Record<string, unknown>;
  const operationId = await startOperation(deps, tx, {
    type: RUN_OPERATION,
    title: `Remediation ${id}: ${describeRemediation(action, params)} on ${row.clusterName}`,
    targetType: TARGET_TYPE,
    targetId: id,
    tenantId: row.tenantId,
    params: { ticket_id: id, cluster_id: row.clusterId, action, params } satisfies RunParams,
    createdBy: who,
    steps: remediationSteps(action, row.riskLevel as RemediationRiskLevel).map((s) => s.name),
  });
  await repo.updateTicket(tx, row.number, {
    status: 'running',
    statusReason: null,
    operationId,
    startedAt: at,
    updatedAt: at,
  });
  await audit(
    tx,
    row.number,
    who,
    'run',
    { operation_id: operationId, before: { status: row.status }, after: { status: 'running' } },
    at,
  );
  return operationId;
}

/** What the operation carries: the ticket and what to do. */
export interface RunParams {
  ticket_id: string;
  cluster_id: string;
  action: RemediationAction;
  params: Record<string, unknown>;
}

/** Run: starts the operation of an approved ticket whose start was refused on approval (e.g. a maintenance window). */
export async function runTicket(deps: RemediationDeps, id: string, who: string): Promise<RemediationTicket> {
  await deps.db.transaction(async (tx) => {
    const row = await mustFind(tx, id, true);
    if (!canRemediation(row.status, 'run')) throw forbids(row, 'run');
    await startLocked(deps, tx, row, who.toLowerCase(), new Date());
  });
  return getTicket(deps.db, id);
}

/**
 * The approval settled (job handler). Approved → approved, and the operation starts at once (→ running) unless a
 * cluster-work guard refuses it: then it stays approved with the refusal as its status reason, to run later.
 * Rejected → rejected. A cancelled approval was the ticket's own cancel, which moved it already.
 */
export async function onApprovalSettled(
  deps: Pick<AppContext, 'registry'>,
  tx: Db,
  p: ApprovalSettled,
  at = new Date(),
): Promise<void> {
  const n = parseTicketId(p.subject_id);
  if (n === undefined || (p.status !== 'APPROVED' && p.status !== 'REJECTED')) return;
  const row = await repo.findTicket(tx, n, true);
  if (!row || row.status !== 'approving' || row.approvalId !== p.approval_id) return;
  const status = p.status === 'APPROVED' ? 'approved' : 'rejected';
  const statusReason = status === 'rejected' ? `Rejected by ${p.decided_by}` : null;
  await repo.updateTicket(tx, n, {
    status,
    statusReason,
    decidedAt: at,
    decidedBy: p.decided_by,
    ...(status === 'rejected' ? { finishedAt: at } : {}),
    updatedAt: at,
  });
  await audit(
    tx,
    n,
    p.decided_by,
    status,
    { approval_id: p.approval_id, before: { status: 'approving' }, after: { status, status_reason: statusReason } },
    at,
  );
  if (status === 'rejected') return;
  const approved = (await repo.findTicket(tx, n, true))!;
  try {
    // A savepoint: a refusal leaves the approval recorded and the ticket approved.
    await tx.transaction((sp) => startLocked(deps, sp, approved, SYSTEM, at));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await repo.updateTicket(tx, n, { statusReason: err.message, updatedAt: at });
    await audit(
      tx,
      n,
      SYSTEM,
      'run_refused',
      { code: err.code, reason: err.message, after: { status: 'approved' } },
      at,
    );
  }
}
