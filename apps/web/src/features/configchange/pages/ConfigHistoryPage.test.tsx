import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONFIG_CHANGE_PHASES } from '@portal/contract';
import type { Approval, ConfigChange, ConfigChangePhase } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { configChange } from '../testing';
import { ConfigHistoryPage } from './ConfigHistoryPage';

vi.setConfig({ testTimeout: 60_000 });

const DETAIL = '/api/v1/devops/cloudconfig/changes/9';
const APPLY = `${DETAIL}/apply`;
const CANCEL = `${DETAIL}/cancel`;

const approval: Approval = {
  id: '41',
  name: 'Configuration change 9 of cluster 10086',
  status: 'APPROVED',
  applicant: 'olivia@example.com',
  start_at: '2024-06-01T08:00:00.000Z',
  end_at: '2024-06-01T09:00:00.000Z',
  from_template: 'cluster_config_change',
  subject_type: 'cloud_config_change',
  subject_id: '9',
  nodes: [],
};

function serve(change: ConfigChange | (() => ConfigChange), extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${DETAIL}`]: () => ({ body: { change: typeof change === 'function' ? change() : change } }),
    'GET /api/v1/devops/approval/approvals/:id': { body: { approval } },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    ...extra,
  });
}

const render = () =>
  renderWithProviders(<ConfigHistoryPage />, { path: '/confighistories/9', routePath: '/confighistories/:historyId' });
const action = (name: 'Apply' | 'Cancel') => screen.getByRole('button', { name: new RegExp(`${name}$`) });

/** Spec §4, written out rather than derived from the contract helpers, so a wrong helper fails here. */
const APPLY_ENABLED: readonly string[] = ['wait_for_apply'];
const CANCEL_DISABLED: readonly string[] = ['cancelled', 'withdrawn', 'applying', 'applied'];

describe('/confighistories/:historyId', () => {
  it.each(CONFIG_CHANGE_PHASES.map((phase) => [phase]))(
    'in phase %s enables Apply only in wait_for_apply and disables Cancel in cancelled/withdrawn/applying/applied',
    async (phase: ConfigChangePhase) => {
      serve(configChange({ phase }));
      render();
      const tag = await screen.findAllByText(phase);
      expect(tag.length).toBeGreaterThan(0);
      expect(action('Apply')).toHaveProperty('disabled', !APPLY_ENABLED.includes(phase));
      expect(action('Cancel')).toHaveProperty('disabled', CANCEL_DISABLED.includes(phase));
    },
  );

  it('covers every phase of the contract', () => {
    // Seven phases: a new one must get its expectation above.
    expect([...CONFIG_CHANGE_PHASES].sort()).toEqual(
      ['applied', 'applying', 'approving', 'cancelled', 'created', 'wait_for_apply', 'withdrawn'].sort(),
    );
  });

  it('shows the facts, the scope tabs and the approval', async () => {
    serve(configChange());
    render();
    expect(await screen.findByText('Quieter logs')).toBeInTheDocument();
    expect(screen.getByText('olivia@example.com', { selector: '.ant-descriptions-item-content' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '10086' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/clusters/10086',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Components' }));
    expect(await screen.findByText('v8.5.2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Configuration Files' }));
    expect(await screen.findByText('raftstore.capacity')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Snapshot' })).toHaveTextContent('tikv.toml');
    expect(await screen.findByText('Configuration change 9 of cluster 10086')).toBeInTheDocument();
  });

  it('applies after a confirmation: "Successfully Apply", the operation link, then follows the phase', async () => {
    let current = configChange({ phase: 'wait_for_apply' });
    const { calls } = serve(() => current, {
      [`POST ${APPLY}`]: () => {
        current = configChange({ phase: 'applying', operation_id: '777' });
        return { body: { change: current, instance_id: '777' } };
      },
    });
    render();
    await waitFor(() => expect(action('Apply')).toBeEnabled());
    await userEvent.click(action('Apply'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Apply configuration change 9?');
    expect(calls('POST', APPLY)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Successfully Apply')).toBeInTheDocument();
    expect(calls('POST', APPLY)).toHaveLength(1);
    const links = screen.getAllByRole('link', { name: '777' });
    expect(links[0]).toHaveAttribute('href', '/operations/777');
    expect(action('Apply')).toBeDisabled();
    expect(action('Cancel')).toBeDisabled();

    // While applying it is re-read every second, until it is applied.
    const before = calls('GET', DETAIL).length;
    current = configChange({ phase: 'applied', operation_id: '777', closed_at: '2024-06-02T08:00:00.000Z' });
    await waitFor(() => expect(screen.getAllByText('applied').length).toBeGreaterThan(0), { timeout: 4000 });
    expect(calls('GET', DETAIL).length).toBeGreaterThan(before);
  });

  it('cancels after a confirmation with "Successfully Cancel"', async () => {
    const { calls } = serve(configChange({ phase: 'approving' }), {
      [`POST ${CANCEL}`]: { body: { change: configChange({ phase: 'withdrawn' }) } },
    });
    render();
    await waitFor(() => expect(action('Cancel')).toBeEnabled());
    await userEvent.click(action('Cancel'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the change' }));
    expect(await screen.findByText('Successfully Cancel')).toBeInTheDocument();
    expect(calls('POST', CANCEL)).toHaveLength(1);
  });

  it('shows a refused apply in the operation-failure dialog', async () => {
    serve(configChange(), {
      [`POST ${APPLY}`]: {
        status: 409,
        body: {
          code: 'configChange.phaseForbids',
          message: 'A change that is applying cannot be applied',
          requestId: 'r',
        },
      },
    });
    render();
    await waitFor(() => expect(action('Apply')).toBeEnabled());
    await userEvent.click(action('Apply'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getAllByRole('dialog').some((d) => d.textContent?.includes('configChange.phaseForbids'))).toBe(
        true,
      ),
    );
    expect(screen.queryByText('Successfully Apply')).not.toBeInTheDocument();
  });
});
