import type { PartnerCustomerListQuery, TenantListQuery } from '@portal/contract';

/** Every query key of the partners area (root `partners`). */
export const partnersKeys = {
  all: ['partners'] as const,
  lists: () => ['partners', 'list'] as const,
  list: (query: TenantListQuery) => ['partners', 'list', query] as const,
  partner: (id: string) => ['partners', 'partner', id] as const,
  msp: (id: string) => ['partners', 'msp', id] as const,
  signupUrl: (id: string) => ['partners', 'signup-url', id] as const,
  customers: (id: string, query: PartnerCustomerListQuery) => ['partners', 'customers', id, query] as const,
  customerOptions: (search: string) => ['partners', 'customer-options', search] as const,
  supportPlans: () => ['partners', 'support-plans'] as const,
};
