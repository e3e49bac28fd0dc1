import { BILLING_PREFIX } from '@portal/contract';
import type {
  ArTableInit,
  BoundSupportPlan,
  CreditRiskLevel,
  Discount,
  FxRate,
  GlobalDiscount,
  Invoice,
  SupportPlan,
  UnitFilter,
} from '@portal/contract';

/** Test fixtures of the billing area (used by its *.test.tsx files only). */
export const B = BILLING_PREFIX;

export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    invoice_id: '9001',
    invoice_number: 'INV-2026-10-0042',
    kind: 'usage',
    tenant_id: '1372813089189341184',
    tenant_name: 'Acme Retail',
    status: 'unconfirmed',
    start_date: '2026-10-01T00:00:00Z',
    end_date: '2026-10-31T23:59:59Z',
    currency: 'USD',
    binded_billing_config_id: '501',
    cost_price: 1_234_567,
    usage_amount: 1_234_567,
    discount_amount: 123_457,
    support_amount: 50_000,
    tax_rate: { rate: 0.09, display_name: 'GST 9%' },
    tax_amount: 104_510,
    total_amount: 1_265_620,
    credits_applied: 0,
    amount_due: 1_265_620,
    description: 'Usage of October 2026',
    support_plan: { binded_support_plan_id: '71', level: 'enterprise', type: 'percentage_price' },
    discounts: [],
    category_unit_costs: null,
    label_unit_costs: null,
    rated_at: '2026-11-01T00:10:00Z',
    confirmed_at: null,
    confirmed_by: null,
    suspended_at: null,
    suspended_by: null,
    created_at: '2026-10-01T00:00:00Z',
    ...overrides,
  };
}

export function invoiceDetail(overrides: Partial<Invoice> = {}): Invoice {
  return invoice({
    discounts: [
      {
        discount_sid: '3001',
        kind: 'discount',
        description: 'Commitment Plan Default Discount',
        discount: 0.9,
        amount: 123_457,
      },
    ],
    category_unit_costs: [
      {
        filter_id: 'compute.tidb',
        category: 'TiDB compute',
        provider: 'AWS',
        unit: 'aws.tidb.vcpu_hour',
        measure_unit: 'vcpu_hour',
        quantity: 99_560,
        price_cents: 1240,
        price_per: 100,
        amount: 1_234_567,
        discount_amount: 123_457,
        net_amount: 1_111_110,
        lines: 31,
      },
    ],
    label_unit_costs: { project: [{ project_id: '8801', project_name: 'checkout', amount: 1_234_567 }] },
    ...overrides,
  });
}

export function supportPlan(overrides: Partial<SupportPlan> = {}): SupportPlan {
  return {
    support_plan_id: '11',
    name: 'Enterprise Tiered',
    level: 'enterprise',
    type: 'tiered_price',
    fixed_charge_price: 100_000,
    support_price_percentage: null,
    tiered_price_rules: [
      { lower_bound: 0, upper_bound: 1_000_000, support_price_percentage: 0.1 },
      { lower_bound: 1_000_000, upper_bound: null, support_price_percentage: 0.05 },
    ],
    is_public: true,
    tenant_id: null,
    binding_count: 3,
    updated_at: '2026-09-01T00:00:00Z',
    ...overrides,
  };
}

export function boundPlan(overrides: Partial<BoundSupportPlan> = {}): BoundSupportPlan {
  return {
    support_plan_id: '11',
    name: 'Enterprise Tiered',
    level: 'enterprise',
    type: 'fixed_price',
    fixed_charge_price: 50_000,
    support_price_percentage: null,
    tiered_price_rules: [],
    is_public: true,
    binded_support_plan_id: '71',
    tenant_id: '1372813089189341184',
    tenant_name: 'Acme Retail',
    active_date: '2026-01-01T00:00:00Z',
    expired_date: null,
    status: 'active',
    created_by: 'admin@example.com',
    created_at: '2025-12-20T00:00:00Z',
    ended_by: null,
    ended_at: null,
    ...overrides,
  };
}

export function riskLevel(overrides: Partial<CreditRiskLevel> = {}): CreditRiskLevel {
  return {
    credit_risk_level_id: '2',
    credit_risk_level_name: 'Medium',
    description: 'Monthly spend reviewed',
    cost_quota: { cost_quota_limit: 5_000_000 },
    tenant_count: 4,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function discount(overrides: Partial<Discount> = {}): Discount {
  return {
    discount_sid: '3001',
    discount_code: 'DSC-3001',
    status: 'valid',
    provider: 'all',
    unit_filters: [{ filter_id: 'compute.tidb', name: 'TiDB compute' }],
    description: 'Commitment Plan Default Discount',
    discount: 0.9,
    started_at: '2026-01-01T00:00:00Z',
    expired_at: '2026-12-31T23:59:59Z',
    usage: 'commitment_plan',
    note: '',
    customers: [{ tenant_id: '1372813089189341184', tenant_name: 'Acme Retail' }],
    estimated_monthly_value: 123_457,
    approval_id: null,
    created_by: 'operator@example.com',
    created_at: '2026-01-01T00:00:00Z',
    reclaimed_by: null,
    reclaimed_at: null,
    ...overrides,
  };
}

export function globalDiscount(overrides: Partial<GlobalDiscount> = {}): GlobalDiscount {
  return {
    id: '41',
    name: 'DM Program',
    status: 'valid',
    provider: 'all',
    unit_filters: [{ filter_id: 'dm.task', name: 'DM tasks' }],
    discount: 0.8,
    started_at: '2026-01-01T00:00:00Z',
    expired_at: '2026-12-31T23:59:59Z',
    note: '',
    created_by: 'admin@example.com',
    created_at: '2026-01-01T00:00:00Z',
    deleted_by: null,
    deleted_at: null,
    ...overrides,
  };
}

export const unitFilters: UnitFilter[] = [
  { filter_id: 'compute', name: 'Compute', parent_id: null, leaf: false },
  { filter_id: 'compute.tidb', name: 'TiDB compute', parent_id: 'compute', leaf: true },
  { filter_id: 'compute.tikv', name: 'TiKV compute', parent_id: 'compute', leaf: true },
  { filter_id: 'storage', name: 'Storage', parent_id: null, leaf: false },
  { filter_id: 'storage.tikv', name: 'TiKV storage', parent_id: 'storage', leaf: true },
];

export function fxRate(overrides: Partial<FxRate> = {}): FxRate {
  return {
    base: 'USD',
    target: 'SGD',
    value: 1.3456,
    date: '2026-11-01',
    created_by: 'admin@example.com',
    created_at: '2026-11-01T08:00:00Z',
    ...overrides,
  };
}

export const arInit: ArTableInit = {
  default_year: 2026,
  default_month: 10,
  months: [
    { year: 2026, month: 10, invoices: 12, total_amount: 9_876_543 },
    { year: 2026, month: 9, invoices: 11, total_amount: 8_765_432 },
  ],
  columns: ['invoice_id', 'total_amount'],
};

export const list = <T>(items: T[]) => ({ items, total: items.length });
