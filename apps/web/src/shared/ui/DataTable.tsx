import { useCallback, useDeferredValue, useId, useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties, Key, ReactNode } from 'react';
import { theme } from 'antd';
import type { ListResult } from '@portal/contract';
import { PAGE_SIZE_OPTIONS, parseSort } from '@portal/contract';
import { ErrorState } from './ErrorState';
import { Pagination, svg } from './DataTablePagination';
import './DataTable.css';

export { pageItems } from './DataTablePagination';

/*
 * Our own table instead of antd's Table: that one brings its filter dropdown (Tree), virtual scrolling, the Select of
 * its size changer, Radio, the form hooks and a large runtime style generation (≈ 84 KB gzip) to every list page,
 * which uses none of it. This one is a semantic <table> drawn by a static stylesheet (DataTable.css) whose colours
 * come from the antd design tokens, so it looks like antd's table in the portal's theme.
 */

/** A column, a subset of antd's column type with the same names and meaning. */
export interface DataColumn<T> {
  title?: ReactNode;
  /** The sort field of a `sorter` column (else its string `dataIndex`), and the React key of the column. */
  key?: string;
  /** The record's field shown (and handed to `render`): a name, or a path such as `['meta', 'name']`. */
  dataIndex?: string | readonly (string | number)[];
  /** The cell: `(value at dataIndex, record, row index)`; without it the value itself. */
  render?: (value: never, record: T, index: number) => ReactNode;
  /** Server-side sort on this column (only with `list`). */
  sorter?: boolean;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /** One line cut with "…" (needs a `width`); the whole text on hover when the value is a string or number. */
  ellipsis?: boolean;
  /** Sticks the first (left) or the last (right) column while the table scrolls sideways. */
  fixed?: 'left' | 'right';
}

export type DataColumns<T> = DataColumn<T>[];

/** The part of useListParams a table needs; a whole ListParams object fits. */
export interface TableListState {
  page: number;
  perPage: number;
  sort: string | undefined;
  setPage(page: number, perPage?: number): void;
  setSort(sort: string | undefined): void;
}

/** The part of a react-query result a table needs. */
export interface TableQuery<T> {
  data: ListResult<T> | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface DataTableExpandable<T> {
  expandedRowRender(record: T, index: number): ReactNode;
  /** Rows without details get no expand button. */
  rowExpandable?(record: T): boolean;
}

export interface DataTableRowSelection<T> {
  selectedRowKeys: readonly Key[];
  onChange(selectedRowKeys: Key[], selectedRows: T[]): void;
  /** As antd's: a row whose checkbox is disabled cannot be selected, and select-all leaves it out. */
  getCheckboxProps?(record: T): { disabled?: boolean };
}

export interface DataTableProps<T extends object> {
  columns: DataColumns<T>;
  /** The list query: data, loading, error and retry all come from it. */
  query?: TableQuery<T>;
  /** The list answer `{ items, total }`, or the rows themselves; undefined while the first load runs. */
  data?: ListResult<T> | readonly T[] | undefined;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /**
   * Server-side pagination and sort from useListParams. A column is sortable when it has
   * `sorter: true`; its `key` (else its string `dataIndex`) is the sort field.
   * Without it the table pages through the rows locally.
   */
  list?: TableListState;
  /** Local paging (without `list`): `false` shows every row; else its page size (10) and total text (`N items`). */
  pagination?: false | { pageSize?: number; showTotal?: (total: number) => ReactNode };
  /** The record's key: a field name (default `id`) or a function. */
  rowKey?: string | ((record: T) => Key);
  emptyText?: ReactNode;
  expandable?: DataTableExpandable<T>;
  rowSelection?: DataTableRowSelection<T>;
  size?: 'middle' | 'small';
  /** The table's width when wider than its box (it then scrolls sideways); default `max-content`. */
  scroll?: { x?: number | string };
  'aria-label'?: string;
}

type SortOrder = 'ascending' | 'descending' | undefined;

function columnField<T>(column: DataColumn<T>): string | undefined {
  if (column.key !== undefined) return column.key;
  return typeof column.dataIndex === 'string' ? column.dataIndex : undefined;
}

function valueAt(record: object, dataIndex: DataColumn<unknown>['dataIndex']): unknown {
  if (dataIndex === undefined) return undefined;
  const path = typeof dataIndex === 'string' ? [dataIndex] : dataIndex;
  let value: unknown = record;
  for (const step of path) value = value == null ? undefined : (value as Record<string | number, unknown>)[step];
  return value;
}

/** A token colour with alpha, laid on the container background: cells must be opaque (sticky columns). */
function solid(color: string, background: string): string {
  const rgba = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(color);
  const bg = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background);
  if (!rgba || !bg) return color;
  const a = Number(rgba[4]);
  const mix = (i: number) => Math.round(Number(rgba[i]) * a + parseInt(bg[i] as string, 16) * (1 - a));
  return `rgb(${mix(1)}, ${mix(2)}, ${mix(3)})`;
}

