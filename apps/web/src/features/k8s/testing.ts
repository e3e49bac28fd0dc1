import { k8sBatchStatus } from '@portal/contract';
import type {
  K8sClusterStatus,
  K8sInfo,
  K8sInfoDetail,
  K8sTaskCluster,
  K8sTaskProgress,
  K8sTaskStatus,
  K8sUpgradeTaskDetail,
  OperationDetail,
} from '@portal/contract';

/** Contract-typed answers of the k8s routes, for the area's tests. */

export const INFOS = '/api/v1/devops/cluster/k8sInfos';
export const TASKS = '/api/v1/devops/cluster/k8sUpgradeTasks';

export function k8sInfo(overrides: Partial<K8sInfo> = {}): K8sInfo {
  return {
    name: 'aws-us-east-1-prod-01',
    provider: 'AWS',
    region: 'us-east-1',
    environment: 'prod',
    version: '1.29',
    health: 'healthy',
    node_pool_count: 4,
    node_count: 21,
    hosted_cluster_count: 3,
    open_task: null,
    created_at: '2024-01-09T00:00:00.000Z',
    ...overrides,
  };
}

export function k8sInfoDetail(overrides: Partial<K8sInfoDetail> = {}): K8sInfoDetail {
  return {
    ...k8sInfo(),
    node_pools: [
      {
        name: 'tikv',
        instance_type: 'r6i.4xlarge',
        node_count: 9,
        version: '1.29',
        status: 'healthy',
        message: null,
      },
    ],
    hosted_clusters: [
      {
        id: '10086',
        name: 'orders-prod',
        status: 'USER_CLUSTER_STATUS_AVAILABLE',
        cluster_type: 'DEDICATED_TIDB',
        version: 'v8.5.1',
        tenant_id: '1372813089189341184',
        tenant_name: 'Acme Corp',
        project_id: '42',
      },
    ],
    upgrade_history: [],
    ...overrides,
  };
}

export function taskCluster(overrides: Partial<K8sTaskCluster> = {}): K8sTaskCluster {
  return {
    k8s_name: 'aws-us-east-1-prod-01',
    provider: 'AWS',
    region: 'us-east-1',
    environment: 'prod',
    batch: 1,
    position: 1,
    status: 'pending',
    from_version: '1.29',
    current_version: '1.29',
    node_count: 21,
    hosted_cluster_count: 3,
    operation_id: null,
    reason: null,
    started_at: null,
    finished_at: null,
    ...overrides,
  };
}

function progressOf(clusters: readonly K8sTaskCluster[]): K8sTaskProgress {
  const p: K8sTaskProgress = { total: 0, pending: 0, upgrading: 0, succeeded: 0, failed: 0, excluded: 0, skipped: 0 };
  for (const c of clusters) {
    p.total++;
    p[c.status]++;
  }
  return p;
}

/** A task in `status` whose clusters (one batch each unless they say otherwise) have the statuses given. */
export function taskDetail(
  status: K8sTaskStatus,
  clusterStatuses: readonly K8sClusterStatus[] = ['pending', 'pending'],
  overrides: Partial<K8sUpgradeTaskDetail> = {},
): K8sUpgradeTaskDetail {
  const clusters = clusterStatuses.map((s, i) =>
    taskCluster({
      k8s_name: `aws-us-east-1-prod-0${i + 1}`,
      batch: i + 1,
      status: s,
      operation_id: s === 'pending' || s === 'excluded' ? null : String(100 + i),
    }),
  );
  const indexes = [...new Set(clusters.map((c) => c.batch))].sort((a, b) => a - b);
  const batches = indexes.map((index) => {
    const list = clusters.filter((c) => c.batch === index);
    return { index, status: k8sBatchStatus(list.map((c) => c.status)), clusters: list };
  });
  return {
    id: '7',
    name: 'AWS us-east-1 prod to 1.30',
    description: 'One per batch',
    target_version: '1.30',
    status,
    verification: 'automatic',
    reason: null,
    current_batch: status === 'draft' ? null : 1,
    batch_count: batches.length,
    progress: progressOf(clusters),
    generation: null,
    created_by: 'olivia@example.com',
    created_at: '2024-06-01T08:00:00.000Z',
    updated_at: '2024-06-01T08:00:00.000Z',
    submitted_at: status === 'draft' ? null : '2024-06-01T09:00:00.000Z',
    finished_at: null,
    closed_at: null,
    batches,
    ...overrides,
  };
}

export function upgradeOperation(overrides: Partial<OperationDetail> = {}): OperationDetail {
  return {
    id: '100',
    type: 'k8s_upgrade.cluster',
    title: 'Upgrade Kubernetes aws-us-east-1-prod-01 to 1.30 (task 7, batch 1)',
    target_type: 'k8s_cluster',
    target_id: 'aws-us-east-1-prod-01',
    tenant_id: null,
    status: 'running',
    created_by: 'olivia@example.com',
    created_at: '2024-06-01T09:00:00.000Z',
    started_at: '2024-06-01T09:00:00.000Z',
    finished_at: null,
    error: null,
    progress: { done: 1, total: 4 },
    steps: [
      {
        seq: 1,
        name: 'precheck',
        title: 'Pre-check the cluster and its node pools',
        manual: false,
        status: 'succeeded',
        message: 'all 4 node pools healthy',
        started_at: '2024-06-01T09:00:00.000Z',
        finished_at: '2024-06-01T09:00:01.000Z',
      },
      {
        seq: 2,
        name: 'control-plane',
        title: 'Upgrade the control plane',
        manual: false,
        status: 'running',
        message: null,
        started_at: '2024-06-01T09:00:01.000Z',
        finished_at: null,
      },
    ],
    params: {},
    ...overrides,
  };
}
