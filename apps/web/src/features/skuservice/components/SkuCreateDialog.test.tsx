import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SKU_MESSAGES as M } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { adminProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { computeMus, list, P, sku, spu, storageMus } from '../testing';
import { SkuTab } from '../tabs/SkuTab';
import './SkuCreateDialog';
import './SkuUpdateDialog';

vi.setConfig({ testTimeout: 90_000 });

function serve() {
  return mockFetch({
    'GET /api/v1/devops/me': { body: adminProfile },
    [`GET ${P}/spus`]: { body: list([spu(), spu({ id: '9', key: 'pd-4c16g', componentType: 'PD' })]) },
    [`GET ${P}/skus`]: { body: list([sku()]) },
    [`GET ${P}/computeMus`]: { body: list(computeMus) },
    [`GET ${P}/storageMus`]: { body: list(storageMus) },
    [`POST ${P}/skus`]: { status: 201, body: { sku: sku({ id: '50', key: 'aws-tikv-8c32g-new' }) } },
    [`PATCH ${P}/skus/:id`]: { body: { instance_id: '777' } },
  });
}

const render = () => renderWithProviders(<SkuTab />, { path: '/sku_service/sku', routePath: '/sku_service/sku' });
const setText = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function choose(d: HTMLElement, label: string, option: string) {
  await userEvent.click(within(d).getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  await userEvent.click(options[options.length - 1]!);
}

async function radio(d: HTMLElement, group: string, value: string) {
  await userEvent.click(within(within(d).getByRole('radiogroup', { name: group })).getByLabelText(value));
}

async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create SKU' }));
  return screen.findByRole('dialog', { name: 'Create SKU' });
}

const submit = (d: HTMLElement) => userEvent.click(within(d).getByRole('button', { name: 'Create' }));

describe('SKU create', () => {
  it('shows every §5 required message, the storage ones once the component keeps data', async () => {
    const { calls } = serve();
    render();
    const d = await openCreate();
    await submit(d);
    for (const m of [M.componentType, M.provider, M.displayName, M.spuKey, M.instanceType, M.defaultNodeCount, M.key])
      expect(await within(d).findByText(m)).toBeInTheDocument();

    await choose(d, 'Component Type', 'TiKV');
    await submit(d);
    for (const m of [
      M.volumeType,
      M.sizeGiDefault,
      M.sizeGiMin,
      M.sizeGiMax,
      M.iopsMin,
      M.iopsMax,
      M.iopsStrategy,
      M.throughputMin,
      M.throughputMax,
      M.throughputStrategy,
      M.editRaftStorage,
    ])
      expect(await within(d).findByText(m)).toBeInTheDocument();
    expect(within(d).queryByText(M.tikvSkuKey)).not.toBeInTheDocument();

    await choose(d, 'Component Type', 'PD');
    await submit(d);
    expect(await within(d).findByText(M.tikvSkuKey)).toBeInTheDocument();
    expect(calls('POST', `${P}/skus`)).toHaveLength(0);
  });

  it('numeric inputs have a minimum of 0', async () => {
    serve();
    render();
    const d = await openCreate();
    setText(within(d).getByLabelText('Default Node Number'), '-1');
    fireEvent.blur(within(d).getByLabelText('Default Node Number'));
    await submit(d);
    expect(await within(d).findByText(M.minimum0)).toBeInTheDocument();
  });

  it('creates a TiKV SKU: instance and volume types of the provider, the chosen strategies; "SKU has been created"', async () => {
    const { calls } = serve();
    render();
    const d = await openCreate();
    await choose(d, 'Component Type', 'TiKV');
    await choose(d, 'Provider', 'AWS');
    setText(within(d).getByLabelText('Display Name'), 'TiKV 8C32G new');
    await choose(d, 'SPU Key', 'tikv-8c32g (8 vCPU, 32 GiB)');
    await choose(d, 'Instance Type', 'm7g.2xlarge (8 vCPU, 32 GiB, ARM64)');
    await waitFor(() => expect(calls('GET', `${P}/computeMus`)[0]!.url.searchParams.get('cloudProvider')).toBe('AWS'));
    await choose(d, 'Data Storage Volume Type', 'IO2');
    const num = (label: string, v: string) => setText(within(d).getByLabelText(`Data Storage ${label}`), v);
    num('Default Size (GiB)', '500');
    num('Min Size (GiB)', '200');
    num('Max Size (GiB)', '4096');
    num('Min IOPS', '3000');
    num('Max IOPS', '64000');
    num('Min Throughput (MiB/s)', '125');
    num('Max Throughput (MiB/s)', '1000');
    await radio(d, 'Data Storage IOPS Strategy', 'Dynamic');
    num('IOPS per GiB', '50');
    expect(within(d).queryByLabelText('Data Storage IOPS')).not.toBeInTheDocument();
    await radio(d, 'Data Storage Throughput Strategy', 'Fixed');
    num('Throughput (MiB/s)', '250');
    expect(within(d).queryByLabelText('Data Storage Throughput per GiB (MiB/s)')).not.toBeInTheDocument();
    await radio(d, 'Edit Raft Storage', 'No');
    setText(within(d).getByLabelText('Default Node Number'), '3');
    setText(within(d).getByLabelText('SKU Key'), 'aws-tikv-8c32g-new');
    await submit(d);
    await waitFor(() => expect(calls('POST', `${P}/skus`)).toHaveLength(1));
    expect(calls('POST', `${P}/skus`)[0]!.body).toEqual({
      key: 'aws-tikv-8c32g-new',
      displayName: 'TiKV 8C32G new',
      cloudProvider: 'AWS',
      componentType: 'TIKV',
      spuKey: 'tikv-8c32g',
      instanceMuId: 'aws-m7g.2xlarge',
      defaultNodeCount: 3,
      conditions: [],
      dataStorage: {
        storageMuId: 'aws-io2',
        sizeGiDefault: 500,
        sizeGiMin: 200,
        sizeGiMax: 4096,
        iopsMin: 3000,
        iopsMax: 64000,
        iopsDynamic: { iopsPerSizeGi: 50 },
        throughputMibpsMin: 125,
        throughputMibpsMax: 1000,
        throughputFixed: { throughputMibps: 250 },
      },
    });
    expect(await screen.findByText(M.skuCreated)).toBeInTheDocument();
  });
});

describe('SKU update', () => {
  it('sends the node count and storage; shows the returned operation id as a link', async () => {
    const { calls } = serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Update' }));
    const d = await screen.findByRole('dialog', { name: 'Update SKU aws-tikv-8c32g' });
    expect(within(d).getByLabelText('Default Node Number')).toHaveValue('3');
    setText(within(d).getByLabelText('Default Node Number'), '5');
    await radio(d, 'Edit Raft Storage', 'No');
    await userEvent.click(within(d).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls('PATCH', `${P}/skus/12`)).toHaveLength(1));
    expect(calls('PATCH', `${P}/skus/12`)[0]!.body).toMatchObject({
      defaultNodeCount: 5,
      conditions: [],
      dataStorage: { storageMuId: 'aws-gp3', iopsFixed: { iops: 3000 }, throughputFixed: { throughputMibps: 125 } },
    });
    expect(await screen.findByRole('link', { name: '777' })).toHaveAttribute('href', '/operations/777');
  });
});
