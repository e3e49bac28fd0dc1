import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { K8S_CLUSTER_STATUSES, K8S_MESSAGES, K8S_TASK_STATUSES } from '@portal/contract';
import type { K8sClusterStatus, K8sTaskStatus, K8sUpgradeTaskDetail, Profile } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { INFOS, k8sInfo, TASKS, taskDetail, upgradeOperation } from '../testing';
import { TaskDetailPage } from './TaskDetailPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const DETAIL = `${TASKS}/7`;

function serve(
  current: () => K8sUpgradeTaskDetail,
  profile: Profile = operatorProfile,
  extra: Parameters<typeof mockFetch>[0] = {},
) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${DETAIL}`]: () => ({ body: current() }),
    'GET /api/v1/devops/operations/:id': { body: upgradeOperation() },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    ...extra,
  });
}

const render = () =>
  renderWithProviders(<TaskDetailPage />, { path: '/k8sUpgradeTask/7', routePath: '/k8sUpgradeTask/:taskId' });
const button = (name: string) =>
  screen.getByText(name, { selector: 'button span' }).closest('button') as HTMLButtonElement;
const loaded = () => screen.findByText('One per batch', { selector: '.ant-descriptions-item-content' });

/** Spec §4 "k8s upgrade tasks: submit, close, cancel, exclude, delete" as the contract's table says, written out. */
const EXPECTED: Record<K8sTaskStatus, Record<'Edit' | 'Submit' | 'Cancel' | 'Close' | 'Delete', boolean>> = {
  draft: { Edit: true, Submit: true, Cancel: true, Close: false, Delete: true },
  running: { Edit: false, Submit: false, Cancel: true, Close: false, Delete: false },
  succeeded: { Edit: false, Submit: false, Cancel: false, Close: true, Delete: false },
  failed: { Edit: false, Submit: false, Cancel: false, Close: true, Delete: false },
  cancelled: { Edit: false, Submit: false, Cancel: false, Close: true, Delete: false },
  closed: { Edit: false, Submit: false, Cancel: false, Close: false, Delete: true },
};

/** Exclude: only a pending cluster, only while the task is a draft or running. */
const EXCLUDABLE = (task: K8sTaskStatus, cluster: K8sClusterStatus) =>
  (task === 'draft' || task === 'running') && cluster === 'pending';

describe('/k8sUpgradeTask/:taskId', () => {
  it.each(K8S_TASK_STATUSES.map((s) => [s]))('%s: the task actions per status', async (status: K8sTaskStatus) => {
    serve(() => taskDetail(status));
    render();
    await loaded();
    for (const [name, enabled] of Object.entries(EXPECTED[status])) expect(button(name).disabled, name).toBe(!enabled);
  });

  it.each(['draft', 'running', 'succeeded'] as const)(
    'task %s: Exclude per cluster status',
    async (status: K8sTaskStatus) => {
      serve(() => taskDetail(status, K8S_CLUSTER_STATUSES));
      render();
      await loaded();
      for (const [i, clusterStatus] of K8S_CLUSTER_STATUSES.entries()) {
        const exclude = await screen.findByLabelText(`Exclude aws-us-east-1-prod-0${i + 1}`);
        expect((exclude as HTMLButtonElement).disabled, clusterStatus).toBe(!EXCLUDABLE(status, clusterStatus));
      }
    },
  );

  it('links every cluster to its upgrade in the task and to its operation', async () => {
    serve(() => taskDetail('running', ['succeeded', 'upgrading', 'pending']));
    render();
    const batch2 = await screen.findByRole('table', { name: 'Batch 2 clusters' });
    expect(within(batch2).getByRole('link', { name: 'aws-us-east-1-prod-02' })).toHaveAttribute(
      'href',
      '/k8sUpgradeTask/7/k8sCluster/aws-us-east-1-prod-02',
    );
    expect(within(batch2).getByRole('link', { name: '101' })).toHaveAttribute('href', '/operations/101');
    expect(within(screen.getByRole('region', { name: 'Batch 2' })).getByText('running')).toBeInTheDocument();
    // The batch under way shows its upgrade's live progress (the current batch is 1 in this answer: nothing).
    expect(screen.queryByRole('region', { name: 'Current batch' })).toBeNull();
  });

  it("shows the current batch's upgrades live, linked to their operations", async () => {
    serve(() => taskDetail('running', ['upgrading', 'pending']));
    render();
    const current = await screen.findByRole('region', { name: 'Current batch' });
    expect(await within(current).findByText('Batch 1: upgrading aws-us-east-1-prod-01 to 1.30')).toBeInTheDocument();
    expect(await within(current).findByRole('link', { name: 'Operation 100' })).toHaveAttribute(
      'href',
      '/operations/100',
    );
    expect(await within(current).findByLabelText('1 of 4 steps done')).toBeInTheDocument();
  });

  it('hides the actions from a user who may only read', async () => {
    serve(() => taskDetail('draft'), viewerProfile);
    render();
    await loaded();
    await waitFor(() => expect(screen.queryByText('Submit', { selector: 'button span' })).toBeNull());
    for (const name of ['Edit', 'Cancel', 'Close', 'Delete'])
      expect(screen.queryByText(name, { selector: 'button span' })).toBeNull();
    expect(screen.queryByLabelText(/^Exclude /)).toBeNull();
  });

  it('submits after a confirmation and says so', async () => {
    let current = taskDetail('draft');
    const { calls } = serve(() => current, operatorProfile, {
      [`POST ${DETAIL}/submit`]: () => {
        current = taskDetail('running', ['upgrading', 'pending']);
        return { body: current };
      },
    });
    render();
    await loaded();
    await userEvent.click(button('Submit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Submit upgrade task 7?');
    expect(calls('POST', `${DETAIL}/submit`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(K8S_MESSAGES.submitted)).toBeInTheDocument();
    expect(calls('POST', `${DETAIL}/submit`)).toHaveLength(1);
    await waitFor(() => expect(button('Submit').disabled).toBe(true));
  });

  it('opens the operation-failure dialog when the server refuses', async () => {
    serve(() => taskDetail('succeeded', ['succeeded', 'succeeded']), operatorProfile, {
      [`POST ${DETAIL}/close`]: {
        status: 409,
        body: {
          code: 'k8sUpgrade.actionNotAllowed',
          message: 'The upgrade task does not allow this action in its current status',
          requestId: 'r',
        },
      },
    });
    render();
    await loaded();
    await userEvent.click(button('Close'));
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Close' }));
    expect(
      await screen.findByText('k8sUpgrade.actionNotAllowed', { selector: '.ant-modal-confirm-title' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The upgrade task does not allow this action in its current status')).toBeInTheDocument();
  });

  it('excludes a pending cluster with a reason (required)', async () => {
    let current = taskDetail('draft');
    const { calls } = serve(() => current, operatorProfile, {
      [`POST ${DETAIL}/exclude`]: () => {
        current = taskDetail('draft', ['excluded', 'pending']);
        return { body: current };
      },
    });
    render();
    await loaded();
    await userEvent.click(await screen.findByLabelText('Exclude aws-us-east-1-prod-01'));
    const dialog = await screen.findByRole('dialog', { name: 'Exclude aws-us-east-1-prod-01 from the task' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    expect(await within(dialog).findByText(K8S_MESSAGES.excludeReasonRequired)).toBeInTheDocument();
    expect(calls('POST', `${DETAIL}/exclude`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'hosts a customer demo today' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    expect(await screen.findByText(K8S_MESSAGES.excluded)).toBeInTheDocument();
    expect(calls('POST', `${DETAIL}/exclude`)[0]?.body).toEqual({
      k8s_name: 'aws-us-east-1-prod-01',
      reason: 'hosts a customer demo today',
    });
  });

  it('edits a draft: the dialog starts from the task (without its exclusions) and saves with PUT', async () => {
    let current = taskDetail('draft', ['pending', 'excluded', 'pending']);
    const open = { task_id: '7', name: current.name, status: 'draft', cluster_status: 'pending' };
    const { calls } = serve(() => current, operatorProfile, {
      [`GET ${INFOS}`]: {
        body: {
          items: [1, 2, 3].map((n) => k8sInfo({ name: `aws-us-east-1-prod-0${n}`, open_task: n === 2 ? null : open })),
          total: 3,
        },
      },
      [`PUT ${DETAIL}`]: (req) => {
        current = { ...current, name: (req.body as { name: string }).name };
        return { body: current };
      },
    });
    render();
    await loaded();
    await userEvent.click(button('Edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Upgrade Task 7' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('AWS us-east-1 prod to 1.30');
    fireEvent.change(name, { target: { value: 'Renamed' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT', DETAIL)).toHaveLength(1));
    expect(calls('PUT', DETAIL)[0]?.body).toEqual({
      name: 'Renamed',
      description: 'One per batch',
      target_version: '1.30',
      verification: 'automatic',
      batches: [['aws-us-east-1-prod-01'], ['aws-us-east-1-prod-03']],
    });
    expect(await screen.findByText(K8S_MESSAGES.saved)).toBeInTheDocument();
  });
});
