import type { Db } from '../../platform/db.js';
import { enqueueJob } from '../../platform/jobs.js';
import { writeAudit } from '../../platform/audit.js';
import { operationDefinition, type OperationsContext, type StepContext } from './definitions.js';
import { findOperation, findSteps, updateOperation, updateStep, type OperationRow } from './repo.js';

export const ADVANCE_JOB = 'operation.advance';
export interface AdvancePayload {
  operation_id: number;
}

/** Queues the next advance of an operation (deduplicated: one queued advance per operation). */
export async function scheduleAdvance(tx: Db, id: number, runAt?: Date): Promise<void> {
  await enqueueJob(tx, ADVANCE_JOB, { operation_id: id } satisfies AdvancePayload, {
    dedupeKey: `op-${id}`,
    runAt,
    maxAttempts: 10,
  });
}

export function stepContext(tx: Db, op: OperationRow): StepContext {
  return {
    tx,
    operation: {
      id: String(op.id),
      type: op.type,
      targetType: op.targetType,
      targetId: op.targetId,
      tenantId: op.tenantId,
      createdBy: op.createdBy,
      params: op.params,
    },
  };
}

/**
 * Moves an operation forward as far as it can right now. Runs inside the job's transaction with the operation row
 * locked: a step's effect and its "succeeded" mark commit together, so after a crash the step either never happened
 * or is recorded as done — it never runs twice.
 */
export async function advanceOperation(
  ctx: OperationsContext,
  tx: Db,
  { operation_id: id }: AdvancePayload,
): Promise<{ rerunAt?: Date } | void> {
  const op = await findOperation(tx, id, true);
  if (!op || (op.status !== 'running' && op.status !== 'waiting')) return;
  const def = operationDefinition(ctx, op.type);
  const steps = await findSteps(tx, id);
  const now = new Date();

  for (const step of steps) {
    if (step.status === 'succeeded') continue;
    const sdef = def?.steps.find((s) => s.name === step.name);
    if (step.manual) {
      if (step.status === 'pending') {
        await updateStep(tx, id, step.seq, { status: 'waiting' });
        await updateOperation(tx, id, { status: 'waiting' });
      }
      return; // a person starts and finishes it
    }
    if (step.status === 'pending') {
      await updateStep(tx, id, step.seq, { status: 'running', startedAt: now });
      if (op.status !== 'running') await updateOperation(tx, id, { status: 'running' });
      step.startedAt = now;
    }
    const due = new Date((step.startedAt ?? now).getTime() + (sdef?.durationMs ?? 0));
    if (due > now) return { rerunAt: due };

    let message: string | void = undefined;
    try {
      if (sdef?.run) {
        message = await tx.transaction((sp) => sdef.run!(stepContext(sp, op)));
      }
    } catch (err) {
      const error = (err as Error).message || 'step failed';
      await updateStep(tx, id, step.seq, { status: 'failed', finishedAt: now, message: error, runs: step.runs + 1 });
      await updateOperation(tx, id, { status: 'failed', finishedAt: now, error });
      await def?.onFail?.(stepContext(tx, op), error);
      await writeAudit(tx, {
        type: 'operation',
        instanceId: String(id),
        operator: 'system',
        operation: 'fail',
        details: { step: step.name, error },
      });
      return;
    }
    await updateStep(tx, id, step.seq, {
      status: 'succeeded',
      finishedAt: now,
      message: message ?? null,
      runs: step.runs + 1,
    });
  }
  await updateOperation(tx, id, { status: 'succeeded', finishedAt: now });
  await writeAudit(tx, {
    type: 'operation',
    instanceId: String(id),
    operator: 'system',
    operation: 'succeed',
    details: { after: { status: 'succeeded' } },
  });
}
