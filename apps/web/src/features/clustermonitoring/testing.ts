import type { ClusterAlert, ClusterAlertSummary, ClusterTopology, CriticalAlert, DmNamespace } from '@portal/contract';

/** Test data of the cluster-monitoring area (its *.test.tsx files only). */
export const CLUSTER_BASE = '/api/v1/devops/cluster/clusters/:id';
export const CRITICAL_URL = '/api/v1/devops/dashboard/critical-alert';

export function alert(overrides: Partial<ClusterAlert> = {}): ClusterAlert {
  return {
    id: '501',
    cluster_id: '10086',
    rule: 'TiKV_server_is_down',
    severity: 'critical',
    status: 'firing',
    state: 'firing',
    summary: 'TiKV db-tikv-2 is down',
    description: 'TiKV has sent no heartbeat to PD for more than a minute.',
    labels: { alertname: 'TiKV_server_is_down', instance: 'db-tikv-2.db-tikv-peer.tidb10086.svc:20160' },
    starts_at: '2026-11-24T10:00:00.000Z',
    ends_at: null,
    acknowledged_by: null,
    acknowledged_at: null,
    acknowledge_comment: null,
    silenced_by: null,
    silenced_until: null,
    silence_comment: null,
    ...overrides,
  };
}

export function criticalAlert(overrides: Partial<CriticalAlert> = {}): CriticalAlert {
  return {
    ...alert(),
    cluster_name: 'orders-prod',
    tenant_id: '1372813089189341184',
    tenant_name: 'Acme Corp',
    ...overrides,
  };
}

export function summary(overrides: Partial<ClusterAlertSummary> = {}): ClusterAlertSummary {
  return {
    cluster_id: '10086',
    firing: { critical: 1, warning: 2, info: 0, total: 3 },
    acknowledged: 1,
    silenced: 1,
    last_7_days: { critical: 1, warning: 4, info: 1, total: 6, resolved: 3 },
    daily: [
      { date: '2026-11-18', critical: 0, warning: 1, info: 0 },
      { date: '2026-11-19', critical: 0, warning: 0, info: 0 },
      { date: '2026-11-20', critical: 0, warning: 2, info: 1 },
      { date: '2026-11-21', critical: 0, warning: 0, info: 0 },
      { date: '2026-11-22', critical: 0, warning: 0, info: 0 },
      { date: '2026-11-23', critical: 0, warning: 1, info: 0 },
      { date: '2026-11-24', critical: 1, warning: 0, info: 0 },
    ],
    generated_at: '2026-11-24T12:00:00.000Z',
    ...overrides,
  };
}

export function topology(overrides: Partial<ClusterTopology> = {}): ClusterTopology {
  const zones = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
  const inst = (c: string, i: number, port: number) => ({
    name: `db-${c}-${i}`,
    address: `db-${c}-${i}.db-${c}-peer.tidb10086.svc:${port}`,
    zone: zones[i % 3]!,
  });
  return {
    cluster_id: '10086',
    provider: 'AWS',
    region: 'us-east-1',
    components: [
      {
        component: 'PD',
        replicas: 3,
        node_spec: '4C16G',
        storage_gib: 50,
        version: 'v8.1.1',
        image_tag: 'v8.1.1-20260101-abc1234',
        instances: [0, 1, 2].map((i) => inst('pd', i, 2379)),
      },
      {
        component: 'TIKV',
        replicas: 3,
        node_spec: '8C32G',
        storage_gib: 1000,
        version: 'v8.1.1',
        image_tag: 'v8.1.1-20260101-abc1234',
        instances: [0, 1, 2].map((i) => inst('tikv', i, 20160)),
      },
    ],
    stores: [0, 1, 2].map((i) => ({
      store_id: i + 2,
      kind: 'tikv' as const,
      address: inst('tikv', i, 20160).address,
      zone: zones[i]!,
      state: i === 2 ? ('Down' as const) : ('Up' as const),
      version: 'v8.1.1',
      capacity_bytes: 1000 * 1024 ** 3,
      used_bytes: (i === 2 ? 950 : 400) * 1024 ** 3,
      region_count: 6400,
      leader_count: 2133,
      started_at: '2026-10-01T00:00:00.000Z',
    })),
    stores_error: null,
    zones: zones.map((zone, i) => ({
      zone,
      components: [
        { component: 'PD' as const, count: 1 },
        { component: 'TIKV' as const, count: 1 },
      ],
      stores: 1,
      stores_up: i === 2 ? 0 : 1,
      region_count: 6400,
      leader_count: 2133,
    })),
    ...overrides,
  };
}

export function dmNamespace(overrides: Partial<DmNamespace> = {}): DmNamespace {
  return {
    name: 'dm-10086',
    cluster_id: '10086',
    status: 'Degraded',
    dm_version: 'v8.1.1',
    master_replicas: 3,
    master_ready: 3,
    worker_replicas: 2,
    worker_ready: 1,
    created_at: '2026-11-01T00:00:00.000Z',
    tasks: [
      {
        name: 'crm-sync',
        task_mode: 'all',
        stage: 'Paused',
        unit: 'Sync',
        sources: ['mysql-crm-01'],
        target_database: 'crm',
        progress: null,
        sync_lag_seconds: 5400,
        error: "Error 1062 (23000): Duplicate entry '10231' for key 'customers.PRIMARY'",
        updated_at: '2026-11-24T10:30:00.000Z',
      },
    ],
    ...overrides,
  };
}
