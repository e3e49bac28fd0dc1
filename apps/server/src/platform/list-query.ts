import { parseSort, type ListResult } from '@portal/contract';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export interface PageParams {
  page: number;
  per_page: number;
  sort?: string | undefined;
}

/** LIMIT/OFFSET of a 1-based page. */
export function pageWindow(q: PageParams): { limit: number; offset: number } {
  return { limit: q.per_page, offset: (q.page - 1) * q.per_page };
}

/**
 * ORDER BY for a list: the requested sortable column (already restricted by the contract's enum), else the
 * default order, always ending with a unique tie-breaker so pages never overlap or skip rows.
 */
export function orderBy(
  sort: string | undefined,
  columns: Record<string, AnyPgColumn>,
  fallback: SQL[],
  tieBreaker: AnyPgColumn,
): SQL[] {
  const s = parseSort(sort);
  const col = s ? columns[s.field] : undefined;
  if (!s || !col) return [...fallback, asc(tieBreaker)];
  return [s.desc ? desc(col) : asc(col), s.desc ? desc(tieBreaker) : asc(tieBreaker)];
}

/** Runs the page query and the count together (one round trip each, never N+1). */
export async function listPage<T>(page: Promise<T[]>, count: Promise<number>): Promise<ListResult<T>> {
  const [items, total] = await Promise.all([page, count]);
  return { items, total };
}
