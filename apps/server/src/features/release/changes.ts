import type { z } from 'zod';
import {
  canDoChangeAction,
  DONE_TICKET_STATUSES,
  needsApproval,
  READY_REASONS,
  type createReleaseChangeBody,
  type ListResult,
  type PullSummary,
  type ReadyCheck,
  type ReleaseChange,
  type ReleaseChangeAction,
  type releaseChangeListQuery,
  type updateReleaseChangeBody,
  type verifyChangeBody,
} from '@portal/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { assertClusterWorkAllowed } from '../../platform/cluster-work.js';
import { listPage } from '../../platform/list-query.js';
import { startOperation } from '../operations/index.js';
import { codehostOf } from './codehost/factory.js';
import type { CodeHost } from './codehost/types.js';
import { deployStepsFor, type DeployParams } from './deploy.js';
import {
  changeSnapshot,
  DEPLOY_OPERATION,
  DEPLOY_TARGET_TYPE,
  parseId,
  toChange,
  type ChangeRow,
  type ReleaseRow,
  type TicketRow,
} from './model.js';
import { assertReleaseAction, auditRelease, releaseOr404, syncPhase } from './releases.js';
import * as repo from './repo.js';

/** Release changes (spec §4): create, edit, and the actions submit, check for ready, deploy, verify, cancel, close. */

type Ctx = Pick<AppContext, 'db' | 'config' | 'registry'>;

const changeNotFound = (releaseId: string, changeId: string) =>
  new AppError('release.changeNotFound', `Release ${releaseId} has no change ${changeId}`);

/** The change of a path id within its release, or 404. */
export async function changeOr404(
  db: Db,
  release: ReleaseRow,
  changeId: string,
  forUpdate = false,
): Promise<ChangeRow> {
  const n = parseId(changeId);
  const row = n === undefined ? undefined : await repo.findChange(db, n, forUpdate);
  if (!row || row.releaseId !== release.id) throw changeNotFound(String(release.id), changeId);
  return row;
}

/** Refuses an action outside the change's statuses (409 release.actionNotAllowed). */
export function assertChangeAction(row: ChangeRow, action: ReleaseChangeAction): void {
  if (canDoChangeAction(row.status, action)) return;
  throw new AppError(
    'release.actionNotAllowed',
    `A release change that is ${row.status} does not allow: ${action.replace('_', ' ')}`,
    { status: row.status, action },
  );
}

async function withTickets(db: Db, rows: ChangeRow[]): Promise<ReleaseChange[]> {
  const tickets = await repo.ticketsOfChanges(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toChange(
      r,
      (tickets.get(r.id) ?? []).map((t) => ({
        name: t.name,
        title: t.title,
        status: t.status as ReleaseChange['tickets'][number]['status'],
        link: t.link,
      })),
    ),
  );
}

async function readChange(db: Db, id: number): Promise<ReleaseChange> {
  const [change] = await withTickets(db, [(await repo.findChange(db, id))!]);
  return change!;
}

export async function listChanges(
  db: Db,
  releaseId: string,
  q: z.output<typeof releaseChangeListQuery>,
): Promise<ListResult<ReleaseChange>> {
  const release = await releaseOr404(db, releaseId);
  const page = await listPage(repo.selectChangePage(db, release.id, q), repo.countChanges(db, release.id, q));
  return { items: await withTickets(db, page.items), total: page.total };
}

export async function getChange(db: Db, releaseId: string, changeId: string): Promise<ReleaseChange> {
  const release = await releaseOr404(db, releaseId);
  const [change] = await withTickets(db, [await changeOr404(db, release, changeId)]);
  return change!;
}

/** Every target cluster must exist, and the canary set be among the targets. */
async function checkClusters(db: Db, targets: readonly string[], canary: readonly string[]): Promise<void> {
  const outside = canary.filter((id) => !targets.includes(id));
  if (outside.length)
    throw new AppError('release.canaryNotTarget', `Canary clusters must be among the targets: ${outside.join(', ')}`, {
      clusters: outside,
    });
  const found = await repo.existingClusters(db, targets);
  const missing = targets.filter((id) => !found.has(id));
  if (missing.length)
    throw new AppError('release.unknownCluster', `No such cluster: ${missing.join(', ')}`, { clusters: missing });
}

