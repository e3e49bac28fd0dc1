import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.js';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsApplied, MIGRATIONS_DIR, openDatabase, openPglite, pgliteExtensions } from './db.js';
import { buildPgliteTemplate, initFromTemplate } from './pglite-template.js';

let root: string;
let template: string;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-template-test-'));
  template = path.join(root, 'template');
  expect(await buildPgliteTemplate(template)).toBe(true);
}, 120_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function setting(dataDir: string, name: string, sharedBuffers?: string): Promise<string> {
  const database = await openPglite(dataDir, undefined, { sharedBuffers });
  try {
    const { rows } = await database.pglite!.query<{ v: string }>(`select current_setting('${name}') as v`);
    return rows[0]!.v;
  } finally {
    await database.close();
  }
}

describe('the PGlite template', () => {
  it('is made once per PGlite version: a second build keeps it', async () => {
    expect(await buildPgliteTemplate(template)).toBe(false);
  });

  it('fills a missing or empty data dir with a database PGlite opens, without its key file', async () => {
    const missing = path.join(root, 'missing', 'data');
    // What a start killed during its copy leaves beside the data dir goes at the next one.
    fs.mkdirSync(`${missing}.init-1`, { recursive: true });
    expect(initFromTemplate(missing, template)).toBe(true);
    expect(fs.readdirSync(path.dirname(missing))).toEqual(['data']);
    expect(fs.existsSync(path.join(missing, 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(missing)).not.toContain('portal-template.json');
    expect(await setting(missing, 'server_version')).toMatch(/^\d+/);

    const empty = fs.mkdtempSync(path.join(root, 'empty-'));
    expect(initFromTemplate(empty, template)).toBe(true);
    expect(fs.existsSync(path.join(empty, 'PG_VERSION'))).toBe(true);
    // Nothing left beside it by the copy-then-rename.
    expect(fs.readdirSync(root).filter((n) => n.includes('.init-'))).toEqual([]);
  });

  it("can hold the committed migrations (the build's template does): a database copied from it starts migrated", async () => {
    const migrated = path.join(root, 'migrated-template');
    const made = await buildPgliteTemplate(
      migrated,
      (pg) => migrate(drizzle(pg), { migrationsFolder: MIGRATIONS_DIR }),
      pgliteExtensions,
    );
    expect(made).toBe(true);
    const dir = path.join(root, 'from-migrated');
    expect(initFromTemplate(dir, migrated)).toBe(true);
    const database = await openPglite(dir);
    try {
      expect(await migrationsApplied(database)).toBe(true);
      // pg_trgm's indexes came through with the schema.
      const [row] = await database.rows<{ n: number }>(
        sql`select count(*)::int as n from pg_indexes where indexdef like '%gin_trgm_ops%'`,
      );
      expect(row!.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
    // The plain template (initdb only) does not.
    const plain = path.join(root, 'from-plain');
    initFromTemplate(plain, template);
    const bare = await openPglite(plain);
    try {
      expect(await migrationsApplied(bare)).toBe(false);
    } finally {
      await bare.close();
    }
  }, 120_000);

  it('leaves a data dir that holds anything alone, and ignores a template of another PGlite', () => {
    const used = fs.mkdtempSync(path.join(root, 'used-'));
    fs.writeFileSync(path.join(used, 'something'), 'x');
    expect(initFromTemplate(used, template)).toBe(false);
    expect(fs.readdirSync(used)).toEqual(['something']);

    const stale = path.join(root, 'stale');
    fs.cpSync(template, stale, { recursive: true });
    fs.writeFileSync(path.join(stale, 'portal-template.json'), JSON.stringify({ pglite: '0.0.0', initdb: 'default' }));
    expect(initFromTemplate(path.join(root, 'from-stale'), stale)).toBe(false);
    expect(fs.existsSync(path.join(root, 'from-stale'))).toBe(false);
  });
});

describe('the embedded database memory', () => {
  it('runs with shared_buffers 16MB unless PGLITE_SHARED_BUFFERS says otherwise', async () => {
    const dir = path.join(root, 'buffers');
    initFromTemplate(dir, template);
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.database).toMatchObject({ kind: 'pglite', sharedBuffers: '16MB' });
    const database = await openDatabase(config);
    try {
      const { rows } = await database.pglite!.query<{ v: string }>(`select current_setting('shared_buffers') as v`);
      expect(rows[0]!.v).toBe('16MB');
    } finally {
      await database.close();
    }
    expect(loadConfig({ DATA_DIR: dir, PGLITE_SHARED_BUFFERS: '64MB' }).database).toMatchObject({
      sharedBuffers: '64MB',
    });
    expect(await setting(dir, 'shared_buffers', '64MB')).toBe('64MB');
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(ConfigError);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '16' })).toThrow(/PGLITE_SHARED_BUFFERS: must be a size/);
  });
});
