/**
 * Every query key of the billing accounts area (re-exported by api.ts). A module of its own so that the area's
 * manifest can offer it without bundling the hooks.
 */
export const billingAccountsKeys = {
  all: ['billingaccounts'] as const,
  tenant: (tenantId: string) => ['billingaccounts', 'tenant', tenantId] as const,
  info: (tenantId: string) => ['billingaccounts', 'tenant', tenantId, 'info'] as const,
  closing: (tenantId: string) => ['billingaccounts', 'tenant', tenantId, 'closing'] as const,
  reasons: (tenantId: string) => ['billingaccounts', 'tenant', tenantId, 'reasons'] as const,
  policies: (tenantId: string, reason: string) => ['billingaccounts', 'tenant', tenantId, 'policies', reason] as const,
  contracts: (tenantId: string, page: number) => ['billingaccounts', 'tenant', tenantId, 'contracts', page] as const,
  payments: (tenantId: string, page: number) => ['billingaccounts', 'tenant', tenantId, 'payments', page] as const,
  cards: (tenantId: string) => ['billingaccounts', 'tenant', tenantId, 'cards'] as const,
  subscriptions: (tenantId: string) => ['billingaccounts', 'tenant', tenantId, 'subscriptions'] as const,
  budgets: (tenantId: string) => ['billingaccounts', 'tenant', tenantId, 'budgets'] as const,
  credits: (tenantId: string) => ['billingaccounts', 'tenant', tenantId, 'credits'] as const,
};
