import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { adminProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { entry, list, P, sku, spu } from '../testing';
import { SkuServicePage } from './SkuServicePage';
import '../tabs/SpuTab';
import '../tabs/SkuTab';
import '../tabs/WhitelistTab';
import '../tabs/ChangelogTab';

vi.setConfig({ testTimeout: 60_000 });

function serve() {
  return mockFetch({
    'GET /api/v1/devops/me': { body: adminProfile },
    [`GET ${P}/spus`]: { body: list([spu()]) },
    [`GET ${P}/skus`]: { body: list([sku()]) },
    [`GET ${P}/whitelist`]: { body: list([entry()]) },
    [`GET ${P}/changelog`]: {
      body: list([
        {
          id: '1',
          type: 'spu_sku',
          instance_id: 'sku:aws-tikv-8c32g',
          operator: 'admin@example.com',
          operation: 'update_sku_applied',
          operate_at: '2026-10-20T14:00:00.000Z',
          details: { instance_id: '88', before: { defaultNodeCount: 2 }, after: { defaultNodeCount: 3 } },
        },
      ]),
    },
  });
}

const page = (path: string) =>
  renderWithProviders(
    <>
      <SkuServicePage />
    </>,
    { path, routePath: '/sku_service/:component' },
  );

describe('/sku_service', () => {
  it('an unknown tab goes to the SPU tab', async () => {
    serve();
    const { router } = page('/sku_service/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sku_service/spu'));
  });

  it('each tab is its own URL; switching drops the other tab’s filters', async () => {
    const { calls } = serve();
    const { router } = page('/sku_service/spu?componentType=TIKV');
    expect(await screen.findByRole('table', { name: 'SPUs' })).toBeInTheDocument();
    await waitFor(() => expect(calls('GET', `${P}/spus`)[0]!.url.searchParams.get('componentType')).toBe('TIKV'));
    await userEvent.click(screen.getByRole('tab', { name: 'SKU' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sku_service/sku'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('table', { name: 'SKUs' })).toBeInTheDocument();
  });

  it('the SKU list defaults to AWS (spec §9) and follows the ?spu_key= deep link', async () => {
    const { calls } = serve();
    page('/sku_service/sku?spu_key=tikv-8c32g');
    const table = await screen.findByRole('table', { name: 'SKUs' });
    await within(table).findByText('aws-tikv-8c32g');
    const url = calls('GET', `${P}/skus`)[0]!.url;
    expect(url.searchParams.get('cloudProvider')).toBe('AWS');
    expect(url.searchParams.get('spuKey')).toBe('tikv-8c32g');
    // Each row links to its whitelist (the §2 deep link).
    expect(within(table).getByRole('link', { name: 'Whitelist' })).toHaveAttribute(
      'href',
      '/sku_service/whitelist?sku_key=aws-tikv-8c32g&component_type=TIKV',
    );
  });

  it('the whitelist follows ?sku_key=&component_type= and ?spu_key=', async () => {
    const { calls } = serve();
    page('/sku_service/whitelist?sku_key=aws-tikv-32c128g&component_type=TIKV');
    expect(await screen.findByText('Kestrel Robotics')).toBeInTheDocument();
    const url = calls('GET', `${P}/whitelist`)[0]!.url;
    expect(url.searchParams.get('sku_key')).toBe('aws-tikv-32c128g');
    expect(url.searchParams.get('component_type')).toBe('TIKV');
  });

  it('the changelog shows before/after and links the operation', async () => {
    serve();
    page('/sku_service/changelog');
    const table = await screen.findByRole('table', { name: 'Changelog' });
    expect(await within(table).findByText('update_sku_applied')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Operation 88' })).toHaveAttribute('href', '/operations/88');
    expect(within(table).getByRole('link', { name: 'sku:aws-tikv-8c32g' })).toHaveAttribute(
      'href',
      '/sku_service/sku?key=aws-tikv-8c32g',
    );
    expect(within(table).getByText(/"defaultNodeCount": 2/)).toBeInTheDocument();
  });
});
