import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@portal/contract';

/** The value, once it has stopped changing for `delayMs` (spec §9: search 300 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
