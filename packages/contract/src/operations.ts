import { z } from 'zod';
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
export const operationList = listResult(operationSchema);

/** What "returns an operation id" means (spec §8): the id of an operation instance. */
export const operationCreated = z.object({ instance_id: z.string() });
export type OperationCreated = z.infer<typeof operationCreated>;

export const operationActionBody = z.object({ reason: z.string().trim().max(500).optional() }).default({});

export const operationRoutes = {
  list: '/api/v1/devops/operations',
  detail: '/api/v1/devops/operations/:id',
  submit: '/api/v1/devops/operations/:id/submit',
  cancel: '/api/v1/devops/operations/:id/cancel',
  startStep: '/api/v1/devops/operations/:id/steps/:seq/start',
  finishStep: '/api/v1/devops/operations/:id/steps/:seq/finish',
} as const;

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
