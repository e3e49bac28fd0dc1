import { z } from 'zod';
import {
  operationActionBody,
  operationDetailSchema,
  operationList,
  operationListQuery,
  operationRoutes,
} from '@portal/contract';
import type { FeatureRoutes } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { ADVANCE_JOB, advanceOperation, type AdvancePayload } from './engine.js';
import { act, getOperation, listOperationPage } from './service.js';

const params = z.object({ id: z.string().min(1).max(20) });
const stepParams = params.extend({ seq: z.coerce.number().int().min(1).max(1000) });
const tags = ['operations'];

export const registerOperationRoutes: FeatureRoutes = (app, { database, jobs }) => {
  const db = database.db;
  jobs.register<AdvancePayload>(ADVANCE_JOB, advanceOperation);

  app.get(
    operationRoutes.list,
    {
      schema: { querystring: operationListQuery, response: { 200: operationList }, tags },
      config: { access: 'portal.read' },
    },
    (req) => listOperationPage(db, req.query),
  );
  app.get(
    operationRoutes.detail,
    { schema: { params, response: { 200: operationDetailSchema }, tags }, config: { access: 'portal.read' } },
    (req) => getOperation(db, req.params.id),
  );
  const write = { config: { access: 'portal.operate' as const } };
  for (const action of ['submit', 'cancel'] as const) {
    app.post(
      operationRoutes[action],
      { schema: { params, body: operationActionBody, response: { 200: operationDetailSchema }, tags }, ...write },
      async (req) => {
        const out = await act(db, req.params.id, action, principalOf(req).email, { reason: req.body?.reason });
        jobs.wake();
        return out;
      },
    );
  }
  for (const [route, action] of [
    [operationRoutes.startStep, 'startStep'],
    [operationRoutes.finishStep, 'finishStep'],
  ] as const) {
    app.post(
      route,
      {
        schema: { params: stepParams, body: operationActionBody, response: { 200: operationDetailSchema }, tags },
        ...write,
      },
      async (req) => {
        const out = await act(db, req.params.id, action, principalOf(req).email, {
          seq: req.params.seq,
          reason: req.body?.reason,
        });
        jobs.wake();
        return out;
      },
    );
  }
};
