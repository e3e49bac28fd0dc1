import type { FeatureManifest } from '../../shared/lib/feature';
import { reportPath } from './paths';

export { monitoringKeys } from './keys';

/**
 * Monitoring (issue 14; spec §2 monitor: /certification, /component-diff): the regions' TLS certificates, component-
 * diff reports, and the o11y clusters (not in the spec's menu: /o11y is linked from /certification, whose regions
 * each name their o11y cluster). Loads with the shell: data and lazy imports only.
 */
export const monitoringFeature: FeatureManifest = {
  key: 'monitoring',
  requires: 'monitoring.read',
  routes: [
    {
      path: '/certification',
      title: 'Certification',
      page: () => import('./pages/CertificationPage').then((m) => m.CertificationPage),
    },
    {
      path: '/component-diff',
      title: 'Component Diff',
      page: () => import('./pages/ReportListPage').then((m) => m.ReportListPage),
    },
    {
      path: '/component-diff/:reportId',
      page: () => import('./pages/ReportDetailPage').then((m) => m.ReportDetailPage),
    },
    {
      path: '/o11y',
      title: 'O11y Clusters',
      page: () => import('./pages/O11yListPage').then((m) => m.O11yListPage),
    },
    {
      path: '/o11y/:name',
      page: () => import('./pages/O11yDetailPage').then((m) => m.O11yDetailPage),
    },
  ],
  menu: [
    { section: 'monitor', key: 'certification', label: 'Certification', path: '/certification', order: 1 },
    { section: 'monitor', key: 'component-diff', label: 'Component Diff', path: '/component-diff', order: 3 },
  ],
  auditLinks: [{ type: 'component_diff_report', path: reportPath }],
};
