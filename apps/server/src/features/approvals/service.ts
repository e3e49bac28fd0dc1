import type { Approval, ApprovalStatus, AuditType } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { enqueueJob } from '../../platform/jobs.js';
import { publishEvent } from '../../platform/events.js';
import type { Principal } from '../../platform/auth.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { findApproval, findTemplate, insertApproval, saveApproval, type ApprovalRow, type StoredNode } from './repo.js';

/** The job kind an owning feature registers to hear that its approval settled (APPROVED, REJECTED or CANCELED). */
export const approvalSettledJob = (subjectType: AuditType) => `approval.settled:${subjectType}`;
export interface ApprovalSettled {
  approval_id: string;
  subject_id: string;
  status: ApprovalStatus;
  decided_by: string;
}

export function toApproval(row: ApprovalRow): Approval {
  return {
    id: String(row.id),
    name: row.name,
    status: row.status as ApprovalStatus,
    applicant: row.applicant,
    start_at: iso(row.startAt),
    end_at: isoOrNull(row.endAt),
    from_template: row.fromTemplate,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    nodes: (row.nodes as StoredNode[]).map((n) => ({
      name: n.name,
      status: n.status as ApprovalStatus,
      tasks: n.tasks.map((t) => ({ ...t, status: t.status as ApprovalStatus })),
    })),
  };
}

function parseId(id: string): number {
  const n = Number(id);
  if (!/^\d{1,15}$/.test(id) || !Number.isSafeInteger(n)) throw new AppError('approval.notFound');
  return n;
}

/** Starts an approval flow from a named template, in the caller's transaction. Returns its id. */
export async function createApproval(
  tx: Db,
  input: { template: string; name: string; applicant: string; subjectType: AuditType; subjectId: string },
): Promise<string> {
  const template = await findTemplate(tx, input.template);
  if (!template || template.nodes.length === 0)
    throw new AppError('approval.templateNotFound', `Approval template ${input.template} is not configured`);
  const started = new Date();
  const now = started.toISOString();
  const nodes: StoredNode[] = template.nodes.map((n, i) => ({
    name: n.name,
    status: 'PENDING',
    tasks: n.approvers.map((email) => ({
      user_email: email.toLowerCase(),
      status: 'PENDING',
      start_at: i === 0 ? now : null,
      end_at: null,
      comment: null,
    })),
  }));
  const id = await insertApproval(tx, {
    name: input.name,
    applicant: input.applicant,
    fromTemplate: template.name,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    nodes,
    // The same instant as the first tasks' start (the column default would be the transaction's start).
    startAt: started,
  });
  await publishPending(tx, { id: String(id), name: input.name, applicant: input.applicant }, input, nodes[0]!);
  return String(id);
}

/** Tells the approvers of the node whose turn it is (event `approval.pending`: the inbox, notification workflows). */
async function publishPending(
  tx: Db,
  approval: { id: string; name: string; applicant: string },
  subject: { subjectType: string; subjectId: string },
  node: StoredNode,
): Promise<void> {
  await publishEvent(tx, {
    type: 'approval.pending',
    subjectType: subject.subjectType,
    subjectId: subject.subjectId,
    title: `${approval.name} awaits your approval`,
    summary: `${approval.applicant} asks for approval (${node.name}, approval ${approval.id}).`,
    recipients: node.tasks.map((t) => t.user_email),
    actor: approval.applicant,
  });
}

export async function getApproval(db: Db, id: string): Promise<Approval> {
  const row = await findApproval(db, parseId(id));
  if (!row) throw new AppError('approval.notFound');
  return toApproval(row);
}

/**
 * Approve or reject as `who`. Only an approver of the first PENDING node may act, never the applicant; the row is
 * locked, so of concurrent decisions exactly one wins and the rest get `approval.alreadyDecided` (409).
 */
