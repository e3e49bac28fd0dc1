import type { FeatureManifest } from '../../shared/lib/feature';

export { slaKeys } from './keys';

/**
 * The SLA of the dedicated clusters (issue 14; spec §2 /sla/summary, /sla/{cluster_id}/detail; §7 dashboard sla,
 * sla-dedicated-monthly, sla-dedicated-detail, slo). Not in the sidebar (spec §2 lists no SLA entry): the overview's
 * SLA panel links to the summary, whose rows link to each cluster's detail. Loads with the shell: data and lazy
 * imports only.
 */
export const slaFeature: FeatureManifest = {
  key: 'sla',
  requires: 'sla.read',
  routes: [
    {
      path: '/sla/summary',
      title: 'SLA Summary',
      page: () => import('./pages/SlaSummaryPage').then((m) => m.SlaSummaryPage),
    },
    {
      path: '/sla/:clusterId/detail',
      page: () => import('./pages/SlaDetailPage').then((m) => m.SlaDetailPage),
    },
  ],
  overviewPanels: [
    { key: 'sla', title: 'SLA', order: 50, load: () => import('./components/SlaPanel').then((m) => m.SlaPanel) },
  ],
  statusColors: { BREACHED: 'error', MET: 'success' },
};
