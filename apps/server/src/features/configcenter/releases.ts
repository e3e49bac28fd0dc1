import type { z } from 'zod';
import {
  canCancelRelease,
  OPEN_RELEASE_PHASES,
  type ClusterType,
  type Component,
  type createReleaseBody,
  type Release,
  type ReleaseDetail,
} from '@portal/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { cancelApproval, createApproval, type ApprovalSettled, type ApprovalTemplate } from '../approvals/index.js';
import { startOperation } from '../operations/index.js';
import { auditChange, isUniqueViolation } from './audit.js';
import { findChangeOr404, lockChange, parseChangeId } from './changes.js';
import {
  AUDIT_TYPE,
  RELEASE_APPROVAL_TEMPLATE,
  RELEASE_OPERATION,
  RELEASE_TARGET_TYPE,
  toRelease,
  type BindingData,
  type ComponentData,
  type Released,
  type SnapshotItem,
  type VersionData,
} from './model.js';
import type { ReleaseParams } from './release-operation.js';
import * as repo from './repo.js';

/** Releases of a default-config change to an environment, each after its own approval (decision 0012). */

/** The approval a release goes through; like a configuration change's, a DBA decides (never the applicant). */
export const RELEASE_APPROVAL: ApprovalTemplate = {
  name: RELEASE_APPROVAL_TEMPLATE,
  title: 'Default-config release',
  nodes: [{ name: 'DBA review', approvers: ['admin@example.com'] }],
};

const releaseNotFound = (id: string) => new AppError('defaultConfig.releaseNotFound', `Release ${id} not found`);

async function findReleaseOf(db: Db, changeId: string, releaseId: string, forUpdate = false) {
  const change = parseChangeId(changeId);
  const id = repo.parseId(releaseId);
  const row = id === undefined ? undefined : await repo.findRelease(db, id, forUpdate);
  if (!row || row.changeId !== change) throw releaseNotFound(releaseId);
  return row;
}

export async function listReleases(db: Db, changeId: string): Promise<{ items: Release[]; total: number }> {
  const change = await findChangeOr404(db, changeId);
  const rows = await repo.selectReleasesOfChange(db, change.id);
  return { items: rows.map(toRelease), total: rows.length };
}

export async function getRelease(
  db: Db,
  changeId: string,
  releaseId: string,
  withItems: boolean,
): Promise<ReleaseDetail> {
  await findChangeOr404(db, changeId);
  const row = await findReleaseOf(db, changeId, releaseId);
  const snapshot = withItems ? (row.items as SnapshotItem[]) : [];
  const of = <T>(type: SnapshotItem['type']) =>
    snapshot.filter((i) => i.type === type).map((i) => ({ item_id: i.item_id, d: i.data as T }));
  const bindings = of<BindingData>('template_default_case_binding');
  const names = await repo.templateNames(
    db,
    bindings.flatMap(({ d }) => [Number(d.origin.template_id), Number(d.modified.template_id)]),
  );
  const ref = (id: string) => ({ id, name: names.get(Number(id)) ?? '' });
  return {
    ...toRelease(row),
    released_templates: bindings.map(({ item_id, d }) => ({
      item_id,
      cluster_type: d.origin.cluster_type,
      default_case: d.origin.default_case,
      from_template: ref(d.origin.template_id),
      to_template: ref(d.modified.template_id),
    })),
    released_components: of<ComponentData>('default_component_config').map(({ item_id, d }) => ({
      item_id,
      cluster_type: d.origin.cluster_type,
      component: d.origin.default_case.component as Component,
      version: d.origin.default_case.version,
      base_image: d.modified.base_image,
      image_tag_from: d.origin.image_tag,
      image_tag_to: d.modified.image_tag,
    })),
    released_versions: of<VersionData>('version_release').map(({ item_id, d }) => ({
      item_id,
      cluster_type: d.cluster_type as ClusterType,
      source_version: d.source_version,
      target_version: d.target_version,
    })),
  };
}

/**
 * Create a release (spec §2): the items not yet released to the environment at their current revision are
 * snapshotted, and the release waits for its approval. One open release per change and environment.
 */
