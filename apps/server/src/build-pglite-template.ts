/**
 * `npm run build -w @portal/server`, after tsc and the bundle: the initdb'd, migrated template a fresh embedded
 * database is copied from, and the demo template (the same, plus the static part of the demo seed) a fresh one of
 * `SEED=demo` is copied from (pglite-template.ts).
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { MIGRATIONS_DIR, pgliteDatabase, pgliteExtensions } from './platform/db.js';
import {
  buildPgliteTemplate,
  demoTemplateKey,
  PGLITE_DEMO_TEMPLATE_DIR,
  PGLITE_TEMPLATE_DIR,
} from './platform/pglite-template.js';
import { demoSeedParts, idpKeys, oidcPayloads } from './platform/schema.js';
import { seedStaticPart } from './seed/demo.js';

let started = Date.now();
// The committed migrations, applied in the template: a fresh database starts migrated (db.ts: migrationsApplied).
const migrated = (pg: PGlite) => migrate(drizzle(pg), { migrationsFolder: MIGRATIONS_DIR });
if (await buildPgliteTemplate(PGLITE_TEMPLATE_DIR, migrated, pgliteExtensions))
  console.log(`PGlite template: ${PGLITE_TEMPLATE_DIR} (${Date.now() - started} ms)`);

/**
 * The static part of the demo seed, as the app seeds it (its features' registry), with a configuration of defaults
 * only: whatever this shell's environment says (DATABASE_URL, adapters' URLs) is no concern of the template. What is
 * an installation's own is left out: the built-in issuer's signing keys and sessions, which it makes at its start.
 */
const seeded = async (pg: PGlite) => {
  await migrated(pg);
  const database = pgliteDatabase(pg);
  const { app, ctx } = await buildApp(loadConfig({ SEED: 'demo', LOG_LEVEL: 'silent' }), database);
  try {
    await ctx.db.transaction(async (tx) => {
      await seedStaticPart(ctx, tx);
      await tx.insert(demoSeedParts).values({ part: 'static' });
    });
  } finally {
    await app.close();
  }
  await database.db.delete(idpKeys);
  await database.db.delete(oidcPayloads);
};
started = Date.now();
if (await buildPgliteTemplate(PGLITE_DEMO_TEMPLATE_DIR, seeded, pgliteExtensions, demoTemplateKey()))
  console.log(`PGlite demo template: ${PGLITE_DEMO_TEMPLATE_DIR} (${Date.now() - started} ms)`);
