import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { configcenterApi, RouteResponse } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ComponentPage } from './ComponentPage';

vi.setConfig({ testTimeout: 60_000 });

const P = '/api/v1/devops/cloudconfig';
type Components = RouteResponse<typeof configcenterApi.components>;
type ComponentVersions = RouteResponse<typeof configcenterApi.componentVersions>;

const componentsOf: Record<string, Components> = {
  DEDICATED_TIDB: { components: ['TIDB', 'TIKV', 'PD', 'TIFLASH', 'TIPROXY'] },
  TICDC: { components: ['TIKV'] },
};

function versionsOf(clusterType: string, component: string): ComponentVersions {
  const image = `gcr.io/pingcap/${clusterType.toLowerCase()}/${component.toLowerCase()}`;
  return {
    items: [
      { version: 'v8.5.1', base_image: image, image_tag: `v8.5.1-${component.toLowerCase()}` },
      { version: 'v8.1.2', base_image: image, image_tag: `v8.1.2-${component.toLowerCase()}` },
    ],
    total: 2,
  };
}

function serve() {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${P}/components`]: (req) => ({
      body: componentsOf[req.url.searchParams.get('cluster_type') ?? ''] ?? { components: [] },
    }),
    [`GET ${P}/components/versions`]: (req) => ({
      body: versionsOf(req.url.searchParams.get('cluster_type') ?? '', req.url.searchParams.get('component') ?? ''),
    }),
  });
}

async function pick(label: string, option: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.click(await screen.findByTitle(option));
}

const lastVersionsQuery = (calls: ReturnType<typeof serve>['calls']) =>
  calls('GET', `${P}/components/versions`).at(-1)?.url.searchParams;

describe('/component', () => {
  it('shows the default cluster type and component: version, base image, image tag', async () => {
    const { calls } = serve();
    renderWithProviders(<ComponentPage />, { path: '/component' });
    const table = await screen.findByRole('table', { name: 'Component versions' });
    const row = await within(table).findByText('v8.5.1-tidb');
    expect(row.closest('tr')).toHaveTextContent('gcr.io/pingcap/dedicated_tidb/tidb');
    expect(row.closest('tr')).toHaveTextContent('v8.5.1');
    const query = lastVersionsQuery(calls);
    expect(query?.get('cluster_type')).toBe('DEDICATED_TIDB');
    expect(query?.get('component')).toBe('TIDB');
    expect(query?.get('per_page')).toBe('10');
    expect(screen.getByLabelText('Cluster type')).toHaveValue('Dedicated');
    expect(screen.getByLabelText('Component')).toHaveValue('TIDB');
  });

  it('reloads the table when a picker changes, and keeps both in the URL', async () => {
    const { calls } = serve();
    const { router } = renderWithProviders(<ComponentPage />, { path: '/component' });
    await screen.findByText('v8.5.1-tidb');

    await pick('Component', 'TIKV');
    expect(await screen.findByText('v8.5.1-tikv')).toBeInTheDocument();
    expect(screen.queryByText('v8.5.1-tidb')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?component=TIKV');
    expect(lastVersionsQuery(calls)?.get('component')).toBe('TIKV');

    await pick('Cluster type', 'TiCDC');
    expect(await screen.findAllByText('gcr.io/pingcap/ticdc/tikv')).toHaveLength(2);
    await waitFor(() => expect(lastVersionsQuery(calls)?.get('cluster_type')).toBe('TICDC'));
    expect(router.state.location.search).toBe('?cluster_type=TICDC');
    // TiCDC has no TIDB: its only component is offered and shown.
    expect(lastVersionsQuery(calls)?.get('component')).toBe('TIKV');
    expect(calls('GET', `${P}/components`).at(-1)?.url.searchParams.get('cluster_type')).toBe('TICDC');
  });

  it('opens on the URL choices', async () => {
    const { calls } = serve();
    renderWithProviders(<ComponentPage />, { path: '/component?component=PD' });
    expect(await screen.findByText('v8.1.2-pd')).toBeInTheDocument();
    expect(lastVersionsQuery(calls)?.get('component')).toBe('PD');
    expect(screen.getByLabelText('Component')).toHaveValue('PD');
  });
});
