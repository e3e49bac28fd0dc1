import type { IamBindingKind, IamSubjectType } from '@portal/contract';

const enc = encodeURIComponent;

export const userPath = (email: string) => `/iam/entity/users/${enc(email)}`;
export const groupPath = (name: string) => `/iam/entity/usergroups/${enc(name)}`;
export const keyPath = (name: string) => `/iam/entity/apikeys/${enc(name)}`;
export const rolePath = (name: string) => `/iam/role/roles/${enc(name)}`;
export const policyPath = (name: string) => `/iam/role/policies/${enc(name)}`;

export const subjectPath = (type: IamSubjectType, subject: string) =>
  type === 'user' ? userPath(subject) : type === 'group' ? groupPath(subject) : keyPath(subject);
export const targetPath = (kind: IamBindingKind, target: string) =>
  kind === 'role' ? rolePath(target) : policyPath(target);

export const KEY_STATUS_COLORS = { active: 'success', expired: 'warning', revoked: 'default' } as const;
