import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableColumnsType } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/ApiError';
import type { TableListState } from './DataTable';
import { DataTable } from './DataTable';

interface Row {
  id: string;
  name: string;
}

const columns: TableColumnsType<Row> = [
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
});
