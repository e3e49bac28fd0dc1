import type { FeatureManifest } from '../../shared/lib/feature';

/**
 * /rbac (spec §2, §7 Admin RBAC): roles and the privileges each grants; create a role, edit its privileges. The
 * server reads them on every request (issue 18), so a change applies without a restart.
 */
export const rbacFeature: FeatureManifest = {
  key: 'rbac',
  requires: 'rbac.read',
  routes: [{ path: '/rbac', title: 'RBAC', page: () => import('./pages/RbacPage').then((m) => m.RbacPage) }],
  menu: { section: 'settings', key: 'rbac', label: 'RBAC', path: '/rbac', order: 3 },
  auditLinks: [{ type: 'rbac_role', path: (name) => `/rbac?role=${encodeURIComponent(name)}` }],
};