export async function createChange(
  ctx: Ctx,
  releaseId: string,
  who: string,
  body: z.output<typeof createReleaseChangeBody>,
): Promise<ReleaseChange> {
  const email = who.toLowerCase();
  const repository = body.repository || codehostOf(ctx).repository;
  const id = await ctx.db.transaction(async (tx) => {
    const release = await releaseOr404(tx, releaseId, true);
    assertReleaseAction(release, 'add_change');
    await checkClusters(tx, body.target_cluster_ids, body.canary_cluster_ids);
    const now = new Date();
    const id = await repo.insertChange(tx, {
      releaseId: release.id,
      title: body.title,
      description: body.description,
      component: body.component,
      repository,
      pullRequests: body.pull_requests,
      labels: body.labels,
      targetClusterIds: body.target_cluster_ids,
      canaryClusterIds: body.canary_cluster_ids,
      status: 'draft',
      createdBy: email,
      createdAt: now,
      updatedAt: now,
    });
    const row = (await repo.findChange(tx, id))!;
    await auditRelease(tx, release.id, email, 'create_change', { change_id: String(id), after: changeSnapshot(row) });
    await syncPhase(tx, release.id, email);
    return id;
  });
  return readChange(ctx.db, id);
}

/** The update page: the fields sent replace the change's (draft or submitted; a recorded check for ready is void). */
export async function updateChange(
  ctx: Ctx,
  releaseId: string,
  changeId: string,
  who: string,
  body: z.output<typeof updateReleaseChangeBody>,
): Promise<ReleaseChange> {
  const email = who.toLowerCase();
  const id = await ctx.db.transaction(async (tx) => {
    const release = await releaseOr404(tx, releaseId, true);
    const row = await changeOr404(tx, release, changeId, true);
    assertChangeAction(row, 'update');
    // A release that takes no new change takes no edit either: a prod release's scope is frozen once its approval
    // is asked for.
    assertReleaseAction(release, 'add_change');
    const next = {
      title: body.title ?? row.title,
      description: body.description ?? row.description,
      component: body.component ?? row.component,
      repository: body.repository === undefined ? row.repository : body.repository || codehostOf(ctx).repository,
      pullRequests: body.pull_requests ?? row.pullRequests,
      labels: body.labels ?? row.labels,
      targetClusterIds: body.target_cluster_ids ?? row.targetClusterIds,
      canaryClusterIds: body.canary_cluster_ids ?? row.canaryClusterIds,
    };
    await checkClusters(tx, next.targetClusterIds, next.canaryClusterIds);
    const updated = await repo.updateChange(tx, row.id, { ...next, readyCheck: null });
    await auditRelease(tx, release.id, email, 'update_change', {
      change_id: String(row.id),
      before: changeSnapshot(row),
      after: changeSnapshot(updated),
    });
    return row.id;
  });
  return readChange(ctx.db, id);
}

/** A plain status move (submit, cancel, close): one audit row with the note. */
export async function moveChange(
  ctx: Ctx,
  releaseId: string,
  changeId: string,
  who: string,
  action: 'submit' | 'cancel' | 'close',
  note: string | undefined,
): Promise<ReleaseChange> {
  const email = who.toLowerCase();
  const to = { submit: 'submitted', cancel: 'cancelled', close: 'closed' }[action];
  const id = await ctx.db.transaction(async (tx) => {
    const release = await releaseOr404(tx, releaseId, true);
    const row = await changeOr404(tx, release, changeId, true);
    assertChangeAction(row, action);
    await repo.updateChange(tx, row.id, { status: to });
    await auditRelease(tx, release.id, email, action, {
      change_id: String(row.id),
      note: note ?? null,
      before: { status: row.status },
      after: { status: to },
    });
    await syncPhase(tx, release.id, email);
    return row.id;
  });
  return readChange(ctx.db, id);
}

