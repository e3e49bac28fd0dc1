import { lazy, Suspense, useState } from 'react';
import type { ComponentType } from 'react';

/**
 * A dialog whose code (antd's Modal and Form, the contract's field schemas and with them zod) loads the first time it
 * opens, not with the page that offers it: a page's first load carries only what its first paint shows. Rendered
 * with `open={false}` it renders nothing and loads nothing; once opened it stays mounted, so closing animates and
 * reopening is instant. Without an `open` prop (a dialog rendered only while wanted) it loads at once.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    const wanted = (props as { open?: boolean }).open !== false;
    const [opened, setOpened] = useState(wanted);
    if (wanted && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  /** Starts loading the dialog's code (e.g. when the pointer reaches the button that opens it). */
  LazyDialog.preload = () => void load();
  return LazyDialog;
}
