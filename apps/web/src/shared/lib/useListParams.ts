import { useCallback, useMemo } from 'react';
import { useSearchUpdate } from './useSearchUpdate';
import { DEFAULT_PAGE_SIZE, LIST_AUTOLOAD_MS } from '@portal/contract';
import { useDebouncedValue } from './useDebouncedValue';

type FilterValue = string | number | boolean | readonly string[] | undefined;

/**
 * Defaults of a list's filters (one key per filter), plus optional `sort` and `per_page`.
 * A filter's default also fixes how it is read back from the URL: an array default
 * (`[] as Status[]`) reads repeated keys, a number reads a number, a boolean reads "true"/"false",
 * anything else reads a string.
 */
export type ListDefaults = { readonly [key: string]: FilterValue } & { sort?: string; per_page?: number };

type Widen<V> = V extends readonly (infer I)[]
  ? I[]
  : V extends string
    ? string
    : V extends number
      ? number
      : V extends boolean
        ? boolean
        : V;

export type ListFilters<D extends ListDefaults> = { [K in Exclude<keyof D, 'sort' | 'per_page'>]: Widen<D[K]> };

/** The flat request params: page (1-based), per_page, sort and every filter: a list route's `query`. */
export type ListRequestParams<D extends ListDefaults> = ListFilters<D> & {
  page: number;
  per_page: number;
  sort?: string;
};

export interface ListParamsOptions {
  /** Namespaces the URL keys (`clusters_page`, `clusters_status`) when a page holds more than one list. */
  prefix?: string;
}

export interface ListParams<D extends ListDefaults> {
  /** The request params (unprefixed names), as the URL has them now — also a stable query key. */
  params: ListRequestParams<D>;
  /**
   * What to load the list with: `params` once they have held still for LIST_AUTOLOAD_MS (spec §9 list auto-load,
   * 10 ms), so changes made together (a reset, a filter and its page) load once. The first load does not wait.
   */
  request: ListRequestParams<D>;
  filters: ListFilters<D>;
  page: number;
  perPage: number;
  sort: string | undefined;
  /** Sets some filters and goes back to page 1. */
  setFilters(next: Partial<ListFilters<D>>, options?: { replace?: boolean }): void;
  setPage(page: number, perPage?: number): void;
  /** `field` ascending, `-field` descending, undefined for the default order. Goes back to page 1. */
  setSort(sort: string | undefined): void;
  /** Drops every filter, the sort and the page from the URL. */
  reset(): void;
}

const isEqual = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v, i) => v === b[i]) : a === b;

function readValue(search: URLSearchParams, key: string, fallback: FilterValue): FilterValue {
  if (Array.isArray(fallback)) return search.has(key) ? search.getAll(key).filter((v) => v !== '') : fallback;
  const raw = search.get(key);
  if (raw === null) return fallback;
  if (typeof fallback === 'number') {
    const n = Number(raw);
    return Number.isFinite(n) ? n : fallback;
  }
  if (typeof fallback === 'boolean') return raw === 'true';
  return raw;
}

function writeValue(search: URLSearchParams, key: string, value: FilterValue, fallback: FilterValue): void {
  search.delete(key);
  if (value === undefined || value === '' || isEqual(value, fallback)) return;
  if (Array.isArray(value)) for (const item of value as readonly string[]) search.append(key, item);
  else search.set(key, String(value));
}

/**
 * Filters, sort and page of a list, kept in the URL search params (never only in state), so a reload
 * or a shared link reproduces the view. Defaults are left out of the URL.
 */
export function useListParams<D extends ListDefaults>(defaults: D, options: ListParamsOptions = {}): ListParams<D> {
  const [search, update] = useSearchUpdate();
  const prefix = options.prefix ?? '';
  const defaultPerPage = defaults.per_page ?? DEFAULT_PAGE_SIZE;
  // Callers pass object literals; key on content so memoised values stay stable across renders.
  const defaultsKey = JSON.stringify(defaults);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableDefaults = useMemo(() => defaults, [defaultsKey]);
  const filterKeys = useMemo(
    () => Object.keys(stableDefaults).filter((k) => k !== 'sort' && k !== 'per_page'),
    [stableDefaults],
  );

  const state = useMemo(() => {
    const filters: Record<string, FilterValue> = {};
    for (const key of filterKeys) filters[key] = readValue(search, prefix + key, stableDefaults[key]);
    const page = Math.max(1, Math.trunc(Number(search.get(`${prefix}page`) ?? 1)) || 1);
    const perPage = Math.max(
      1,
      Math.trunc(Number(search.get(`${prefix}per_page`) ?? defaultPerPage)) || defaultPerPage,
    );
    const sort = search.get(`${prefix}sort`) ?? stableDefaults.sort;
    const params: Record<string, unknown> = { ...filters, page, per_page: perPage };
    if (sort) params.sort = sort;
    return { filters, page, perPage, sort, params };
  }, [search, prefix, filterKeys, stableDefaults, defaultPerPage]);

  const request = useDebouncedValue(state.params, LIST_AUTOLOAD_MS);

  const setFilters = useCallback(
    (next: Partial<Record<string, FilterValue>>, opts?: { replace?: boolean }) =>
      update((sp) => {
        for (const [key, value] of Object.entries(next)) writeValue(sp, prefix + key, value, stableDefaults[key]);
        sp.delete(`${prefix}page`);
      }, opts?.replace),
    [update, prefix, stableDefaults],
  );

  const setPage = useCallback(
    (page: number, perPage?: number) =>
      update((sp) => {
        const size = perPage ?? state.perPage;
        writeValue(sp, `${prefix}per_page`, size, defaultPerPage);
        // A new page size starts from the first page.
        writeValue(sp, `${prefix}page`, size !== state.perPage ? 1 : page, 1);
      }),
    [update, prefix, state.perPage, defaultPerPage],
  );

  const setSort = useCallback(
    (sort: string | undefined) =>
      update((sp) => {
        writeValue(sp, `${prefix}sort`, sort, stableDefaults.sort);
        if (sort === undefined && stableDefaults.sort) sp.set(`${prefix}sort`, '');
        sp.delete(`${prefix}page`);
      }),
    [update, prefix, stableDefaults],
  );

  const reset = useCallback(
    () =>
      update((sp) => {
        for (const key of [...filterKeys, 'page', 'per_page', 'sort']) sp.delete(prefix + key);
      }),
    [update, prefix, filterKeys],
  );

  return {
    params: state.params as ListRequestParams<D>,
    request: request as ListRequestParams<D>,
    filters: state.filters as ListFilters<D>,
    page: state.page,
    perPage: state.perPage,
    sort: state.sort || undefined,
    setFilters: setFilters as ListParams<D>['setFilters'],
    setPage,
    setSort,
    reset,
  };
}
