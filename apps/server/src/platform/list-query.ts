import { PAGE_SIZE_OPTIONS, type ListResult, type SortField } from '@portal/contract';
import { asc, desc, sql, type AnyColumn, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';

export interface PageParams {
  page: number;
  per_page: number;
  sort?: string | undefined;
}

/** A LIKE/ILIKE pattern matching `term` anywhere: `%`, `_` and `\` in the term match literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** LIMIT/OFFSET of a 1-based page. */
export function pageWindow(q: PageParams): { limit: number; offset: number } {
  return { limit: q.per_page, offset: (q.page - 1) * q.per_page };
}

/**
 * A number written into a statement as a literal: drizzle binds a plain number as a parameter, which PostgreSQL
 * cannot see when it plans a prepared statement generically (a `LIMIT $1` is estimated at a tenth of the table).
 */
export function literalNumber(n: number): number {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return sql.raw(String(n)) as unknown as number;
}

/** Page sizes written into a list statement: the console's (and 1, a single row by id). */
const LITERAL_LIMITS: ReadonlySet<number> = new Set([1, ...PAGE_SIZE_OPTIONS]);

/**
 * The LIMIT/OFFSET of a page, as part of a statement's shape. A page size the console offers is written into the
 * statement as a literal, and page 1 has no OFFSET: PostgreSQL estimates a `LIMIT $1` at a tenth of the table, so
 * only with a literal is the generic plan of a named statement the right one (kept per connection, run without
 * planning). Other sizes, and OFFSET beyond page 1, are placeholders (`limit`, `offset`: the values of
 * `pageWindow`).
 */
export interface PageShape {
  /** The window's part of a statement name: `10`, `10+` (a later page), `$`, `$+` (a page size as placeholder). */
  key: string;
  limit: number | Placeholder;
  /** The OFFSET placeholder, absent on page 1. */
  offset: Placeholder | undefined;
}

export function pageShape(q: PageParams): PageShape {
  const literal = LITERAL_LIMITS.has(q.per_page);
  const later = q.page > 1;
  const limit = literal ? literalNumber(q.per_page) : sql.placeholder('limit');
  return {
    key: `${literal ? q.per_page : '$'}${later ? '+' : ''}`,
    limit,
    offset: later ? sql.placeholder('offset') : undefined,
  };
}

/** A column (or any SQL expression, e.g. a subquery's column) a list orders by. */
export type SortKey = AnyColumn | SQLWrapper;

/**
 * The one way a list orders its rows. `sort` is the parsed list query's sort (the contract's `listQuery` declares the
 * sortable fields and the default, so it is always one of them); `keys` maps every sortable field to the key(s) it
 * orders by — several for a multi-column index, in the index's order — all in the sort's direction. The unique
 * `tieBreaker` ends the order unless the keys already end with it, so pages never overlap or skip rows.
 */
export function listOrder<S extends string>(
  sort: S,
  keys: { readonly [F in SortField<S>]: SortKey | readonly SortKey[] },
  tieBreaker?: SortKey,
): SQL[] {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as SortField<S>;
  const chosen = keys[field] as SortKey | readonly SortKey[] | undefined;
  if (!chosen) throw new Error(`no sort key for ${field}`);
  const list: SortKey[] = Array.isArray(chosen) ? [...(chosen as readonly SortKey[])] : [chosen as SortKey];
  if (tieBreaker && list[list.length - 1] !== tieBreaker) list.push(tieBreaker);
  return list.map((k) => (descending ? desc(k) : asc(k)));
}

/** Runs the page query and the count together (one round trip each, never N+1). */
export async function listPage<T>(page: Promise<T[]>, count: Promise<number>): Promise<ListResult<T>> {
  const [items, total] = await Promise.all([page, count]);
  return { items, total };
}

interface Preparable<P> {
  prepare(name?: string): P;
}

const preparedByDb = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database handle and query *shape* (which filters are present, which sort), then run with
 * placeholder values: the hot list and auth queries skip drizzle's SQL building on every request.
 * `named` also makes it a server-side prepared statement on PostgreSQL (parsed once per connection, and planned
 * generically once PostgreSQL finds that as good): use it only for shapes whose best plan does not depend on the
 * values (no filter whose selectivity varies a lot). Unnamed, the server still plans each run with the real values.
 * Shapes must be globally unique names; node-postgres refuses one name with two different statements.
 */
export function preparedQuery<P>(
  db: object,
  shape: string,
  build: () => Preparable<P>,
  opts: { named?: boolean } = {},
): P {
  let byShape = preparedByDb.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedByDb.set(db, byShape);
  }
  let q = byShape.get(shape) as P | undefined;
  if (!q) {
    q = build().prepare(opts.named ? shape : undefined);
    byShape.set(shape, q);
  }
  return q;
}
