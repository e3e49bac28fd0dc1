import type { FeatureManifest } from '../../shared/lib/feature';

/** /access: portal users and their roles, for admins (spec §2 "Extra menus for the role admin only", §6). */
export const accessFeature: FeatureManifest = {
  key: 'access',
  requires: 'admin.users',
  routes: [
    { path: '/access', title: 'Access', page: () => import('./pages/AccessPage').then((m) => m.AccessPage) },
    {
      path: '/access/usergroups/:userGroup',
      page: () => import('./pages/UserGroupPage').then((m) => m.UserGroupPage),
    },
  ],
  menu: { section: 'admin', key: 'access', label: 'Access', path: '/access', order: 1 },
  auditLinks: [{ type: 'user', path: (email) => `/access?search=${encodeURIComponent(email)}` }],
};
