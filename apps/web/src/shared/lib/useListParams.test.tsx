import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LIST_AUTOLOAD_MS } from '@portal/contract';
import { useListParams } from './useListParams';
import { useSearchUpdate } from './useSearchUpdate';
import { memoryRouter } from '../../test/render';

type Status = 'ACTIVE' | 'SUSPENDED';

function setup<T>(hook: () => T, path = '/orgs') {
  const { router, Router } = memoryRouter(path);
  const wrapper = ({ children }: { children: ReactNode }) => <Router>{children}</Router>;
  const view = renderHook(hook, { wrapper });
  const url = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, url };
}

const defaults = () => ({ search: '', status: [] as Status[], sort: '-created_at' });

describe('useListParams', () => {
  it('reads filters, sort and page from the URL, with defaults for what is missing', () => {
    const { result } = setup(
      () => useListParams(defaults()),
      '/orgs?status=ACTIVE&status=SUSPENDED&page=3&per_page=20&search=acme',
    );
    expect(result.current.params).toEqual({
      search: 'acme',
      status: ['ACTIVE', 'SUSPENDED'],
      page: 3,
      per_page: 20,
      sort: '-created_at',
    });
  });

  it('defaults to page 1, 10 per page and the default sort, with a clean URL', () => {
    const { result, url } = setup(() => useListParams(defaults()));
    expect(result.current.params).toEqual({ search: '', status: [], page: 1, per_page: 10, sort: '-created_at' });
    expect(url()).toBe('/orgs');
  });

  it('setting a filter writes it to the URL (arrays as repeated keys) and goes back to page 1', () => {
    const { result, url } = setup(() => useListParams(defaults()), '/orgs?page=4');
    act(() => result.current.setFilters({ status: ['ACTIVE', 'SUSPENDED'] }));
    expect(url()).toBe('/orgs?status=ACTIVE&status=SUSPENDED');
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(2));
    expect(url()).toBe('/orgs?status=ACTIVE&status=SUSPENDED&page=2');
    act(() => result.current.setFilters({ search: 'acme' }));
    expect(url()).toBe('/orgs?status=ACTIVE&status=SUSPENDED&search=acme');
  });

  it('drops values equal to their defaults from the URL', () => {
    const { result, url } = setup(() => useListParams(defaults()), '/orgs?search=x&status=ACTIVE&sort=name');
    act(() => result.current.setFilters({ search: '', status: [] }));
    act(() => result.current.setSort('-created_at'));
    act(() => result.current.setPage(1, 10));
    expect(url()).toBe('/orgs');
  });

  it('sorts, and a new page size starts from page 1', () => {
    const { result, url } = setup(() => useListParams(defaults()), '/orgs?page=3');
    act(() => result.current.setSort('name'));
    expect(url()).toBe('/orgs?sort=name');
    act(() => result.current.setPage(5));
    act(() => result.current.setPage(5, 50));
    expect(url()).toBe('/orgs?sort=name&per_page=50');
  });

  it('keeps lists apart with a prefix', () => {
    const { result, url } = setup(
      () => ({
        a: useListParams({ status: [] as Status[] }, { prefix: 'clusters_' }),
        b: useListParams({ search: '' }),
      }),
      '/orgs/1?page=2',
    );
    act(() => result.current.a.setFilters({ status: ['ACTIVE'] }));
    expect(url()).toBe('/orgs/1?page=2&clusters_status=ACTIVE');
    expect(result.current.a.params).toEqual({ status: ['ACTIVE'], page: 1, per_page: 10 });
    expect(result.current.b.params.page).toBe(2);
  });

  it('composes two filter changes made in the same moment', () => {
    const { result, url } = setup(() => useListParams(defaults()));
    act(() => {
      result.current.setFilters({ search: 'acme' });
      result.current.setFilters({ status: ['ACTIVE'] });
    });
    expect(result.current.params).toMatchObject({ search: 'acme', status: ['ACTIVE'], page: 1 });
    expect(url()).toBe('/orgs?search=acme&status=ACTIVE');
  });

  it('composes with another writer of the URL in the same moment (a tab change, then a search)', () => {
    const { result, url } = setup(() => ({ list: useListParams(defaults()), tab: useSearchUpdate()[1] }));
    act(() => {
      result.current.tab((sp) => sp.set('file', 'tikv'), true);
      result.current.list.setFilters({ search: 'grpc' }, { replace: true });
    });
    expect(url()).toBe('/orgs?file=tikv&search=grpc');
    // Later updates start from the URL again.
    act(() => result.current.tab((sp) => sp.delete('file'), true));
    expect(url()).toBe('/orgs?search=grpc');
  });
});

describe('list auto-load (spec §9: 10 ms)', () => {
  it('is 10 ms', () => {
    expect(LIST_AUTOLOAD_MS).toBe(10);
  });

  it('loads with the first params at once', () => {
    const { result } = setup(() => useListParams(defaults()), '/orgs?search=acme');
    expect(result.current.request).toEqual(result.current.params);
    expect(result.current.request).toMatchObject({ search: 'acme', page: 1 });
  });

  it('loads 10 ms after the params last changed, so changes made together load once', () => {
    vi.useFakeTimers();
    const { result } = setup(() => useListParams(defaults()), '/orgs?page=3');
    const first = result.current.request;
    act(() => result.current.setFilters({ search: 'acme' }));
    act(() => vi.advanceTimersByTime(LIST_AUTOLOAD_MS - 1));
    // Another change before the 10 ms are up: still the first request, the URL already moved on.
    act(() => result.current.setFilters({ status: ['ACTIVE'] }));
    expect(result.current.params).toMatchObject({ search: 'acme', status: ['ACTIVE'], page: 1 });
    act(() => vi.advanceTimersByTime(LIST_AUTOLOAD_MS - 1));
    expect(result.current.request).toBe(first);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.request).toEqual(result.current.params);
    expect(result.current.request).toMatchObject({ search: 'acme', status: ['ACTIVE'], page: 1 });
  });
});
