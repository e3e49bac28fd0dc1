import type { z } from 'zod';
import {
  canDoReleaseAction,
  needsApproval,
  type createDevopsReleaseBody,
  type DevopsRelease,
  type DevopsReleaseAction,
  type devopsReleaseListQuery,
  type ListResult,
  type updateDevopsReleaseBody,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit, type AuditEntry } from '../../platform/audit.js';
import { listPage } from '../../platform/list-query.js';
import { cancelApproval, createApproval, type ApprovalSettled } from '../approvals/index.js';
import {
  APPROVAL_TEMPLATE,
  AUDIT_TYPE,
  derivePhase,
  parseId,
  releaseWeek,
  toRelease,
  type ReleaseRow,
} from './model.js';
import * as repo from './repo.js';

/** Releases (issue 12): create, read, describe, and a prod release's approval. */

/** Every mutation of a release, its changes or its tickets writes one row of type `release`, instance = release id. */
export function auditRelease(
  tx: Db,
  releaseId: number,
  operator: string,
  operation: string,
  details: AuditEntry['details'],
): Promise<void> {
  return writeAudit(tx, { type: AUDIT_TYPE, instanceId: String(releaseId), operator, operation, details });
}

const notFound = (id: string) => new AppError('release.notFound', `Release ${id} not found`);

/** The release of a path id, or 404; locked for the transaction with `forUpdate`. */
export async function releaseOr404(db: Db, id: string, forUpdate = false): Promise<ReleaseRow> {
  const n = parseId(id);
  const row = n === undefined ? undefined : await repo.findRelease(db, n, forUpdate);
  if (!row) throw notFound(id);
  return row;
}

/** Refuses an action the release's environment and phase do not allow (409 release.phaseForbids). */
export function assertReleaseAction(row: ReleaseRow, action: DevopsReleaseAction): void {
  if (canDoReleaseAction(row.environment, row.phase, action)) return;
  const what = action.replace('_', ' ');
  const message =
    action === 'request_approval' && !needsApproval(row.environment)
      ? `A ${row.environment} release is deployed without an approval`
      : `A ${row.environment} release that is ${row.phase} does not allow: ${what}`;
  throw new AppError('release.phaseForbids', message, { phase: row.phase, environment: row.environment, action });
}

async function withCounts(db: Db, row: ReleaseRow): Promise<DevopsRelease> {
  const counts = await repo.changeCounts(db, [row.id]);
  return toRelease(row, counts.get(row.id)!);
}

export async function readRelease(db: Db, id: number): Promise<DevopsRelease> {
  return withCounts(db, (await repo.findRelease(db, id))!);
}

export async function listReleases(
  db: Db,
  q: z.output<typeof devopsReleaseListQuery>,
): Promise<ListResult<DevopsRelease>> {
  const page = await listPage(repo.selectReleasePage(db, q), repo.countReleases(db, q));
  const counts = await repo.changeCounts(
    db,
    page.items.map((r) => r.id),
  );
  return { items: page.items.map((r) => toRelease(r, counts.get(r.id)!)), total: page.total };
}

export async function getRelease(db: Db, id: string): Promise<DevopsRelease> {
  return withCounts(db, await releaseOr404(db, id));
}

/** The next number of an environment's releases this ISO week: `YYYY.WW.N`. */
async function nextReleaseNumber(tx: Db, environment: string, at: Date): Promise<string> {
  const prefix = releaseWeek(at);
  const taken = await repo.numbersWithPrefix(tx, environment, prefix);
  const max = taken.reduce((m, n) => Math.max(m, Number(n.slice(prefix.length + 1)) || 0), 0);
  return `${prefix}.${max + 1}`;
}

/** A unique index refused the row (PostgreSQL 23505), wherever the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

export async function createRelease(
  db: Db,
  who: string,
  body: z.output<typeof createDevopsReleaseBody>,
): Promise<DevopsRelease> {
  const email = who.toLowerCase();
  // Two releases of one environment created at once may pick the same number: the unique index refuses one, which
  // then takes the next.
  for (let attempt = 1; ; attempt++) {
    try {
      const id = await db.transaction(async (tx) => {
        const now = new Date();
        const releaseNumber = await nextReleaseNumber(tx, body.environment, now);
        const id = await repo.insertRelease(tx, {
          description: body.description,
          environment: body.environment,
          phase: 'planning',
          releaseNumber,
          createdBy: email,
          createdAt: now,
          updatedAt: now,
        });
        await auditRelease(tx, id, email, 'create', {
          after: { environment: body.environment, description: body.description, release_number: releaseNumber },
        });
        return id;
      });
      return await readRelease(db, id);
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

export async function updateRelease(
  db: Db,
  id: string,
  who: string,
  body: z.output<typeof updateDevopsReleaseBody>,
): Promise<DevopsRelease> {
  const email = who.toLowerCase();
  const releaseId = await db.transaction(async (tx) => {
    const row = await releaseOr404(tx, id, true);
    assertReleaseAction(row, 'update');
    await repo.updateRelease(tx, row.id, { description: body.description });
    await auditRelease(tx, row.id, email, 'update', {
      before: { description: row.description },
      after: { description: body.description },
    });
    return row.id;
  });
  return readRelease(db, releaseId);
}

/**
 * Recomputes a release's phase from its changes and approval (after any change of them), in the caller's
 * transaction, with its own audit row when it moves. The release row must be locked by the caller.
 */
