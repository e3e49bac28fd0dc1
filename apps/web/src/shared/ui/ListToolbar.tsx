import { Button } from 'antd';
import type { ReactNode } from 'react';
import { ReloadButton } from './ReloadButton';

/**
 * The filter row above a list: its filters, then a Reset button while any filter is set, then a Reload button when
 * the list offers one (debounced, spec §9).
 */
export function ListToolbar({
  filtered,
  onReset,
  onReload,
  reloading,
  children,
}: {
  filtered: boolean;
  onReset: () => void;
  /** Shows a Reload button that refetches the list. */
  onReload?: () => unknown;
  reloading?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="toolbar">
      {children}
      {filtered ? <Button onClick={onReset}>Reset</Button> : null}
      {onReload ? <ReloadButton onReload={onReload} loading={reloading} /> : null}
    </div>
  );
}