/** Why a change is not ready: open tickets, pull requests not merged (or unknown); empty when it is. */
export function readinessReasons(
  row: Pick<ChangeRow, 'repository' | 'pullRequests'>,
  tickets: readonly Pick<TicketRow, 'name' | 'status'>[],
  pulls: ReadonlyMap<number, PullSummary>,
  servedRepository: string,
): string[] {
  const reasons = tickets
    .filter((t) => !(DONE_TICKET_STATUSES as readonly string[]).includes(t.status))
    .map((t) => READY_REASONS.ticket(t.name, t.status));
  if (!row.pullRequests.length) return reasons;
  if (row.repository !== servedRepository)
    return [...reasons, READY_REASONS.otherRepository(row.repository, servedRepository)];
  for (const n of row.pullRequests) {
    const pull = pulls.get(n);
    if (!pull) reasons.push(READY_REASONS.pullMissing(n, servedRepository));
    else if (pull.state !== 'merged') reasons.push(READY_REASONS.pullNotMerged(n, pull.state));
  }
  return reasons;
}

/** The change's pull requests as the code host has them (asked outside any transaction: it may be remote). */
async function pullsOf(host: CodeHost, row: ChangeRow): Promise<Map<number, PullSummary>> {
  if (!row.pullRequests.length || row.repository !== host.repository) return new Map();
  return host.pullsByNumber(row.pullRequests);
}

/** The change, read without a lock, then its pull requests from the code host. */
async function prepare(ctx: Ctx, releaseId: string, changeId: string) {
  const release = await releaseOr404(ctx.db, releaseId);
  const row = await changeOr404(ctx.db, release, changeId);
  const host = codehostOf(ctx);
  return { host, pulls: await pullsOf(host, row), numbers: row.pullRequests.join(',') };
}

/** The locked row still names the pull requests that were looked up (an edit in between: reload and retry). */
function assertSamePulls(row: ChangeRow, numbers: string): void {
  if (row.pullRequests.join(',') !== numbers)
    throw new AppError('conflict', 'The change was edited meanwhile; reload it and try again');
}

/**
 * Check for ready (submitted or ready): records the result; ready when every ticket is resolved or closed and every
 * pull request merged, else (back to) submitted with the reasons.
 */
export async function checkReady(
  ctx: Ctx,
  releaseId: string,
  changeId: string,
  who: string,
  note: string | undefined,
): Promise<ReleaseChange> {
  const email = who.toLowerCase();
  const pre = await prepare(ctx, releaseId, changeId);
  const id = await ctx.db.transaction(async (tx) => {
    const release = await releaseOr404(tx, releaseId, true);
    const row = await changeOr404(tx, release, changeId, true);
    assertChangeAction(row, 'check_ready');
    assertSamePulls(row, pre.numbers);
    const tickets = (await repo.ticketsOfChanges(tx, [row.id])).get(row.id) ?? [];
    const reasons = readinessReasons(row, tickets, pre.pulls, pre.host.repository);
    const check: ReadyCheck = {
      ready: reasons.length === 0,
      reasons,
      checked_at: new Date().toISOString(),
      checked_by: email,
    };
    const status = check.ready ? 'ready' : 'submitted';
    await repo.updateChange(tx, row.id, { status, readyCheck: check });
    await auditRelease(tx, release.id, email, 'check_ready', {
      change_id: String(row.id),
      note: note ?? null,
      ready: check.ready,
      reasons,
      before: { status: row.status },
      after: { status },
    });
    return row.id;
  });
  return readChange(ctx.db, id);
}

/**
 * Deploy (ready, or deploy_failed for a retry): a prod release's approval must be APPROVED; readiness is checked
 * again (a ticket may have been reopened); every cluster-work guard (maintenance windows) must allow the target
 * clusters. Starts the deploy operation; answers its id.
 */
