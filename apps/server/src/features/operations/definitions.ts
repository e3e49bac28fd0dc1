import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { extensionPoint } from '../../platform/extensions.js';

/** What a step's effect sees: the operation and the transaction its effect must use. */
export interface StepContext {
  tx: Db;
  operation: {
    id: string;
    type: string;
    targetType: string;
    targetId: string;
    tenantId: string | null;
    createdBy: string;
    params: unknown;
  };
}

export interface StepDefinition {
  name: string;
  title: string;
  /** A manual action: the operation waits until someone starts and finishes it. */
  manual?: boolean;
  /** Simulated wall-clock work before the effect applies (the platform's control plane is modelled, not real). */
  durationMs?: number;
  /** The step's effect, run exactly once, inside the transaction that marks the step succeeded. Returns a message. */
  run?: (ctx: StepContext) => Promise<string | void>;
}

export interface OperationDefinition {
  type: string;
  steps: StepDefinition[];
  /** Called in the cancelling transaction (e.g. to move the owning object back). */
  onCancel?: (ctx: StepContext) => Promise<void>;
  /** Called in the transaction that marks the operation failed. */
  onFail?: (ctx: StepContext, error: string) => Promise<void>;
}

/** The operation types of an app: each feature provides the ones it runs (`operationTypes.provide(...)`). */
export const operationTypes = extensionPoint<OperationDefinition>('operations.types', (d) => d.type);

/** What the operations engine and service need of the app: its registry (the operation types contributed to it). */
export type OperationsContext = Pick<AppContext, 'registry'>;

/** The definition of an operation type in this app, if some feature provides it. */
export function operationDefinition(ctx: OperationsContext, type: string): OperationDefinition | undefined {
  return ctx.registry.get(operationTypes, type);
}
