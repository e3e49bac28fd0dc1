import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;
/** The page sizes the console's tables offer. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

/**
 * Builds the flat query schema every list takes: page (1-based), per_page, sort
 * (`field` or `-field`, restricted to the given sortable fields) and one param per filter.
 */
export function listQuery<F extends z.ZodRawShape, S extends readonly [string, ...string[]]>(filters: F, sortable: S) {
  const sortValues = sortable.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort: z.enum(sortValues).optional(),
    ...filters,
  });
}

export function listResult<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}

export interface ListResult<T> {
  items: T[];
  total: number;
}

/** Splits a sort param into field and direction. */
export function parseSort(sort: string | undefined): { field: string; desc: boolean } | undefined {
  if (!sort) return undefined;
  return sort.startsWith('-') ? { field: sort.slice(1), desc: true } : { field: sort, desc: false };
}

/** A query param that may repeat (`?status=A&status=B`) arrives as a string or an array. */
export function repeated<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).optional());
}