/** The design tokens the stylesheet reads, as CSS variables on the table's wrapper. */
function useTokenVars(): CSSProperties {
  const { token } = theme.useToken();
  const bg = token.colorBgContainer;
  const table = (token as { Table?: { cellPaddingBlockMD?: number } }).Table;
  return {
    '--dt-bg': bg,
    '--dt-text': token.colorText,
    '--dt-heading': token.colorTextHeading,
    '--dt-text-disabled': token.colorTextDisabled,
    '--dt-icon': token.colorTextQuaternary,
    '--dt-primary': token.colorPrimary,
    '--dt-primary-hover': token.colorPrimaryHover,
    '--dt-border': token.colorBorderSecondary,
    '--dt-control-border': token.colorBorder,
    '--dt-header-bg': solid(token.colorFillAlter, bg),
    '--dt-sort-bg': solid(token.colorFillSecondary, bg),
    '--dt-sort-hover-bg': solid(token.colorFillContent, bg),
    '--dt-row-hover-bg': solid(token.colorFillAlter, bg),
    '--dt-text-hover-bg': token.colorBgTextHover,
    '--dt-selected-bg': token.controlItemBgActive,
    '--dt-selected-hover-bg': token.controlItemBgActiveHover,
    '--dt-radius': `${token.borderRadius}px`,
    '--dt-radius-lg': `${token.borderRadiusLG}px`,
    '--dt-pad-block-md': `${table?.cellPaddingBlockMD ?? token.paddingSM}px`,
    '--dt-pad-inline-md': `${token.paddingXS}px`,
    '--dt-pad-sm': `${token.paddingXS}px`,
    '--dt-font-size': `${token.fontSize}px`,
  } as CSSProperties;
}

/** Whether the wrapper is scrolled away from its start / its end: shadows beside the fixed columns. */
function useScrollEdges(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const start = el.scrollLeft > 0;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
  }, []);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof ResizeObserver === 'undefined') return;
    // The box (window resize) and the table in it (rows of another width).
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [enabled, measure]);
  return { ref, edges, onScroll: enabled ? measure : undefined };
}

const CARET_UP =
  'M858.9 689L530.5 308.2c-9.4-10.9-27.5-10.9-37 0L165.1 689c-12.2 14.2-1.2 35 18.5 35h656.8c19.7 0 30.7-20.8 18.5-35z';
const CARET_DOWN =
  'M840.4 300H183.6c-19.7 0-30.7 20.8-18.5 35l328.4 380.8c9.4 10.9 27.5 10.9 37 0L858.9 335c12.2-14.2 1.2-35-18.5-35z';

