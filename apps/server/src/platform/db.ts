import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../config.js';

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

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

export const pgliteExtensions = { pg_trgm };

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const client = await PGlite.create({ dataDir, extensions: pgliteExtensions, loadDataDir });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    rows: async <T>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
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
  return config.database.kind === 'postgres' ? openPostgres(config.database.url) : openPglite(config.database.dataDir);
}

const MIGRATION_LOCK = 727_001;

/** Applies the committed SQL migrations; on PostgreSQL under an advisory lock so parallel starts don't race. */
export async function runMigrations(database: Database, config?: Config): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const url = config?.database.kind === 'postgres' ? config.database.url : undefined;
  if (!url) throw new Error('runMigrations on PostgreSQL needs the config with its URL');
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
