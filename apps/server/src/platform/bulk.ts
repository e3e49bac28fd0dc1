import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db.js';

/** On a conflict over `target`, update the `update` columns from the new row, and only when one of them differs. */
export interface Upsert {
  target: PgColumn[];
  /** The predicate of a partial unique index over `target` (e.g. sql`source = 'meter'`). */
  targetWhere?: SQL;
  update: PgColumn[];
}

/**
 * Inserts `rows` in one statement whose only parameter is the rows as JSON, expanded by PostgreSQL
 * (`json_populate_recordset`), instead of one bind parameter per value. The demo seed inserts ~50,000 values at a
 * fresh start and the parameter catalogue ~3,000 at every start; drizzle's builder took ~0.3 s to render the seed's
 * as parameters, JSON.stringify takes ~10 ms.
 *
 * Every row must give the same columns (an absent column takes its SQL default, as in a drizzle insert, so it must be
 * absent from all rows), and none may rely on a JavaScript default (`$defaultFn`), which only drizzle's builder runs.
 * Values go as JSON: strings, numbers, booleans, null, Dates (ISO text), and objects or arrays for json/jsonb columns.
 * With `upsert`, an existing row is rewritten only when a value changed (no dead tuple for a no-op).
 */
export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  upsert?: Upsert,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first).filter((k) => (first as Record<string, unknown>)[k] !== undefined);
  for (const [key, column] of Object.entries(columns)) {
    if (!keys.includes(key) && (column.defaultFn || column.onUpdateFn)) {
      throw new Error(`insertRows: ${key} has a JavaScript default; give it in every row`);
    }
  }
  const names = keys.map((k) => {
    const column = columns[k];
    if (!column) throw new Error(`insertRows: no column ${k}`);
    return column.name;
  });
  const objects = rows.map((row) => {
    const r = row as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [i, k] of keys.entries()) {
      const v = r[k];
      if (v === undefined) throw new Error(`insertRows: a row lacks ${k}`);
      out[names[i]!] = v;
    }
    if (Object.values(r).filter((v) => v !== undefined).length !== keys.length) {
      throw new Error('insertRows: the rows give different columns');
    }
    return out;
  });
  const list = (cols: string[], prefix?: string): SQL =>
    sql.join(
      cols.map((n) => (prefix ? sql`${sql.identifier(prefix)}.${sql.identifier(n)}` : sql.identifier(n))),
      sql`, `,
    );
  const columnList = list(names);
  let conflict = sql``;
  if (upsert) {
    const update = upsert.update.map((c) => c.name);
    const sets = sql.join(
      update.map((n) => sql`${sql.identifier(n)} = excluded.${sql.identifier(n)}`),
      sql`, `,
    );
    const where = upsert.targetWhere ? sql` where ${upsert.targetWhere}` : sql``;
    conflict = sql` on conflict (${list(upsert.target.map((c) => c.name))})${where} do update set ${sets}
      where (${list(update, getTableName(table))}) is distinct from (${list(update, 'excluded')})`;
  }
  await db.execute(
    sql`insert into ${table} (${columnList}) select ${columnList}
      from json_populate_recordset(null::${table}, ${JSON.stringify(objects)}::json)${conflict}`,
  );
}
