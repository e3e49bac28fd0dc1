import { lazy, Suspense, useState } from 'react';
import type { ComponentType } from 'react';

/** What the light stand-in of a deferred control is given besides the control's own props. */
export interface StandInProps {
  /** The pointer is near: start loading the real control. */
  onReach(): void;
  /** The user reached for it (focus, click): swap in the real control, opened. */
  onActivate(): void;
}

/**
 * A control whose heavy code (antd Select, RangePicker…) is not part of the page's first load: a light look-alike
 * shows the current value until the user reaches for it, then the real control loads and takes its place, focused
 * and open (`autoOpen`). Filters are read on every load but used on few, so a list page's first paint carries only
 * what shows the list.
 */
export function deferredControl<P extends object>(
  load: () => Promise<ComponentType<P & { autoOpen: boolean }>>,
  StandIn: ComponentType<P & StandInProps>,
) {
  let loading: Promise<ComponentType<P & { autoOpen: boolean }>> | undefined;
  const preload = () => (loading ??= load());
  const Real = lazy(() => preload().then((component) => ({ default: component })));
  function DeferredControl(props: P) {
    const [active, setActive] = useState(false);
    const stand = <StandIn {...props} onReach={() => void preload()} onActivate={() => setActive(true)} />;
    if (!active) return stand;
    return (
      <Suspense fallback={stand}>
        <Real {...props} autoOpen />
      </Suspense>
    );
  }
  return DeferredControl;
}
