import { Button } from 'antd';
import type { ReactNode } from 'react';

/** The filter row above a list: its filters, then a Reset button while any filter is set. */
export function ListToolbar({
  filtered,
  onReset,
  children,
}: {
  filtered: boolean;
  onReset: () => void;
  children: ReactNode;
}) {
  return (
    <div className="toolbar">
      {children}
      {filtered ? <Button onClick={onReset}>Reset</Button> : null}
    </div>
  );
}
