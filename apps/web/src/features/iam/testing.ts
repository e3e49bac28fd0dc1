import { PRIVILEGES } from '@portal/contract';
import type {
  IamApiKeyDetail,
  IamBinding,
  IamPolicyDetail,
  IamUser,
  IamUserGroupDetail,
  Profile,
} from '@portal/contract';

/** Test fixtures of the IAM area, typed from the contract. */
export const I = '/api/v1/devops/iam';
export const iamAdmin: Profile = {
  email: 'ada@example.com',
  name: 'Ada Admin',
  roles: ['admin'],
  privileges: [...PRIVILEGES],
};
export const list = <T>(items: T[]) => ({ items, total: items.length });

export const binding = (over: Partial<IamBinding> = {}): IamBinding => ({
  id: 7,
  kind: 'policy',
  target: 'deny-ctl-write',
  subject_type: 'group',
  subject: 'support-readonly',
  created_by: 'admin@example.com',
  created_at: '2026-10-07T11:00:00.000Z',
  ...over,
});

export const group = (over: Partial<IamUserGroupDetail> = {}): IamUserGroupDetail => ({
  name: 'support-readonly',
  description: 'Support engineers: read everything, never run cluster commands',
  members: 1,
  roles: ['viewer'],
  policies: ['deny-ctl-write'],
  created_by: 'admin@example.com',
  created_at: '2026-10-07T09:00:00.000Z',
  updated_at: '2026-10-07T09:00:00.000Z',
  member_list: [
    {
      email: 'sam.okafor@example.com',
      name: 'Sam Okafor',
      roles: ['viewer'],
      disabled: false,
      added_by: 'admin@example.com',
      added_at: '2026-10-07T10:00:00.000Z',
    },
  ],
  bindings: [binding(), binding({ id: 8, kind: 'role', target: 'viewer' })],
  ...over,
});

export const user = (over: Partial<IamUser> = {}): IamUser => ({
  email: 'maria.garcia@example.com',
  name: 'Maria Garcia',
  disabled: false,
  roles: ['operator'],
  bound_roles: ['operator'],
  groups: ['billing-team', 'sre-oncall'],
  privileges: ['orgs.read', 'billing.manage'],
  ...over,
});

export const apiKey = (over: Partial<IamApiKeyDetail> = {}): IamApiKeyDetail => ({
  name: 'ci-readonly',
  description: 'CI pipeline',
  role: 'viewer',
  prefix: 'mpk_Xq7bR2cL',
  status: 'active',
  created_by: 'admin@example.com',
  created_at: '2026-10-12T09:00:00.000Z',
  expires_at: null,
  last_used_at: '2026-10-31T03:00:00.000Z',
  revoked_at: null,
  revoked_by: null,
  bindings: [binding({ subject_type: 'apikey', subject: 'ci-readonly' })],
  ...over,
});

export const policy = (over: Partial<IamPolicyDetail> = {}): IamPolicyDetail => ({
  name: 'deny-ctl-write',
  description: 'Never run cluster control commands',
  statements: [{ effect: 'Deny', actions: ['ctl.write'], resources: ['*'] }],
  bindings: 1,
  created_by: 'admin@example.com',
  created_at: '2026-10-01T09:00:00.000Z',
  updated_at: '2026-10-01T09:00:00.000Z',
  binding_list: [binding()],
  ...over,
});