export async function decide(
  db: Db,
  id: string,
  who: Principal,
  decision: 'approve' | 'reject',
  comment: string | undefined,
): Promise<Approval> {
  const approvalId = parseId(id);
  return db.transaction(async (tx) => {
    const row = await findApproval(tx, approvalId, true);
    if (!row) throw new AppError('approval.notFound');
    const email = who.email.toLowerCase();
    const nodes = structuredClone(row.nodes as StoredNode[]);
    const isApproverAnywhere = nodes.some((n) => n.tasks.some((t) => t.user_email === email));
    if (!isApproverAnywhere) throw new AppError('approval.notApprover');
    if (row.applicant.toLowerCase() === email) throw new AppError('approval.selfApproval');
    if (row.status !== 'PENDING') throw new AppError('approval.alreadyDecided');
    const nodeIndex = nodes.findIndex((n) => n.status === 'PENDING');
    const node = nodes[nodeIndex];
    const task = node?.tasks.find((t) => t.user_email === email);
    if (!node || !task) throw new AppError('approval.notApprover', 'It is not your turn to decide this approval');
    if (task.status !== 'PENDING') throw new AppError('approval.alreadyDecided');

    const now = new Date();
    const outcome: ApprovalStatus = decision === 'approve' ? 'APPROVED' : 'REJECTED';
    task.status = outcome;
    task.end_at = now.toISOString();
    task.comment = comment ?? null;
    // One decision settles a node; the other approvers' tasks of that node close with it.
    node.status = outcome;
    for (const t of node.tasks)
      if (t.status === 'PENDING') Object.assign(t, { status: 'CANCELED', end_at: now.toISOString() });
    const next = nodes[nodeIndex + 1];
    let status: ApprovalStatus = 'PENDING';
    if (outcome === 'REJECTED') {
      status = 'REJECTED';
      for (const n of nodes.slice(nodeIndex + 1)) n.status = 'CANCELED';
    } else if (next) {
      for (const t of next.tasks) t.start_at = now.toISOString();
      await publishPending(
        tx,
        { id: String(approvalId), name: row.name, applicant: row.applicant },
        { subjectType: row.subjectType, subjectId: row.subjectId },
        next,
      );
    } else {
      status = 'APPROVED';
    }
    const settled = status !== 'PENDING';
    await saveApproval(tx, approvalId, { status, nodes, endAt: settled ? now : null });
    await writeAudit(tx, {
      type: row.subjectType as AuditType,
      instanceId: row.subjectId,
      operator: email,
      operation: decision,
      details: {
        approval_id: String(approvalId),
        node: node.name,
        comment: comment ?? null,
        before: { status: row.status },
        after: { status },
      },
    });
    if (settled) await notifySettled(tx, row, status, email);
    const updated = await findApproval(tx, approvalId);
    return toApproval(updated!);
  });
}

/** Cancels a pending approval because its subject was withdrawn or cancelled (caller's transaction). */
export async function cancelApproval(tx: Db, id: string, by: string): Promise<void> {
  const row = await findApproval(tx, parseId(id), true);
  if (!row || row.status !== 'PENDING') return;
  const now = new Date();
  const nodes = (row.nodes as StoredNode[]).map((n) => ({
    ...n,
    status: n.status === 'PENDING' ? 'CANCELED' : n.status,
    tasks: n.tasks.map((t) => (t.status === 'PENDING' ? { ...t, status: 'CANCELED', end_at: now.toISOString() } : t)),
  }));
  await saveApproval(tx, row.id, { status: 'CANCELED', nodes, endAt: now });
  await notifySettled(tx, row, 'CANCELED', by);
}

async function notifySettled(tx: Db, row: ApprovalRow, status: ApprovalStatus, by: string): Promise<void> {
  const payload: ApprovalSettled = { approval_id: String(row.id), subject_id: row.subjectId, status, decided_by: by };
  await enqueueJob(tx, approvalSettledJob(row.subjectType as AuditType), payload, {
    dedupeKey: `approval-settled-${row.id}`,
  });
}
