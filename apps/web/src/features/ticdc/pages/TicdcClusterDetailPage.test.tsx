import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TicdcClusterDetail, TicdcStatus } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { TicdcClusterDetailPage } from './TicdcClusterDetailPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const DETAIL = '/api/v1/devops/ticdc/clusters/cdc-1';

function ticdc(status: TicdcStatus = 'available'): TicdcClusterDetail {
  return {
    id: 'cdc-1',
    name: 'orders-cdc',
    cluster_id: '10086',
    tenant_id: '1372813089189341184',
    status,
    version: 'v8.1.1',
    created_at: '2024-06-01T08:00:00.000Z',
    updated_at: '2024-06-01T08:00:00.000Z',
    deploy_type: 'dedicated',
    specification: '2 x 8C16G',
    region: 'us-east-1',
    provider: 'AWS',
    control_plane_arch: 'ARM64',
    operator_version: 'v1.6.1',
    components: [
      {
        name: 'TICDC',
        base_image: 'pingcap/ticdc',
        effective_image_tag: 'v8.1.1',
        overwrite_image_tag: null,
        source_image_tag: 'v8.1.1',
      },
    ],
    changefeed_count: 2,
    upstream_cluster: { id: '10086', name: 'orders-prod', status: 'USER_CLUSTER_STATUS_AVAILABLE', version: 'v8.5.1' },
  };
}

function serve(status: TicdcStatus = 'available', extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    [`GET ${DETAIL}`]: { body: { ticdc_cluster: ticdc(status) } },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    ...extra,
  });
}

const render = () =>
  renderWithProviders(<TicdcClusterDetailPage />, {
    path: '/orgs/1372813089189341184/clusters/10086/ticdc_clusters/cdc-1?tab=audit',
    routePath: '/orgs/:orgId/clusters/:clusterId/ticdc_clusters/:ticdcClusterId',
  });

function dialogWith(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) =>
      d.textContent?.includes(text),
    );
    if (!found) throw new Error(`no dialog with "${text}"`);
    return found;
  });
}

async function openAction(label: string) {
  await userEvent.click(await screen.findByText('Actions', { selector: 'button span' }));
  await userEvent.click(await screen.findByText(label));
}

describe('TiCDC cluster page', () => {
  it('shows the facts of spec §2', async () => {
    serve();
    render();
    const facts = (await screen.findByText('2 x 8C16G')).closest('.detail-facts') as HTMLElement;
    for (const text of [
      'cdc-1',
      'available',
      'v8.1.1',
      'dedicated',
      'us-east-1',
      'AWS',
      'ARM64',
      'v1.6.1',
      '2024-06-01 08:00:00',
    ]) {
      expect(facts).toHaveTextContent(text);
    }
  });

  it('shutdown: the cloud config change id is required and all digits, then returns the operation', async () => {
    const { calls } = serve('available', { [`POST ${DETAIL}/shutdown`]: { body: { instance_id: '901' } } });
    render();
    await openAction('Shutdown TiCDC');
    const dialog = await dialogWith('Cloud config change ID');
    const submit = () => userEvent.click(within(dialog).getByRole('button', { name: 'Shutdown' }));

    await submit();
    expect(await within(dialog).findByText('cloud config change id is required')).toBeInTheDocument();
    for (const bad of ['12a4', ' 124', '-124']) {
      fireEvent.change(within(dialog).getByLabelText('Cloud config change ID'), { target: { value: bad } });
      await submit();
      // The message re-renders on each validation: wait for it rather than hold on to one node.
      await waitFor(() => expect(dialog).toHaveTextContent('the input should be all digits'));
      expect(dialog).not.toHaveTextContent('cloud config change id is required');
    }
    expect(calls('POST', `${DETAIL}/shutdown`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Cloud config change ID'), { target: { value: '124' } });
    await submit();
    await waitFor(() => expect(calls('POST', `${DETAIL}/shutdown`)).toHaveLength(1));
    expect(calls('POST', `${DETAIL}/shutdown`)[0]?.body).toEqual({ cloud_config_change_id: '124' });
    expect(await screen.findByText('901', { selector: 'a' })).toHaveAttribute('href', '/operations/901');
  });

  it('upgrade: the target version is required', async () => {
    const { calls } = serve('available', { [`POST ${DETAIL}/upgrade`]: { body: { instance_id: '902' } } });
    render();
    await openAction('Upgrade Version');
    const dialog = await dialogWith('Target version');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    expect(await within(dialog).findByText('target version is required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Target version'), { target: { value: 'v8.5.0' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(calls('POST', `${DETAIL}/upgrade`)).toHaveLength(1));
    expect(calls('POST', `${DETAIL}/upgrade`)[0]?.body).toEqual({ target_version: 'v8.5.0' });
    expect(await screen.findByText('902', { selector: 'a' })).toHaveAttribute('href', '/operations/902');
  });

  it('Modify the Image asks "Are you sure to change these images?" and says "Successfully Change the images"', async () => {
    const { calls } = serve('available', { [`POST ${DETAIL}/images`]: { body: { instance_id: '903' } } });
    render();
    await openAction('Modify the Image');
    const form = await dialogWith('TICDC (pingcap/ticdc)');
    fireEvent.change(within(form).getByLabelText('TICDC image tag'), { target: { value: ' v8.1.1-hotfix' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Modify' }));
    expect(await within(form).findByText('please delete the whitespaces in the head and tail')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('TICDC image tag'), { target: { value: '' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Modify' }));
    expect(await within(form).findByText('image tag is required')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('TICDC image tag'), { target: { value: 'v8.1.1-hotfix' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Modify' }));
    const confirm = await dialogWith('Are you sure to change these images?');
    expect(calls('POST', `${DETAIL}/images`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Successfully Change the images')).toBeInTheDocument();
    expect(calls('POST', `${DETAIL}/images`)[0]?.body).toEqual({
      components: [{ component: 'TICDC', image_tag: 'v8.1.1-hotfix' }],
    });
    expect(await screen.findByText('903', { selector: 'a' })).toHaveAttribute('href', '/operations/903');
  });

  it('restart asks first and shows a refusal in the operation-failure dialog', async () => {
    const { calls } = serve('available', {
      [`POST ${DETAIL}/restart`]: {
        status: 409,
        body: {
          code: 'ticdc.actionNotAllowed',
          message: 'Cannot restart a TiCDC cluster that is upgrading',
          requestId: 'r',
        },
      },
    });
    render();
    await openAction('Restart TiCDC');
    const confirm = await dialogWith('Restart TiCDC orders-cdc?');
    expect(calls('POST', `${DETAIL}/restart`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restart' }));
    expect(await dialogWith('ticdc.actionNotAllowed')).toHaveTextContent(
      'Cannot restart a TiCDC cluster that is upgrading',
    );
  });

  it('disables the actions its status does not allow', async () => {
    serve('upgrading');
    render();
    await userEvent.click(await screen.findByText('Actions', { selector: 'button span' }));
    const item = (label: string) => screen.getByText(label).closest('li') as HTMLElement;
    await waitFor(() => expect(item('Upgrade Version')).toHaveAttribute('aria-disabled', 'true'));
    expect(item('Modify the Image')).toHaveAttribute('aria-disabled', 'true');
    expect(item('Restart TiCDC')).toHaveAttribute('aria-disabled', 'true');
    expect(item('Shutdown TiCDC')).toHaveAttribute('aria-disabled', 'true');
  });
});
