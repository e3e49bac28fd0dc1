export { configTargets } from './targets.js';
export type { ConfigTargetAdapter, ConfigTargetState } from './targets.js';
