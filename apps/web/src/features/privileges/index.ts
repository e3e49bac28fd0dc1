import type { FeatureManifest } from '../../shared/lib/feature';
import { grantPath } from './paths';

export { privilegesKeys } from './keys';

/**
 * /privilege, /privilege/:privId (spec §2 admin menu, §7 "privilege privileges and revoke"): time-bound privilege
 * grants, requested by one administrator and approved by another.
 */
export const privilegesFeature: FeatureManifest = {
  key: 'privileges',
  requires: 'admin.privileges',
  routes: [
    {
      path: '/privilege',
      title: 'Privilege',
      page: () => import('./pages/GrantListPage').then((m) => m.GrantListPage),
    },
    { path: '/privilege/:privId', page: () => import('./pages/GrantDetailPage').then((m) => m.GrantDetailPage) },
  ],
  menu: { section: 'admin', key: 'privilege', label: 'Privilege', path: '/privilege', order: 2 },
  auditLinks: [{ type: 'privilege_grant', path: grantPath }],
};
