import type { FeatureManifest } from '../../shared/lib/feature';

export { iamKeys } from './keys';

const bindingPage = (instance: string) => {
  const [kind, ...rest] = instance.split(':');
  const target = encodeURIComponent(rest.join(':'));
  return kind === 'policy' ? `/iam/role/policies/${target}?tab=bindings` : `/iam/role/roles/${target}?tab=bindings`;
};

/**
 * IAM (issue 18; spec §2 /iam/entity and /iam/role, admin only): users, user groups and API keys; roles (the RBAC
 * roles), policies and the bindings of both to users, groups and keys. Loads with the shell: data and lazy imports.
 */
export const iamFeature: FeatureManifest = {
  key: 'iam',
  requires: 'admin.iam',
  routes: [
    { path: '/iam', title: 'IAM', redirectTo: '/iam/entity' },
    { path: '/iam/entity', title: 'Entities', page: () => import('./pages/EntityPage').then((m) => m.EntityPage) },
    { path: '/iam/entity/users', title: 'Users', redirectTo: '/iam/entity?tab=users' },
    { path: '/iam/entity/usergroups', title: 'User groups', redirectTo: '/iam/entity?tab=usergroups' },
    { path: '/iam/entity/apikeys', title: 'API keys', redirectTo: '/iam/entity?tab=apikeys' },
    {
      path: '/iam/entity/users/:userEmail',
      page: () => import('./pages/UserDetailPage').then((m) => m.UserDetailPage),
    },
    {
      path: '/iam/entity/usergroups/:userGroup',
      page: () => import('./pages/UserGroupDetailPage').then((m) => m.UserGroupDetailPage),
    },
    {
      path: '/iam/entity/apikeys/:keyName',
      page: () => import('./pages/ApiKeyDetailPage').then((m) => m.ApiKeyDetailPage),
    },
    { path: '/iam/role', title: 'Roles', page: () => import('./pages/RolePage').then((m) => m.RolePage) },
    { path: '/iam/role/roles', title: 'Roles', redirectTo: '/iam/role?tab=roles' },
    { path: '/iam/role/policies', title: 'Policies', redirectTo: '/iam/role?tab=policies' },
    {
      path: '/iam/role/roles/:roleName',
      page: () => import('./pages/RoleDetailPage').then((m) => m.RoleDetailPage),
    },
    {
      path: '/iam/role/policies/:policyName',
      page: () => import('./pages/PolicyDetailPage').then((m) => m.PolicyDetailPage),
    },
  ],
  menu: [
    { section: 'iam', key: 'iam-entity', label: 'Entities', path: '/iam/entity', order: 1 },
    { section: 'iam', key: 'iam-role', label: 'Roles', path: '/iam/role', order: 2 },
  ],
  auditLinks: [
    { type: 'iam_user_group', path: (name) => `/iam/entity/usergroups/${encodeURIComponent(name)}` },
    { type: 'iam_api_key', path: (name) => `/iam/entity/apikeys/${encodeURIComponent(name)}` },
    { type: 'iam_policy', path: (name) => `/iam/role/policies/${encodeURIComponent(name)}` },
    { type: 'iam_binding', path: bindingPage },
  ],
};
