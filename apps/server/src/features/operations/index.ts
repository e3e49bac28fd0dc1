export { operationTypes } from './definitions.js';
export type { OperationDefinition, StepContext, StepDefinition } from './definitions.js';
