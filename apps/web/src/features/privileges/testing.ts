import { ROLE_PRIVILEGES } from '@portal/contract';
import type { Grant, GrantDetail, Profile } from '@portal/contract';

export const URL = '/api/v1/devops/privilege/privileges';

export const adminProfile: Profile = {
  email: 'admin@example.com',
  name: 'Ada Admin',
  roles: ['admin'],
  privileges: [...ROLE_PRIVILEGES.admin!],
};
export const viewerProfile: Profile = {
  email: 'sam.okafor@example.com',
  name: 'Sam Okafor',
  roles: ['viewer'],
  privileges: [...ROLE_PRIVILEGES.viewer!],
};

export function grant(overrides: Partial<Grant> = {}): Grant {
  return {
    id: 7,
    user_email: 'lin.wei@example.com',
    user_name: 'Lin Wei',
    privilege: 'billing.manage',
    privilege_description: 'Confirm invoices and change prices, FX rates and global discounts',
    reason: 'Confirm the October invoices while the billing lead is on leave',
    status: 'pending',
    requested_by: 'priya.raman@example.com',
    decided_by: null,
    expires_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    revoked_at: null,
    revoked_by: null,
    revoke_reason: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    actions: ['approve', 'reject', 'revoke'],
    ...overrides,
  };
}

export function grantDetail(overrides: Partial<GrantDetail> = {}): GrantDetail {
  const g = grant(overrides);
  return {
    ...g,
    timeline: [
      { event: 'requested', at: g.created_at, by: g.requested_by, note: g.reason },
      { event: 'expires', at: g.expires_at, by: null, note: null },
    ],
    ...overrides,
  };
}
