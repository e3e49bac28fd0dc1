import { asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { writeAudit } from '../platform/audit.js';
import { operationDefinition } from '../features/operations/index.js';
import { insertOperation } from '../features/operations/repo.js';
import { APPLY_OPERATION, planSteps } from '../features/configchange/apply.js';
import * as changeRepo from '../features/configchange/repo.js';
import { TICDC_OPS } from '../features/ticdc/operations.js';
import { changefeeds, ticdcClusters } from '../features/ticdc/schema.js';
import { DEMO_BASE_TIME } from './platform.js';
import type { SeedContext } from './demo.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface FinishedOperation {
  type: string;
  title: string;
  targetType: string;
  targetId: string;
  tenantId: string | null;
  createdBy: string;
  params: Record<string, unknown>;
  /** The definition's steps this instance ran (all when absent). */
  steps?: string[];
  startedAt: Date;
  /** Minutes each step took. */
  stepMinutes: number;
  /** Per step name, the message it recorded. */
  messages?: Record<string, string>;
  /** Where it stopped instead of succeeding: the step and what happened. */
  failed?: { step: string; error: string };
  cancelled?: { step: string; by: string };
}

/**
 * Records an operation that ran before the demo begins: its steps with their times and messages, and the audit rows
 * the engine would have written. Step names and titles come from the app's definitions, so history and new runs
 * agree.
 */
export async function recordFinished(ctx: SeedContext, tx: Db, op: FinishedOperation): Promise<string> {
  const def = operationDefinition(ctx, op.type);
  if (!def) throw new Error(`unknown operation type ${op.type}`);
  const chosen = def.steps.filter((s) => !op.steps || op.steps.includes(s.name));
  const stop = op.failed?.step ?? op.cancelled?.step;
  const stopAt = stop ? chosen.findIndex((s) => s.name === stop) : chosen.length;
  if (stopAt < 0) throw new Error(`operation type ${op.type} has no step ${stop}`);
  const at = (i: number) => new Date(op.startedAt.getTime() + i * op.stepMinutes * MINUTE);
  const status = op.failed ? 'failed' : op.cancelled ? 'cancelled' : 'succeeded';
  const finishedAt = at(stopAt + (op.failed ? 1 : op.cancelled ? 0.5 : 0));
  const id = await insertOperation(
    tx,
    {
      type: op.type,
      title: op.title,
      targetType: op.targetType,
      targetId: op.targetId,
      tenantId: op.tenantId,
      status,
      params: op.params,
      createdBy: op.createdBy,
      createdAt: op.startedAt,
      startedAt: op.startedAt,
      finishedAt,
      error: op.failed?.error ?? null,
    },
    chosen.map((s, i) => {
      const done = i < stopAt;
      const here = i === stopAt;
      return {
        seq: i + 1,
        name: s.name,
        title: s.title,
        manual: !!s.manual,
        status: done ? 'succeeded' : here ? (op.failed ? 'failed' : 'cancelled') : 'pending',
        message: done
          ? (op.messages?.[s.name] ?? null)
          : here
            ? (op.failed?.error ?? `cancelled by ${op.cancelled?.by}`)
            : null,
        startedAt: done || here ? at(i) : null,
        finishedAt: done ? at(i + 1) : here ? finishedAt : null,
        runs: done || (here && op.failed) ? 1 : 0,
      };
    }),
  );
  const instanceId = String(id);
  const base = { type: 'operation', instanceId } as const;
  await writeAudit(tx, {
    ...base,
    operator: op.createdBy,
    operation: 'create',
    operateAt: op.startedAt,
    details: { after: { type: op.type, target_id: op.targetId, status: 'running' } },
  });
  // The rows the engine and the cancel action write.
  const end = { operateAt: finishedAt };
  if (op.failed)
    await writeAudit(tx, {
      ...base,
      ...end,
      operator: 'system',
      operation: 'fail',
      details: { step: op.failed.step, error: op.failed.error },
    });
  else if (op.cancelled)
    await writeAudit(tx, {
      ...base,
      ...end,
      operator: op.cancelled.by,
      operation: 'cancel',
      details: { before: { status: 'running' }, after: { status } },
    });
  else
    await writeAudit(tx, { ...base, ...end, operator: 'system', operation: 'succeed', details: { after: { status } } });
  return instanceId;
}

