import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The update the URL is about to get: react-router hands every updater of one tick the same `prev`, so a second
 * write (a tab change, then a search a moment later; two filters settling together) would drop the first. Module
 * level, because the writers are different hooks of one page; cleared as soon as the URL has caught up.
 */
let inflight: { from: string; to: URLSearchParams } | null = null;

/**
 * The one way to change the page's URL search params: `update(mutate, replace)` applies `mutate` on top of every
 * update not yet in the URL, whichever component made it. Returns the current params too.
 */
export function useSearchUpdate(): [
  URLSearchParams,
  (mutate: (next: URLSearchParams) => void, replace?: boolean) => void,
] {
  const [search, setSearch] = useSearchParams();
  useEffect(() => {
    inflight = null;
  }, [search]);
  const update = useCallback(
    (mutate: (next: URLSearchParams) => void, replace?: boolean) => {
      setSearch(
        (prev) => {
          const from = prev.toString();
          const next = new URLSearchParams(inflight && inflight.from === from ? inflight.to : prev);
          mutate(next);
          inflight = { from, to: next };
          return next;
        },
        { replace },
      );
    },
    [setSearch],
  );
  return [search, update];
}
