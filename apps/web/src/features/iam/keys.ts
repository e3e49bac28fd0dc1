import type {
  ApiKeyListQuery,
  IamRoleListQuery,
  IamUserListQuery,
  PolicyListQuery,
  UserGroupListQuery,
} from '@portal/contract';

/** Every query key of the IAM area (root `iam`): any change refreshes them all (bindings show on many pages). */
export const iamKeys = {
  all: ['iam'] as const,
  users: (q: IamUserListQuery) => ['iam', 'users', q] as const,
  user: (email: string) => ['iam', 'user', email] as const,
  groups: (q: UserGroupListQuery) => ['iam', 'groups', q] as const,
  group: (name: string) => ['iam', 'group', name] as const,
  keys: (q: ApiKeyListQuery) => ['iam', 'keys', q] as const,
  key: (name: string) => ['iam', 'key', name] as const,
  roles: (q: IamRoleListQuery) => ['iam', 'roles', q] as const,
  role: (name: string) => ['iam', 'role', name] as const,
  policies: (q: PolicyListQuery) => ['iam', 'policies', q] as const,
  policy: (name: string) => ['iam', 'policy', name] as const,
};
