/**
 * The config center (issue 11, decision 0012): templates, default cases, default-config changes and their releases
 * (`feature.ts`); cluster versions, version rules, components and instance types (`versions/`).
 */
export { configcenterFeature } from './feature.js';
export { configVersionsFeature } from './versions/feature.js';
// What other areas read (monitoring's component diff: the default version rules and images, staged and released).
export { ccComponentDefaults, ccReleased, ccVersionRules } from './schema.js';
