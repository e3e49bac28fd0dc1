import type { FeatureManifest } from '../../shared/lib/feature';

/**
 * Billing accounts (issue 15): a Billing tab on the tenant page — the tenant's billing at a glance, its contracts
 * (named actions, PDF), payments and payment method, marketplace subscriptions, credits, budgets and its closing.
 * Loads with the shell: data and lazy imports only.
 */
export const billingAccountsFeature: FeatureManifest = {
  key: 'billingaccounts',
  requires: 'billing.read',
  routes: [],
  tenantTabs: [
    {
      key: 'billing_account',
      label: 'Billing',
      order: 60,
      load: () => import('./components/TenantBillingTab').then((m) => m.TenantBillingTab),
    },
  ],
};
