import type { Approval, OperationDetail, RemediationTicket } from '@portal/contract';

/** Test fixtures of the remediation area (used by its *.test.tsx files only). */
export const P = '/api/v1/devops/remediationtickets';

export function ticket(overrides: Partial<RemediationTicket> = {}): RemediationTicket {
  return {
    id: 'RT-1007',
    cluster_id: '10086',
    cluster_name: 'orders-prod',
    tenant_id: '1372813089189341184',
    incident_id: 'INC-1003',
    action: 'scale_out_tikv',
    params: { add_nodes: 2 },
    summary: 'Scale out TiKV by 2 nodes',
    reason: 'Store 4 is at 91% disk since the import; INC-1003',
    risk_level: 'low',
    status: 'draft',
    status_reason: null,
    applicant: 'olivia@example.com',
    approval_id: null,
    operation_id: null,
    created_at: '2024-06-01T08:00:00.000Z',
    updated_at: '2024-06-01T08:00:00.000Z',
    submitted_at: null,
    decided_at: null,
    decided_by: null,
    started_at: null,
    finished_at: null,
    ...overrides,
  };
}

export const pendingApproval: Approval = {
  id: '51',
  name: 'Remediation RT-1007: Scale out TiKV by 2 nodes on orders-prod (10086)',
  status: 'PENDING',
  applicant: 'olivia@example.com',
  start_at: '2024-06-01T08:05:00.000Z',
  end_at: null,
  from_template: 'remediation_ticket',
  subject_type: 'remediation_ticket',
  subject_id: 'RT-1007',
  nodes: [
    {
      name: 'On-call review',
      status: 'PENDING',
      tasks: [
        {
          user_email: 'ada@example.com',
          status: 'PENDING',
          start_at: '2024-06-01T08:05:00.000Z',
          end_at: null,
          comment: null,
        },
      ],
    },
  ],
};

export function runOperation(overrides: Partial<OperationDetail> = {}): OperationDetail {
  const step = (seq: number, name: string, title: string, status: 'succeeded' | 'running' | 'pending') => ({
    seq,
    name,
    title,
    manual: false,
    status,
    message: null,
    started_at: status === 'pending' ? null : '2024-06-01T09:00:00.000Z',
    finished_at: status === 'succeeded' ? '2024-06-01T09:00:05.000Z' : null,
  });
  return {
    id: '300',
    type: 'remediation.run',
    title: 'Remediation RT-1007: Scale out TiKV by 2 nodes',
    target_type: 'remediation_ticket',
    target_id: 'RT-1007',
    tenant_id: '1372813089189341184',
    status: 'running',
    created_by: 'ada@example.com',
    created_at: '2024-06-01T09:00:00.000Z',
    started_at: '2024-06-01T09:00:00.000Z',
    finished_at: null,
    error: null,
    progress: { done: 1, total: 4 },
    steps: [
      step(1, 'precheck', 'Pre-check the cluster', 'succeeded'),
      step(2, 'provision-stores', 'Provision the TiKV stores', 'running'),
      step(3, 'balance-regions', 'Balance regions onto the new stores', 'pending'),
      step(4, 'verify', 'Verify the cluster is healthy', 'pending'),
    ],
    params: {},
    ...overrides,
  };
}
