import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { K8S_MESSAGES } from '@portal/contract';
import type { K8sInfo, K8sUpgradeTask, ListResult } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { INFOS, k8sInfo, TASKS, taskDetail } from '../testing';
import { TaskListPage } from './TaskListPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const { batches: _b, ...summary } = taskDetail('running', ['succeeded', 'upgrading']);
const task: K8sUpgradeTask = summary;

const fleet: K8sInfo[] = [
  k8sInfo({ name: 'aws-eu-central-1-prod-01', version: '1.29' }),
  k8sInfo({ name: 'aws-eu-central-1-prod-02', version: '1.29' }),
  k8sInfo({ name: 'aws-us-west-2-prod-01', version: '1.29' }),
  // In another open task: offered, but disabled.
  k8sInfo({
    name: 'aws-us-east-1-prod-01',
    version: '1.29',
    open_task: { task_id: '3', name: 'Other', status: 'running', cluster_status: 'pending' },
  }),
  // Already at the target.
  k8sInfo({ name: 'aws-us-east-1-dev-01', version: '1.30', environment: 'dev' }),
];

function serve() {
  const page: ListResult<K8sUpgradeTask> = { items: [task], total: 1 };
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${TASKS}`]: { body: page },
    [`GET ${INFOS}`]: { body: { items: fleet, total: fleet.length } },
    [`POST ${TASKS}/autoGeneration`]: { status: 201, body: { ...taskDetail('draft'), id: '13' } },
    [`POST ${TASKS}`]: (req) => ({
      status: 201,
      body: { ...taskDetail('draft'), id: '12', name: String((req.body as { name: string }).name) },
    }),
  });
}

/** The open dropdown of an antd Select field (found through the listbox its input controls). */
function dropdownOf(field: HTMLElement): HTMLElement {
  const list = document.getElementById(field.getAttribute('aria-controls') ?? '');
  const dropdown = list?.closest<HTMLElement>('.ant-select-dropdown');
  if (!dropdown) throw new Error('the select is not open');
  return dropdown;
}

/** Opens an antd Select (its input) and picks the option whose text starts with `text`. */
async function choose(field: HTMLElement, text: string) {
  fireEvent.mouseDown(field);
  const option = await waitFor(() => {
    const found = [...dropdownOf(field).querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) =>
      (o.textContent ?? '').startsWith(text),
    );
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

/** The options of a Select field's open dropdown: text, and whether it is disabled. */
const optionsOf = (field: HTMLElement) =>
  [...dropdownOf(field).querySelectorAll<HTMLElement>('.ant-select-item-option')].map((o) => ({
    text: o.textContent ?? '',
    disabled: o.classList.contains('ant-select-item-option-disabled'),
  }));

describe('/k8sUpgradeTask', () => {
  it('lists tasks with the filters of the URL, and keeps new filters in the URL', async () => {
    const { calls } = serve();
    const { router } = renderWithProviders(<TaskListPage />, {
      path: '/k8sUpgradeTask?status=running&status=failed&target_version=1.30&k8s_name=aws-us&search=prod',
    });
    expect(await screen.findByRole('link', { name: task.name })).toHaveAttribute('href', '/k8sUpgradeTask/7');
    expect(screen.getByLabelText('1 of 2 upgraded')).toHaveTextContent('1/2 upgraded · 1 upgrading');
    const query = calls('GET', TASKS)[0]?.url.searchParams;
    expect(query?.getAll('status')).toEqual(['running', 'failed']);
    expect(Object.fromEntries([...(query?.entries() ?? [])].filter(([k]) => k !== 'status'))).toEqual({
      page: '1',
      per_page: '10',
      sort: '-created_at',
      search: 'prod',
      target_version: '1.30',
      k8s_name: 'aws-us',
    });
    // The filters show the URL's values before their selects load.
    expect(screen.getByLabelText('Task status')).toHaveValue('running, failed');
    expect(screen.getByLabelText('Target version')).toHaveValue('1.30');

    // A status picked in the filter goes to the URL (repeated keys) and the list reloads with it.
    fireEvent.click(screen.getByLabelText('Task status'));
    await choose(await screen.findByRole('combobox', { name: 'Task status' }), 'draft');
    await waitFor(() => expect(router.state.location.search).toContain('status=draft'));
    expect(new URLSearchParams(router.state.location.search).getAll('status')).toEqual(['running', 'failed', 'draft']);
    await waitFor(() => expect(calls('GET', TASKS).at(-1)?.url.searchParams.getAll('status')).toContain('draft'));

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('New Upgrade Task: validates the form first, then sends the batches in order', async () => {
    const { calls } = serve();
    const { router } = renderWithProviders(<TaskListPage />, { path: '/k8sUpgradeTask' });
    await userEvent.click(await screen.findByRole('button', { name: /New Upgrade Task/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New Upgrade Task' });

    // Nothing filled: every rule says why, and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(K8S_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(K8S_MESSAGES.targetVersionRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(K8S_MESSAGES.batchEmpty)).toBeInTheDocument();
    expect(calls('POST', TASKS)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'EU prod to 1.30' } });
    await choose(within(dialog).getByLabelText('Target version', { selector: 'input' }), '1.30');
    await waitFor(() => expect(calls('GET', INFOS).length).toBeGreaterThan(0));
    const batch1 = within(dialog).getByLabelText('Batch 1 clusters', { selector: 'input' });
    await choose(batch1, 'aws-eu-central-1-prod-01');
    // A cluster in another open task, or already at the target version, cannot be picked.
    await waitFor(() =>
      expect(optionsOf(batch1)).toEqual(
        expect.arrayContaining([
          { text: expect.stringMatching(/^aws-us-east-1-prod-01.*in task 3/), disabled: true },
          { text: expect.stringMatching(/^aws-us-east-1-dev-01.*already at 1.30/), disabled: true },
          { text: expect.stringMatching(/^aws-eu-central-1-prod-02/), disabled: false },
        ]),
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /Add Batch/ }));
    // A second, empty batch is refused.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(K8S_MESSAGES.batchEmpty)).toBeInTheDocument();
    expect(calls('POST', TASKS)).toHaveLength(0);
    const batch2 = within(dialog).getByLabelText('Batch 2 clusters', { selector: 'input' });
    await choose(batch2, 'aws-us-west-2-prod-01');
    // What batch 1 holds is not offered to batch 2.
    expect(optionsOf(batch2).map((o) => o.text)).not.toContainEqual(expect.stringMatching(/^aws-eu-central-1-prod-01/));
    expect(optionsOf(batch2).map((o) => o.text)).toContainEqual(expect.stringMatching(/^aws-eu-central-1-prod-02/));
    await choose(batch2, 'aws-eu-central-1-prod-02');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls('POST', TASKS)).toHaveLength(1));
    expect(calls('POST', TASKS)[0]?.body).toEqual({
      name: 'EU prod to 1.30',
      description: '',
      target_version: '1.30',
      verification: 'automatic',
      batches: [['aws-eu-central-1-prod-01'], ['aws-us-west-2-prod-01', 'aws-eu-central-1-prod-02']],
    });
    expect(await screen.findByText(K8S_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/k8sUpgradeTask/12'));
  });

  it('Auto Generate: the below version cannot be above the target; sends what was chosen', async () => {
    const { calls } = serve();
    const { router } = renderWithProviders(<TaskListPage />, { path: '/k8sUpgradeTask' });
    await userEvent.click(await screen.findByRole('button', { name: /Auto Generate/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Auto Generate an Upgrade Task' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByText(K8S_MESSAGES.targetVersionRequired)).toBeInTheDocument();

    await choose(within(dialog).getByLabelText('Target version', { selector: 'input' }), '1.30');
    await choose(within(dialog).getByLabelText('Below version', { selector: 'input' }), '1.31');
    expect(await within(dialog).findByText(K8S_MESSAGES.belowAboveTarget)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(calls('POST', `${TASKS}/autoGeneration`)).toHaveLength(0);

    await choose(within(dialog).getByLabelText('Below version', { selector: 'input' }), '1.30');
    await waitFor(() => expect(within(dialog).queryByText(K8S_MESSAGES.belowAboveTarget)).toBeNull());
    await choose(within(dialog).getByLabelText('Provider', { selector: 'input' }), 'AWS');
    // What the fleet on the page says it would pick: the free AWS clusters below 1.30.
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      '3 k8s clusters to upgrade, at most 3 per batch',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(calls('POST', `${TASKS}/autoGeneration`)).toHaveLength(1));
    expect(calls('POST', `${TASKS}/autoGeneration`)[0]?.body).toEqual({
      target_version: '1.30',
      below_version: '1.30',
      batch_size: 3,
      verification: 'automatic',
      provider: 'AWS',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/k8sUpgradeTask/13'));
  });
});
