import type { Incident, IncidentChange, IncidentLog, IncidentTodo } from '@portal/contract';

/** Test fixtures of the incidents area (used by its *.test.tsx files only). */
export const P = '/api/v1/devops/incidents';

export function incident(overrides: Partial<Incident> = {}): Incident {
  return {
    id: 'INC-1042',
    title: 'TiKV write latency spike in us-east-1',
    description: 'p99 write latency above 2 s on orders-prod since 09:58.',
    severity: 'major',
    status: 'open',
    commander: 'olivia@example.com',
    tenants: [{ id: '1372813089189341184', name: 'Acme Corp' }],
    clusters: [{ id: '10086', name: 'orders-prod', tenant_id: '1372813089189341184' }],
    started_at: '2024-06-01T09:58:00.000Z',
    acknowledged_at: null,
    mitigated_at: null,
    resolved_at: null,
    created_by: 'olivia@example.com',
    created_at: '2024-06-01T10:02:00.000Z',
    updated_at: '2024-06-01T10:02:00.000Z',
    ...overrides,
  };
}

export function log(overrides: Partial<IncidentLog> = {}): IncidentLog {
  return {
    id: '1',
    incident_id: 'INC-1042',
    kind: 'note',
    text: 'Paged the storage on-call.',
    author: 'olivia@example.com',
    at: '2024-06-01T10:03:00.000Z',
    ...overrides,
  };
}

export function todo(overrides: Partial<IncidentTodo> = {}): IncidentTodo {
  return {
    id: '7',
    incident_id: 'INC-1042',
    title: 'Alert on TiKV raftstore CPU above 80 %',
    owner: 'olivia@example.com',
    due_date: '2024-06-14',
    status: 'open',
    tracker_issue_key: null,
    tracker_issue_url: null,
    tracker_status: null,
    tracker_status_category: null,
    synced_at: null,
    created_by: 'olivia@example.com',
    created_at: '2024-06-01T12:00:00.000Z',
    updated_at: '2024-06-01T12:00:00.000Z',
    ...overrides,
  };
}

export function change(overrides: Partial<IncidentChange> = {}): IncidentChange {
  return {
    kind: 'operation',
    id: '42',
    title: 'Restart TiKV of orders-prod',
    cluster_id: '10086',
    at: '2024-06-01T09:40:00.000Z',
    link: '/operations/42',
    operator: 'oscar@example.com',
    status: 'succeeded',
    ...overrides,
  };
}
