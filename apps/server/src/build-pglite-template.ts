/**
 * `npm run build -w @portal/server`, after tsc: the initdb'd, migrated template a fresh embedded database is copied
 * from.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, pgliteExtensions } from './platform/db.js';
import { buildPgliteTemplate, PGLITE_TEMPLATE_DIR } from './platform/pglite-template.js';

const started = Date.now();
// The committed migrations, applied in the template: a fresh database starts migrated (db.ts: migrationsApplied).
const migrated = (pg: PGlite) => migrate(drizzle(pg), { migrationsFolder: MIGRATIONS_DIR });
if (await buildPgliteTemplate(PGLITE_TEMPLATE_DIR, migrated, pgliteExtensions))
  console.log(`PGlite template: ${PGLITE_TEMPLATE_DIR} (${Date.now() - started} ms)`);
