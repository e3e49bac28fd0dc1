import type { ConfigEnvironment } from '@portal/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import type { OperationDefinition, StepContext } from '../operations/index.js';
import { auditChange } from './audit.js';
import {
  RELEASE_OPERATION,
  type BindingData,
  type ComponentData,
  type SnapshotItem,
  type VersionData,
} from './model.js';
import * as repo from './repo.js';

/*
 * The release operation (decision 0012): an approved release writes its snapshot into the environment's released
 * state, one kind per step, marks each item released there at the snapshotted revision, and ends `released`. Each
 * step runs exactly once, in the transaction that marks it done.
 */

export const RELEASE_STEPS = [
  { name: 'templates', title: 'Release the default templates' },
  { name: 'components', title: 'Release the component images' },
  { name: 'versions', title: 'Release the cluster versions' },
] as const;
export type ReleaseStep = (typeof RELEASE_STEPS)[number]['name'];

const TYPE_OF_STEP: Record<ReleaseStep, SnapshotItem['type']> = {
  templates: 'template_default_case_binding',
  components: 'default_component_config',
  versions: 'version_release',
};

export interface ReleaseParams {
  change_id: string;
  release_id: string;
  environment: ConfigEnvironment;
}

async function lockedRelease(tx: Db, releaseId: number): Promise<repo.ReleaseRow> {
  const row = await repo.findRelease(tx, releaseId, true);
  if (!row) throw new Error(`release ${releaseId} no longer exists`);
  if (row.phase !== 'releasing') throw new Error(`release ${releaseId} is ${row.phase}, not releasing`);
  return row;
}

/**
 * Writes one kind of a release's snapshot into its environment's released state; the last step ends the release.
 * Used by the operation's steps (and by the demo seed, for releases that ran before the demo begins).
 */
export async function applyReleaseStep(
  tx: Db,
  releaseId: number,
  step: ReleaseStep,
  operationId: string | null,
): Promise<string> {
  const release = await lockedRelease(tx, releaseId);
  const env = release.environment;
  const snapshot = (release.items as SnapshotItem[]).filter((i) => i.type === TYPE_OF_STEP[step]);
  const at = new Date();
  const rows = snapshot.map((i) => {
    if (i.type === 'template_default_case_binding') {
      const d = i.data as BindingData;
      return { kind: 'binding', key: i.subject_key, value: { template_id: d.modified.template_id } };
    }
    if (i.type === 'default_component_config') {
      const d = i.data as ComponentData;
      return {
        kind: 'component',
        key: i.subject_key,
        value: { base_image: d.modified.base_image, image_tag: d.modified.image_tag },
      };
    }
    const d = i.data as VersionData;
    return { kind: 'version', key: `${d.cluster_type}:${d.target_version}`, value: {} };
  });
  await repo.upsertReleased(
    tx,
    rows.map((r) => ({ environment: env, ...r, releaseId: release.id, releasedAt: at })),
  );
  if (step === 'templates')
    await repo.freezeDrafts(
      tx,
      release.changeId,
      snapshot.map((i) => Number((i.data as BindingData).modified.template_id)),
    );
  await repo.markReleased(
    tx,
    env,
    snapshot.map((i) => ({ id: Number(i.item_id), revision: i.revision })),
  );
  if (step === 'versions') {
    await repo.updateRelease(tx, release.id, { phase: 'released', releasedAt: at });
    await auditChange(tx, release.changeId, 'system', 'released', {
      release_id: String(release.id),
      environment: env,
      operation_id: operationId,
      before: { phase: 'releasing' },
      after: { phase: 'released', items: (release.items as SnapshotItem[]).length },
    });
  }
  return stepMessage(step, snapshot.length, env);
}

/** What a step of the release operation records. */
export function stepMessage(step: ReleaseStep, count: number, env: string): string {
  const what = { templates: 'template binding(s)', components: 'component image(s)', versions: 'version(s)' }[step];
  return `released ${count} ${what} to ${env}`;
}

/** How many snapshot items each step of a release writes. */
export function stepCounts(items: SnapshotItem[]): Record<ReleaseStep, number> {
  const n = (step: ReleaseStep) => items.filter((i) => i.type === TYPE_OF_STEP[step]).length;
  return { templates: n('templates'), components: n('components'), versions: n('versions') };
}

const paramsOf = (step: StepContext) => step.operation.params as ReleaseParams;

/** A failed or cancelled release operation leaves the release failed; the staged data stays as it is. */
async function failRelease(step: StepContext, reason: string, operation: string): Promise<void> {
  const p = paramsOf(step);
  const row = await repo.findRelease(step.tx, Number(p.release_id), true);
  if (!row || row.phase !== 'releasing') return;
  await repo.updateRelease(step.tx, row.id, { phase: 'failed' });
  await auditChange(step.tx, row.changeId, 'system', operation, {
    release_id: String(row.id),
    environment: row.environment,
    operation_id: step.operation.id,
    reason,
    before: { phase: 'releasing' },
    after: { phase: 'failed' },
  });
}

export function releaseOperation(ctx: Pick<AppContext, 'controlPlane'>): OperationDefinition {
  return {
    type: RELEASE_OPERATION,
    steps: RELEASE_STEPS.map((s) => ({
      ...s,
      durationMs: ctx.controlPlane.stepDuration(RELEASE_OPERATION, s.name),
      run: (step: StepContext) =>
        applyReleaseStep(step.tx, Number(paramsOf(step).release_id), s.name, step.operation.id),
    })),
    onFail: (step, error) => failRelease(step, error, 'release_failed'),
    onCancel: (step) =>
      failRelease(step, `The release operation ${step.operation.id} was cancelled`, 'release_cancelled'),
  };
}
