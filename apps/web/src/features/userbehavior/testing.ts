import type { LarkChat, UserbehaviorSubscription } from '@portal/contract';

/** Test fixtures of the user-behaviour area (used by its *.test.tsx files only). */
export const P = '/api/v1/devops/userbehavior/subscriptions';

export function subscription(overrides: Partial<UserbehaviorSubscription> = {}): UserbehaviorSubscription {
  return {
    id: '7',
    name: 'Failed payments (all tenants)',
    tenant_id: null,
    tenant_name: null,
    event_types: ['payment.failed'],
    chat_id: '2',
    chat_name: '#billing-oncall',
    enabled: true,
    created_by: 'operator@example.com',
    created_at: '2026-08-01T10:00:00.000Z',
    updated_at: '2026-08-01T10:00:00.000Z',
    message_count: 3,
    last_message_at: '2026-10-20T07:00:02.000Z',
    ...overrides,
  };
}

export function larkChat(overrides: Partial<LarkChat> = {}): LarkChat {
  return {
    id: '2',
    name: '#billing-oncall',
    webhook: 'https://open.feishu.cn/open-apis/…',
    created_by: 'operator@example.com',
    created_at: '2026-07-14T00:00:00.000Z',
    subscriptions: 2,
    ...overrides,
  };
}
