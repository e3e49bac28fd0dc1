import type { FeatureManifest } from '../../shared/lib/feature';

/** /audits: every audit log, for admins (spec §2 "Extra menus for the role admin only", §6). */
export const auditsFeature: FeatureManifest = {
  key: 'audits',
  requires: 'admin.audits',
  routes: [
    { path: '/audits', title: 'Audits', page: () => import('./pages/AuditListPage').then((m) => m.AuditListPage) },
  ],
  menu: { section: 'admin', key: 'audits', label: 'Audits', path: '/audits', order: 0 },
};

/** Other areas refresh the audit trails after a change that writes audit rows: `auditsKeys.all`. */
export { auditsKeys } from '../../shared/api/audits';
