import type { FeatureManifest } from '../../shared/lib/feature';
import { jumpPath } from './paths';

export { jumpsKeys } from './keys';

/** Jump authorizations (spec §2 /jumps, /jumps/{authorization_id}): just-in-time access to a cluster's hosts. */
export const jumpsFeature: FeatureManifest = {
  key: 'jumps',
  requires: 'jumps.read',
  routes: [
    {
      path: '/jumps',
      title: 'Jumps',
      page: () => import('./pages/JumpListPage').then((m) => m.JumpListPage),
    },
    {
      path: '/jumps/:authorizationId',
      page: () => import('./pages/JumpDetailPage').then((m) => m.JumpDetailPage),
    },
  ],
  menu: { section: 'devops', key: 'jumps', label: 'Jumps', path: '/jumps', order: 5 },
  objectLinks: [{ kind: 'jump_authorization', path: jumpPath }],
  auditLinks: [{ type: 'jump', path: jumpPath }],
  // The contract's JUMP_STATUS_COLORS, spelled out: the manifest loads with the shell and keeps to data.
  statusColors: {
    APPROVING: 'orange',
    ACTIVE: 'success',
    EXPIRED: 'default',
    CANCELLED: 'default',
    REJECTED: 'error',
  },
};
