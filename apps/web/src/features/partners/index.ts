import type { FeatureManifest } from '../../shared/lib/feature';

export { partnersKeys } from './keys';

/**
 * Partners (issue 16; spec §2 /msp, /cppo, /mcpo, /reseller and their detail pages, Partner dialogs): MSPs, AWS CPPO
 * and GCP MCPO resellers, plain resellers and their customers. Loads with the shell: data and lazy imports only.
 */
export const partnersFeature: FeatureManifest = {
  key: 'partners',
  requires: 'partners.read',
  routes: [
    { path: '/msp', title: 'MSP', page: () => import('./pages/PartnerListPage').then((m) => m.MspListPage) },
    { path: '/msp/:orgId', page: () => import('./pages/PartnerDetailPage').then((m) => m.MspDetailPage) },
    {
      path: '/cppo',
      title: 'AWS CPPO Resellers',
      page: () => import('./pages/PartnerListPage').then((m) => m.CppoListPage),
    },
    { path: '/cppo/:orgId', page: () => import('./pages/PartnerDetailPage').then((m) => m.CppoDetailPage) },
    {
      path: '/mcpo',
      title: 'GCP MCPO Resellers',
      page: () => import('./pages/PartnerListPage').then((m) => m.McpoListPage),
    },
    { path: '/mcpo/:orgId', page: () => import('./pages/PartnerDetailPage').then((m) => m.McpoDetailPage) },
    {
      path: '/reseller',
      title: 'Resellers',
      page: () => import('./pages/PartnerListPage').then((m) => m.ResellerListPage),
    },
    {
      path: '/reseller/:orgId',
      page: () => import('./pages/PartnerDetailPage').then((m) => m.ResellerDetailPage),
    },
  ],
  menu: [
    { section: 'partner', key: 'msp', label: 'MSP', path: '/msp', order: 1 },
    { section: 'partner', key: 'cppo', label: 'AWS CPPO Reseller', path: '/cppo', order: 2 },
    { section: 'partner', key: 'mcpo', label: 'GCP MCPO Reseller', path: '/mcpo', order: 3 },
    { section: 'partner', key: 'reseller', label: 'Reseller', path: '/reseller', order: 4 },
  ],
  // The instance is the partner's org id, whose type the row does not say: its org page (which shows the org tag).
  auditLinks: [{ type: 'partner', path: (id) => `/orgs/${encodeURIComponent(id)}` }],
  // Partner-customer link statuses, as shown (the contract's PARTNER_CUSTOMER_STATUS_COLORS).
  statusColors: { 'To be effective': 'orange' },
};
