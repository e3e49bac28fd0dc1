import { writeAudit } from '../../platform/audit.js';
import type { OperationDefinition, StepContext, StepDefinition } from '../operations/index.js';
import { setClusterComponentImageTag } from '../orgs/index.js';
import { componentOf, currentState, pdKeyOf, type GitopsContext } from './state.js';

export const GITOPS_APPLY = 'gitops.apply';

export interface ApplyParams {
  branch: string;
  items: { path: string; kind: 'image_tag' | 'pd_config'; from: string | null; to: string; revision: string }[];
}

const paramsOf = (ctx: StepContext) => ctx.operation.params as ApplyParams;

/**
 * Applying a confirmed desired state: check nothing moved since the confirmation, hot-reload the PD settings, roll
 * the components onto their images, then check the cluster matches. PD settings are written through the control
 * plane, image tags through the feature that records them (orgs); the control plane paces the steps.
 */
export function gitopsApplyOperation(app: GitopsContext): OperationDefinition {
  const step = (name: string, title: string, run: StepDefinition['run']): StepDefinition => ({
    name,
    title,
    durationMs: app.controlPlane.stepDuration(GITOPS_APPLY, name),
    run,
  });
  return {
    type: GITOPS_APPLY,
    steps: [
      step('verify', 'Check the cluster still has the confirmed values', async (ctx) => {
        const current = await currentState(app, ctx.tx, ctx.operation.targetId);
        const moved = paramsOf(ctx).items.filter((i) => (current.get(i.path) ?? null) !== i.from);
        if (moved.length)
          throw new Error(
            `changed since the confirmation: ${moved.map((i) => `${i.path} is now ${current.get(i.path) ?? 'unset'}`).join('; ')}`,
          );
        return `${paramsOf(ctx).items.length} items to apply from ${paramsOf(ctx).branch}`;
      }),
      step('pd-config', 'Apply the PD configuration (hot reload)', async (ctx) => {
        const items = paramsOf(ctx).items.filter((i) => i.kind === 'pd_config');
        for (const i of items)
          await app.controlPlane.pd.write(
            ctx.tx,
            ctx.operation.targetId,
            pdKeyOf(i.path),
            i.to,
            ctx.operation.createdBy,
          );
        return items.length ? items.map((i) => `${pdKeyOf(i.path)} = ${i.to}`).join(', ') : 'no PD setting to change';
      }),
      step('images', 'Roll the components onto the desired images', async (ctx) => {
        const items = paramsOf(ctx).items.filter((i) => i.kind === 'image_tag');
        for (const i of items)
          await setClusterComponentImageTag(ctx.tx, ctx.operation.targetId, componentOf(i.path), i.to);
        return items.length ? items.map((i) => `${componentOf(i.path)} → ${i.to}`).join(', ') : 'no image to change';
      }),
      step('verify-sync', 'Check the cluster matches the desired state', async (ctx) => {
        const p = paramsOf(ctx);
        const current = await currentState(app, ctx.tx, ctx.operation.targetId);
        const off = p.items.filter((i) => current.get(i.path) !== i.to);
        if (off.length) throw new Error(`still differs: ${off.map((i) => i.path).join(', ')}`);
        await writeAudit(ctx.tx, {
          type: 'gitops_secondary_confirm',
          instanceId: ctx.operation.targetId,
          operator: ctx.operation.createdBy,
          operation: 'apply_completed',
          details: {
            instance_id: ctx.operation.id,
            branch: p.branch,
            after: Object.fromEntries(p.items.map((i) => [i.path, i.to])),
          },
        });
        return `in sync with ${p.branch}`;
      }),
    ],
  };
}
