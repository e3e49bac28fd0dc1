import { TICDC_COMPONENT } from '@portal/contract';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import type { OperationDefinition, StepContext, StepDefinition } from '../operations/index.js';
import { getCluster } from '../orgs/index.js';
import * as repo from './repo.js';

/**
 * The operations behind the TiCDC and changefeed actions. Each action moves its row to a transitional status when it
 * starts; the control plane paces the steps (the operator's work); the final step's effect writes the result
 * (version, image, status) and audits it; a failure or a cancel puts the previous status back.
 */
export const TICDC_OPS = {
  upgrade: 'ticdc.upgrade',
  modifyImage: 'ticdc.modify_image',
  restart: 'ticdc.restart',
  shutdown: 'ticdc.shutdown',
  restartChangefeed: 'changefeed.restart',
} as const;

export interface ActionParams {
  previous_status: string;
  /** The status the action holds the row in while it runs. */
  transitional: string;
  from_version?: string;
  to_version?: string;
  components?: { component: string; from: string; to: string }[];
  cloud_config_change_id?: string;
  reason?: string | null;
}

const paramsOf = (ctx: StepContext) => ctx.operation.params as ActionParams;
const captures = (spec: string) => Math.max(1, Number(/^(\d+)\s*x/i.exec(spec)?.[1] ?? 1));

/** The TiCDC row, still held by this operation (else someone or something moved it: fail rather than overwrite). */
async function heldTicdc(ctx: StepContext): Promise<repo.TicdcRow> {
  const row = await repo.selectTicdc(ctx.tx, ctx.operation.targetId, true);
  const p = paramsOf(ctx);
  if (!row) throw new Error('the TiCDC cluster no longer exists');
  if (row.status !== p.transitional) throw new Error(`the TiCDC cluster is ${row.status}, expected ${p.transitional}`);
  return row;
}

async function heldChangefeed(ctx: StepContext): Promise<repo.ChangefeedRow> {
  const row = await repo.selectChangefeed(ctx.tx, ctx.operation.targetId, true);
  const p = paramsOf(ctx);
  if (!row) throw new Error('the changefeed no longer exists');
  if (row.status !== p.transitional) throw new Error(`the changefeed is ${row.status}, expected ${p.transitional}`);
  return row;
}

const audit = (tx: Db, ctx: StepContext, operation: string, details: Record<string, unknown>) =>
  writeAudit(tx, {
    type: 'change',
    instanceId: ctx.operation.targetId,
    operator: ctx.operation.createdBy,
    operation,
    details: { instance_id: ctx.operation.id, ...details },
  });

/** Puts the previous status back after a failure or a cancel, if the row is still in this action's status. */
function revert(kind: 'ticdc' | 'changefeed', operation: string) {
  return async (ctx: StepContext, error?: string) => {
    const p = paramsOf(ctx);
    const id = ctx.operation.targetId;
    const row =
      kind === 'ticdc' ? await repo.selectTicdc(ctx.tx, id, true) : await repo.selectChangefeed(ctx.tx, id, true);
    if (!row || row.status !== p.transitional) return;
    if (kind === 'ticdc') await repo.updateTicdc(ctx.tx, id, { status: p.previous_status });
    else await repo.updateChangefeed(ctx.tx, id, { status: p.previous_status });
    await audit(ctx.tx, ctx, `${operation}_${error === undefined ? 'cancelled' : 'failed'}`, {
      before: { status: p.transitional },
      after: { status: p.previous_status },
      error: error ?? null,
    });
  };
}

const step = (name: string, title: string, run: StepDefinition['run']): StepDefinition => ({ name, title, run });

