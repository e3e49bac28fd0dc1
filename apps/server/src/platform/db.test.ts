import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsApplied, openPglite, pgliteWasmModule, runMigrations } from './db.js';

describe('the embedded database', () => {
  it("compiles PostgreSQL's WebAssembly itself, from the file PGlite keeps beside its module", async () => {
    // Undefined: PGlite moved it. A start still works (PGlite compiles it) but ~50 ms later (decision 0009).
    const module = await pgliteWasmModule();
    expect(Object.prototype.toString.call(module)).toBe('[object WebAssembly.Module]');
    expect(await pgliteWasmModule()).toBe(module); // once per process
  });

  it('skips the migrator only when the last committed migration is recorded', async () => {
    const database = await openPglite(undefined);
    try {
      expect(await migrationsApplied(database)).toBe(false); // never migrated: no migrations table
      await runMigrations(database);
      expect(await migrationsApplied(database)).toBe(true);
      // As if the last migration were new (not recorded yet): the migrator must run.
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      expect(await migrationsApplied(database)).toBe(false);
    } finally {
      await database.close();
    }
  }, 60_000);
});
