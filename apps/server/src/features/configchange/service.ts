import type { z } from 'zod';
import {
  canCancelChange,
  DEFAULT_APPLY_POLICY,
  type ChangeScope,
  type ClusterType,
  type ConfigChange,
  type configChangeListQuery,
  type createChangeBody,
  type ListResult,
  type ParameterAttribute,
  type PreviewResponse,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { cancelApproval, createApproval, type ApprovalSettled, type ApprovalTemplate } from '../approvals/index.js';
import { blockedReason, catalogueVersionFor, configurationOf, loadTarget } from './configuration.js';
import { prepareChange, type PreviewInput } from './scope.js';
import type { ConfigChangeContext, TargetType } from './targets.js';
import * as repo from './repo.js';

export const APPROVAL_TEMPLATE = 'cluster_config_change';

/** The approval flow a change goes through (spec §4); provided to the approvals feature, created when missing. */
export const CHANGE_APPROVAL_TEMPLATE: ApprovalTemplate = {
  name: APPROVAL_TEMPLATE,
  title: 'Cluster configuration change',
  nodes: [{ name: 'DBA review', approvers: ['admin@example.com'] }],
};

export function toListItem(r: repo.ChangeListRow): Omit<ConfigChange, 'snapshot'> {
  return {
    id: String(r.id),
    target_type: r.targetType as ConfigChange['target_type'],
    target_id: r.targetId,
    cluster_type: r.clusterType as ConfigChange['cluster_type'],
    tenant_id: r.tenantId,
    change_type: r.changeType as ConfigChange['change_type'],
    applicant: r.applicant,
    apply_policy: r.applyPolicy as ConfigChange['apply_policy'],
    phase: r.phase as ConfigChange['phase'],
    phase_reason: r.phaseReason,
    approval_id: r.approvalId,
    operation_id: r.operationId,
    reason: r.reason,
    created_at: iso(r.createdAt),
    closed_at: isoOrNull(r.closedAt),
    scope: r.scope as ChangeScope,
  };
}

export function toChange(r: repo.ChangeRow): ConfigChange {
  return { ...toListItem(r), snapshot: r.snapshot as ConfigChange['snapshot'] };
}

export function parseChangeId(id: string): number {
  if (!/^\d{1,15}$/.test(id)) throw new AppError('configChange.notFound');
  return Number(id);
}

export async function getChange(db: Db, id: string): Promise<ConfigChange> {
  const row = await repo.findChange(db, parseChangeId(id));
  if (!row) throw new AppError('configChange.notFound');
  return toChange(row);
}

type ListQuery = z.output<typeof configChangeListQuery>;
export async function listChanges(
  db: Db,
  q: ListQuery,
  targetId?: string,
): Promise<ListResult<Omit<ConfigChange, 'snapshot'>>> {
  const filter: repo.ChangeFilter = {
    modifiedParamLike: q.have_modified_param_like || undefined,
    phase: q.phase,
    targetId: targetId ?? (q.target_id || undefined),
    targetType: q.target_type,
    clusterType: q.cluster_type,
    applicant: q.applicant || undefined,
  };
  const page = await listPage(
    repo.selectChangePage(db, filter, { ...pageWindow(q), sort: q.sort }),
    repo.countChanges(db, filter),
  );
  return { total: page.total, items: page.items.map(toListItem) };
}

export async function getClusterConfig(
  ctx: ConfigChangeContext,
  db: Db,
  clusterType: ClusterType,
  id: string,
  targetType: TargetType = 'cluster',
) {
  const tc = await loadTarget(ctx, db, clusterType, id, { targetType });
  const reason = await blockedReason(db, tc);
  return { configuration: configurationOf(tc), changeable: reason === null, reason };
}

export async function listParameters(
  db: Db,
  configType: string,
  version: string | undefined,
): Promise<{ items: ParameterAttribute[]; total: number }> {
  const minor = await catalogueVersionFor(db, version ?? 'v99.99.99');
  const rows = minor ? await repo.selectParameters(db, minor, [configType]) : [];
  const items = rows.map((p) => ({
    name: p.name,
    filename: p.filename,
    config_type: p.configType as ParameterAttribute['config_type'],
    default_value: p.defaultValue,
    type: p.type as ParameterAttribute['type'],
    apply_policy: p.applyPolicy as ParameterAttribute['apply_policy'],
    validation: p.validation as ParameterAttribute['validation'],
    description: p.description,
    risk_level: p.riskLevel as ParameterAttribute['risk_level'],
  }));
  return { items, total: items.length };
}

export async function previewChange(
  ctx: ConfigChangeContext,
  db: Db,
  clusterId: string,
  input: PreviewInput,
  targetType: TargetType = 'cluster',
): Promise<PreviewResponse> {
  const p = await prepareChange(ctx, db, clusterId, input, { targetType });
  return { change: { scope: p.scope, apply_policies: p.policies, default_policy: DEFAULT_APPLY_POLICY } };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

/** What the targets' changes are called in their approvals. */
function approvalName(changeId: string, targetType: string, targetId: string): string {
  if (targetType === 'tenant_init') return `Init configuration change ${changeId} of tenant ${targetId}`;
  if (targetType === 'template') return `Configuration change ${changeId}: create template ${targetId}`;
  return `Configuration change ${changeId} of cluster ${targetId}`;
}

/**
 * Inserts a prepared change and submits it for approval, with its audit rows, in the caller's transaction:
 * created → approving (spec §4 Config change flow). Every target type goes through here.
 */
export async function submitChange(
  tx: Db,
  row: Omit<repo.NewChange, 'phase' | 'applicant'> & { applicant: string },
): Promise<string> {
  const who = row.applicant.toLowerCase();
  const id = await repo.insertChange(tx, { ...row, applicant: who, phase: 'created' });
  const changeId = String(id);
  await writeAudit(tx, {
    type: 'cloud_config_change',
    instanceId: changeId,
    operator: who,
    operation: 'create',
    details: {
      after: {
        phase: 'created',
        target_type: row.targetType,
        target_id: row.targetId,
        change_type: row.changeType,
        apply_policy: row.applyPolicy,
        scope: row.scope,
      },
      reason: row.reason,
    },
  });
  const approvalId = await createApproval(tx, {
    template: APPROVAL_TEMPLATE,
    name: approvalName(changeId, row.targetType, row.targetId),
    applicant: who,
    subjectType: 'cloud_config_change',
    subjectId: changeId,
  });
  await repo.updateChange(tx, id, { phase: 'approving', approvalId });
  await writeAudit(tx, {
    type: 'cloud_config_change',
    instanceId: changeId,
    operator: who,
    operation: 'submit_for_approval',
    details: { approval_id: approvalId, before: { phase: 'created' }, after: { phase: 'approving' } },
  });
  return changeId;
}

/** Runs a change's creation; a concurrent change of the same target winning the one-open-change index is a 409. */
export async function refusingConcurrent<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (err) {
    // A concurrent change of the same target won the race to the one-open-change index.
    if (isUniqueViolation(err))
      throw new AppError(
        'configChange.notChangeable',
        'You cannot change the config currently, because there is an unfinished configuration change',
      );
    throw err;
  }
}

/** Creates a change and its approval in one transaction: created → approving (spec §4 Config change flow). */
export async function createChange(
  ctx: ConfigChangeContext,
  db: Db,
  applicant: string,
  clusterId: string,
  input: z.output<typeof createChangeBody>,
  targetType: TargetType = 'cluster',
): Promise<string> {
  return refusingConcurrent(() =>
    db.transaction(async (tx) => {
      const p = await prepareChange(ctx, tx, clusterId, input, { forUpdate: true, targetType });
      const policy = p.policies.find((o) => o.policy === input.apply_policy);
      if (!policy?.allowed)
        throw new AppError(
          'configChange.policyNotAllowed',
          `The apply policy ${input.apply_policy} is not allowed for this change: ${policy?.reason ?? 'unknown policy'}`,
        );
      return submitChange(tx, {
        targetType,
        targetId: clusterId,
        clusterType: input.cluster_type,
        tenantId: p.tc.target.tenantId,
        changeType: p.changeType,
        applicant,
        applyPolicy: input.apply_policy,
        reason: input.reason,
        scope: p.scope,
        snapshot: p.snapshot,
        baseFingerprint: p.tc.fingerprint,
        modifiedParams: p.modifiedNames.join(','),
      });
    }),
  );
}

/** Cancel (spec §4): by the applicant while approving it is a withdrawal; the pending approval is cancelled. */
export async function cancelChange(db: Db, id: string, who: string, reason: string | undefined): Promise<ConfigChange> {
  const n = parseChangeId(id);
  const email = who.toLowerCase();
  await db.transaction(async (tx) => {
    const row = await repo.findChange(tx, n, true);
    if (!row) throw new AppError('configChange.notFound');
    if (!canCancelChange(row.phase))
      throw new AppError('configChange.phaseForbids', `A change that is ${row.phase} cannot be cancelled`);
    const withdraw = row.phase === 'approving' && row.applicant === email;
    const phase = withdraw ? 'withdrawn' : 'cancelled';
    const phaseReason = reason || `${withdraw ? 'Withdrawn' : 'Cancelled'} by ${email}`;
    if (row.approvalId) await cancelApproval(tx, row.approvalId, email);
    await repo.updateChange(tx, n, { phase, phaseReason, closedAt: new Date() });
    await writeAudit(tx, {
      type: 'cloud_config_change',
      instanceId: id,
      operator: email,
      operation: withdraw ? 'withdraw' : 'cancel',
      details: { before: { phase: row.phase }, after: { phase, phase_reason: phaseReason } },
    });
  });
  return getChange(db, id);
}

/** The approval of a change settled (job handler): APPROVED → wait_for_apply, REJECTED → cancelled. */
export async function onApprovalSettled(tx: Db, p: ApprovalSettled): Promise<void> {
  if (!/^\d{1,15}$/.test(p.subject_id)) return;
  const id = Number(p.subject_id);
  const row = await repo.findChange(tx, id, true);
  // Only a change still waiting for this approval moves; a withdrawn or cancelled one already did.
  if (
    !row ||
    row.phase !== 'approving' ||
    row.approvalId !== p.approval_id ||
    p.status === 'CANCELED' ||
    p.status === 'PENDING'
  )
    return;
  const approved = p.status === 'APPROVED';
  const phase = approved ? 'wait_for_apply' : 'cancelled';
  const phaseReason = approved ? null : `Rejected by ${p.decided_by}`;
  await repo.updateChange(tx, id, { phase, phaseReason, ...(approved ? {} : { closedAt: new Date() }) });
  await writeAudit(tx, {
    type: 'cloud_config_change',
    instanceId: p.subject_id,
    operator: p.decided_by,
    operation: approved ? 'approved' : 'rejected',
    details: {
      approval_id: p.approval_id,
      before: { phase: 'approving' },
      after: { phase, phase_reason: phaseReason },
    },
  });
}