export async function syncPhase(tx: Db, releaseId: number, who: string): Promise<void> {
  const row = (await repo.findRelease(tx, releaseId))!;
  const changes = await repo.selectChangesOf(tx, releaseId);
  const phase = derivePhase(row.phase, row.approvalStatus, changes);
  if (phase === row.phase) return;
  const releasedAt = phase === 'released' ? new Date() : row.releasedAt;
  await repo.updateRelease(tx, releaseId, { phase, releasedAt });
  await auditRelease(tx, releaseId, who, 'phase_changed', {
    before: { phase: row.phase },
    after: { phase, ...(phase === 'released' ? { released_at: releasedAt!.toISOString() } : {}) },
  });
}

/**
 * Request approval (prod, planning): every change still in play (not cancelled or closed) must be ready, and there
 * must be one. Starts an approval (the applicant cannot decide it); the release is approving and its scope frozen.
 */
export async function requestApproval(db: Db, id: string, who: string, note: string | undefined) {
  const email = who.toLowerCase();
  const releaseId = await db.transaction(async (tx) => {
    const row = await releaseOr404(tx, id, true);
    assertReleaseAction(row, 'request_approval');
    const inPlay = (await repo.selectChangesOf(tx, row.id)).filter(
      (c) => c.status !== 'cancelled' && c.status !== 'closed',
    );
    const notReady = inPlay.filter((c) => c.status !== 'ready');
    if (!inPlay.length || notReady.length)
      throw new AppError(
        'release.changesNotReady',
        inPlay.length
          ? `Every change must be ready before the approval is requested; not ready: ${notReady
              .map((c) => `${c.id} (${c.status})`)
              .join(', ')}`
          : 'The release has no change to approve',
        { not_ready: notReady.map((c) => ({ id: String(c.id), title: c.title, status: c.status })) },
      );
    const approvalId = await createApproval(tx, {
      template: APPROVAL_TEMPLATE,
      name: `Release ${row.releaseNumber} to ${row.environment}`,
      applicant: email,
      subjectType: AUDIT_TYPE,
      subjectId: String(row.id),
    });
    await repo.updateRelease(tx, row.id, { approvalId: Number(approvalId), approvalStatus: 'PENDING' });
    await auditRelease(tx, row.id, email, 'request_approval', {
      approval_id: approvalId,
      note: note ?? null,
      changes: inPlay.map((c) => String(c.id)),
      before: { phase: row.phase, approval_status: row.approvalStatus },
      after: { approval_status: 'PENDING' },
    });
    await syncPhase(tx, row.id, email);
    return row.id;
  });
  return readRelease(db, releaseId);
}

/** Withdraws a pending approval request: its approval is cancelled, the release plans again. */
export async function cancelReleaseApproval(db: Db, id: string, who: string, note: string | undefined) {
  const email = who.toLowerCase();
  const releaseId = await db.transaction(async (tx) => {
    const row = await releaseOr404(tx, id, true);
    assertReleaseAction(row, 'cancel_approval');
    if (row.approvalId !== null) await cancelApproval(tx, String(row.approvalId), email);
    await repo.updateRelease(tx, row.id, { approvalStatus: 'CANCELED' });
    await auditRelease(tx, row.id, email, 'cancel_approval', {
      approval_id: String(row.approvalId),
      note: note ?? null,
      before: { phase: row.phase, approval_status: row.approvalStatus },
      after: { approval_status: 'CANCELED' },
    });
    await syncPhase(tx, row.id, email);
    return row.id;
  });
  return readRelease(db, releaseId);
}

/** The approval settled (job): APPROVED lets its changes deploy; REJECTED puts the release back to planning. */
export async function onApprovalSettled(tx: Db, p: ApprovalSettled): Promise<void> {
  const id = parseId(p.subject_id);
  const row = id === undefined ? undefined : await repo.findRelease(tx, id, true);
  // A withdrawn request already moved the release; an older approval no longer counts.
  if (!row || row.approvalId !== Number(p.approval_id) || row.approvalStatus !== 'PENDING') return;
  if (p.status === 'CANCELED' || p.status === 'PENDING') return;
  await repo.updateRelease(tx, row.id, { approvalStatus: p.status });
  await auditRelease(tx, row.id, p.decided_by, p.status === 'APPROVED' ? 'approval_approved' : 'approval_rejected', {
    approval_id: p.approval_id,
    before: { approval_status: 'PENDING' },
    after: { approval_status: p.status },
  });
  await syncPhase(tx, row.id, p.decided_by);
}
