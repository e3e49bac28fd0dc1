import type { InboxItem, NotificationDelivery, NotificationStatistics, NotificationWorkflow } from '@portal/contract';

/** Test fixtures of the notifications area (used by its *.test.tsx files and the bell's). */
export const P = '/api/v1/devops/notification';

export function workflow(overrides: Partial<NotificationWorkflow> = {}): NotificationWorkflow {
  return {
    id: '3',
    name: 'Approvals to the approvers',
    description: 'Tells approvers in the portal when a change awaits them',
    trigger: 'approval.pending',
    channels: ['in_portal', 'chat'],
    subject: '{{title}}',
    body: '{{summary}}\n\n{{link}}',
    audience: { users: [], roles: [], event_recipients: true },
    chat_webhook_url: 'https://open.feishu.cn/open-apis/bot/v2/hook/****',
    chat_name: '#sre-approvals',
    enabled: true,
    created_by: 'admin@example.com',
    created_at: '2024-05-20T09:00:00.000Z',
    updated_by: 'admin@example.com',
    updated_at: '2024-05-21T09:00:00.000Z',
    last_triggered_at: '2024-06-01T08:00:00.000Z',
    ...overrides,
  };
}

export function delivery(overrides: Partial<NotificationDelivery> = {}): NotificationDelivery {
  return {
    id: '501',
    workflow_id: '3',
    event_id: '9001',
    event_type: 'approval.pending',
    event_title: 'Jump access to cluster orders-prod awaits your approval',
    subject_type: 'jump',
    subject_id: '12',
    link: '/jumps/12',
    channel: 'in_portal',
    recipient: 'admin@example.com',
    subject: 'Jump access to cluster orders-prod awaits your approval',
    status: 'sent',
    attempts: 1,
    error: null,
    created_at: '2024-06-01T08:00:01.000Z',
    sent_at: '2024-06-01T08:00:02.000Z',
    opened_at: null,
    chat_message_id: null,
    ...overrides,
  };
}

export function statistics(overrides: Partial<NotificationStatistics> = {}): NotificationStatistics {
  return {
    workflow_id: '3',
    from: '2024-06-01',
    to: '2024-06-03',
    days: [
      { day: '2024-06-01', sent: 4, failed: 1, opened: 2, pending: 0 },
      { day: '2024-06-02', sent: 0, failed: 0, opened: 0, pending: 0 },
      { day: '2024-06-03', sent: 6, failed: 0, opened: 3, pending: 1 },
    ],
    totals: { sent: 10, failed: 1, opened: 5, pending: 1 },
    ...overrides,
  };
}

export function inboxItem(overrides: Partial<InboxItem> = {}): InboxItem {
  return {
    id: '71',
    title: 'Jump access to cluster orders-prod awaits your approval',
    body: 'operator@example.com asks for approval (Access review, approval 41).',
    event_id: '9001',
    event_type: 'approval.pending',
    subject_type: 'jump',
    subject_id: '12',
    link: '/jumps/12',
    workflow_id: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    read_at: null,
    ...overrides,
  };
}
