import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_CENTER_MESSAGES } from '@portal/contract';
import type { ClusterVersion, CreateChangeBody, PreviewBody } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { resetPendingChanges } from '../lib/pending';
import { newerVersions } from '../lib/versions';
import { clusterConfig, preview } from '../testing';
import { ConfigEditor } from './ConfigEditor';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 5000 });
afterEach(() => resetPendingChanges());

const CONFIG = '/api/v1/devops/cloudconfig/clusters/10086/config';
const PREVIEW = '/api/v1/devops/cloudconfig/clusters/10086/changes/preview';
const CREATE = '/api/v1/devops/cloudconfig/clusters/10086/changes';
const VERSIONS = '/api/v1/devops/cloudconfig/versions';

const version = (v: string): ClusterVersion => ({
  cluster_type: 'DEDICATED_TIDB',
  version: v,
  is_default: false,
  source: 'seed',
  environments: ['prod'],
  created_at: '2024-06-01T08:00:00.000Z',
});

function serve() {
  return mockFetch({
    [`GET ${CONFIG}`]: { body: clusterConfig() },
    // Deliberately unordered, with older and equal versions: only the newer ones are offered, oldest first.
    [`GET ${VERSIONS}`]: { body: { versions: ['v9.0.0', 'v8.1.0', 'v8.5.1', 'v8.5.2'].map(version) } },
    [`POST ${PREVIEW}`]: {
      body: preview({ scope: { ...preview().change.scope, version: { from: 'v8.5.1', to: 'v8.5.2' }, files: [] } }),
    },
    [`POST ${CREATE}`]: { body: { change_id: '78' } },
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
const button = (text: string) =>
  screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement;
const options = () => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];

describe('version change from the configuration editor', () => {
  it('offers the newer versions only, requires one, and sends version.to_version in the preview and create', async () => {
    const { calls } = serve();
    renderWithProviders(<ConfigEditor clusterType="DEDICATED_TIDB" clusterId="10086" />, {
      path: '/orgs/1/clusters/10086?tab=config',
    });
    const panel = await screen.findByLabelText('Version');
    expect(panel).toHaveTextContent('Current version');
    expect(panel).toHaveTextContent('v8.5.1');
    // The versions load only when the dialog opens.
    expect(calls('GET', VERSIONS)).toHaveLength(0);

    await userEvent.click(button('Change Version'));
    const dialog = await dialogWith('Target Version');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Target Version' }));
    expect(await within(dialog).findByText(CONFIG_CENTER_MESSAGES.targetVersionRequired)).toBeInTheDocument();
    expect(calls('GET', VERSIONS)[0]?.url.searchParams.get('cluster_type')).toBe('DEDICATED_TIDB');

    fireEvent.mouseDown(within(dialog).getByLabelText('Target version'));
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['v8.5.2', 'v9.0.0']));
    fireEvent.click(options()[0]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Target Version' }));
    await waitFor(() => expect(screen.getByLabelText('Pending changes')).toHaveTextContent('version→v8.5.2'));
    expect(screen.getByLabelText('Version')).toHaveTextContent('→ v8.5.2');

    await userEvent.click(button('Preview changes'));
    const drawer = await dialogWith('Preview the change');
    await within(drawer).findByLabelText('Reason');
    const body = calls('POST', PREVIEW)[0]?.body as PreviewBody;
    expect(body).toEqual({
      change_type: 'version',
      cluster_type: 'DEDICATED_TIDB',
      cluster_id: '10086',
      files: [],
      components: [],
      version: { to_version: 'v8.5.2' },
      base_fingerprint: 'fp-1',
    });
    expect(within(drawer).getByLabelText('Version change')).toHaveTextContent('v8.5.2');
    await userEvent.type(within(drawer).getByLabelText('Reason'), 'Upgrade');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls('POST', CREATE)).toHaveLength(1));
    expect(calls('POST', CREATE)[0]?.body as CreateChangeBody).toMatchObject({
      version: { to_version: 'v8.5.2' },
      apply_policy: 'RollingRestart',
      reason: 'Upgrade',
    });
  });

  it('a version change joins parameter edits as a mixed change and can be removed', async () => {
    serve();
    renderWithProviders(<ConfigEditor clusterType="DEDICATED_TIDB" clusterId="10086" />, {
      path: '/orgs/1/clusters/10086?tab=config',
    });
    await userEvent.click(await screen.findByText('Change Version', { selector: 'button span' }));
    const dialog = await dialogWith('Target Version');
    fireEvent.mouseDown(within(dialog).getByLabelText('Target version'));
    await waitFor(() => expect(options().length).toBe(2));
    fireEvent.click(options()[1]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Target Version' }));
    const pending = await screen.findByLabelText('Pending changes');
    await waitFor(() => expect(pending).toHaveTextContent('v9.0.0'));
    await userEvent.click(within(pending).getByLabelText('Remove version'));
    expect(screen.queryByLabelText('Pending changes')).not.toBeInTheDocument();
    expect(button('Preview changes')).toBeDisabled();
  });

  it('is offered for TiDB clusters only: not for TiCDC clusters, changefeeds or tenants', async () => {
    mockFetch({
      'GET /api/v1/devops/cloudconfig/clusters/:id/config': { body: clusterConfig() },
    });
    renderWithProviders(<ConfigEditor clusterType="CHANGEFEED" clusterId="10086" />, { path: '/x' });
    await screen.findByLabelText('Edit log.level');
    expect(screen.queryByText('Change Version')).not.toBeInTheDocument();
  });

  it('newerVersions: strictly newer, by number not text, deduplicated, oldest first', () => {
    expect(newerVersions(['v8.10.0', 'v8.9.1', 'v8.5.1', 'v8.5.0', 'v8.9.1', 'nightly'], 'v8.5.1')).toEqual([
      'v8.9.1',
      'v8.10.0',
    ]);
  });
});
