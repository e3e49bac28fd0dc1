import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChangeItem } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { approval, CHANGE_PATH, defaultConfigChange, release, versionItem } from '../testing';
import { VersionModifyPage } from './VersionModifyPage';

vi.setConfig({ testTimeout: 60_000 });

function serve() {
  const items: ChangeItem[] = [versionItem('21')];
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${CHANGE_PATH}`]: {
      body: {
        change: defaultConfigChange({
          reason: 'Release v8.5.2',
          item_types: ['version_release'],
          environments: ['dev', 'prod'],
        }),
      },
    },
    [`GET ${CHANGE_PATH}/items`]: (req) => {
      const types = req.url.searchParams.getAll('type_is');
      const list = items.filter((i) => !types.length || types.includes(i.type));
      return { body: { items: list, total: list.length } };
    },
    [`GET ${CHANGE_PATH}/releases`]: {
      body: {
        items: [
          release({ phase: 'released', approval_id: '50', released_at: '2024-06-02T09:00:00.000Z' }),
          release({
            id: '8',
            environment: 'prod',
            phase: 'approving',
            approval_id: '51',
            created_at: '2024-06-03T08:00:00.000Z',
          }),
        ],
        total: 2,
      },
    },
    'GET /api/v1/devops/approval/approvals/:id': (req) => {
      const id = req.url.pathname.split('/').pop() ?? '';
      return { body: { approval: approval({ id, name: `Approval ${id}` }) } };
    },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
  });
}

const render = () =>
  renderWithProviders(<VersionModifyPage />, {
    path: '/version/modify/31',
    routePath: '/version/modify/:changeId',
  });

describe('/version/modify/:changeId', () => {
  it('shows the version items, covering instance types as provider:instance type, and links the full change', async () => {
    serve();
    render();
    expect(await screen.findByText('Release v8.5.2')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Version items' });
    await waitFor(() => expect(table).toHaveTextContent('v8.5.2'));
    const row = within(table).getByText('v8.5.2').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('DEDICATED_TIDB');
    expect(row).toHaveTextContent('v8.5.1');
    expect(within(row).getByText('AWS:m5.2xlarge')).toBeInTheDocument();
    expect(within(row).getByText('GCP:n2-standard-8')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Default Config Change' })).toHaveAttribute(
      'href',
      '/defaultconfig/change/31',
    );
  });

  it("shows the latest release's approval, and another release's when chosen", async () => {
    const { calls } = serve();
    const { router } = render();
    expect(await screen.findByText('Approval 51')).toBeInTheDocument();
    expect(screen.getByText('Approval of the prod release #1')).toBeInTheDocument();
    const releases = screen.getByRole('table', { name: 'Releases' });
    const dev = within(releases).getByText('dev').closest('tr') as HTMLElement;
    expect(within(dev).getByRole('link', { name: '#1' })).toHaveAttribute('href', '/defaultconfig/change/31/release/7');
    await userEvent.click(within(dev).getByRole('button', { name: 'Show' }));
    expect(router.state.location.search).toBe('?release=7');
    expect(await screen.findByText('Approval 50')).toBeInTheDocument();
    expect(calls('GET', '/api/v1/devops/approval/approvals/50')).toHaveLength(1);
  });
});