export async function createRelease(
  db: Db,
  changeId: string,
  who: string,
  body: z.output<typeof createReleaseBody>,
): Promise<{ release: Release }> {
  const email = who.toLowerCase();
  const env = body.environment;
  const inFlight = (phase?: string, id?: number) =>
    new AppError(
      'defaultConfig.releaseInFlight',
      id === undefined
        ? `Another ${env} release of this change was just created; reload the change`
        : `The ${env} release ${id} of this change is ${phase}; wait for it or cancel it first`,
      id === undefined ? undefined : { release_id: String(id), phase },
    );
  try {
    const id = await db.transaction(async (tx) => {
      const change = await lockChange(tx, changeId, 'release');
      const open = (await repo.selectReleasesOfChange(tx, change.id)).find(
        (r) => r.environment === env && (OPEN_RELEASE_PHASES as readonly string[]).includes(r.phase),
      );
      if (open) throw inFlight(open.phase, open.id);
      const items = (await repo.selectItems(tx, change.id, true)).filter(
        (i) => (i.released as Released)[env] !== i.revision,
      );
      if (!items.length)
        throw new AppError(
          'defaultConfig.nothingToRelease',
          `Every item of change ${change.id} is already released to ${env}`,
        );
      const snapshot: SnapshotItem[] = items.map((i) => ({
        item_id: String(i.id),
        subject_key: i.subjectKey,
        revision: i.revision,
        type: i.type as SnapshotItem['type'],
        data: i.data as SnapshotItem['data'],
      }));
      const releaseNumber = await repo.nextReleaseNumber(tx, env);
      const releaseId = await repo.insertRelease(tx, {
        changeId: change.id,
        environment: env,
        description: body.description,
        phase: 'approving',
        releaseNumber,
        applicant: email,
        items: snapshot,
      });
      // The approval's subject is the change (its audit rows land on the change's trail); the release keeps its id.
      const approvalId = await createApproval(tx, {
        template: RELEASE_APPROVAL_TEMPLATE,
        name: `Release ${releaseNumber} of default-config change ${change.id} to ${env}`,
        applicant: email,
        subjectType: AUDIT_TYPE,
        subjectId: String(change.id),
      });
      await repo.updateRelease(tx, releaseId, { approvalId });
      await auditChange(tx, change.id, email, 'create_release', {
        release_id: String(releaseId),
        environment: env,
        release_number: releaseNumber,
        approval_id: approvalId,
        description: body.description,
        items: snapshot.map((i) => ({ item_id: i.item_id, revision: i.revision })),
        after: { phase: 'approving' },
      });
      return releaseId;
    });
    return { release: toRelease((await repo.findRelease(db, id))!) };
  } catch (err) {
    // A concurrent release of the same change and environment won the race to the one-open-release index.
    if (isUniqueViolation(err)) throw inFlight();
    throw err;
  }
}

/** Cancel (spec §2): only while the release waits for approval; its approval is cancelled, staged data stays. */
export async function cancelRelease(
  db: Db,
  changeId: string,
  releaseId: string,
  who: string,
): Promise<{ release: Release }> {
  const email = who.toLowerCase();
  await db.transaction(async (tx) => {
    await findChangeOr404(tx, changeId);
    const row = await findReleaseOf(tx, changeId, releaseId, true);
    if (!canCancelRelease(row.phase))
      throw new AppError('defaultConfig.releasePhaseForbids', `A release that is ${row.phase} cannot be cancelled`, {
        phase: row.phase,
      });
    if (row.approvalId) await cancelApproval(tx, row.approvalId, email);
    await repo.updateRelease(tx, row.id, { phase: 'cancelled' });
    await auditChange(tx, row.changeId, email, 'cancel_release', {
      release_id: String(row.id),
      environment: row.environment,
      before: { phase: row.phase },
      after: { phase: 'cancelled' },
    });
  });
  return { release: toRelease((await findReleaseOf(db, changeId, releaseId))!) };
}

/**
 * A release's approval settled (job handler): approved → releasing, and the release operation starts; rejected →
 * rejected. A cancelled approval was the release's own cancel, which already moved it.
 */
export async function onApprovalSettled(ctx: Pick<AppContext, 'registry'>, tx: Db, p: ApprovalSettled): Promise<void> {
  const changeId = repo.parseId(p.subject_id);
  if (changeId === undefined || (p.status !== 'APPROVED' && p.status !== 'REJECTED')) return;
  const row = await repo.findReleaseByApproval(tx, changeId, p.approval_id);
  if (!row || row.phase !== 'approving') return;
  if (p.status === 'REJECTED') {
    await repo.updateRelease(tx, row.id, { phase: 'rejected' });
    await auditChange(tx, changeId, p.decided_by, 'release_rejected', {
      release_id: String(row.id),
      environment: row.environment,
      approval_id: p.approval_id,
      before: { phase: 'approving' },
      after: { phase: 'rejected' },
    });
    return;
  }
  const operationId = await startOperation(ctx, tx, {
    type: RELEASE_OPERATION,
    title: `Release ${row.releaseNumber} of default-config change ${changeId} to ${row.environment}`,
    targetType: RELEASE_TARGET_TYPE,
    targetId: String(changeId),
    params: {
      change_id: String(changeId),
      release_id: String(row.id),
      environment: row.environment as ReleaseParams['environment'],
    } satisfies ReleaseParams & Record<string, unknown>,
    createdBy: p.decided_by,
  });
  await repo.updateRelease(tx, row.id, { phase: 'releasing', operationId });
  await auditChange(tx, changeId, p.decided_by, 'release_approved', {
    release_id: String(row.id),
    environment: row.environment,
    approval_id: p.approval_id,
    operation_id: operationId,
    before: { phase: 'approving' },
    after: { phase: 'releasing' },
  });
}
