import { useCallback, useEffect, useRef } from 'react';

/**
 * `action` behind a leading-edge debounce: the first call runs at once, and calls arriving within `delayMs` of the
 * previous call are dropped (each one restarts the quiet period). A burst of clicks runs the action once, without
 * delaying the first (spec §9: reload button 200 ms).
 */
export function useDebouncedAction<A extends unknown[]>(action: (...args: A) => void, delayMs: number) {
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (...args: A) => {
      const quiet = timer.current === undefined;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
      }, delayMs);
      if (quiet) latest.current(...args);
    },
    [delayMs],
  );
}
