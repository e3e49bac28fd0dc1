import { Empty, Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { ListResult } from '@portal/contract';
import { PAGE_SIZE_OPTIONS, parseSort } from '@portal/contract';
import { ErrorState } from './ErrorState';

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

export interface DataTableProps<T extends object> {
  columns: TableColumnsType<T>;
  /** The list query: data, loading, error and retry all come from it. */
  query?: TableQuery<T>;
  /** The list answer `{ items, total }`; undefined while the first load runs (when no `query` is given). */
  data?: ListResult<T> | undefined;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /**
   * Server-side pagination and sort from useListParams. A column is sortable when it has
   * `sorter: true`; its `key` (else its string `dataIndex`) is the sort field.
   * Without it the table pages through `data.items` locally.
   */
  list?: TableListState;
  rowKey?: TableProps<T>['rowKey'];
  emptyText?: string;
  expandable?: TableProps<T>['expandable'];
  rowSelection?: TableProps<T>['rowSelection'];
  size?: TableProps<T>['size'];
  scroll?: TableProps<T>['scroll'];
  'aria-label'?: string;
}

function columnField<T>(column: TableColumnsType<T>[number]): string | undefined {
  if (column.key !== undefined) return String(column.key);
  const dataIndex = (column as { dataIndex?: unknown }).dataIndex;
  return typeof dataIndex === 'string' ? dataIndex : undefined;
}

/** The one wrapper of antd Table: server-side pagination and sort, loading, empty and error states. */
export function DataTable<T extends object>({
  columns,
  query,
  data = query?.data,
  loading = query?.isFetching,
  error = query?.error,
  onRetry = query ? () => void query.refetch() : undefined,
  list,
  rowKey = 'id',
  emptyText = 'No data',
  expandable,
  rowSelection,
  size = 'middle',
  scroll = { x: 'max-content' },
  ...rest
}: DataTableProps<T>) {
  const current = parseSort(list?.sort);
  const controlledColumns = list
    ? columns.map((column) => {
        if (!('sorter' in column) || !column.sorter) return column;
        const field = columnField(column);
        const sortOrder: SortOrder = current && current.field === field ? (current.desc ? 'descend' : 'ascend') : null;
        return { ...column, sortOrder, sortDirections: ['ascend', 'descend'] as SortOrder[] };
      })
    : columns;

  const showError = Boolean(error) && !data;

  return (
    <Table<T>
      aria-label={rest['aria-label']}
      rowKey={rowKey}
      size={size}
      scroll={scroll}
      columns={controlledColumns}
      dataSource={showError ? [] : (data?.items ?? [])}
      loading={loading && !showError}
      expandable={expandable}
      rowSelection={rowSelection}
      locale={{
        emptyText: showError ? (
          <ErrorState compact error={error} onRetry={onRetry} />
        ) : loading && !data ? (
          <div style={{ height: 80 }} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
        ),
      }}
      pagination={
        list
          ? {
              current: list.page,
              pageSize: list.perPage,
              total: data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showTotal: (total, range) => `${range[0]}-${range[1]} of ${total}`,
              size: 'small',
              hideOnSinglePage: false,
            }
          : { pageSize: 10, showTotal: (total) => `${total} items`, size: 'small', hideOnSinglePage: true }
      }
      onChange={(pagination, _filters, sorter, extra) => {
        if (!list) return;
        if (extra.action === 'sort') {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const field =
            one?.columnKey !== undefined
              ? String(one.columnKey)
              : typeof one?.field === 'string'
                ? one.field
                : undefined;
          list.setSort(one?.order && field ? (one.order === 'descend' ? `-${field}` : field) : undefined);
        } else if (extra.action === 'paginate') {
          list.setPage(pagination.current ?? 1, pagination.pageSize);
        }
      }}
    />
  );
}
