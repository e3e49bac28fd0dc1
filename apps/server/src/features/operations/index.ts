import { operationsApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { ADVANCE_JOB, advanceOperation, type AdvancePayload } from './engine.js';
import { act, getOperation, listOperationPage } from './service.js';

export { operationDefinition, operationTypes } from './definitions.js';
export type { OperationDefinition, OperationsContext, StepContext, StepDefinition } from './definitions.js';
export { getOperation, listOperationPage, startOperation } from './service.js';
export type { StartOperation } from './service.js';
export { operations, operationSteps } from './schema.js';

/**
 * Operations (spec §2 /operations, §4): long-running work of any feature, advanced step by step by a durable job.
 * Features contribute their operation types with `operationTypes.provide(...)` and start instances with
 * `startOperation(ctx, tx, input)`.
 */
export const operationsFeature = defineFeature({
  name: 'operations',
  jobs: (ctx) => ({
    [ADVANCE_JOB]: (tx, payload: AdvancePayload) => advanceOperation(ctx, tx, payload),
  }),
  routes: (r, ctx) => {
    const { db, jobs } = ctx;
    r.add(operationsApi.list, (req) => listOperationPage(db, req.query));
    r.add(operationsApi.detail, (req) => getOperation(db, req.params.id));
    // An action may queue an advance: wake the job loop so it runs now, not at the next poll.
    const woken = async <T>(out: Promise<T>) => {
      const result = await out;
      jobs.wake();
      return result;
    };
    r.add(operationsApi.submit, (req) =>
      woken(act(ctx, db, req.params.id, 'submit', principalOf(req).email, { reason: req.body?.reason })),
    );
    r.add(operationsApi.cancel, (req) =>
      woken(act(ctx, db, req.params.id, 'cancel', principalOf(req).email, { reason: req.body?.reason })),
    );
    r.add(operationsApi.startStep, (req) =>
      woken(
        act(ctx, db, req.params.id, 'startStep', principalOf(req).email, {
          seq: req.params.seq,
          reason: req.body?.reason,
        }),
      ),
    );
    r.add(operationsApi.finishStep, (req) =>
      woken(
        act(ctx, db, req.params.id, 'finishStep', principalOf(req).email, {
          seq: req.params.seq,
          reason: req.body?.reason,
        }),
      ),
    );
  },
});
