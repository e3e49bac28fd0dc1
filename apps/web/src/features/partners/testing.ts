import type { Msp, Partner, PartnerCustomer } from '@portal/contract';

/** Test fixtures of the partners area (used by its *.test.tsx files only). */
export const P = '/api/v1/admin/partner';

export function partner(overrides: Partial<Partner> = {}): Partner {
  return {
    org_id: '1372813089189350001',
    type: 'cppo',
    name: 'Northwind Resale',
    email: 'partners@northwind.test',
    status: 'ACTIVE',
    active_customers: 1,
    signup_url: 'https://portal.test/signup?reseller=1372813089189350001',
    created_by: 'olivia@example.com',
    created_at: '2026-10-01T10:00:00.000Z',
    updated_at: null,
    ...overrides,
  };
}

export function msp(overrides: Partial<Msp> = {}): Msp {
  return {
    ...partner({
      org_id: '1372813089189350002',
      name: 'Contoso Cloud',
      email: 'msp@contoso.test',
      signup_url: 'https://portal.test/signup/msp/contoso-cloud',
    }),
    type: 'msp',
    website: 'https://contoso.test',
    logo_name: 'contoso.svg',
    logo_url: '/api/v1/admin/partner/msp/logo/0123456789abcdef0123456789abcdef',
    disclaimers: 'Billed by Contoso.',
    advertising_arr: [{ heading: 'Managed for you', body: 'We run your clusters.' }],
    support_plan: null,
    api_keys: [],
    ...overrides,
  };
}

export function customer(overrides: Partial<PartnerCustomer> = {}): PartnerCustomer {
  return {
    id: '41',
    partner_type: 'CPPO',
    partner_org_id: '1372813089189350001',
    partner_name: 'Northwind Resale',
    customer_org_id: '1372813089189341184',
    name: 'Acme Corp',
    email: 'ops@acme.test',
    status: 'active',
    effected_at: '2026-10-02T00:00:00Z',
    expired_at: null,
    partner_billing_config_id: '7',
    created_by: 'olivia@example.com',
    created_at: '2026-10-01T10:00:00.000Z',
    actions: ['delete'],
    ...overrides,
  };
}

export const list = <T>(items: T[]) => ({ items, total: items.length });

/** A UTC day `offset` days from today, YYYY-MM-DD. */
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
