import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;
/** The page sizes the console's tables offer. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

/** A sort param: `field` ascending or `-field` descending. */
export type SortParam<F extends string> = F | `-${F}`;
/** The field a sort param names. */
export type SortField<S extends string> = S extends `-${infer F}` ? F : S;

/**
 * Builds the flat query schema every list takes: page (1-based), per_page, sort and one param per filter.
 * The list declares its sortable fields and its default sort here, once: the server derives ORDER BY from the parsed
 * `sort` (always present after parsing), the web offers only these columns as sortable.
 */
export function listQuery<F extends z.ZodRawShape, const S extends readonly [string, ...string[]]>(
  filters: F,
  sortable: S,
  defaultSort: SortParam<S[number]>,
) {
  const sortValues = sortable.flatMap((f) => [f, `-${f}`]) as [SortParam<S[number]>, ...SortParam<S[number]>[]];
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort: z.enum(sortValues).default(defaultSort as never),
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
