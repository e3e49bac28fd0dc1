import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config.js';
import { demoTemplateKey, initFromTemplate, PGLITE_DEMO_TEMPLATE_DIR, runningFromBundle } from './pglite-template.js';
import { SERVER_DIR } from './server-dir.js';

/** The one database handle type: PGlite and node-postgres drizzle instances, and their transactions. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL returning rows, for the few queries drizzle's builder does not express well. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
  /** The embedded instance, when there is one (tests clone it). */
  pglite?: PGlite;
}

export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'migrations');

export const pgliteExtensions = { pg_trgm };

/**
 * The embedded database's memory. PGlite runs PostgreSQL's one backend inside this process, compiled to WebAssembly:
 * its whole shared memory is allocated and zeroed at start, so it is resident from the first second, busy or idle.
 * - `shared_buffers` (PGLITE_SHARED_BUFFERS, default 16MB; initdb's default is 128MB, which alone was a third of the
 *   server's memory): PostgreSQL's page cache. The data files stay in the OS page cache anyway, so a miss here is a
 *   read() from memory, not from disk, and the lists read a few pages per request (keyset indexes and counter rows,
 *   decisions 0002 and 0007): their throughput at 1M clusters did not change from 128MB to 16MB.
 * - V8 compiles the hot PostgreSQL functions again with its optimizing compiler in the background; with a task per
 *   core, each compiling thread's allocator arena kept its peak (~30 MB more after a fresh start's migrations and
 *   seed). One task leaves the other core to the server and compiles the same code.
 */
export interface PgliteOptions {
  /** PostgreSQL's shared_buffers, e.g. `16MB`. */
  sharedBuffers?: string;
  /**
   * A fresh data dir of `SEED=demo`: start from the build's demo template (static part of the demo seed included)
   * when the bundle runs and it matches, else from the plain one.
   */
  demo?: boolean;
}

let wasmCompilerSet = false;
let wasmModule: Promise<WebAssembly.Module | undefined> | undefined;
/** The WebAssembly global (@types/node 20 declares only its types). */
const wasmApi = (globalThis as unknown as { WebAssembly: { compile(b: Uint8Array): Promise<WebAssembly.Module> } })
  .WebAssembly;

/**
 * PostgreSQL's WebAssembly (PGlite's `pglite.wasm`, 9 MB), compiled from the moment a database is asked for, on V8's
 * background thread. Left to PGlite, the compile starts only after its other preparations, each waiting for a turn of
 * the main thread, which a start spends loading the app's modules: the main thread then sat idle ~50 ms for the
 * compile. Once per process (PGlite caches the module it compiles too). Undefined, and PGlite compiles it as before,
 * when the file is not where PGlite keeps it.
 */
export function pgliteWasmModule(): Promise<WebAssembly.Module | undefined> {
  if (!wasmCompilerSet) {
    v8.setFlagsFromString('--wasm-num-compilation-tasks=1'); // before the first compile (PgliteOptions says why)
    wasmCompilerSet = true;
  }
  wasmModule ??= (async () => {
    const dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(path.join(dir, 'pglite.wasm')); // not readFile: its callback would wait for the imports
    } catch {
      return undefined;
    }
    return wasmApi.compile(bytes).catch(() => undefined);
  })();
  return wasmModule;
}

export async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  { sharedBuffers = '16MB', demo = false }: PgliteOptions = {},
): Promise<Database> {
  const wasm = pgliteWasmModule();
  // A fresh data dir starts as a copy of the build's initdb'd template (pglite-template.ts) rather than a new initdb.
  if (dataDir && !loadDataDir) {
    const fromDemo =
      demo && runningFromBundle() && initFromTemplate(dataDir, PGLITE_DEMO_TEMPLATE_DIR, demoTemplateKey);
    if (!fromDemo) initFromTemplate(dataDir);
  }
  const client = await PGlite.create({
    dataDir,
    extensions: pgliteExtensions,
    loadDataDir,
    pgliteWasmModule: await wasm,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  });
  return pgliteDatabase(client);
}

/** A `Database` over an open PGlite. */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    rows: async <T>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
    close: () => client.close(),
  };
}

/**
 * The PostgreSQL driver and its drizzle adapter, loaded only when DATABASE_URL is set: the embedded database's server
 * does not pay for them at start.
 */
async function postgresDriver() {
  const [{ default: pgModule }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  return { pg: pgModule, drizzlePg: drizzle, migratePg: migrate };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const { pg, drizzlePg } = await postgresDriver();
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that dies (server restart, DROP DATABASE … FORCE) makes the pool emit 'error'; unheard, that
  // crashes the process. pg-pool has already discarded the connection and the next query opens a new one.
  pool.on('error', () => undefined);
  // Surface a bad URL or unreachable server at start rather than on the first request.
  const c = await pool.connect();
  c.release();
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    rows: async <T>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
    close: () => pool.end(),
  };
}

export function openDatabase(config: Config): Promise<Database> {
  return config.database.kind === 'postgres'
    ? openPostgres(config.database.url)
    : openPglite(config.database.dataDir, undefined, {
        sharedBuffers: config.database.sharedBuffers,
        demo: config.seed === 'demo',
      });
}

const MIGRATION_LOCK = 727_001;

/**
 * Whether the database holds every committed migration already: drizzle's migrator applies those newer than the last
 * one it recorded (`created_at`, the journal's `when`), so with the journal's last one recorded it has nothing to do.
 * Asked first, it spares a restart the migrator's own work (reading and hashing every migration file, CREATE SCHEMA
 * and CREATE TABLE IF NOT EXISTS, an empty transaction: ~30 ms). False when the migrator has never run here.
 */
export async function migrationsApplied(database: Database): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const last = Math.max(...journal.entries.map((e) => e.when));
  try {
    const [row] = await database.rows<{ created_at: string }>(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    return row !== undefined && Number(row.created_at) >= last;
  } catch {
    return false; // no migrations table yet
  }
}

/** Applies the committed SQL migrations; on PostgreSQL under an advisory lock so parallel starts don't race. */
export async function runMigrations(database: Database, config?: Config): Promise<void> {
  if (database.kind === 'pglite') {
    if (await migrationsApplied(database)) return;
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const url = config?.database.kind === 'postgres' ? config.database.url : undefined;
  if (!url) throw new Error('runMigrations on PostgreSQL needs the config with its URL');
  const { pg, drizzlePg, migratePg } = await postgresDriver();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}

export async function ping(database: Database): Promise<void> {
  await database.db.execute(sql`select 1`);
}
