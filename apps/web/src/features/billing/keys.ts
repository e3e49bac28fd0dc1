/**
 * Every query key of the billing area (/business). A module of its own so the manifest can offer it without bundling
 * the hooks. Mutations refresh `all`: an invoice is re-rated when a discount, a plan or a rate changes.
 */
export const billingKeys = {
  all: ['billing'] as const,
  invoices: (params: unknown) => ['billing', 'invoices', params] as const,
  invoice: (id: string) => ['billing', 'invoice', id] as const,
  supportPlans: (params: unknown) => ['billing', 'support-plans', params] as const,
  boundPlans: (params: unknown) => ['billing', 'bound-plans', params] as const,
  boundPlan: (tenantId: string) => ['billing', 'bound-plan', tenantId] as const,
  riskLevels: (params: unknown) => ['billing', 'risk-levels', params] as const,
  discounts: (params: unknown) => ['billing', 'discounts', params] as const,
  globalDiscounts: (params: unknown) => ['billing', 'global-discounts', params] as const,
  unitFilters: () => ['billing', 'unit-filters'] as const,
  arInit: () => ['billing', 'ar-init'] as const,
  fxRates: (params: unknown) => ['billing', 'fx-rates', params] as const,
  /** Tenants offered by the pickers (the orgs list, read only here). */
  tenantOptions: (search: string) => ['billing', 'tenant-options', search] as const,
};
