import type { Approval, JumpAuthorization, JumpserverUser } from '@portal/contract';

/** Test fixtures of the jumps area (used by its *.test.tsx files only). */
export const P = '/api/v1/devops/jump';

export function authorization(overrides: Partial<JumpAuthorization> = {}): JumpAuthorization {
  return {
    id: '12',
    cluster_id: '10086',
    cluster_name: 'orders-prod',
    tenant_id: '1372813089189341184',
    applicant: 'olivia@example.com',
    jumpserver_user: 'oscar.ops',
    reason: 'Read the TiKV logs for INC-2231',
    duration_minutes: 90,
    status: 'approving',
    status_reason: null,
    approval_id: '41',
    hosts: [
      'db-pd-0.db-pd-peer.tidb10086.svc',
      'db-tikv-0.db-tikv-peer.tidb10086.svc',
      'db-tikv-1.db-tikv-peer.tidb10086.svc',
    ],
    grant_id: null,
    created_at: '2024-06-01T08:00:00.000Z',
    starts_at: null,
    expires_at: null,
    ended_at: null,
    ended_by: null,
    ...overrides,
  };
}

export function jumpUser(overrides: Partial<JumpserverUser> = {}): JumpserverUser {
  return {
    id: 'jsu-0002',
    username: 'oscar.ops',
    name: 'Oscar Operator',
    email: 'operator@example.com',
    is_active: true,
    ...overrides,
  };
}

export const pendingApproval: Approval = {
  id: '41',
  name: 'Jump access to cluster orders-prod (10086) as oscar.ops for 1h 30m',
  status: 'PENDING',
  applicant: 'olivia@example.com',
  start_at: '2024-06-01T08:00:00.000Z',
  end_at: null,
  from_template: 'jump_authorization',
  subject_type: 'jump',
  subject_id: '12',
  nodes: [
    {
      name: 'Access review',
      status: 'PENDING',
      tasks: [
        {
          user_email: 'ada@example.com',
          status: 'PENDING',
          start_at: '2024-06-01T08:00:00.000Z',
          end_at: null,
          comment: null,
        },
      ],
    },
  ],
};