/**
 * A history of finished operations for the demo: the applied configuration change's apply, and TiCDC work that
 * succeeded, failed and was cancelled — so /operations and the detail pages read like a platform in use.
 */
export async function seedOperationHistory(
  ctx: SeedContext,
  tx: Db,
  appliedChangeId: number,
  appliedAt: Date,
): Promise<void> {
  const change = await changeRepo.findChange(tx, appliedChangeId);
  if (!change) throw new Error(`demo change ${appliedChangeId} is missing`);
  const components = ['PD'];
  const applyId = await recordFinished(ctx, tx, {
    type: APPLY_OPERATION,
    title: `Apply configuration change ${appliedChangeId} to ${change.targetId}`,
    targetType: 'cluster',
    targetId: change.targetId,
    tenantId: change.tenantId,
    createdBy: 'maria.garcia@example.com',
    params: { change_id: String(appliedChangeId), apply_policy: change.applyPolicy, components },
    steps: planSteps(change.applyPolicy, components),
    startedAt: appliedAt,
    stepMinutes: 4,
    messages: {
      check: 'the configuration is as the change found it',
      'restart-PD': '3 of 3 PD members restarted, leader transferred once',
      persist: 'pd.toml updated',
    },
  });
  await changeRepo.updateChange(tx, appliedChangeId, { operationId: applyId });

  const cdc = await tx
    .select()
    .from(ticdcClusters)
    .where(eq(ticdcClusters.status, 'available'))
    .orderBy(asc(ticdcClusters.id))
    .limit(3);
  const [first, second, third] = cdc;
  if (first) {
    await recordFinished(ctx, tx, {
      type: TICDC_OPS.restart,
      title: `Restart TiCDC ${first.name}`,
      targetType: 'ticdc_cluster',
      targetId: first.id,
      tenantId: first.tenantId,
      createdBy: 'lin.wei@example.com',
      params: { previous_status: 'available' },
      startedAt: new Date(DEMO_BASE_TIME - 12 * DAY),
      stepMinutes: 2,
    });
  }
  if (second) {
    const to = second.version.replace(/\.(\d+)$/, (_m, p: string) => `.${Number(p) + 1}`);
    await recordFinished(ctx, tx, {
      type: TICDC_OPS.upgrade,
      title: `Upgrade TiCDC ${second.name} to ${to}`,
      targetType: 'ticdc_cluster',
      targetId: second.id,
      tenantId: second.tenantId,
      createdBy: 'operator@example.com',
      params: { previous_status: 'available', from_version: second.version, to_version: to },
      startedAt: new Date(DEMO_BASE_TIME - 6 * DAY),
      stepMinutes: 3,
      failed: {
        step: 'rolling-upgrade',
        error:
          'capture 2 did not rejoin within 300 s after the upgrade; the captures were rolled back to the previous version',
      },
    });
  }
  if (third) {
    const [feed] = await tx
      .select()
      .from(changefeeds)
      .where(eq(changefeeds.ticdcClusterId, third.id))
      .orderBy(asc(changefeeds.id))
      .limit(1);
    if (feed) {
      await recordFinished(ctx, tx, {
        type: TICDC_OPS.restartChangefeed,
        title: `Restart changefeed ${feed.displayName}`,
        targetType: 'changefeed',
        targetId: feed.id,
        tenantId: third.tenantId,
        createdBy: 'maria.garcia@example.com',
        params: { previous_status: feed.status },
        startedAt: new Date(DEMO_BASE_TIME - 2 * DAY),
        stepMinutes: 1,
        cancelled: {
          step: operationDefinition(ctx, TICDC_OPS.restartChangefeed)!.steps[1]!.name,
          by: 'maria.garcia@example.com',
        },
      });
    }
  }
}
