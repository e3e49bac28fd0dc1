import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListResult, Operation } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { OperationListPage } from './OperationListPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const LIST = '/api/v1/devops/operations';

const op: Operation = {
  id: '55',
  type: 'ticdc.restart',
  title: 'Restart TiCDC cdc-1',
  target_type: 'ticdc_cluster',
  target_id: 'cdc-1',
  tenant_id: 't-1',
  status: 'running',
  created_by: 'olivia@example.com',
  created_at: '2024-06-01T08:00:00.000Z',
  started_at: '2024-06-01T08:00:01.000Z',
  finished_at: null,
  error: null,
  progress: { done: 1, total: 4 },
};

describe('/operations', () => {
  it('lists operations 10 per page with their progress, filtered from the URL', async () => {
    const page: ListResult<Operation> = { items: [op], total: 1 };
    const { calls } = mockFetch({
      [`GET ${LIST}`]: { body: page },
      'GET /api/v1/devops/ticdc/clusters/cdc-1': {
        status: 404,
        body: { code: 'ticdc.notFound', message: 'TiCDC cluster not found', requestId: 'r' },
      },
    });
    renderWithProviders(<OperationListPage />, {
      path: '/operations?status=running&status=waiting&type=ticdc.restart&target_id=cdc-1&search=cdc',
    });
    expect(await screen.findByText('55', { selector: 'a' })).toHaveAttribute('href', '/operations/55');
    expect(screen.getByLabelText('1 of 4 steps done')).toHaveTextContent('1/4');
    const query = calls('GET', LIST)[0]?.url.searchParams;
    expect(query?.getAll('status')).toEqual(['running', 'waiting']);
    expect(Object.fromEntries([...(query?.entries() ?? [])].filter(([k]) => k !== 'status'))).toEqual({
      page: '1',
      per_page: '10',
      sort: '-created_at',
      search: 'cdc',
      type: 'ticdc.restart',
      target_id: 'cdc-1',
    });
  });
});
