import { z } from 'zod';
import { route } from './api.js';
import { listQuery, listResult, repeated } from './list.js';

export const OPERATION_STATUSES = ['pending', 'running', 'waiting', 'succeeded', 'failed', 'cancelled'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];
export const STEP_STATUSES = ['pending', 'running', 'waiting', 'succeeded', 'failed', 'cancelled'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const operationStepSchema = z.object({
  seq: z.number().int(),
  name: z.string(),
  title: z.string(),
  /** A manual action waits in `waiting` until someone finishes it. */
  manual: z.boolean(),
  status: z.enum(STEP_STATUSES),
  message: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type OperationStep = z.infer<typeof operationStepSchema>;

export const operationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  tenant_id: z.string().nullable(),
  status: z.enum(OPERATION_STATUSES),
  created_by: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
});
export type Operation = z.infer<typeof operationSchema>;
export const operationDetailSchema = operationSchema.extend({
  steps: z.array(operationStepSchema),
  params: z.unknown(),
});
export type OperationDetail = z.infer<typeof operationDetailSchema>;

export const operationListQuery = listQuery(
  {
    status: repeated(z.enum(OPERATION_STATUSES)),
    type: z.string().optional(),
    target_id: z.string().optional(),
    search: z.string().trim().max(200).optional(),
  },
  ['created_at'],
  '-created_at',
);
export type OperationListQuery = z.input<typeof operationListQuery>;
export const operationList = listResult(operationSchema);

/** What "returns an operation id" means (spec §8): the id of an operation instance. */
export const operationCreated = z.object({ instance_id: z.string() });
export type OperationCreated = z.infer<typeof operationCreated>;

export const operationActionBody = z.object({ reason: z.string().trim().max(500).optional() }).default({});

/** An operation's id: digits in practice; anything else is a 404 (`operation.notFound`), not a 400. */
const operationParams = z.object({ id: z.string().min(1).max(20) });
const stepParams = operationParams.extend({ seq: z.coerce.number().int().min(1).max(1000) });

/** Operations (spec §2 /operations, §4 Operation actions): the list, one instance, and its operator actions. */
export const operationsApi = {
  list: route({
    method: 'GET',
    path: '/api/v1/devops/operations',
    access: 'operations.read',
    query: operationListQuery,
    response: operationList,
  }),
  detail: route({
    method: 'GET',
    path: '/api/v1/devops/operations/:id',
    access: 'operations.read',
    params: operationParams,
    response: operationDetailSchema,
  }),
  submit: route({
    method: 'POST',
    path: '/api/v1/devops/operations/:id/submit',
    access: 'operations.write',
    params: operationParams,
    body: operationActionBody,
    response: operationDetailSchema,
  }),
  cancel: route({
    method: 'POST',
    path: '/api/v1/devops/operations/:id/cancel',
    access: 'operations.write',
    params: operationParams,
    body: operationActionBody,
    response: operationDetailSchema,
  }),
  startStep: route({
    method: 'POST',
    path: '/api/v1/devops/operations/:id/steps/:seq/start',
    access: 'operations.write',
    params: stepParams,
    body: operationActionBody,
    response: operationDetailSchema,
  }),
  finishStep: route({
    method: 'POST',
    path: '/api/v1/devops/operations/:id/steps/:seq/finish',
    access: 'operations.write',
    params: stepParams,
    body: operationActionBody,
    response: operationDetailSchema,
  }),
};

/** Which actions each operation status allows (the server enforces, the web enables buttons). */
export const OPERATION_ACTIONS: Record<OperationStatus, readonly ('submit' | 'cancel' | 'step')[]> = {
  pending: ['submit', 'cancel'],
  running: ['cancel'],
  waiting: ['cancel', 'step'],
  succeeded: [],
  failed: [],
  cancelled: [],
};
export const TERMINAL_OPERATION_STATUSES: readonly OperationStatus[] = ['succeeded', 'failed', 'cancelled'];
