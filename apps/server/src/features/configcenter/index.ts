/**
 * The config center (issue 11, decision 0012): templates, default cases, default-config changes and their releases
 * (`feature.ts`); cluster versions, version rules, components and instance types (`versions/`).
 */
export { configcenterFeature } from './feature.js';
export { configVersionsFeature } from './versions/feature.js';
