import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { K8S_CLUSTER_STATUSES } from '@portal/contract';
import type { K8sClusterStatus, K8sTaskClusterDetail, K8sTaskStatus } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { TASKS, taskDetail, upgradeOperation } from '../testing';
import { TaskClusterPage } from './TaskClusterPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const NAME = 'aws-us-east-1-prod-01';

function detail(taskStatus: K8sTaskStatus, status: K8sClusterStatus): K8sTaskClusterDetail {
  const { batches, ...task } = taskDetail(taskStatus, [status, 'pending']);
  const pool = {
    name: 'tikv',
    instance_type: 'r6i.4xlarge',
    node_count: 9,
    version: '1.29',
    status: 'healthy' as const,
    message: null,
  };
  return {
    task,
    cluster: batches[0]!.clusters[0]!,
    batch: batches[0]!,
    operation: status === 'pending' || status === 'excluded' ? null : upgradeOperation(),
    pools_before: [pool],
    pools_after: status === 'succeeded' ? [{ ...pool, version: '1.30' }] : null,
  };
}

function render(current: K8sTaskClusterDetail) {
  mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${TASKS}/7/k8sClusters/${NAME}`]: { body: current },
  });
  return renderWithProviders(<TaskClusterPage />, {
    path: `/k8sUpgradeTask/7/k8sCluster/${NAME}`,
    routePath: '/k8sUpgradeTask/:taskId/k8sCluster/:k8sName',
  });
}

const exclude = () => screen.getByText('Exclude', { selector: 'button span' }).closest('button') as HTMLButtonElement;

describe('/k8sUpgradeTask/:taskId/k8sCluster/:k8sName', () => {
  it.each(K8S_CLUSTER_STATUSES.map((s) => [s]))('%s in a running task: Exclude only when pending', async (status) => {
    render(detail('running', status));
    await screen.findByRole('link', { name: '7: AWS us-east-1 prod to 1.30' });
    expect(exclude().disabled).toBe(status !== 'pending');
  });

  it('pending in a cancelled task: no Exclude', async () => {
    render(detail('cancelled', 'pending'));
    await screen.findByRole('link', { name: '7: AWS us-east-1 prod to 1.30' });
    expect(exclude().disabled).toBe(true);
  });

  it('links back to the task, the infrastructure page and the operation, with its steps', async () => {
    render(detail('running', 'upgrading'));
    expect(await screen.findByRole('link', { name: '7: AWS us-east-1 prod to 1.30' })).toHaveAttribute(
      'href',
      '/k8sUpgradeTask/7',
    );
    expect(screen.getByRole('link', { name: NAME })).toHaveAttribute('href', `/infraInformation/${NAME}`);
    const steps = screen.getByRole('table', { name: 'Operation steps' });
    expect(within(steps).getByText('Upgrade the control plane')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '100' })[0]).toHaveAttribute('href', '/operations/100');
  });
});
