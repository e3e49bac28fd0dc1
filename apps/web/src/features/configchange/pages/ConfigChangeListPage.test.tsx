import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListResult } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import type { ConfigChangeListItem } from '../api';
import { configChange } from '../testing';
import { ConfigChangeListPage } from './ConfigChangeListPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const LIST = '/api/v1/devops/cloudconfig/changes';

function item(overrides: Partial<ConfigChangeListItem>): ConfigChangeListItem {
  const { snapshot: _snapshot, ...rest } = configChange(overrides);
  return rest;
}

describe('/configchange', () => {
  it('reads its filters from the URL and links each change to /confighistories/{id}, phase tags coloured per spec §4', async () => {
    const page: ListResult<ConfigChangeListItem> = {
      items: [
        item({ id: '12', phase: 'approving' }),
        item({ id: '11', phase: 'applied' }),
        item({ id: '10', phase: 'withdrawn' }),
      ],
      total: 3,
    };
    const { calls } = mockFetch({ [`GET ${LIST}`]: { body: page } });
    renderWithProviders(<ConfigChangeListPage />, {
      path: '/configchange?phase=approving&phase=applied&have_modified_param_like=log&target_id=10086&cluster_type=DEDICATED_TIDB',
    });
    expect(await screen.findByText('12', { selector: 'a' })).toHaveAttribute('href', '/confighistories/12');
    const query = calls('GET', LIST)[0]?.url.searchParams;
    expect(query?.getAll('phase')).toEqual(['approving', 'applied']);
    expect(query?.get('have_modified_param_like')).toBe('log');
    expect(query?.get('target_id')).toBe('10086');
    expect(query?.get('cluster_type')).toBe('DEDICATED_TIDB');
    expect(query?.get('per_page')).toBe('10');
    expect(query?.get('sort')).toBe('-created_at');
    await waitFor(() => expect(screen.getByText('approving', { selector: '.ant-tag' })).toHaveClass('ant-tag-orange'));
    expect(screen.getByText('applied', { selector: '.ant-tag' })).toHaveClass('ant-tag-green');
    expect(screen.getByText('withdrawn', { selector: '.ant-tag' })).toHaveClass('ant-tag-red');
  });
});
