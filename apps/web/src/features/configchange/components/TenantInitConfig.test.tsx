import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PreviewBody, Tenant } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { resetPendingChanges } from '../lib/pending';
import { clusterConfig, configChange, configuration, preview } from '../testing';
import { TenantInitConfig } from './TenantInitConfig';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 5000 });
afterEach(() => resetPendingChanges());

const TENANT = '1372813089209061633';
const INIT = `/api/v1/devops/cloudconfig/tenantinit/${TENANT}`;
const LIST = '/api/v1/devops/cloudconfig/changes';

const tenant = { id: TENANT, name: 'Acme' } as Tenant;

function serve() {
  return mockFetch({
    [`GET ${INIT}/config`]: (req) => ({
      body: clusterConfig({
        configuration: configuration({
          cluster_id: TENANT,
          cluster_type: (req.url.searchParams.get('cluster_type') ?? 'DEDICATED_TIDB') as 'DEDICATED_TIDB',
          components: [],
        }),
      }),
    }),
    [`POST ${INIT}/changes/preview`]: { body: preview() },
    [`POST ${INIT}/changes`]: { body: { change_id: '90' } },
    [`GET ${LIST}`]: {
      body: {
        items: [
          (({ snapshot: _s, ...c }) => c)(
            configChange({ id: '88', target_type: 'tenant_init', target_id: TENANT, tenant_id: TENANT }),
          ),
        ],
        total: 1,
      },
    },
  });
}

function dialogWith(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) =>
      d.textContent?.includes(text),
    );
    if (!found) throw new Error(`no dialog with "${text}"`);
    return found;
  });
}

describe('tenant Init Config tab', () => {
  it('edits the tenant init configuration per cluster type through the tenantinit routes; lists its changes', async () => {
    const { calls } = serve();
    const { router } = renderWithProviders(<TenantInitConfig tenant={tenant} />, {
      path: `/orgs/${TENANT}?tab=init_config`,
    });
    expect(await screen.findByText('Default version')).toBeInTheDocument();
    expect(calls('GET', `${INIT}/config`)[0]?.url.searchParams.get('cluster_type')).toBe('DEDICATED_TIDB');
    // No images and no version of its own.
    expect(screen.queryByText('Change Version')).not.toBeInTheDocument();
    expect(screen.queryByText('Component Images')).not.toBeInTheDocument();

    // Its changes: the change list filtered by target type and id.
    await waitFor(() => expect(calls('GET', LIST).length).toBeGreaterThan(0));
    const listQuery = calls('GET', LIST)[0]!.url.searchParams;
    expect(listQuery.get('target_type')).toBe('tenant_init');
    expect(listQuery.get('target_id')).toBe(TENANT);
    expect(await screen.findByRole('link', { name: '88' })).toHaveAttribute('href', '/confighistories/88');

    // An edit, previewed and created through the tenant's routes.
    await userEvent.click(await screen.findByLabelText('Edit log.level'));
    const modal = await dialogWith('Current Value');
    fireEvent.change(within(modal).getByLabelText('New value'), { target: { value: 'warn' } });
    await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Pending changes')).toHaveTextContent('log.level'));
    await userEvent.click(screen.getByText('Preview changes', { selector: 'button span' }));
    const drawer = await dialogWith('Preview the change');
    expect(await within(drawer).findByText(`Init config of tenant ${TENANT} (DEDICATED_TIDB)`)).toBeInTheDocument();
    expect((calls('POST', `${INIT}/changes/preview`)[0]?.body as PreviewBody).cluster_id).toBe(TENANT);
    await userEvent.type(within(drawer).getByLabelText('Reason'), 'Tenant default');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls('POST', `${INIT}/changes`)).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/confighistories/90'));
  });

  it('switches cluster type, kept in the URL', async () => {
    const { calls } = serve();
    const { router } = renderWithProviders(<TenantInitConfig tenant={tenant} />, {
      path: `/orgs/${TENANT}?tab=init_config`,
    });
    const types = await screen.findByRole('tablist', { name: 'Cluster type' });
    expect(
      within(types)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Dedicated', 'Shared Pool', 'Logical Cluster']);
    await userEvent.click(within(types).getByRole('tab', { name: 'Shared Pool' }));
    await waitFor(() => expect(router.state.location.search).toContain('init_type=SHARED_POOL'));
    await waitFor(() =>
      expect(calls('GET', `${INIT}/config`).map((c) => c.url.searchParams.get('cluster_type'))).toContain(
        'SHARED_POOL',
      ),
    );
  });
});
