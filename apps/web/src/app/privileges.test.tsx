import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OperationDetail, Profile } from '@portal/contract';
import { OperationDetailPage } from '../features/operations/pages/OperationDetailPage';
import { mockFetch } from '../test/fetchMock';
import { operatorProfile, viewerProfile } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const pending: OperationDetail = {
  id: '55',
  type: 'ticdc.restart',
  title: 'Restart TiCDC cdc-1',
  target_type: 'cluster',
  target_id: '10086',
  tenant_id: '1372813089189341184',
  status: 'pending',
  created_by: 'olivia@example.com',
  created_at: '2024-06-01T08:00:00.000Z',
  started_at: null,
  finished_at: null,
  error: null,
  progress: { done: 0, total: 1 },
  steps: [
    {
      seq: 1,
      name: 'step-1',
      title: 'Step 1',
      manual: false,
      status: 'pending',
      message: null,
      started_at: null,
      finished_at: null,
    },
  ],
  params: {},
};

function showOperation(profile: Profile) {
  const mock = mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    'GET /api/v1/devops/operations/55': { body: pending },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
  });
  renderWithProviders(<OperationDetailPage />, { path: '/operations/55', routePath: '/operations/:instanceId' });
  return mock;
}

const action = (name: string) =>
  screen.getByText(name, { selector: 'button span' }).closest('button') as HTMLButtonElement;

describe('actions follow the privileges (an operation page)', () => {
  it('disables Submit and Cancel for a viewer', async () => {
    const { calls } = showOperation(viewerProfile);
    await screen.findByText('Restart TiCDC cdc-1', { selector: '.ant-descriptions-item-content' });
    await waitFor(() => expect(calls('GET', '/api/v1/devops/me')).toHaveLength(1));
    await waitFor(() => expect(action('Submit')).toBeDisabled());
    expect(action('Cancel')).toBeDisabled();
  });

  it('enables them for an operator', async () => {
    const { calls } = showOperation(operatorProfile);
    await screen.findByText('Restart TiCDC cdc-1', { selector: '.ant-descriptions-item-content' });
    await waitFor(() => expect(calls('GET', '/api/v1/devops/me')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(action('Submit')).toBeEnabled();
    expect(action('Cancel')).toBeEnabled();
  });
});
