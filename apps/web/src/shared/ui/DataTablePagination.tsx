import type { ReactNode } from 'react';

/** An antd-style outline icon (the table's sort carets and the pager's arrows), without @ant-design/icons' runtime. */
export const svg = (d: string, viewBox = '64 64 896 896') => (
  <svg viewBox={viewBox} width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);
const LEFT =
  'M724 218.3V141c0-6.7-7.7-10.4-12.9-6.3L260.3 486.8a31.86 31.86 0 000 50.3l450.8 352.1c5.3 4.1 12.9.4 12.9-6.3v-77.3c0-4.9-2.3-9.6-6.1-12.6l-360-281 360-281.1c3.8-3 6.1-7.7 6.1-12.6z';
const RIGHT =
  'M765.7 486.8L314.9 134.7A7.97 7.97 0 00302 141v77.3c0 4.9 2.3 9.6 6.1 12.6l360 281.1-360 281.1c-3.9 3-6.1 7.7-6.1 12.6V883c0 6.7 7.7 10.4 12.9 6.3l450.8-352.1a31.96 31.96 0 000-50.4z';

export function pageItems(current: number, count: number): (number | 'back' | 'forward')[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  let left = Math.max(1, current - 2);
  let right = Math.min(current + 2, count);
  if (current - 1 <= 2) right = 5;
  if (count - current <= 2) left = count - 4;
  const items: (number | 'back' | 'forward')[] = [];
  for (let i = left; i <= right; i++) items.push(i);
  if (current - 1 >= 4 && current !== 3) items.unshift('back');
  if (count - current >= 4 && current !== count - 2) items.push('forward');
  if (left !== 1) items.unshift(1);
  if (right !== count) items.push(count);
  return items;
}

export interface PaginationProps {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  totalText: ReactNode;
  /** The page-size choice; none when undefined. */
  sizeOptions?: readonly number[];
  onChange(page: number, pageSize: number): void;
}

/** A compact pager like antd's small Pagination: total, prev, pages with jumps, next, rows per page. */
export function Pagination({ label, page, pageSize, total, totalText, sizeOptions, onChange }: PaginationProps) {
  const count = Math.max(1, Math.ceil(total / pageSize));
  const go = (to: number) => {
    const next = Math.min(count, Math.max(1, to));
    if (next !== page) onChange(next, pageSize);
  };
  const sizes = sizeOptions && !sizeOptions.includes(pageSize) ? [...sizeOptions, pageSize] : sizeOptions;
  return (
    <nav className="dt-pagination" aria-label={label}>
      <span className="dt-pagination-total">{totalText}</span>
      <ul>
        <li>
          <button
            type="button"
            className="dt-page-link"
            aria-label="Previous page"
            title="Previous Page"
            disabled={page <= 1}
            onClick={() => go(page - 1)}
          >
            {svg(LEFT)}
          </button>
        </li>
        {pageItems(page, count).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={item === page ? 'dt-page dt-page-active' : 'dt-page'}
                title={String(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="dt-page-link dt-page-jump"
                title={item === 'back' ? 'Previous 5 Pages' : 'Next 5 Pages'}
                aria-label={item === 'back' ? '5 pages back' : '5 pages forward'}
                onClick={() => go(item === 'back' ? page - 5 : page + 5)}
              >
                <span className="dt-page-jump-dots" aria-hidden="true">
                  •••
                </span>
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="dt-page-link"
            aria-label="Next page"
            title="Next Page"
            disabled={page >= count}
            onClick={() => go(page + 1)}
          >
            {svg(RIGHT)}
          </button>
        </li>
      </ul>
      {sizes ? (
        <select
          className="dt-page-size"
          aria-label="Rows per page"
          value={pageSize}
          onChange={(e) => onChange(1, Number(e.target.value))}
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {`${size} / page`}
            </option>
          ))}
        </select>
      ) : null}
    </nav>
  );
}
