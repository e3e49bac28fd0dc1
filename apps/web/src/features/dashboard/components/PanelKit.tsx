import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Spinner } from '../../../shared/ui/Spinner';
import './dashboard.css';

/*
 * What the dashboard's overview panels share, kept small (it loads on /overview): the loading, error and empty states
 * around a query, a plain table, a coloured label and short time formats. No antd Table or Tag.
 */

/** The query's states: a spinner while it loads, its error with Retry, `empty` when `isEmpty`, else the content. */
export function QueryState<T>({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** Names the panel in the error's title ("Failed to load {what}"). */
  what: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.data === undefined) {
    if (query.error)
      return (
        <ErrorState compact error={query.error} title={`Failed to load ${what}`} onRetry={() => void query.refetch()} />
      );
    return <Spinner />;
  }
  if (isEmpty(query.data)) return <p className="dash-empty">{empty}</p>;
  return <>{children(query.data)}</>;
}

export interface MiniColumn<T> {
  title: string;
  align?: 'right';
  cell: (row: T) => ReactNode;
}

/** A plain table: a heading row and one row per item. */
export function MiniTable<T>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  columns: readonly MiniColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
}) {
  return (
    <table className="dash-table" aria-label={label}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.title} className={c.align === 'right' ? 'dash-num' : undefined}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.title} className={c.align === 'right' ? 'dash-num' : undefined}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A small coloured label (antd's preset tag colours by name: red, orange, gold, blue, green, cyan, default). */
export function Label({ color = 'default', children }: { color?: string; children: ReactNode }) {
  return <span className={`dash-label dash-${color}`}>{children}</span>;
}

/** "2026-11-24 09:00 UTC". */
export const minuteUtc = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** How long ago (or, negative, how far ahead): "5 min", "3 h", "2 d". */
export function span(fromIso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(fromIso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h`;
  return `${Math.round(minutes / 1440)} d`;
}

/** Whole numbers with thousands separators. */
export const COUNT = new Intl.NumberFormat('en-US');
