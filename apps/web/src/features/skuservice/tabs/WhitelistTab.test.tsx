import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SKU_MESSAGES as M } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { adminProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { WHITELIST_ADDED } from '../components/AddWhitelistDialog';
import { entry, list, P } from '../testing';
import { WHITELIST_REMOVED, WhitelistTab } from './WhitelistTab';
import '../components/AddWhitelistDialog';

vi.setConfig({ testTimeout: 60_000 });

function serve(profile = adminProfile, items = [entry()]) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${P}/whitelist`]: { body: list(items) },
    [`POST ${P}/whitelist`]: { status: 201, body: { items: [entry({ id: '8', tenant_id: '42' })] } },
    [`DELETE ${P}/whitelist/:id`]: { body: { entry: entry() } },
  });
}

const render = (search: string) =>
  renderWithProviders(<WhitelistTab />, {
    path: `/sku_service/whitelist${search}`,
    routePath: '/sku_service/whitelist',
  });

describe('/sku_service/whitelist', () => {
  it('adds tenants to the SKU of the deep link', async () => {
    const { calls } = serve();
    render('?sku_key=aws-tikv-32c128g&component_type=TIKV');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Tenants' }));
    const d = await screen.findByRole('dialog', { name: 'Add Tenants to the Whitelist' });
    expect(within(d).getByLabelText('SKU Key')).toHaveValue('aws-tikv-32c128g');
    await userEvent.click(within(d).getByRole('button', { name: 'Add' }));
    expect(await within(d).findByText(M.tenantsRequired)).toBeInTheDocument();
    await userEvent.type(within(d).getByLabelText('Tenant IDs'), '42{enter}');
    await userEvent.click(within(d).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls('POST', `${P}/whitelist`)).toHaveLength(1));
    expect(calls('POST', `${P}/whitelist`)[0]!.body).toEqual({
      sku_key: 'aws-tikv-32c128g',
      component_type: 'TIKV',
      tenant_ids: ['42'],
    });
    expect(await screen.findByText(WHITELIST_ADDED)).toBeInTheDocument();
  });

  it('the ?spu_key= deep link lists and adds to the SPU', async () => {
    const { calls } = serve(adminProfile, [entry({ scope: 'spu', sku_key: null, spu_key: 'tiflash-16c128g' })]);
    render('?spu_key=tiflash-16c128g');
    expect(await screen.findByText('SPU tiflash-16c128g')).toBeInTheDocument();
    expect(calls('GET', `${P}/whitelist`)[0]!.url.searchParams.get('spu_key')).toBe('tiflash-16c128g');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tenants' }));
    const d = await screen.findByRole('dialog', { name: 'Add Tenants to the Whitelist' });
    expect(within(d).getByLabelText('SPU Key')).toHaveValue('tiflash-16c128g');
  });

  it('removes a tenant only after confirming', async () => {
    const { calls } = serve();
    render('?sku_key=aws-tikv-32c128g&component_type=TIKV');
    const table = await screen.findByRole('table', { name: 'Whitelist' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Remove Kestrel Robotics from the whitelist of SKU aws-tikv-32c128g?');
    expect(calls('DELETE', `${P}/whitelist/7`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls('DELETE', `${P}/whitelist/7`)).toHaveLength(1));
    expect(await screen.findByText(WHITELIST_REMOVED)).toBeInTheDocument();
  });

  it('a reader sees the list, no changes; an empty list says so', async () => {
    serve(viewerProfile, []);
    render('?spu_key=tidb-4c16g');
    expect(await screen.findByText('No tenants on the whitelist of SPU tidb-4c16g')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Tenants' })).not.toBeInTheDocument();
  });
});
