import type { FeatureManifest } from '../../shared/lib/feature';

export { releaseKeys } from './keys';

const e = encodeURIComponent;

/** Releases (issue 12; spec §2 /release…, §4 release changes): releases per environment, their changes and tickets. */
export const releaseFeature: FeatureManifest = {
  key: 'release',
  requires: 'release.read',
  routes: [
    {
      path: '/release',
      title: 'Releases',
      page: () => import('./pages/ReleaseListPage').then((m) => m.ReleaseListPage),
    },
    {
      path: '/release/:releaseId',
      page: () => import('./pages/ReleaseDetailPage').then((m) => m.ReleaseDetailPage),
    },
    {
      path: '/release/:releaseId/change/:changeId',
      page: () => import('./pages/ReleaseChangePage').then((m) => m.ReleaseChangePage),
    },
    {
      path: '/release/:releaseId/:changeId/update',
      page: () => import('./pages/ChangeUpdatePage').then((m) => m.ChangeUpdatePage),
    },
    {
      path: '/release/:releaseId/tickets/:name',
      page: () => import('./pages/TicketPage').then((m) => m.TicketPage),
    },
  ],
  menu: { section: 'devops', key: 'release', label: 'Release', path: '/release', order: 1 },
  auditLinks: [{ type: 'release', path: (id) => `/release/${e(id)}` }],
  // A deploy operation's target is its release.
  objectLinks: [{ kind: 'release', path: (id) => `/release/${e(id)}` }],
  // Release phases and change statuses (the area's own tags colour from the contract's tables; these serve others).
  statusColors: {
    PLANNING: 'default',
    APPROVING: 'orange',
    IN_PROGRESS: 'processing',
    RELEASED: 'success',
    DRAFT: 'default',
    SUBMITTED: 'geekblue',
    READY: 'cyan',
    DEPLOYING: 'processing',
    DEPLOYED: 'blue',
    DEPLOY_FAILED: 'error',
    VERIFIED: 'success',
    VERIFY_FAILED: 'error',
  },
};