export async function deployChange(
  ctx: Ctx,
  releaseId: string,
  changeId: string,
  who: string,
  note: string | undefined,
): Promise<{ change: ReleaseChange; instance_id: string }> {
  const email = who.toLowerCase();
  const pre = await prepare(ctx, releaseId, changeId);
  const out = await ctx.db.transaction(async (tx) => {
    const release = await releaseOr404(tx, releaseId, true);
    const row = await changeOr404(tx, release, changeId, true);
    assertChangeAction(row, 'deploy');
    if (needsApproval(release.environment) && release.approvalStatus !== 'APPROVED')
      throw new AppError(
        'release.approvalRequired',
        release.approvalStatus === 'PENDING'
          ? `Release ${release.releaseNumber} is waiting for its approval ${release.approvalId}`
          : `Release ${release.releaseNumber} is ${release.environment}: request its approval first`,
        {
          approval_id: release.approvalId === null ? null : String(release.approvalId),
          approval_status: release.approvalStatus,
        },
      );
    assertSamePulls(row, pre.numbers);
    const tickets = (await repo.ticketsOfChanges(tx, [row.id])).get(row.id) ?? [];
    const reasons = readinessReasons(row, tickets, pre.pulls, pre.host.repository);
    if (reasons.length)
      throw new AppError('release.notReady', `The change is not ready to deploy: ${reasons.join('; ')}`, { reasons });
    await assertClusterWorkAllowed(ctx, tx, {
      kind: 'release.deploy',
      subjectType: 'release',
      subjectId: String(row.id),
      clusterIds: row.targetClusterIds,
    });
    const params: DeployParams = {
      release_id: String(release.id),
      change_id: String(row.id),
      component: row.component,
      repository: row.repository,
      pull_requests: row.pullRequests,
      target_cluster_ids: row.targetClusterIds,
      canary_cluster_ids: row.canaryClusterIds,
    };
    const operationId = await startOperation(ctx, tx, {
      type: DEPLOY_OPERATION,
      title: `Deploy ${row.component}: ${row.title} (release ${release.releaseNumber}, ${release.environment})`,
      targetType: DEPLOY_TARGET_TYPE,
      targetId: String(release.id),
      params,
      createdBy: email,
      steps: deployStepsFor(row.canaryClusterIds),
    });
    await repo.updateChange(tx, row.id, {
      status: 'deploying',
      deployOperationId: Number(operationId),
      deployedAt: null,
    });
    await auditRelease(tx, release.id, email, 'deploy', {
      change_id: String(row.id),
      operation_id: operationId,
      note: note ?? null,
      clusters: row.targetClusterIds,
      before: { status: row.status },
      after: { status: 'deploying' },
    });
    await syncPhase(tx, release.id, email);
    return { id: row.id, operationId };
  });
  return { change: await readChange(ctx.db, out.id), instance_id: out.operationId };
}

/** Verify (deployed): passed → verified, failed → verify_failed (notes required); the result is recorded. */
export async function verifyChange(
  ctx: Ctx,
  releaseId: string,
  changeId: string,
  who: string,
  body: z.output<typeof verifyChangeBody>,
): Promise<ReleaseChange> {
  const email = who.toLowerCase();
  const id = await ctx.db.transaction(async (tx) => {
    const release = await releaseOr404(tx, releaseId, true);
    const row = await changeOr404(tx, release, changeId, true);
    assertChangeAction(row, 'verify');
    const status = body.result === 'passed' ? 'verified' : 'verify_failed';
    const verification = {
      result: body.result,
      notes: body.notes,
      verified_at: new Date().toISOString(),
      verified_by: email,
    };
    await repo.updateChange(tx, row.id, { status, verification });
    await auditRelease(tx, release.id, email, 'verify', {
      change_id: String(row.id),
      result: body.result,
      notes: body.notes,
      before: { status: row.status },
      after: { status },
    });
    await syncPhase(tx, release.id, email);
    return row.id;
  });
  return readChange(ctx.db, id);
}

/** The change's pull requests as the code host has them now, and the numbers it does not have. */
export async function changePulls(
  ctx: Ctx,
  releaseId: string,
  changeId: string,
): Promise<{ items: PullSummary[]; missing: number[] }> {
  const release = await releaseOr404(ctx.db, releaseId);
  const row = await changeOr404(ctx.db, release, changeId);
  const pulls = await pullsOf(codehostOf(ctx), row);
  return {
    items: row.pullRequests.flatMap((n) => pulls.get(n) ?? []),
    missing: row.pullRequests.filter((n) => !pulls.has(n)),
  };
}
