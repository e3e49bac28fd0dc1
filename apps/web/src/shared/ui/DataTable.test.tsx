import { useState } from 'react';
import type { Key } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/ApiError';
import type { DataColumns, TableListState } from './DataTable';
import { DataTable, pageItems } from './DataTable';

interface Row {
  id: string;
  name: string;
}

const columns: DataColumns<Row> = [
  { title: 'ID', dataIndex: 'id', key: 'id' },
  { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
];

function listState(overrides: Partial<TableListState> = {}): TableListState {
  return { page: 1, perPage: 10, sort: undefined, setPage: vi.fn(), setSort: vi.fn(), ...overrides };
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `id-${i + 1}`, name: `Tenant ${i + 1}` }));

describe('DataTable', () => {
  it('shows the page of items and the total, and asks for another page', async () => {
    const list = listState();
    render(<DataTable<Row> aria-label="Tenants" columns={columns} data={{ items: rows(10), total: 42 }} list={list} />);
    expect(screen.getByText('Tenant 10')).toBeInTheDocument();
    expect(screen.getByText('1-10 of 42')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    expect(list.setPage).toHaveBeenCalledWith(2, 10);
  });

  it('sorts on the server: field, then -field, then none', async () => {
    const asc = listState();
    const { rerender } = render(<DataTable<Row> columns={columns} data={{ items: rows(2), total: 2 }} list={asc} />);
    await userEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    expect(asc.setSort).toHaveBeenLastCalledWith('name');

    const desc = listState({ sort: 'name' });
    rerender(<DataTable<Row> columns={columns} data={{ items: rows(2), total: 2 }} list={desc} />);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    expect(desc.setSort).toHaveBeenLastCalledWith('-name');

    const none = listState({ sort: '-name' });
    rerender(<DataTable<Row> columns={columns} data={{ items: rows(2), total: 2 }} list={none} />);
    await userEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    expect(none.setSort).toHaveBeenLastCalledWith(undefined);
  });

  it('says so when there is nothing', () => {
    render(
      <DataTable<Row> columns={columns} data={{ items: [], total: 0 }} list={listState()} emptyText="No tenants yet" />,
    );
    expect(screen.getByText('No tenants yet')).toBeInTheDocument();
  });

  it('shows a failed load with the server message and a Retry button', async () => {
    const onRetry = vi.fn();
    const error = new ApiError({
      status: 500,
      code: 'internal',
      message: 'Database unavailable',
      serverMessage: 'Database unavailable',
      method: 'GET',
      url: '/x',
    });
    render(<DataTable<Row> columns={columns} data={undefined} error={error} onRetry={onRetry} list={listState()} />);
    const table = screen.getByRole('table');
    expect(within(table).getByText('Database unavailable')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: /Retry/ }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the server order on the header (aria-sort, arrow) and sorts from the keyboard', async () => {
    const list = listState({ sort: '-name' });
    render(<DataTable<Row> columns={columns} data={{ items: rows(2), total: 2 }} list={list} />);
    const name = screen.getByRole('columnheader', { name: /Name/ });
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(name.querySelector('.dt-sorter-down')).toHaveClass('active');
    expect(screen.getByRole('columnheader', { name: 'ID' })).not.toHaveAttribute('aria-sort');
    // Only `sorter` columns sort: the ID header has no button.
    expect(within(screen.getByRole('columnheader', { name: 'ID' })).queryByRole('button')).toBeNull();
    within(name).getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    expect(list.setSort).toHaveBeenCalledTimes(1);
    expect(list.setSort).toHaveBeenLastCalledWith(undefined);
  });

  it('is a semantic table: named, column headers with scope, one row per item', () => {
    render(
      <DataTable<Row> aria-label="Tenants" columns={columns} data={{ items: rows(3), total: 3 }} list={listState()} />,
    );
    const table = screen.getByRole('table', { name: 'Tenants' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.getAttribute('scope')),
    ).toEqual(['col', 'col']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('cell', { name: 'Tenant 2' })).toBeInTheDocument();
  });

  it('pages through the server list: prev/next, the last page, and a page size of PAGE_SIZE_OPTIONS', async () => {
    const list = listState({ page: 3, perPage: 20 });
    render(
      <DataTable<Row> aria-label="Tenants" columns={columns} data={{ items: rows(20), total: 123 }} list={list} />,
    );
    const pager = screen.getByRole('navigation', { name: 'Tenants pages' });
    expect(within(pager).getByText('41-60 of 123')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(pager).getByRole('button', { name: 'Previous page' }));
    expect(list.setPage).toHaveBeenLastCalledWith(2, 20);
    await userEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(list.setPage).toHaveBeenLastCalledWith(4, 20);
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 7' }));
    expect(list.setPage).toHaveBeenLastCalledWith(7, 20);
    const size = within(pager).getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10 / page', '20 / page', '50 / page', '100 / page']);
    await userEvent.selectOptions(size, '50');
    expect(list.setPage).toHaveBeenLastCalledWith(1, 50);
  });

  it('disables prev on the first page and next on the last', () => {
    render(<DataTable<Row> columns={columns} data={{ items: rows(3), total: 3 }} list={listState()} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByText('1-3 of 3')).toBeInTheDocument();
  });

  it('lists page buttons like antd: first, last, two either side, jumps of five', async () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'forward', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'forward', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'back', 8, 9, 10, 11, 12, 'forward', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'back', 16, 17, 18, 19, 20]);
    const list = listState({ page: 10 });
    render(<DataTable<Row> columns={columns} data={{ items: rows(10), total: 200 }} list={list} />);
    await userEvent.click(screen.getByRole('button', { name: '5 pages forward' }));
    expect(list.setPage).toHaveBeenLastCalledWith(15, 10);
    await userEvent.click(screen.getByRole('button', { name: '5 pages back' }));
    expect(list.setPage).toHaveBeenLastCalledWith(5, 10);
  });

  it('pages locally without a list: N items, 10 per page, no pager for a single page', async () => {
    const { rerender } = render(<DataTable<Row> aria-label="Local" columns={columns} data={rows(25)} />);
    expect(screen.getByText('25 items')).toBeInTheDocument();
    expect(screen.getByText('Tenant 10')).toBeInTheDocument();
    expect(screen.queryByText('Tenant 11')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('Tenant 21')).toBeInTheDocument();
    expect(screen.queryByText('Tenant 10')).toBeNull();

    rerender(<DataTable<Row> aria-label="Local" columns={columns} data={{ items: rows(4), total: 4 }} />);
    expect(screen.getByText('Tenant 4')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();

    rerender(
      <DataTable<Row> columns={columns} data={rows(12)} pagination={{ showTotal: (total) => `${total} parameters` }} />,
    );
    expect(screen.getByText('12 parameters')).toBeInTheDocument();
    rerender(<DataTable<Row> columns={columns} data={rows(12)} pagination={false} />);
    expect(screen.getByText('Tenant 12')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('renders dataIndex paths, render(value, record, index), align and width', () => {
    interface Nested {
      id: string;
      meta: { label: string };
      count: number;
    }
    const render3 = vi.fn((value: string, record: Nested, index: number) => `${value}/${record.id}/${index}`);
    const nested: DataColumns<Nested> = [
      { title: 'Label', dataIndex: ['meta', 'label'], key: 'label', render: render3 },
      { title: 'Count', dataIndex: 'count', key: 'count', align: 'right', width: 120 },
    ];
    render(<DataTable<Nested> columns={nested} data={[{ id: 'a', meta: { label: 'L' }, count: 7 }]} />);
    expect(screen.getByRole('cell', { name: 'L/a/0' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '7' })).toHaveClass('dt-align-right');
    expect(screen.getByRole('columnheader', { name: 'Count' })).toHaveStyle({ width: '120px' });
  });

  it('expands a row into its details and back; rows without details get no button', async () => {
    interface Log {
      id: string;
      details: string | null;
    }
    const logColumns: DataColumns<Log> = [{ title: 'ID', dataIndex: 'id', key: 'id' }];
    render(
      <DataTable<Log>
        aria-label="Logs"
        columns={logColumns}
        data={[
          { id: 'one', details: 'first details' },
          { id: 'two', details: null },
        ]}
        expandable={{
          rowExpandable: (row) => row.details !== null,
          expandedRowRender: (row) => <p>{row.details}</p>,
        }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Logs' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('button', { name: /expand row/i })).toHaveLength(1);
    const expand = within(table).getByRole('button', { name: 'Expand row' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(expand);
    expect(screen.getByText('first details')).toBeInTheDocument();
    const collapse = within(table).getByRole('button', { name: 'Collapse row' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(collapse.getAttribute('aria-controls') ?? '')).toHaveTextContent('first details');
    await userEvent.click(collapse);
    expect(screen.queryByText('first details')).toBeNull();
  });

  it('selects rows with checkboxes, and the page with the header checkbox', async () => {
    const onChange = vi.fn();
    function Selectable() {
      const [keys, setKeys] = useState<Key[]>([]);
      return (
        <DataTable<Row>
          aria-label="Pick"
          columns={columns}
          data={rows(12)}
          rowSelection={{
            selectedRowKeys: keys,
            onChange: (next, selectedRows) => {
              onChange(next, selectedRows);
              setKeys(next);
            },
          }}
        />
      );
    }
    render(<Selectable />);
    const all = screen.getByRole('checkbox', { name: 'Select all rows' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select id-2' }));
    expect(onChange).toHaveBeenLastCalledWith(['id-2'], [{ id: 'id-2', name: 'Tenant 2' }]);
    expect(screen.getByRole('checkbox', { name: 'Select id-2' })).toBeChecked();
    expect(screen.getByRole('cell', { name: 'Tenant 2' }).closest('tr')).toHaveClass('dt-row-selected');
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    // The header box selects the rows of the page shown (10 of 12).
    await userEvent.click(all);
    expect(onChange.mock.lastCall?.[0]).toHaveLength(10);
    expect(all).toBeChecked();
    await userEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith([], []);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select id-5' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select id-5' }));
    expect(onChange).toHaveBeenLastCalledWith([], []);
  });

  it('dims the rows and marks the table busy while loading; a blank body before the first answer', () => {
    const { rerender, container } = render(
      <DataTable<Row> columns={columns} data={{ items: rows(2), total: 2 }} loading list={listState()} />,
    );
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(container.querySelector('.dt-spin')).not.toBeNull();
    expect(container.querySelector('.dt-blur')).not.toBeNull();
    expect(screen.getByText('Tenant 2')).toBeInTheDocument();

    rerender(<DataTable<Row> columns={columns} data={undefined} loading list={listState()} emptyText="Nothing" />);
    expect(screen.queryByText('Nothing')).toBeNull();
    expect(container.querySelector('.dt-spin')).not.toBeNull();

    rerender(<DataTable<Row> columns={columns} data={{ items: rows(2), total: 2 }} list={listState()} />);
    expect(container.querySelector('[aria-busy]')).toBeNull();
    expect(container.querySelector('.dt-spin')).toBeNull();
  });

  it('takes data, loading and error from a query; the empty state shows the empty picture and text', async () => {
    const refetch = vi.fn();
    const { rerender } = render(
      <DataTable<Row>
        columns={columns}
        query={{ data: { items: [], total: 0 }, isFetching: false, error: null, refetch }}
        emptyText="No rows here"
      />,
    );
    expect(screen.getByText('No rows here').closest('.dt-empty')?.querySelector('svg')).not.toBeNull();
    rerender(
      <DataTable<Row>
        columns={columns}
        query={{ data: undefined, isFetching: false, error: new Error('boom'), refetch }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