function SortIcon({ order }: { order: SortOrder }) {
  return (
    <span className="dt-sorter" aria-hidden="true">
      <span className={order === 'ascending' ? 'dt-sorter-up active' : 'dt-sorter-up'}>
        {svg(CARET_UP, '0 0 1024 1024')}
      </span>
      <span className={order === 'descending' ? 'dt-sorter-down active' : 'dt-sorter-down'}>
        {svg(CARET_DOWN, '0 0 1024 1024')}
      </span>
    </span>
  );
}

/** The page buttons shown: all of them up to 7, else the first, the last, 2 either side and jumps of 5 (as antd). */
function SelectAll({
  checked,
  indeterminate,
  disabled,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  disabled?: boolean;
  onChange(): void;
}) {
  return (
    <input
      type="checkbox"
      className="dt-checkbox"
      aria-label="Select all rows"
      checked={checked}
      disabled={disabled}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate;
      }}
      onChange={onChange}
    />
  );
}

/**
 * The empty state: antd's simple "Empty" picture (its SVG, in the default theme's colours) and the text, without
 * antd's Empty component, whose two illustrations were ~2 KB gzip of every page with a table.
 */
function TableEmpty({ text }: { text: ReactNode }) {
  return (
    <div className="dt-empty">
      <svg width="64" height="41" viewBox="0 0 64 41" aria-hidden="true">
        <g transform="translate(0 1)" fill="none" fillRule="evenodd">
          <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
          <g fillRule="nonzero" stroke="#d9d9d9">
            <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
            <path
              d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
              fill="#fafafa"
            />
          </g>
        </g>
      </svg>
      <div className="dt-empty-text">{text}</div>
    </div>
  );
}

/**
 * The one table of the console: server-side pagination and sort (`list`), or local paging of the rows; loading,
 * empty and error states; expandable rows and row selection.
 */
