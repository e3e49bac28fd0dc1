import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, runMigrations } from '../platform/db.js';
import { seedDemoDatabase } from '../seed/demo.js';
import { testConfig } from './config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data-dir dump, migrated and seeded with the demo data. */
    pgliteDump: string;
    /** With TEST_DATABASE_URL: a migrated, seeded PostgreSQL database to copy per test file. */
    pgTemplate: string;
  }
}

function withDb(url: string, dbName: string): string {
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  return u.toString();
}

/** Migrates and seeds once per run; every test file starts from a copy (PGlite dump, or a PostgreSQL template). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const tpl = `portal_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${tpl}`);
    const url = withDb(pgUrl, tpl);
    const database = await openPostgres(url, 2);
    const config = testConfig({ DATABASE_URL: url });
    await runMigrations(database, config);
    await seedDemoDatabase(config, database);
    await database.close();
    project.provide('pgTemplate', tpl);
    project.provide('pgliteDump', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${tpl} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    };
  }
  const database = await openPglite(undefined);
  await runMigrations(database);
  await seedDemoDatabase(testConfig(), database);
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-')), 'seeded.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', '');
  return async () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
