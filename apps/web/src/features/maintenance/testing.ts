import type { MaintenanceDetail, MaintenanceExecution } from '@portal/contract';

/** Test data of the maintenance area (its *.test.tsx files only). */
export const BASE = '/api/v1/devops/cluster/maintenances';

export function execution(overrides: Partial<MaintenanceExecution> = {}): MaintenanceExecution {
  return {
    id: '101',
    maintenance_id: '7',
    cluster_id: '10086',
    cluster_name: 'orders-prod',
    status: 'Pending',
    cancel_reason: null,
    started_at: null,
    ended_at: null,
    operator: null,
    ...overrides,
  };
}

export function maintenance(overrides: Partial<MaintenanceDetail> = {}): MaintenanceDetail {
  const executions = overrides.executions ?? [execution()];
  return {
    id: '7',
    project_id: 'p-1',
    project_name: 'Default Project',
    tenant_id: '1372813089189341184',
    schedule_time: '2026-11-24T10:00:00.000Z',
    deadline: '2099-11-24T14:00:00.000Z',
    status: 'Running',
    description: 'TiKV rolling upgrade',
    created_by: 'olivia@example.com',
    created_at: '2026-11-23T10:00:00.000Z',
    closed_at: null,
    close_reason: null,
    cluster_ids: executions.map((e) => e.cluster_id),
    ...overrides,
    executions,
  };
}
