import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SKU_MESSAGES as M } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { adminProfile, operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { list, P, spu } from '../testing';
import { SpuTab } from '../tabs/SpuTab';
import './SpuDialog';

vi.setConfig({ testTimeout: 60_000 });

function serve(profile = adminProfile) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${P}/spus`]: { body: list([spu()]) },
    [`POST ${P}/spus`]: { status: 201, body: { spu: spu({ id: '99', key: 'tidb-12c48g' }) } },
    [`PATCH ${P}/spus/:id`]: { body: { instance_id: '4242' } },
  });
}

const render = () => renderWithProviders(<SpuTab />, { path: '/sku_service/spu', routePath: '/sku_service/spu' });
const setText = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create SPU' }));
  return screen.findByRole('dialog', { name: 'Create SPU' });
}

describe('SPU create and modify', () => {
  it('create: every field is required, vCPU and memory at least 1 (spec §5 messages)', async () => {
    const { calls } = serve();
    render();
    const d = await openCreate();
    setText(within(d).getByLabelText('Mappings'), '');
    await userEvent.click(within(d).getByRole('button', { name: 'Create' }));
    expect(await within(d).findByText(M.spuName)).toBeInTheDocument();
    expect(within(d).getByText(M.mappings)).toBeInTheDocument();
    expect(within(d).getByText(M.componentType)).toBeInTheDocument();
    expect(within(d).getByText(M.displayName)).toBeInTheDocument();
    expect(within(d).getByText(M.cpuCore)).toBeInTheDocument();
    expect(within(d).getByText(M.memory)).toBeInTheDocument();
    setText(within(d).getByLabelText('vCPU'), '0');
    setText(within(d).getByLabelText('Memory (GiB)'), '0');
    fireEvent.blur(within(d).getByLabelText('vCPU'));
    fireEvent.blur(within(d).getByLabelText('Memory (GiB)'));
    await userEvent.click(within(d).getByRole('button', { name: 'Create' }));
    expect(await within(d).findByText(M.cpuCoreMin)).toBeInTheDocument();
    expect(within(d).getByText(M.memoryMin)).toBeInTheDocument();
    expect(calls('POST', `${P}/spus`)).toHaveLength(0);
  });

  it('create: the mappings must parse as JSON; then "SPU has been added"', async () => {
    const { calls } = serve();
    render();
    const d = await openCreate();
    await userEvent.click(within(d).getByLabelText('Component'));
    await userEvent.click(await screen.findByTitle('TiDB'));
    setText(within(d).getByLabelText('vCPU'), '12');
    setText(within(d).getByLabelText('Memory (GiB)'), '48');
    setText(within(d).getByLabelText('Name'), 'tidb-12c48g');
    setText(within(d).getByLabelText('Display Name'), '12 vCPU, 48 GiB');
    setText(within(d).getByLabelText('Mappings'), '[{"skuKey": ');
    await userEvent.click(within(d).getByRole('button', { name: 'Create' }));
    expect(await within(d).findByText(M.mappingsJson)).toBeInTheDocument();
    expect(calls('POST', `${P}/spus`)).toHaveLength(0);

    setText(within(d).getByLabelText('Mappings'), '[{"skuKey": "aws-tidb-12c48g"}]');
    await userEvent.click(within(d).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls('POST', `${P}/spus`)).toHaveLength(1));
    expect(calls('POST', `${P}/spus`)[0]!.body).toEqual({
      componentType: 'TIDB',
      cpuCore: 12,
      memorySizeGi: 48,
      name: 'tidb-12c48g',
      displayName: '12 vCPU, 48 GiB',
      mappings: [{ skuKey: 'aws-tidb-12c48g' }],
    });
    expect(await screen.findByText(M.spuAdded)).toBeInTheDocument();
  });

  it('modify: a mappings text that does not parse shows its error as title and content; nothing is sent', async () => {
    const { calls } = serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Modify' }));
    const d = await screen.findByRole('dialog', { name: 'Modify SPU tikv-8c32g' });
    setText(within(d).getByLabelText('Mappings'), '{not json');
    await userEvent.click(within(d).getByRole('button', { name: 'Modify' }));
    const text = (() => {
      try {
        JSON.parse('{not json');
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    // Spec §8: the error text is both the title and the content.
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-title')).toHaveTextContent(text));
    expect(document.querySelector('.ant-modal-confirm-content')).toHaveTextContent(text);
    expect(calls('PATCH', `${P}/spus/4`)).toHaveLength(0);
  });

  it('modify: sends the display name and mappings; "SPU has been modified" with the operation link', async () => {
    const { calls } = serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Modify' }));
    const d = await screen.findByRole('dialog', { name: 'Modify SPU tikv-8c32g' });
    expect(within(d).getByLabelText('Display Name')).toHaveValue('8 vCPU, 32 GiB');
    setText(within(d).getByLabelText('Display Name'), 'TiKV medium');
    setText(within(d).getByLabelText('Mappings'), '[{"skuKey": "aws-tikv-8c32g"}, {"skuKey": "gcp-tikv-8c32g"}]');
    await userEvent.click(within(d).getByRole('button', { name: 'Modify' }));
    await waitFor(() => expect(calls('PATCH', `${P}/spus/4`)).toHaveLength(1));
    expect(calls('PATCH', `${P}/spus/4`)[0]!.body).toEqual({
      displayName: 'TiKV medium',
      mappings: [{ skuKey: 'aws-tikv-8c32g' }, { skuKey: 'gcp-tikv-8c32g' }],
    });
    expect(await screen.findByText(M.spuModified)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '4242' })).toHaveAttribute('href', '/operations/4242');
  });

  it('an operator reads the SPUs but cannot create or modify them', async () => {
    serve(operatorProfile);
    render();
    expect(await screen.findByText('tikv-8c32g')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create SPU' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modify' })).not.toBeInTheDocument();
  });
});
