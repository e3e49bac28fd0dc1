import type { FeatureManifest } from '../../shared/lib/feature';
import { aiopsIssuePath } from './paths';

export { aiopsKeys } from './keys';

/**
 * AIOps (issue 14; spec §2 /aiops/issues, /aiops/issues/{issue_key}, /aiops/reports/{report_id}, menu "aiops:
 * issues"): issues the anomaly rules found over the fleet's metrics, acknowledged and resolved by people, and the
 * daily reports summarising them. Loads with the shell: data and lazy imports only.
 */
export const aiopsFeature: FeatureManifest = {
  key: 'aiops',
  requires: 'aiops.read',
  routes: [
    {
      path: '/aiops/issues',
      title: 'Issues',
      page: () => import('./pages/AiopsIssuesPage').then((m) => m.AiopsIssuesPage),
    },
    {
      path: '/aiops/issues/:issueKey',
      page: () => import('./pages/AiopsIssuePage').then((m) => m.AiopsIssuePage),
    },
    {
      path: '/aiops/reports/:reportId',
      page: () => import('./pages/AiopsReportPage').then((m) => m.AiopsReportPage),
    },
  ],
  menu: { section: 'aiops', key: 'issues', label: 'Issues', path: '/aiops/issues', order: 1 },
  auditLinks: [{ type: 'aiops_issue', path: aiopsIssuePath }],
};
