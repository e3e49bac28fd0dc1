import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetchMock';
import { cluster, tenant } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ClusterHoverCard } from './ClusterHoverCard';
import { TenantHoverCard } from './TenantHoverCard';

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Hover the link and let `ms` of the open delay pass. */
async function hover(text: string, ms: number) {
  fireEvent.mouseEnter(screen.getByText(text));
  await wait(ms);
}

describe('hover cards', () => {
  it('tenant card: opens after 0.3 s, 400 px wide, fetched on open, links to /orgs/{id}/', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockFetch({
      'GET /api/v1/admin/orgs/:id': { body: tenant({ status: 'SUSPENDED', region: 'eu-west-1' }) },
    });
    renderWithProviders(<TenantHoverCard tenantId="1372813089189341184" />);
    expect(screen.getByRole('link', { name: '1372813089189341184' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/',
    );
    expect(calls('GET', '/api/v1/admin/orgs/1372813089189341184')).toHaveLength(0);

    await hover('1372813089189341184', 200);
    expect(document.querySelector('.ant-popover')).toBeNull();

    await wait(150);
    const card = document.querySelector<HTMLElement>('.ant-popover');
    expect(card).not.toBeNull();
    expect(card!.style.width).toBe('400px');
    expect(await screen.findByText('Acme Corp', { selector: '.ant-descriptions-item-content' })).toBeInTheDocument();
    expect(card).toHaveTextContent('eu-west-1');
    expect(card).toHaveTextContent('SUSPENDED');
    expect(calls('GET', '/api/v1/admin/orgs/1372813089189341184')).toHaveLength(1);
  });

  it('cluster card: name, id, status without its prefix, project and tenant', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch({
      'GET /api/v1/devops/cluster/clusters/:id': { body: cluster({ status: 'USER_CLUSTER_STATUS_MAINTAINING' }) },
    });
    renderWithProviders(<ClusterHoverCard clusterId="10086" tenantId="1372813089189341184" />);
    expect(screen.getByRole('link', { name: '10086' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/clusters/10086',
    );
    await hover('10086', 350);
    expect(await screen.findByText('MAINTAINING')).toBeInTheDocument();
    const card = document.querySelector<HTMLElement>('.ant-popover')!;
    expect(card).not.toHaveTextContent('USER_CLUSTER_STATUS_');
    expect(card).toHaveTextContent('orders-prod');
    expect(card).toHaveTextContent('Default Project (p-1)');
    expect(card).toHaveTextContent('Acme Corp (1372813089189341184)');
  });

  it('shows a failure as an error alert with the server message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch({
      'GET /api/v1/devops/cluster/clusters/:id': {
        status: 404,
        body: { errcode: 'cluster.notFound', errmsg: 'Cluster 404 is gone' },
      },
    });
    renderWithProviders(<ClusterHoverCard clusterId="404" tenantId="t" />);
    await hover('404', 350);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Cluster 404 is gone');
    expect(alert).toHaveClass('ant-alert-error');
  });
});
