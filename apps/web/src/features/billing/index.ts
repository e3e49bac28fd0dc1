import type { FeatureManifest } from '../../shared/lib/feature';

export { billingKeys } from './keys';

/**
 * Billing (issue 15; spec §2 /business): invoices, support plans, credit risk levels, discounts, the AR table and the
 * exchange rate, each a tab of one page. Loads with the shell: data and lazy imports only.
 */
export const billingFeature: FeatureManifest = {
  key: 'billing',
  requires: 'billing.read',
  routes: [
    {
      path: '/business',
      title: 'Business',
      page: () => import('./pages/BusinessPage').then((m) => m.BusinessPage),
    },
  ],
  menu: { section: 'settings', key: 'business', label: 'Business', path: '/business', order: 1 },
};
