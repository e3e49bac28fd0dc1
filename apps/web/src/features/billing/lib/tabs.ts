/** The tabs of /business (spec §2), in order; the key is the page's `?tab=` search param. */
export const BUSINESS_TABS = [
  { key: 'invoices', label: 'Invoices' },
  { key: 'support_plan', label: 'Support Plan' },
  { key: 'risk_level', label: 'Risk Level' },
  { key: 'discounts', label: 'Discounts' },
  { key: 'ar_table', label: 'AR Table' },
  { key: 'exchange_rate', label: 'Exchange Rate' },
] as const;

export type BusinessTab = (typeof BUSINESS_TABS)[number]['key'];

export const DEFAULT_BUSINESS_TAB: BusinessTab = 'invoices';
