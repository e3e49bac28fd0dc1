import type { z } from 'zod';
import {
  OPERATION_ACTIONS,
  type ListResult,
  type Operation,
  type OperationDetail,
  type OperationStatus,
  type operationListQuery,
  type StepStatus,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { operationDefinition, type OperationsContext } from './definitions.js';
import { scheduleAdvance, stepContext } from './engine.js';
import {
  findOperation,
  findSteps,
  insertOperation,
  listOperations,
  updateOperation,
  updateStep,
  type OperationRow,
} from './repo.js';

export interface StartOperation {
  type: string;
  title: string;
  targetType: string;
  targetId: string;
  tenantId?: string | null;
  params?: unknown;
  createdBy: string;
  /** false → created as `pending` and waits for "submit". */
  submit?: boolean;
  /** The names of the definition's steps this instance runs (in definition order); all of them when absent. */
  steps?: string[];
}

/**
 * Creates an operation instance in the caller's transaction and (by default) starts it. Returns its id. The type
 * must be one some feature of this app provides (`operationTypes.provide(...)`).
 */
export async function startOperation(ctx: OperationsContext, tx: Db, input: StartOperation): Promise<string> {
  const def = operationDefinition(ctx, input.type);
  if (!def) throw new Error(`unknown operation type ${input.type}`);
  const unknown = input.steps?.filter((n) => !def.steps.some((s) => s.name === n)) ?? [];
  if (unknown.length) throw new Error(`operation type ${input.type} has no step ${unknown.join(', ')}`);
  const submit = input.submit ?? true;
  const now = new Date();
  const id = await insertOperation(
    tx,
    {
      type: input.type,
      title: input.title,
      targetType: input.targetType,
      targetId: input.targetId,
      tenantId: input.tenantId ?? null,
      status: submit ? 'running' : 'pending',
      params: input.params ?? {},
      createdBy: input.createdBy,
      startedAt: submit ? now : null,
    },
    def.steps
      .filter((s) => !input.steps || input.steps.includes(s.name))
      .map((s, i) => ({ seq: i + 1, name: s.name, title: s.title, manual: !!s.manual })),
  );
  await writeAudit(tx, {
    type: 'operation',
    instanceId: String(id),
    operator: input.createdBy,
    operation: 'create',
    details: { after: { type: input.type, target_id: input.targetId, status: submit ? 'running' : 'pending' } },
  });
  if (submit) await scheduleAdvance(tx, id);
  return String(id);
}

function parseId(id: string): number {
  if (!/^\d{1,15}$/.test(id)) throw new AppError('operation.notFound');
  return Number(id);
}

function toOperation(r: OperationRow, done: number, total: number): Operation {
  return {
    id: String(r.id),
    type: r.type,
    title: r.title,
    target_type: r.targetType,
    target_id: r.targetId,
    tenant_id: r.tenantId,
    status: r.status as OperationStatus,
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    started_at: isoOrNull(r.startedAt),
    finished_at: isoOrNull(r.finishedAt),
    error: r.error,
    progress: { done, total },
  };
}

export async function getOperation(db: Db, id: string): Promise<OperationDetail> {
  const n = parseId(id);
  const row = await findOperation(db, n);
  if (!row) throw new AppError('operation.notFound');
  const steps = await findSteps(db, n);
  return {
    ...toOperation(row, steps.filter((s) => s.status === 'succeeded').length, steps.length),
    params: row.params,
    steps: steps.map((s) => ({
      seq: s.seq,
      name: s.name,
      title: s.title,
      manual: s.manual,
      status: s.status as StepStatus,
      message: s.message,
      started_at: isoOrNull(s.startedAt),
      finished_at: isoOrNull(s.finishedAt),
    })),
  };
}

export async function listOperationPage(
  db: Db,
  q: z.output<typeof operationListQuery>,
): Promise<ListResult<Operation>> {
  const { rows, progress, total } = await listOperations(
    db,
    { status: q.status, type: q.type, targetId: q.target_id, search: q.search },
    { ...pageWindow(q), sort: q.sort },
  );
  return {
    total,
    items: rows.map((r) => {
      const mine = progress.filter((p) => p.id === r.id);
      const sum = (pred: (s: string) => boolean) => mine.filter((p) => pred(p.status)).reduce((a, p) => a + p.n, 0);
      return toOperation(
        r,
        sum((s) => s === 'succeeded'),
        sum(() => true),
      );
    }),
  };
}

type Action = 'submit' | 'cancel' | 'startStep' | 'finishStep';

/** The operator actions of spec §4: submit, cancel, start or finish an action (a manual step). */
export async function act(
  ctx: OperationsContext,
  db: Db,
  id: string,
  action: Action,
  who: string,
  opts: { seq?: number; reason?: string } = {},
): Promise<OperationDetail> {
  const n = parseId(id);
  await db.transaction(async (tx) => {
    const op = await findOperation(tx, n, true);
    if (!op) throw new AppError('operation.notFound');
    const status = op.status as OperationStatus;
    const allowed = OPERATION_ACTIONS[status];
    const need = action === 'startStep' || action === 'finishStep' ? 'step' : action;
    if (!allowed.includes(need)) {
      throw new AppError(
        'operation.actionNotAllowed',
        `Cannot ${action === 'startStep' ? 'start a step of' : action === 'finishStep' ? 'finish a step of' : action} an operation that is ${status}`,
      );
    }
    const now = new Date();
    const before = { status };
    if (action === 'submit') {
      await updateOperation(tx, n, { status: 'running', startedAt: now });
      await scheduleAdvance(tx, n);
    } else if (action === 'cancel') {
      await updateOperation(tx, n, { status: 'cancelled', finishedAt: now, error: opts.reason ?? null });
      for (const s of await findSteps(tx, n)) {
        if (s.status !== 'succeeded' && s.status !== 'failed')
          await updateStep(tx, n, s.seq, { status: 'cancelled', finishedAt: now });
      }
      await operationDefinition(ctx, op.type)?.onCancel?.(stepContext(tx, op));
    } else {
      const step = (await findSteps(tx, n)).find((s) => s.seq === opts.seq);
      const expected = action === 'startStep' ? 'waiting' : 'running';
      if (!step || !step.manual || step.status !== expected) throw new AppError('operation.stepNotWaiting');
      if (action === 'startStep') {
        await updateStep(tx, n, step.seq, { status: 'running', startedAt: now });
      } else {
        await updateStep(tx, n, step.seq, {
          status: 'succeeded',
          finishedAt: now,
          message: opts.reason ?? null,
          runs: step.runs + 1,
        });
        await updateOperation(tx, n, { status: 'running' });
        await scheduleAdvance(tx, n);
      }
    }
    await writeAudit(tx, {
      type: 'operation',
      instanceId: String(n),
      operator: who,
      operation: action === 'startStep' ? 'start_action' : action === 'finishStep' ? 'finish_action' : action,
      details: { before, step: opts.seq ?? null, reason: opts.reason ?? null },
    });
  });
  return getOperation(db, id);
}
