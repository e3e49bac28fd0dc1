import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { publishEvent } from '../../platform/events.js';
import type { OperationDefinition, StepContext } from '../operations/index.js';
import { DEPLOY_OPERATION } from './model.js';
import { auditRelease, syncPhase } from './releases.js';
import * as repo from './repo.js';

/*
 * The deploy of a release change, an operation with live progress: build the artefacts, roll out to the canary
 * clusters (when the change names any), roll out to the rest, then a health check of every target cluster. The last
 * step marks the change deployed; a failed or cancelled operation leaves it deploy_failed (it may deploy again).
 */

export const DEPLOY_STEPS = [
  { name: 'build', title: 'Build the release artefacts' },
  { name: 'canary', title: 'Roll out to the canary clusters' },
  { name: 'rollout', title: 'Roll out to the target clusters' },
  { name: 'health', title: 'Health check' },
] as const;
export type DeployStep = (typeof DEPLOY_STEPS)[number]['name'];

/** A cluster in which a freshly rolled-out change counts as healthy. */
export const HEALTHY_CLUSTER_STATUS = 'USER_CLUSTER_STATUS_AVAILABLE';

export interface DeployParams {
  release_id: string;
  change_id: string;
  component: string;
  repository: string;
  pull_requests: number[];
  target_cluster_ids: string[];
  canary_cluster_ids: string[];
}

/** The steps a deploy of these clusters runs (no canary step without a canary set). */
export const deployStepsFor = (canary: readonly string[]): DeployStep[] =>
  DEPLOY_STEPS.map((s) => s.name).filter((n) => n !== 'canary' || canary.length > 0);

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** What a step records when it succeeds. */
export function deployMessage(step: DeployStep, p: DeployParams): string {
  const rest = p.target_cluster_ids.filter((id) => !p.canary_cluster_ids.includes(id));
  const canary = p.canary_cluster_ids.join(', ');
  switch (step) {
    case 'build':
      return `built ${p.component} from ${p.repository}${
        p.pull_requests.length ? ` (${p.pull_requests.map((n) => `#${n}`).join(', ')})` : ''
      }`;
    case 'canary':
      return `rolled out to ${plural(p.canary_cluster_ids.length, 'canary cluster')}: ${canary}`;
    case 'rollout':
      return p.target_cluster_ids.length
        ? `rolled out to ${plural(rest.length, 'cluster')}${rest.length ? `: ${rest.join(', ')}` : ''}`
        : `rolled out ${p.component} (no tenant cluster targeted)`;
    case 'health':
      return p.target_cluster_ids.length
        ? `${plural(p.target_cluster_ids.length, 'cluster')} healthy`
        : `${p.component} healthy`;
  }
}

/** Why the health check fails: the first target cluster that is not available, or undefined. */
export async function unhealthyCluster(tx: Db, p: DeployParams): Promise<string | undefined> {
  const statuses = new Map(
    (await repo.clusterStatuses(tx, p.target_cluster_ids)).map((c) => [c.id, c.status] as const),
  );
  for (const id of p.target_cluster_ids) {
    const status = statuses.get(id);
    if (status !== HEALTHY_CLUSTER_STATUS) return `health check failed: cluster ${id} is ${status ?? 'gone'}`;
  }
  return undefined;
}

/** A step's effect: `health` fails when a target cluster is not available, else marks the change deployed. */
export async function runDeployStep(tx: Db, step: DeployStep, p: DeployParams): Promise<string> {
  if (step === 'health') {
    const unhealthy = await unhealthyCluster(tx, p);
    if (unhealthy) throw new Error(unhealthy);
    await markDeployed(tx, p);
  }
  return deployMessage(step, p);
}

async function markDeployed(tx: Db, p: DeployParams): Promise<void> {
  const releaseId = Number(p.release_id);
  const release = await repo.findRelease(tx, releaseId, true);
  const change = await repo.findChange(tx, Number(p.change_id), true);
  if (!change || change.status !== 'deploying') throw new Error(`change ${p.change_id} is not deploying`);
  await repo.updateChange(tx, change.id, { status: 'deployed', deployedAt: new Date() });
  // Portal event `release.deployed` (notification workflows listen), committed with the change's new status.
  await publishEvent(tx, {
    type: 'release.deployed',
    subjectType: 'release',
    subjectId: p.release_id,
    title: `${change.title} deployed${release ? ` (${release.environment} release ${release.releaseNumber})` : ''}`,
    summary: `${deployMessage('rollout', p)}; ${deployMessage('health', p)}.`,
    link: `/release/${p.release_id}/change/${p.change_id}`,
    clusterIds: p.target_cluster_ids,
  });
  await auditRelease(tx, releaseId, 'system', 'deployed', {
    change_id: p.change_id,
    operation_id: change.deployOperationId === null ? null : String(change.deployOperationId),
    before: { status: 'deploying' },
    after: { status: 'deployed' },
  });
  await syncPhase(tx, releaseId, 'system');
}

async function failDeploy(step: StepContext, reason: string): Promise<void> {
  const p = step.operation.params as DeployParams;
  const releaseId = Number(p.release_id);
  await repo.findRelease(step.tx, releaseId, true);
  const change = await repo.findChange(step.tx, Number(p.change_id), true);
  if (!change || change.status !== 'deploying' || String(change.deployOperationId) !== step.operation.id) return;
  await repo.updateChange(step.tx, change.id, { status: 'deploy_failed' });
  await auditRelease(step.tx, releaseId, 'system', 'deploy_failed', {
    change_id: p.change_id,
    operation_id: step.operation.id,
    reason,
    before: { status: 'deploying' },
    after: { status: 'deploy_failed' },
  });
  await syncPhase(step.tx, releaseId, 'system');
}

export function deployOperation(ctx: Pick<AppContext, 'controlPlane'>): OperationDefinition {
  return {
    type: DEPLOY_OPERATION,
    steps: DEPLOY_STEPS.map((s) => ({
      ...s,
      durationMs: ctx.controlPlane.stepDuration(DEPLOY_OPERATION, s.name),
      run: (step: StepContext) => runDeployStep(step.tx, s.name, step.operation.params as DeployParams),
    })),
    onFail: (step, error) => failDeploy(step, error),
    onCancel: (step) => failDeploy(step, `The deploy operation ${step.operation.id} was cancelled`),
  };
}
