import type { Db } from '../platform/db.js';
import { seedChanges } from './configcenter-changes.js';
import { seedTemplatesAndCases } from './configcenter-templates.js';

export { SEED_CONFIG_TYPES, templateName } from './configcenter-data.js';

/*
 * The config center's core demo data (decision 0012): default templates for every cluster type that has config types,
 * default cases per version (Any, per provider, per instance type) bound to them, what dev, staging and prod have
 * released (some cases staged ahead of prod), custom templates with INIT_SQL, and default-config changes in every
 * state the pages' actions need. Runs after `seedConfigVersions` (versions, instance types, component images), whose
 * rows it reads; deterministic, bulk-inserted.
 */

/** Templates, default cases, released bindings, custom templates and default-config changes (decision 0012). */
export async function seedConfigCenter(tx: Db): Promise<void> {
  await seedTemplatesAndCases(tx);
  await seedChanges(tx);
}
