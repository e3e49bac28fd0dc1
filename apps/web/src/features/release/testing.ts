/** Contract-typed API answers for the release tests (not imported by app code). */
import type {
  Approval,
  DevopsRelease,
  PullDetail,
  PullSummary,
  ReleaseChange,
  ReleaseTicket,
  ReleaseTicketDetail,
} from '@portal/contract';

export const RELEASES = '/api/v1/devops/releases';
export const RELEASE_ID = '12';
export const CHANGE_ID = '34';
export const RELEASE_API = `${RELEASES}/${RELEASE_ID}`;
export const CHANGE_API = `${RELEASE_API}/changes/${CHANGE_ID}`;

export function devopsRelease(overrides: Partial<DevopsRelease> = {}): DevopsRelease {
  return {
    id: RELEASE_ID,
    description: 'Week 23 platform rollout',
    environment: 'staging',
    phase: 'planning',
    release_number: '2024.23.1',
    released_at: null,
    approval_id: null,
    approval_status: null,
    created_by: 'olivia@example.com',
    created_at: '2024-06-03T08:00:00.000Z',
    updated_at: '2024-06-03T08:00:00.000Z',
    changes: { total: 1, by_status: { draft: 1 } },
    ...overrides,
  };
}

export function releaseChange(overrides: Partial<ReleaseChange> = {}): ReleaseChange {
  return {
    id: CHANGE_ID,
    release_id: RELEASE_ID,
    title: 'Bump tidb-operator to v1.6.1',
    description: 'Fixes the PD rolling restart race.',
    component: 'tidb-operator',
    repository: 'acme/platform',
    pull_requests: [7],
    labels: ['release-note'],
    target_cluster_ids: ['10086', '10087'],
    canary_cluster_ids: ['10086'],
    status: 'draft',
    deploy_operation_id: null,
    deployed_at: null,
    ready_check: null,
    verification: null,
    tickets: [{ name: 'OPS-1201', title: 'Roll out tidb-operator 1.6.1', status: 'open', link: null }],
    created_by: 'olivia@example.com',
    created_at: '2024-06-03T09:00:00.000Z',
    updated_at: '2024-06-03T09:00:00.000Z',
    ...overrides,
  };
}

export function releaseTicket(overrides: Partial<ReleaseTicket> = {}): ReleaseTicket {
  return {
    name: 'OPS-1201',
    release_id: RELEASE_ID,
    change_id: CHANGE_ID,
    change_title: 'Bump tidb-operator to v1.6.1',
    title: 'Roll out tidb-operator 1.6.1',
    link: 'https://tickets.example.com/OPS-1201',
    status: 'open',
    created_by: 'olivia@example.com',
    created_at: '2024-06-03T09:05:00.000Z',
    updated_at: '2024-06-03T09:05:00.000Z',
    ...overrides,
  };
}

export function ticketDetail(overrides: Partial<ReleaseTicketDetail> = {}): ReleaseTicketDetail {
  return {
    ...releaseTicket({ status: 'in_progress', updated_at: '2024-06-03T10:00:00.000Z' }),
    history: [
      { at: '2024-06-03T09:05:00.000Z', by: 'olivia@example.com', from_status: null, to_status: 'open', note: '' },
      {
        at: '2024-06-03T10:00:00.000Z',
        by: 'ada@example.com',
        from_status: 'open',
        to_status: 'in_progress',
        note: 'picked up',
      },
    ],
    ...overrides,
  };
}

export function pullSummary(overrides: Partial<PullSummary> = {}): PullSummary {
  return {
    number: 7,
    title: 'operator: serialize PD restarts',
    state: 'merged',
    author: 'ada',
    labels: ['release-note'],
    head_ref: 'fix/pd-restart',
    base_ref: 'main',
    url: null,
    created_at: '2024-06-01T08:00:00.000Z',
    updated_at: '2024-06-02T08:00:00.000Z',
    merged_at: '2024-06-02T08:00:00.000Z',
    closed_at: '2024-06-02T08:00:00.000Z',
    ...overrides,
  };
}

export function pullDetail(overrides: Partial<PullDetail> = {}): PullDetail {
  return {
    ...pullSummary(),
    body: 'Restarts PD members one at a time.',
    head_sha: 'a1b2c3d4e5f6a7b8c9d0',
    base_sha: '0f9e8d7c6b5a4f3e2d1c',
    files: [{ filename: 'pkg/pd/restart.go', status: 'modified', additions: 1, deletions: 1 }],
    diff: [
      'diff --git a/pkg/pd/restart.go b/pkg/pd/restart.go',
      '--- a/pkg/pd/restart.go',
      '+++ b/pkg/pd/restart.go',
      '@@ -1,3 +1,3 @@',
      ' package pd',
      '-const parallel = true',
      '+const parallel = false',
      '',
    ].join('\n'),
    diff_truncated: false,
    ...overrides,
  };
}

export function approval(overrides: Partial<Approval> = {}): Approval {
  return {
    id: '51',
    name: 'prod release 2024.23.1',
    status: 'PENDING',
    applicant: 'olivia@example.com',
    start_at: '2024-06-03T10:00:00.000Z',
    end_at: null,
    from_template: 'release',
    subject_type: 'release',
    subject_id: RELEASE_ID,
    nodes: [
      {
        name: 'Release managers',
        status: 'PENDING',
        tasks: [{ user_email: 'ada@example.com', status: 'PENDING', start_at: null, end_at: null, comment: null }],
      },
    ],
    ...overrides,
  };
}