/** The operation types of the TiCDC actions, each step taking the time the app's control plane says it does. */
export function ticdcOperations(app: Pick<AppContext, 'controlPlane'>): OperationDefinition[] {
  const paced = (def: OperationDefinition): OperationDefinition => ({
    ...def,
    steps: def.steps.map((s) => ({ ...s, durationMs: app.controlPlane.stepDuration(def.type, s.name) })),
  });
  const definitions: OperationDefinition[] = [
    {
      type: TICDC_OPS.upgrade,
      steps: [
        step('precheck', 'Check compatibility with the upstream cluster', async (ctx) => {
          const row = await heldTicdc(ctx);
          const upstream = await getCluster(ctx.tx, row.clusterId);
          return `upstream ${upstream.name} runs ${upstream.version}; TiCDC ${paramsOf(ctx).from_version} → ${paramsOf(ctx).to_version} is supported`;
        }),
        step('pull-image', 'Pull the TiCDC image of the target version', async (ctx) => {
          const row = await heldTicdc(ctx);
          return `pulled ${row.baseImage}:${paramsOf(ctx).to_version}`;
        }),
        step(
          'rolling-upgrade',
          'Upgrade the captures one by one',
          async (ctx) => `${captures((await heldTicdc(ctx)).specification)} captures upgraded, owner re-elected`,
        ),
        step('finalize', 'Record the new version', async (ctx) => {
          const row = await heldTicdc(ctx);
          const to = paramsOf(ctx).to_version!;
          // A pinned build of another version would run the old binary: a version change drops it.
          const keep = row.overwriteImageTag?.startsWith(`${to}-`) ? row.overwriteImageTag : null;
          await repo.updateTicdc(ctx.tx, row.id, {
            version: to,
            imageTag: to,
            overwriteImageTag: keep,
            status: 'available',
          });
          await audit(ctx.tx, ctx, 'upgrade_ticdc_completed', {
            before: {
              version: row.version,
              image_tag: row.imageTag,
              overwrite_image_tag: row.overwriteImageTag,
              status: paramsOf(ctx).previous_status,
            },
            after: { version: to, image_tag: to, overwrite_image_tag: keep, status: 'available' },
          });
          return `TiCDC ${row.name} runs ${to}`;
        }),
      ],
      onCancel: revert('ticdc', 'upgrade_ticdc'),
      onFail: revert('ticdc', 'upgrade_ticdc'),
    },

    {
      type: TICDC_OPS.modifyImage,
      steps: [
        step('check-image', 'Check the images exist in the registry', async (ctx) => {
          const row = await heldTicdc(ctx);
          return (paramsOf(ctx).components ?? []).map((c) => `${row.baseImage}:${c.to} found`).join('; ');
        }),
        step(
          'rolling-restart',
          'Roll the captures onto the new image',
          async (ctx) => `${captures((await heldTicdc(ctx)).specification)} captures restarted`,
        ),
        step('finalize', 'Record the new image tags', async (ctx) => {
          const row = await heldTicdc(ctx);
          const change = (paramsOf(ctx).components ?? []).find((c) => c.component === TICDC_COMPONENT)!;
          // Going back to the version's own tag clears the overwrite rather than pinning it.
          const overwrite = change.to === row.imageTag ? null : change.to;
          await repo.updateTicdc(ctx.tx, row.id, { overwriteImageTag: overwrite, status: 'available' });
          await audit(ctx.tx, ctx, 'modify_ticdc_image_completed', {
            before: {
              overwrite_image_tag: row.overwriteImageTag,
              effective_image_tag: row.overwriteImageTag ?? row.imageTag,
              status: paramsOf(ctx).previous_status,
            },
            after: { overwrite_image_tag: overwrite, effective_image_tag: change.to, status: 'available' },
          });
          return `${TICDC_COMPONENT} runs ${change.to}`;
        }),
      ],
      onCancel: revert('ticdc', 'modify_ticdc_image'),
      onFail: revert('ticdc', 'modify_ticdc_image'),
    },

    {
      type: TICDC_OPS.restart,
      steps: [
        step(
          'move-owner',
          'Move the owner off the first capture',
          async (ctx) => `owner moved to ${(await heldTicdc(ctx)).name}-ticdc-1`,
        ),
        step(
          'restart-captures',
          'Restart the captures one by one',
          async (ctx) => `${captures((await heldTicdc(ctx)).specification)} captures restarted`,
        ),
        step('verify', 'Check the changefeeds resumed', async (ctx) => {
          const row = await heldTicdc(ctx);
          await repo.updateTicdc(ctx.tx, row.id, { status: 'available' });
          await audit(ctx.tx, ctx, 'restart_ticdc_completed', {
            before: { status: paramsOf(ctx).previous_status },
            after: { status: 'available' },
          });
          return `${row.changefeedCount} changefeeds checked`;
        }),
      ],
      onCancel: revert('ticdc', 'restart_ticdc'),
      onFail: revert('ticdc', 'restart_ticdc'),
    },

    {
      type: TICDC_OPS.shutdown,
      steps: [
        step('pause-changefeeds', 'Pause the changefeeds', async (ctx) => {
          const row = await heldTicdc(ctx);
          const paused = await repo.updateChangefeedsOfTicdc(ctx.tx, row.id, ['normal', 'warning', 'error'], {
            status: 'stopped',
            error: null,
          });
          return paused.length ? `paused ${paused.length} changefeeds: ${paused.join(', ')}` : 'no running changefeed';
        }),
        step(
          'scale-in',
          'Scale the captures to zero',
          async (ctx) => `${captures((await heldTicdc(ctx)).specification)} captures removed`,
        ),
        step('finalize', 'Mark the TiCDC cluster stopped', async (ctx) => {
          const row = await heldTicdc(ctx);
          await repo.updateTicdc(ctx.tx, row.id, { status: 'stopped' });
          await audit(ctx.tx, ctx, 'shutdown_ticdc_completed', {
            before: { status: paramsOf(ctx).previous_status },
            after: { status: 'stopped' },
            cloud_config_change_id: paramsOf(ctx).cloud_config_change_id,
          });
          return `TiCDC ${row.name} stopped`;
        }),
      ],
      onCancel: revert('ticdc', 'shutdown_ticdc'),
      onFail: revert('ticdc', 'shutdown_ticdc'),
    },

    {
      type: TICDC_OPS.restartChangefeed,
      steps: [
        step('pause', 'Pause the changefeed', async (ctx) => `paused ${(await heldChangefeed(ctx)).displayId}`),
        step('resume', 'Resume from the last checkpoint', async (ctx) => {
          const row = await heldChangefeed(ctx);
          return `resumed from checkpoint ${(BigInt(row.checkpointAt.getTime()) << 18n).toString()}`;
        }),
        step('verify', 'Check the checkpoint advances', async (ctx) => {
          const row = await heldChangefeed(ctx);
          await repo.updateChangefeed(ctx.tx, row.id, { status: 'normal', error: null, checkpointAt: new Date() });
          await audit(ctx.tx, ctx, 'restart_changefeed_completed', {
            before: { status: paramsOf(ctx).previous_status, error: row.error },
            after: { status: 'normal', error: null },
          });
          return `${row.displayId} is replicating`;
        }),
      ],
      onCancel: revert('changefeed', 'restart_changefeed'),
      onFail: revert('changefeed', 'restart_changefeed'),
    },
  ];
  return definitions.map(paced);
}