export function DataTable<T extends object>({
  columns,
  query,
  data: latestData = query?.data,
  loading: fetching = query?.isFetching,
  error = query?.error,
  onRetry = query ? () => void query.refetch() : undefined,
  list,
  pagination,
  rowKey = 'id',
  emptyText = 'No data',
  expandable,
  rowSelection,
  size = 'middle',
  scroll = { x: 'max-content' },
  'aria-label': ariaLabel,
}: DataTableProps<T>) {
  // New rows render in a transition (React yields to input every few ms) rather than in the one task that took the
  // response; until they are in, the table shows the old rows as loading.
  const data = useDeferredValue(latestData);
  const loading = fetching || data !== latestData;
  const vars = useTokenVars();
  const id = useId();
  const [localPage, setLocalPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<Key>>(() => new Set());
  const hasFixed = columns.some((c) => c.fixed);
  const scrollEdges = useScrollEdges(hasFixed);

  const showError = Boolean(error) && !data;
  const all: readonly T[] = showError ? [] : Array.isArray(data) ? data : ((data as ListResult<T>)?.items ?? []);
  const keyOf = (record: T): Key =>
    typeof rowKey === 'function' ? rowKey(record) : ((record as Record<string, unknown>)[rowKey] as Key);

  // Local paging: a page of `all`; the server pages itself.
  const localSize = pagination ? (pagination.pageSize ?? 10) : 10;
  const localPages = Math.max(1, Math.ceil(all.length / localSize));
  const currentLocal = Math.min(localPage, localPages);
  const rows = list || pagination === false ? all : all.slice((currentLocal - 1) * localSize, currentLocal * localSize);

  const sort = parseSort(list?.sort);
  const orderOf = (column: DataColumn<T>): SortOrder => {
    const field = columnField(column);
    return sort && field !== undefined && sort.field === field ? (sort.desc ? 'descending' : 'ascending') : undefined;
  };
  const toggleSort = (column: DataColumn<T>) => {
    const field = columnField(column);
    if (!list || field === undefined) return;
    const order = orderOf(column);
    list.setSort(order === undefined ? field : order === 'ascending' ? `-${field}` : undefined);
  };

  const selected = new Set(rowSelection?.selectedRowKeys ?? []);
  const selectable = (record: T) => !rowSelection?.getCheckboxProps?.(record).disabled;
  const pageKeys = rows.filter(selectable).map(keyOf);
  const pageSelected = pageKeys.filter((k) => selected.has(k)).length;
  const changeSelection = (next: Set<Key>) => {
    if (!rowSelection) return;
    const keys = [...next];
    rowSelection.onChange(
      keys,
      all.filter((r) => next.has(keyOf(r))),
    );
  };
  const toggleRow = (key: Key) => {
    const next = new Set(selected);
    if (!next.delete(key)) next.add(key);
    changeSelection(next);
  };
  const toggleAll = () => {
    const next = new Set(selected);
    const every = pageKeys.length > 0 && pageSelected === pageKeys.length;
    for (const k of pageKeys) {
      if (every) next.delete(k);
      else next.add(k);
    }
    changeSelection(next);
  };

  const toggleExpanded = (key: Key) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const span = columns.length + (rowSelection ? 1 : 0) + (expandable ? 1 : 0);
  const blank = loading && !data && !showError;

  const cellClass = (column: DataColumn<T>, extra?: string) =>
    [
      column.align ? `dt-align-${column.align}` : '',
      column.fixed ? `dt-fixed-${column.fixed}` : '',
      column.ellipsis ? 'dt-ellipsis' : '',
      extra ?? '',
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  const wrapperClass = [
    'dt-wrapper',
    `dt-${size}`,
    scrollEdges.edges.start ? 'dt-ping-start' : '',
    scrollEdges.edges.end ? 'dt-ping-end' : '',
  ]
    .filter(Boolean)
    .join(' ');

  const tableWidth = scroll.x === undefined ? '100%' : scroll.x;

  let footer: ReactNode = null;
  if (list) {
    const total = showError ? 0 : Array.isArray(data) ? data.length : ((data as ListResult<T>)?.total ?? 0);
    const first = total === 0 ? 0 : (list.page - 1) * list.perPage + 1;
    const last = Math.min(list.page * list.perPage, total);
    footer = (
      <Pagination
        label={ariaLabel ? `${ariaLabel} pages` : 'Pages'}
        page={list.page}
        pageSize={list.perPage}
        total={total}
        totalText={`${first}-${last} of ${total}`}
        sizeOptions={PAGE_SIZE_OPTIONS}
        onChange={(page, perPage) => list.setPage(page, perPage)}
      />
    );
  } else if (pagination !== false && localPages > 1) {
    footer = (
      <Pagination
        label={ariaLabel ? `${ariaLabel} pages` : 'Pages'}
        page={currentLocal}
        pageSize={localSize}
        total={all.length}
        totalText={pagination?.showTotal ? pagination.showTotal(all.length) : `${all.length} items`}
        onChange={(page) => setLocalPage(page)}
      />
    );
  }

  return (
    <div className={wrapperClass} style={vars}>
      <div className="dt-spin-container" aria-busy={loading ? true : undefined}>
        <div className={loading && !showError ? 'dt-content dt-blur' : 'dt-content'}>
          <div className="dt-scroll" ref={scrollEdges.ref} onScroll={scrollEdges.onScroll}>
            <table className="dt-table" aria-label={ariaLabel} style={{ width: tableWidth, minWidth: '100%' }}>
              <thead>
                <tr>
                  {expandable ? <th scope="col" className="dt-expand-cell" /> : null}
                  {rowSelection ? (
                    <th scope="col" className="dt-selection-cell">
                      <SelectAll
                        disabled={pageKeys.length === 0 && rows.length > 0}
                        checked={pageKeys.length > 0 && pageSelected === pageKeys.length}
                        indeterminate={pageSelected > 0 && pageSelected < pageKeys.length}
                        onChange={toggleAll}
                      />
                    </th>
                  ) : null}
                  {columns.map((column, i) => {
                    const sortable = Boolean(list && column.sorter && columnField(column) !== undefined);
                    const order = sortable ? orderOf(column) : undefined;
                    const key = column.key ?? columnField(column) ?? String(i);
                    return (
                      <th
                        key={key}
                        scope="col"
                        aria-sort={order}
                        className={cellClass(
                          column,
                          sortable ? (order ? 'dt-sortable dt-sorted' : 'dt-sortable') : undefined,
                        )}
                        style={column.width !== undefined ? { width: column.width } : undefined}
                        onClick={sortable ? () => toggleSort(column) : undefined}
                      >
                        {sortable ? (
                          <button
                            type="button"
                            className="dt-sort-button"
                            title={
                              order === undefined
                                ? 'Click to sort ascending'
                                : order === 'ascending'
                                  ? 'Click to sort descending'
                                  : 'Click to cancel sorting'
                            }
                          >
                            <span className="dt-column-title">{column.title}</span>
                            <SortIcon order={order} />
                          </button>
                        ) : (
                          column.title
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr className="dt-placeholder">
                    <td colSpan={span}>
                      {showError ? (
                        <ErrorState compact error={error} onRetry={onRetry} />
                      ) : blank ? (
                        <div style={{ height: 80 }} />
                      ) : (
                        <TableEmpty text={emptyText} />
                      )}
                    </td>
                  </tr>
                ) : (
                  rows.map((record, index) => {
                    const key = keyOf(record);
                    const canExpand = expandable ? (expandable.rowExpandable?.(record) ?? true) : false;
                    const isOpen = canExpand && expanded.has(key);
                    const isSelected = selected.has(key);
                    const detailsId = `${id}-${String(key)}`;
                    return [
                      <tr key={key} className={isSelected ? 'dt-row dt-row-selected' : 'dt-row'}>
                        {expandable ? (
                          <td className="dt-expand-cell">
                            {canExpand ? (
                              <button
                                type="button"
                                className={isOpen ? 'dt-expand-icon' : 'dt-expand-icon dt-expand-icon-collapsed'}
                                aria-label={isOpen ? 'Collapse row' : 'Expand row'}
                                aria-expanded={isOpen}
                                aria-controls={isOpen ? detailsId : undefined}
                                onClick={() => toggleExpanded(key)}
                              />
                            ) : null}
                          </td>
                        ) : null}
                        {rowSelection ? (
                          <td className="dt-selection-cell">
                            <input
                              type="checkbox"
                              className="dt-checkbox"
                              aria-label={`Select ${String(key)}`}
                              checked={isSelected}
                              disabled={!selectable(record)}
                              onChange={() => toggleRow(key)}
                            />
                          </td>
                        ) : null}
                        {columns.map((column, i) => {
                          const value = valueAt(record, column.dataIndex);
                          const content = column.render
                            ? column.render(value as never, record, index)
                            : (value as ReactNode);
                          const title =
                            column.ellipsis && (typeof value === 'string' || typeof value === 'number')
                              ? String(value)
                              : undefined;
                          return (
                            <td
                              key={column.key ?? columnField(column) ?? String(i)}
                              className={cellClass(column, orderOf(column) && column.sorter ? 'dt-sorted' : undefined)}
                              style={
                                column.ellipsis && column.width !== undefined ? { maxWidth: column.width } : undefined
                              }
                              title={title}
                            >
                              {content}
                            </td>
                          );
                        })}
                      </tr>,
                      isOpen && expandable ? (
                        <tr key={`${String(key)}-expanded`} id={detailsId} className="dt-expanded-row">
                          <td colSpan={span}>{expandable.expandedRowRender(record, index)}</td>
                        </tr>
                      ) : null,
                    ];
                  })
                )}
              </tbody>
            </table>
          </div>
        </div>
        {loading && !showError ? (
          <div className="dt-spin" aria-hidden="true">
            <span className="dt-spin-dot">
              <i />
              <i />
              <i />
              <i />
            </span>
          </div>
        ) : null}
      </div>
      {footer}
    </div>
  );
}
