/**
 * All SQL of the config center core, by object: templates and the parameter catalogue, default cases and component
 * defaults (with versions and instance types), changes and their items, releases and the released state.
 */
export * from './repo/templates.js';
export * from './repo/cases.js';
export * from './repo/changes.js';
export * from './repo/releases.js';

/** A database id from an API id: digits only (anything else names nothing). */
export function parseId(id: string): number | undefined {
  if (!/^\d{1,15}$/.test(id)) return undefined;
  return Number(id);
}
