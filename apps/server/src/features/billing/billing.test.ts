import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AR_TABLE_COLUMNS,
  BILLING_MESSAGES,
  endOfDay,
  lastMonth,
  monthRange,
  startOfDay,
  utcToday,
  type BoundSupportPlan,
  type Credit,
  type Discount,
  type Invoice,
  type ListResult,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { computeInvoice, type InvoiceRow } from './rating.js';
import { billingInvoices } from './schema.js';

/*
 * The billing API end to end on the seeded demo: every route's answer, the §5 messages (400), the state machines
 * (409), the privileges (403 for a viewer; admin-only money moves), the audit rows, the approvals above the
 * threshold, the rating job (a discount, a plan, a tax rate re-rate the open invoices), credits applied at
 * confirmation, and the AR table reconciling to the month's confirmed invoices.
 */

const B = '/api/v1/devops/billing-proxy/api/v1/billing';
const OPERATOR = 'operator@example.com';
const ADMIN = 'admin@example.com';
const VIEWER = 'sam.okafor@example.com';
const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (method: Method, url: string, who = OPERATOR, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: await t.as(who),
    ...(payload !== undefined ? { payload } : method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
  });
/** Parsed JSON, untyped (what `JSON.parse` gives). */
type Json = ReturnType<typeof JSON.parse>;
const ok = async <T = Json>(method: Method, url: string, who = OPERATOR, payload?: object): Promise<T> => {
  const res = await call(method, url, who, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};
const invoice = async (id: string): Promise<Invoice> => (await ok('GET', `${B}/invoices/${id}`)).invoice;
const audit = (type: string, id: string) =>
  t.database.rows<{ operation: string; operator: string; details: Record<string, unknown> }>(
    sql`select operation, operator, details from audit_logs where type = ${type} and instance_id = ${id} order by id`,
  );
const row = async (id: string): Promise<InvoiceRow> =>
  (
    await t.database.db
      .select()
      .from(billingInvoices)
      .where(sql`id = ${Number(id)}`)
  )[0]!;

/** Open (unconfirmed) usage invoices, biggest first, one per test that changes one. */
let unconfirmed: Invoice[] = [];
/** A small one (from the end of the list): a discount on it stays under the approval threshold. */
const smallUnconfirmed = () => {
  const i = unconfirmed.pop();
  if (!i) throw new Error('no unconfirmed invoice left');
  return i;
};
const nextUnconfirmed = () => {
  const i = unconfirmed.shift();
  if (!i) throw new Error('no unconfirmed invoice left');
  return i;
};
beforeAll(async () => {
  const list = await ok<ListResult<Invoice>>(
    'GET',
    `${B}/invoices?status=unconfirmed&kind=usage&per_page=100&sort=-total_amount`,
  );
  unconfirmed = list.items.filter((i) => i.usage_amount > 100_000);
  expect(unconfirmed.length).toBeGreaterThan(10);
});

const year = (iso: string) => Number(iso.slice(0, 4));
const monthNo = (iso: string) => Number(iso.slice(5, 7));

describe('privileges', () => {
  it('lets a viewer read but not change anything; confirming an invoice is admin-only', async () => {
    expect((await call('GET', `${B}/invoices`, VIEWER)).statusCode).toBe(200);
    expect((await call('GET', `${B}/credit_risk_levels`, VIEWER)).statusCode).toBe(200);
    const inv = unconfirmed[0]!;
    expect((await call('PUT', `${B}/invoices/${inv.invoice_id}/suspend`, VIEWER)).statusCode).toBe(403);
    expect((await call('PUT', `${B}/invoices/${inv.invoice_id}/confirm`, OPERATOR)).statusCode).toBe(403);
    expect((await call('POST', `${B}/discounts`, VIEWER, {})).statusCode).toBe(403);
    expect((await call('POST', `${B}/credits`, VIEWER, {})).statusCode).toBe(403);
    expect(
      (await call('PUT', `${B}/credit_risk_levels/1/cost_quota`, OPERATOR, { cost_quota_limit: 5 })).statusCode,
    ).toBe(403);
    expect((await call('POST', `${B}/global-discounts`, OPERATOR, {})).statusCode).toBe(403);
    expect((await call('POST', `${B}/fx_rates`, VIEWER, { value: 1.3, date: utcToday() })).statusCode).toBe(403);
    expect((await invoice(inv.invoice_id)).status).toBe('unconfirmed');
  });
});

describe('invoices', () => {
  it('lists a month (from its start to the next month start), brief or with the breakdowns', async () => {
    const last = lastMonth();
    const { from, to } = monthRange(last.year, last.month);
    const brief = await ok<ListResult<Invoice>>('GET', `${B}/invoices?from=${from}&to=${to}&per_page=100`);
    expect(brief.total).toBeGreaterThan(10);
    for (const i of brief.items) {
      expect(i.start_date >= from && i.start_date < to).toBe(true);
      expect(i.category_unit_costs).toBeNull();
    }
    const full = await ok<ListResult<Invoice>>('GET', `${B}/invoices?from=${from}&to=${to}&brief=false&per_page=5`);
    expect(full.items[0]!.category_unit_costs!.length).toBeGreaterThan(0);
    const all = await ok<ListResult<Invoice>>('GET', `${B}/invoices?per_page=1`);
    expect(all.total).toBeGreaterThan(brief.total);
    expect((await call('GET', `${B}/invoices?from=yesterday`)).statusCode).toBe(400);
  });

  it('shows a detail whose numbers add up: usage − discounts + support + tax; projects sum to the usage', async () => {
    const d = await invoice(unconfirmed[0]!.invoice_id);
    const cats = d.category_unit_costs!;
    expect(cats.reduce((s, c) => s + c.amount, 0)).toBe(d.usage_amount);
    expect(cats.reduce((s, c) => s + c.discount_amount, 0)).toBe(d.discount_amount);
    expect(d.label_unit_costs!.project.reduce((s, p) => s + p.amount, 0)).toBe(d.usage_amount);
    expect(d.label_unit_costs!.project[0]!.project_name).not.toBe(d.label_unit_costs!.project[0]!.project_id);
    expect(d.total_amount).toBe(d.usage_amount - d.discount_amount + d.support_amount + d.tax_amount);
    expect(d.amount_due).toBe(d.total_amount - d.credits_applied);
    expect(d.tax_rate.display_name).toBeTruthy();
    expect(d.end_date > d.start_date).toBe(true);
    expect((await call('GET', `${B}/invoices/999999999`)).statusCode).toBe(404);
    expect((await call('GET', `${B}/invoices/abc`)).json().code).toBe('billing.invoiceNotFound');
  });

  it('lists the invoices of a tenant’s billing config, and 404s a config that is not the tenant’s', async () => {
    const i = unconfirmed[0]!;
    const list = await ok<ListResult<Invoice>>(
      'GET',
      `${B}/tenants/${i.tenant_id}/billing_config_id/${i.binded_billing_config_id}/invoices?per_page=50`,
    );
    expect(list.total).toBeGreaterThan(1);
    expect(list.items.every((x) => x.tenant_id === i.tenant_id)).toBe(true);
    const other = unconfirmed.find((x) => x.tenant_id !== i.tenant_id)!;
    const res = await call(
      'GET',
      `${B}/tenants/${i.tenant_id}/billing_config_id/${other.binded_billing_config_id}/invoices`,
    );
    expect(res.statusCode).toBe(404);
  });

  it('seeded open invoices re-rate to the same amounts (the seed computes them as the job does)', async () => {
    for (const i of unconfirmed.slice(0, 6)) {
      const stored = await row(i.invoice_id);
      const r = await computeInvoice(t.database.db, stored);
      expect({ usage: r.usage, discount: r.discount, support: r.support, tax: r.tax, total: r.total }).toEqual({
        usage: stored.usageAmount,
        discount: stored.discountAmount,
        support: stored.supportAmount,
        tax: stored.taxAmount,
        total: stored.totalAmount,
      });
    }
  });

  it('confirms an unconfirmed invoice (admin), applying a credit; then refuses confirm and suspend', async () => {
    const inv = nextUnconfirmed();
    // A credit for the tenant, below the approval threshold: valid at once, paid out at confirmation.
    const c = await ok<{ credit: Credit }>('POST', `${B}/credits`, OPERATOR, {
      tenant_id: inv.tenant_id,
      credit_type: 'compensation',
      amount: 1_234,
      effective_at: startOfDay('2026-01-01'),
      expired_at: endOfDay('2030-12-31'),
      note: 'SLA credit',
    });
    expect(c.credit.status).toBe('valid');
    const res = await call('PUT', `${B}/invoices/${inv.invoice_id}/confirm`, ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const done: Invoice = res.json().invoice;
    expect(done).toMatchObject({ status: 'confirmed', confirmed_by: ADMIN });
    expect(done.credits_applied).toBeGreaterThanOrEqual(1_234);
    expect(done.amount_due).toBe(done.total_amount - done.credits_applied);
    const credit = (
      await ok<ListResult<Credit>>('GET', `${B}/credits?tenant_id=${inv.tenant_id}&per_page=100`)
    ).items.find((x) => x.credit_id === c.credit.credit_id)!;
    expect(credit).toMatchObject({ balance: 0, status: 'used_up' });
    const rows = await audit('billing_invoice', inv.invoice_id);
    expect(rows.at(-1)).toMatchObject({ operation: 'confirm', operator: ADMIN });
    expect(rows.at(-1)!.details.before).toMatchObject({ status: 'unconfirmed' });
    for (const action of ['confirm', 'suspend']) {
      const again = await call('PUT', `${B}/invoices/${inv.invoice_id}/${action}`, ADMIN);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'billing.invoiceActionNotAllowed' });
    }
  });

  it('suspends an unconfirmed invoice, which no longer re-rates, and confirms it later', async () => {
    const inv = nextUnconfirmed();
    const s = await ok<{ invoice: Invoice }>('PUT', `${B}/invoices/${inv.invoice_id}/suspend`);
    expect(s.invoice).toMatchObject({ status: 'suspended', suspended_by: OPERATOR });
    expect((await audit('billing_invoice', inv.invoice_id)).at(-1)).toMatchObject({ operation: 'suspend' });
    expect((await call('PUT', `${B}/invoices/${inv.invoice_id}/suspend`)).statusCode).toBe(409);
    expect((await call('PUT', `${B}/invoices/${inv.invoice_id}/confirm`, ADMIN)).json().invoice.status).toBe(
      'confirmed',
    );
  });

  it('creates a commitment invoice for a billing config: its amount plus tax, unconfirmed', async () => {
    const i = unconfirmed[0]!;
    const url = `${B}/tenants/${i.tenant_id}/billing_config_id/${i.binded_billing_config_id}/commitment_invoices`;
    const bad = await call('POST', url, OPERATOR, {
      amount: 0,
      start_date: startOfDay('2027-01-01'),
      end_date: endOfDay('2026-12-31'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { field: 'body.amount', message: BILLING_MESSAGES.amountPositive },
        { field: 'body.end_date', message: BILLING_MESSAGES.discountEndAfterStart },
      ]),
    );
    const res = await call('POST', url, OPERATOR, {
      amount: 1_200_000,
      start_date: startOfDay('2027-01-01'),
      end_date: endOfDay('2027-12-31'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const c: Invoice = res.json().invoice;
    expect(c).toMatchObject({ kind: 'commitment', status: 'unconfirmed', cost_price: 1_200_000 });
    expect(c.total_amount).toBe(1_200_000 + c.tax_amount);
    expect(c.invoice_number).toMatch(/^CMT-202701-\d+$/);
  });
});

describe('discounts and the rating job', () => {
  const discountBody = (inv: Invoice, extra: object = {}) => ({
    customers: [inv.tenant_id],
    unit_filters: ['dedicated.compute', 'dedicated.storage'],
    usage: 'commitment_plan',
    provider: 'all',
    description: 'Commitment Plan Default Discount',
    discount: 0.9,
    started_at: inv.start_date,
    expired_at: endOfDay('2030-12-31'),
    note: 'e2e',
    ...extra,
  });

  it.each([
    [{ expired_at: '2020-01-01T23:59:59Z' }, 'expired_at', 'End Date should be greater than Start Date'],
    [{ note: 'x'.repeat(129) }, 'note', 'Should be less than 128 characters'],
    [{ unit_filters: [] }, 'unit_filters', BILLING_MESSAGES.unitFiltersRequired],
    [{ usage: undefined }, 'usage', BILLING_MESSAGES.usageRequired],
    [{ started_at: '' }, 'started_at', BILLING_MESSAGES.startRequired],
    [{ discount: 0.12345 }, 'discount', BILLING_MESSAGES.discountDigits],
  ])('refuses %j with the field message', async (change, field, message) => {
    const res = await call('POST', `${B}/discounts`, OPERATOR, discountBody(unconfirmed[0]!, change));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: `body.${field}`, message });
  });

  it('refuses an unknown unit filter or customer', async () => {
    const a = await call('POST', `${B}/discounts`, OPERATOR, discountBody(unconfirmed[0]!, { unit_filters: ['nope'] }));
    expect(a.json()).toMatchObject({ code: 'billing.unknownUnitFilter' });
    const b = await call('POST', `${B}/discounts`, OPERATOR, discountBody(unconfirmed[0]!, { customers: ['424242'] }));
    expect(b.json()).toMatchObject({ code: 'billing.unknownTenant' });
  });

  it('a valid discount re-rates the customer’s open invoice; reclaiming it takes it back', async () => {
    const inv = smallUnconfirmed();
    const before = await invoice(inv.invoice_id);
    // Half off: more than any seeded discount, so it is the best one on the invoice.
    const res = await call('POST', `${B}/discounts`, OPERATOR, discountBody(inv, { discount: 0.5 }));
    expect(res.statusCode, res.body).toBe(201);
    const d: Discount = res.json().discount;
    expect(d).toMatchObject({
      status: 'valid',
      approval_id: null,
      discount: 0.5,
      customers: [{ tenant_id: inv.tenant_id }],
    });
    expect(d.unit_filters.map((f) => f.filter_id)).toContain('dedicated.compute.tidb');
    expect(d.discount_code).toMatch(/^D-\d{8}-\d+$/);
    await t.jobs.drain();
    const after = await invoice(inv.invoice_id);
    const applied = after.discounts.find((x) => x.discount_sid === d.discount_sid);
    expect(applied!.amount).toBeGreaterThan(0);
    expect(after.discount_amount).toBeGreaterThanOrEqual(before.discount_amount);
    expect(after.total_amount).toBeLessThan(before.total_amount);
    expect((await audit('billing_discount', d.discount_sid))[0]).toMatchObject({
      operation: 'create',
      operator: OPERATOR,
    });

    const reclaimed = await ok<{ discount: Discount }>('DELETE', `${B}/discounts/${d.discount_sid}`);
    expect(reclaimed.discount).toMatchObject({ status: 'reclaimed', reclaimed_by: OPERATOR });
    await t.jobs.drain();
    const back = await invoice(inv.invoice_id);
    expect(back.total_amount).toBe(before.total_amount);
    expect(back.discounts.find((x) => x.discount_sid === d.discount_sid)).toBeUndefined();
    const again = await call('DELETE', `${B}/discounts/${d.discount_sid}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'billing.discountActionNotAllowed' });
  });

  it('a discount worth more a month than the threshold waits for finance, not for its applicant', async () => {
    const big = unconfirmed.slice(0, 5);
    const res = await call('POST', `${B}/discounts`, OPERATOR, {
      ...discountBody(big[0]!, { customers: big.map((i) => i.tenant_id), discount: 0.1 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const d: Discount = res.json().discount;
    expect(d.estimated_monthly_value).toBeGreaterThan(t.config.billing.approvalThresholdCents);
    expect(d).toMatchObject({ status: 'approving' });
    expect(d.approval_id).toBeTruthy();
    const self = await call('POST', `/api/v1/devops/approval/approvals/${d.approval_id}/approve`, OPERATOR, {});
    expect(self.statusCode).toBe(403);
    expect((await call('DELETE', `${B}/discounts/${d.discount_sid}`)).statusCode).toBe(409);
    const approve = await call('POST', `/api/v1/devops/approval/approvals/${d.approval_id}/approve`, ADMIN, {});
    expect(approve.statusCode, approve.body).toBe(200);
    await t.jobs.drain();
    const list = await ok<ListResult<Discount>>('GET', `${B}/discounts?tenant_id=${big[0]!.tenant_id}&per_page=100`);
    expect(list.items.find((x) => x.discount_sid === d.discount_sid)).toMatchObject({ status: 'valid' });
    // The approvals engine's own row (the decision), then the discount's.
    expect((await audit('billing_discount', d.discount_sid)).map((r) => r.operation)).toEqual([
      'create',
      'approve',
      'approved',
    ]);
    // Taken back again so the other tests' invoices are not affected more than they expect.
    await ok('DELETE', `${B}/discounts/${d.discount_sid}`);
    await t.jobs.drain();
  });

  it('lists discounts by status (expired and valid derived from the dates), usage and search', async () => {
    const expired = await ok<ListResult<Discount>>('GET', `${B}/discounts?status=expired`);
    expect(expired.total).toBeGreaterThan(0);
    expect(expired.items.every((d) => d.status === 'expired' && d.expired_at < new Date().toISOString())).toBe(true);
    const programs = await ok<ListResult<Discount>>('GET', `${B}/discounts?usage=program`);
    expect(programs.items.every((d) => d.usage === 'program')).toBe(true);
    const search = await ok<ListResult<Discount>>('GET', `${B}/discounts?search=DM%20Program`);
    expect(search.total).toBeGreaterThan(0);
  });

  it('global discounts: admin creates one (every open invoice re-rated) and deletes it once', async () => {
    const inv = unconfirmed[0]!;
    const before = await invoice(inv.invoice_id);
    const res = await call('POST', `${B}/global-discounts`, ADMIN, {
      name: 'Anniversary week',
      unit_filters: ['dedicated.compute.tidb'],
      discount: 0.5,
      started_at: inv.start_date,
      expired_at: endOfDay('2031-01-01'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json().global_discount;
    await t.jobs.drain();
    const after = await invoice(inv.invoice_id);
    const tidb = after.category_unit_costs!.filter((c) => c.filter_id === 'dedicated.compute.tidb');
    if (tidb.length) expect(after.discount_amount).toBeGreaterThan(before.discount_amount);
    const del = await ok<{ global_discount: { status: string } }>('DELETE', `${B}/global-discounts?id=${g.id}`, ADMIN);
    expect(del.global_discount.status).toBe('deleted');
    expect((await call('DELETE', `${B}/global-discounts?id=${g.id}`, ADMIN)).statusCode).toBe(409);
    await t.jobs.drain();
    expect((await invoice(inv.invoice_id)).total_amount).toBe(before.total_amount);
    const listed = await ok<ListResult<{ status: string }>>('GET', `${B}/global-discounts?status=deleted`);
    expect(listed.total).toBeGreaterThanOrEqual(2);
  });
});

describe('credits', () => {
  it('creates (valid, or approving above the threshold), lists and reclaims only a valid credit', async () => {
    const tenant = unconfirmed[0]!.tenant_id;
    const body = {
      tenant_id: tenant,
      credit_type: 'promotional',
      amount: 5_000,
      effective_at: startOfDay('2026-01-01'),
      expired_at: endOfDay('2031-01-01'),
    };
    const bad = await call('POST', `${B}/credits`, OPERATOR, { ...body, amount: 0, credit_type: 'gift' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual({ field: 'body.amount', message: BILLING_MESSAGES.amountPositive });
    const small = await ok<{ credit: Credit }>('POST', `${B}/credits`, OPERATOR, body);
    expect(small.credit).toMatchObject({ status: 'valid', balance: 5_000 });
    const big = await ok<{ credit: Credit }>('POST', `${B}/credits`, OPERATOR, { ...body, amount: 2_000_000 });
    expect(big.credit.status).toBe('approving');
    expect((await call('POST', `${B}/credits/${big.credit.credit_id}/actions/reclaim`)).statusCode).toBe(409);
    const reject = await call('POST', `/api/v1/devops/approval/approvals/${big.credit.approval_id}/reject`, ADMIN, {});
    expect(reject.statusCode).toBe(200);
    await t.jobs.drain();
    const listed = await ok<ListResult<Credit>>('GET', `${B}/credits?tenant_id=${tenant}&status=rejected`);
    expect(listed.items.map((c) => c.credit_id)).toContain(big.credit.credit_id);

    const r = await ok<{ credit: Credit }>('POST', `${B}/credits/${small.credit.credit_id}/actions/reclaim`);
    expect(r.credit).toMatchObject({ status: 'reclaimed', balance: 0, reclaimed_amount: 5_000 });
    const again = await call('POST', `${B}/credits/${small.credit.credit_id}/actions/reclaim`);
    expect(again.json()).toMatchObject({ code: 'billing.creditActionNotAllowed' });
    expect((await audit('billing_credit', small.credit.credit_id)).map((x) => x.operation)).toEqual([
      'create',
      'reclaim',
    ]);
    const types = await ok<{ items: { credit_type: string }[] }>('GET', `${B}/credit_types`);
    expect(types.items.map((x) => x.credit_type)).toEqual(['promotional', 'compensation', 'prepaid', 'marketplace']);
  });
});

describe('credit risk levels', () => {
  it('validates (§5), creates, renames, changes the quota (admin), deletes only an unused level', async () => {
    const noName = await call('POST', `${B}/credit_risk_levels`, OPERATOR, { cost_quota: { cost_quota_limit: 100 } });
    expect(noName.json().details).toContainEqual({ field: 'body.credit_risk_level_name', message: 'required' });
    const zero = await call('POST', `${B}/credit_risk_levels`, OPERATOR, {
      credit_risk_level_name: 'Zero',
      cost_quota: { cost_quota_limit: 0 },
    });
    expect(zero.json().details).toContainEqual({
      field: 'body.cost_quota.cost_quota_limit',
      message: 'Limit should be greater than 0',
    });
    const created = await call('POST', `${B}/credit_risk_levels`, OPERATOR, {
      credit_risk_level_name: 'Strategic',
      cost_quota: { cost_quota_limit: -1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().credit_risk_level_id;
    const dup = await call('POST', `${B}/credit_risk_levels`, OPERATOR, {
      credit_risk_level_name: 'strategic',
      cost_quota: { cost_quota_limit: -1 },
    });
    expect(dup.statusCode).toBe(409);
    expect(
      (await ok('PUT', `${B}/credit_risk_levels/${id}`, OPERATOR, { credit_risk_level_name: 'Strategic accounts' }))
        .credit_risk_level_name,
    ).toBe('Strategic accounts');
    const quota = await ok('PUT', `${B}/credit_risk_levels/${id}/cost_quota`, ADMIN, { cost_quota_limit: 250_000 });
    expect(quota.cost_quota).toEqual({ cost_quota_limit: 250_000 });
    expect((await audit('billing_risk_level', id)).map((r) => r.operation)).toEqual([
      'create',
      'update',
      'update_cost_quota',
    ]);

    // A tenant at this level: the level is in use until the tenant moves.
    const tenant = unconfirmed[1]!.tenant_id;
    const set = await ok('PUT', `${B}/tenants/${tenant}/credit_risk_level`, OPERATOR, { credit_risk_level_id: id });
    expect(set.credit_risk_level.credit_risk_level_id).toBe(id);
    expect(set.over_quota).toBe(set.month_to_date_cost > 250_000);
    const inUse = await call('DELETE', `${B}/credit_risk_levels/${id}`);
    expect(inUse.json()).toMatchObject({ code: 'billing.riskLevelInUse' });
    await ok('PUT', `${B}/tenants/${tenant}/credit_risk_level`, OPERATOR, { credit_risk_level_id: null });
    expect((await ok('GET', `${B}/tenants/${tenant}/credit_risk_level`)).credit_risk_level).toBeNull();
    expect((await call('DELETE', `${B}/credit_risk_levels/${id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `${B}/credit_risk_levels/${id}`)).statusCode).toBe(404);
    const levels = await ok<ListResult<{ credit_risk_level_name: string; tenant_count: number }>>(
      'GET',
      `${B}/credit_risk_levels`,
    );
    expect(levels.items.map((l) => l.credit_risk_level_name)).toEqual(
      [...levels.items.map((l) => l.credit_risk_level_name)].sort(),
    );
    expect(levels.items.find((l) => l.credit_risk_level_name === 'Low')!.tenant_count).toBeGreaterThan(5);
  });
});

describe('support plans', () => {
  it('lists the public plans of every level and updates a plan’s terms with the §5 tier rules', async () => {
    const plans = await ok<ListResult<{ support_plan_id: string; level: string; type: string }>>(
      'GET',
      `${B}/support_plan?is_public=true`,
    );
    expect(plans.items.map((p) => p.level)).toEqual(['basic', 'developer', 'standard', 'enterprise', 'premium']);
    const premium = plans.items.find((p) => p.level === 'premium')!;
    const bad = await call('PUT', `${B}/support_plan/${premium.support_plan_id}`, OPERATOR, {
      level: 'premium',
      type: 'tiered_price',
      fixed_charge_price: 1_250_000,
      tiered_price_rules: [
        { lower_bound: 0, upper_bound: 100, support_price_percentage: 0.1 },
        { lower_bound: 100, upper_bound: 200, support_price_percentage: 0.05 },
      ],
    });
    expect(bad.json().details).toContainEqual({
      field: 'body.tiered_price_rules.1.upper_bound',
      message: 'The to value for last tier should be empty',
    });
    const rules = [
      { lower_bound: 0, upper_bound: 10_000_000, support_price_percentage: 0.1 },
      { lower_bound: 10_000_000, upper_bound: null, support_price_percentage: 0.06 },
    ];
    const updated = await ok('PUT', `${B}/support_plan/${premium.support_plan_id}`, OPERATOR, {
      level: 'premium',
      type: 'tiered_price',
      fixed_charge_price: 1_250_000,
      tiered_price_rules: rules,
    });
    expect(updated.tiered_price_rules).toEqual(rules);
    expect(updated.binding_count).toBeGreaterThan(0);
    expect((await audit('billing_support_plan', premium.support_plan_id)).at(-1)!.operation).toBe('update_plan');
  });

  it('binds a private plan from a future date, refuses a second one pending, disables only live ones', async () => {
    const tenant = unconfirmed[2]!.tenant_id;
    const start = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10);
    const body = {
      tenant_id: tenant,
      level: 'enterprise',
      type: 'percentage_price',
      fixed_charge_price: 80_000,
      support_price_percentage: 0.08,
      active_date: startOfDay(start),
      expired_date: null,
    };
    const past = await call('POST', `${B}/binded_support_plan/private`, OPERATOR, {
      ...body,
      active_date: startOfDay('2020-01-01'),
    });
    expect(past.json().details).toContainEqual({
      field: 'body.active_date',
      message: BILLING_MESSAGES.startDateInPast,
    });
    const missing = await call('POST', `${B}/binded_support_plan/private`, OPERATOR, { ...body, active_date: '' });
    expect(missing.json().details).toContainEqual({ field: 'body.active_date', message: 'Start Date is required.' });
    const endBefore = await call('POST', `${B}/binded_support_plan/private`, OPERATOR, {
      ...body,
      expired_date: endOfDay('2020-01-01'),
    });
    expect(endBefore.json().details).toContainEqual({
      field: 'body.expired_date',
      message: 'End Date should be greater than Start Date.',
    });

    const current = (
      await ok<{ binded_support_plan: BoundSupportPlan | null }>('GET', `${B}/binded_support_plan?tenant_id=${tenant}`)
    ).binded_support_plan;
    const added = await call('POST', `${B}/binded_support_plan/private`, OPERATOR, body);
    expect(added.statusCode, added.body).toBe(201);
    const b: BoundSupportPlan = added.json().binded_support_plan;
    expect(b).toMatchObject({ status: 'to_be_activated', level: 'enterprise', is_public: false, tenant_id: tenant });
    if (current?.status === 'active') {
      const list = await ok<ListResult<BoundSupportPlan>>('GET', `${B}/binded_support_plan/list?tenant_id=${tenant}`);
      expect(list.items.find((x) => x.binded_support_plan_id === current.binded_support_plan_id)!.expired_date).toBe(
        b.active_date,
      );
    }
    const second = await call('POST', `${B}/binded_support_plan/private`, OPERATOR, body);
    expect(second.json()).toMatchObject({ code: 'billing.boundPlanPending' });
    // The current plan is still the active one (if any) until the new one starts.
    const now = (await ok('GET', `${B}/binded_support_plan?tenant_id=${tenant}`)).binded_support_plan;
    expect(now.binded_support_plan_id).toBe(
      current?.status === 'active' ? current.binded_support_plan_id : b.binded_support_plan_id,
    );

    const disabled = await ok('DELETE', `${B}/binded_support_plan/${b.binded_support_plan_id}`);
    expect(disabled.binded_support_plan.status).toBe('disabled');
    const again = await call('DELETE', `${B}/binded_support_plan/${b.binded_support_plan_id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'billing.boundPlanActionNotAllowed' });
    expect(
      (await audit('billing_support_plan', `binding-${b.binded_support_plan_id}`)).map((r) => r.operation),
    ).toEqual(['bind_plan', 'disable_plan']);
  });

  it('cancels a tenant’s current plan; a tenant without one is 409', async () => {
    const active = await ok<ListResult<BoundSupportPlan>>(
      'GET',
      `${B}/binded_support_plan/list?status=active&per_page=50`,
    );
    expect(active.items.every((b) => b.status === 'active')).toBe(true);
    const target = active.items.find((b) => !unconfirmed.slice(0, 3).some((i) => i.tenant_id === b.tenant_id))!;
    const res = await ok('DELETE', `${B}/binded_support_plan?tenant_id=${target.tenant_id}`);
    expect(res.binded_support_plan).toMatchObject({ status: 'cancelled', ended_by: OPERATOR });
    const none = await call('DELETE', `${B}/binded_support_plan?tenant_id=${target.tenant_id}`);
    expect([409]).toContain(none.statusCode);
    const statuses = await ok<ListResult<BoundSupportPlan>>('GET', `${B}/binded_support_plan/list?per_page=100`);
    const seen = new Set(statuses.items.map((b) => b.status));
    for (const s of ['active', 'to_be_activated', 'expired', 'cancelled', 'disabled']) expect(seen).toContain(s);
  });
});

describe('exchange rates and tax rates', () => {
  it('keeps USD → SGD history, newest first; refuses a future date, a rate under 0.0001 or 5 decimals', async () => {
    const list = await ok<ListResult<{ date: string; value: number }>>('GET', `${B}/fx_rates?base=usd&target=sgd`);
    expect(list.total).toBeGreaterThan(40);
    expect(list.items[0]!.date > list.items[1]!.date).toBe(true);
    const future = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    for (const [body, message] of [
      [{ value: 1.3, date: future }, BILLING_MESSAGES.fxDateFuture],
      [{ value: 0, date: utcToday() }, BILLING_MESSAGES.fxRateMin],
      [{ value: 1.23456, date: utcToday() }, BILLING_MESSAGES.fxRateDecimals],
    ] as const) {
      const res = await call('POST', `${B}/fx_rates`, OPERATOR, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { message: string }) => d.message)).toContain(message);
    }
    const set = await call('POST', `${B}/fx_rates`, OPERATOR, { value: 1.3579, date: utcToday() });
    expect(set.statusCode, set.body).toBe(201);
    await ok('POST', `${B}/fx_rates`, OPERATOR, { value: 1.3581, date: utcToday() });
    const latest = (await ok<ListResult<{ date: string; value: number }>>('GET', `${B}/fx_rates`)).items[0]!;
    expect(latest).toMatchObject({ date: utcToday(), value: 1.3581 });
    expect((await audit('billing_fx_rate', `USD-SGD-${utcToday()}`)).map((r) => r.operation)).toEqual([
      'create',
      'update',
    ]);
  });

  it('a new tax rate re-rates the tenant’s open invoices', async () => {
    const inv = nextUnconfirmed();
    const res = await call('POST', `${B}/tax_rates`, OPERATOR, {
      tenant_id: inv.tenant_id,
      display_name: 'VAT 20%',
      rate: 0.2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().billing_config.tax_rate).toEqual({ rate: 0.2, display_name: 'VAT 20%' });
    await t.jobs.drain();
    const after = await invoice(inv.invoice_id);
    const base = after.usage_amount - after.discount_amount + after.support_amount;
    expect(after.tax_rate).toEqual({ rate: 0.2, display_name: 'VAT 20%' });
    expect(after.tax_amount).toBe(Math.round(base * 0.2));
  });
});

describe('AR table', () => {
  it('offers last month by default and the months with confirmed invoices', async () => {
    const init = await ok('GET', `${B}/cr_tables/init`);
    expect({ year: init.default_year, month: init.default_month }).toEqual(lastMonth());
    expect(init.months.length).toBeGreaterThan(6);
    expect(init.columns).toEqual([...AR_TABLE_COLUMNS]);
  });

  it('reconciles to the cent with the month’s confirmed invoices', async () => {
    const init = await ok('GET', `${B}/cr_tables/init`);
    const { year: y, month: m } = init.months[1];
    const res = await call('GET', `${B}/ar_tables/year/${y}/month/${m}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain(`ar-table-${y}-${String(m).padStart(2, '0')}.csv`);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(AR_TABLE_COLUMNS.join(','));
    const rows = lines.slice(1, -1).map((l) => l.split(','));
    const total = lines.at(-1)!.split(',');
    const col = (name: string) => AR_TABLE_COLUMNS.indexOf(name as (typeof AR_TABLE_COLUMNS)[number]);
    const cents = (s: string) => Math.round(Number(s) * 100);
    const { from, to } = monthRange(y, m);
    const [db] = await t.database.rows<{ n: number; total: string; due: string }>(sql`
      select count(*)::int as n, sum(total_amount)::text as total, sum(amount_due)::text as due from billing_invoices
      where status = 'confirmed' and period_start >= ${from}::timestamptz and period_start < ${to}::timestamptz`);
    expect(rows.length).toBe(db!.n);
    expect(rows.reduce((s, r) => s + cents(r[col('total_amount')]!), 0)).toBe(Number(db!.total));
    expect(cents(total[col('total_amount')]!)).toBe(Number(db!.total));
    expect(cents(total[col('amount_due')]!)).toBe(Number(db!.due));
    expect(total[0]).toBe('TOTAL');
  });

  it('contains an invoice once it is confirmed, and refuses a month after last month', async () => {
    const inv = nextUnconfirmed();
    await ok('PUT', `${B}/invoices/${inv.invoice_id}/confirm`, ADMIN);
    const csv = (await call('GET', `${B}/ar_tables/year/${year(inv.start_date)}/month/${monthNo(inv.start_date)}`))
      .body;
    expect(csv.split('\r\n').some((l) => l.startsWith(`${inv.invoice_id},`))).toBe(true);
    const now = new Date();
    const res = await call('GET', `${B}/ar_tables/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'billing.arMonthNotAllowed', message: BILLING_MESSAGES.arMonthAfterLast });
  });
});

describe('usage, measures and the cost explorer', () => {
  it('rates measures in a dry run, stores them (the open invoice re-rated), refuses frozen months', async () => {
    const inv = nextUnconfirmed();
    const month = inv.start_date.slice(0, 7);
    const records = [
      { tenant_id: inv.tenant_id, unit: 'aws.dedicated.compute.tidb', quantity: 333, month },
      { tenant_id: inv.tenant_id, unit: 'aws.dedicated.data_transfer.cross_az', quantity: 1_001, month },
    ];
    const dry = await ok('POST', `${B}/measures/dryrun`, OPERATOR, { records });
    expect(dry).toMatchObject({ stored: false, invoices_queued: [] });
    // 333 × 1250 / 100 = 4162.5 → 4163; 1001 × 200 / 100 = 2002.
    expect(dry.lines.map((l: { amount: number }) => l.amount)).toEqual([4163, 2002]);
    expect(dry.total_amount).toBe(6165);
    const before = await invoice(inv.invoice_id);
    const stored = await ok('POST', `${B}/measures`, OPERATOR, { records });
    expect(stored.invoices_queued).toEqual([{ tenant_id: inv.tenant_id, month }]);
    await t.jobs.drain();
    expect((await invoice(inv.invoice_id)).usage_amount).toBe(before.usage_amount + 6165);

    const unknown = await call('POST', `${B}/measures/dryrun`, OPERATOR, {
      records: [{ ...records[0], unit: 'aws.nothing' }],
    });
    expect(unknown.json()).toMatchObject({ code: 'billing.unknownUnit' });
    const confirmed = (await ok<ListResult<Invoice>>('GET', `${B}/invoices?status=confirmed&kind=usage&per_page=1`))
      .items[0]!;
    const frozen = await call('POST', `${B}/measures`, OPERATOR, {
      records: [{ ...records[0], tenant_id: confirmed.tenant_id, month: confirmed.start_date.slice(0, 7) }],
    });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toMatchObject({ code: 'billing.invoiceFrozen' });
  });

  it('answers trends (and CSV), args, bill details and the month’s costs (and exports)', async () => {
    const args = await ok('GET', `${B}/costexplorer/args`);
    expect(args.months.length).toBeGreaterThanOrEqual(12);
    const from = args.months.at(-1);
    const to = args.months[0];
    const trends = await ok('POST', `${B}/costexplorer/trends`, VIEWER, { from, to, group_by: 'category' });
    expect(trends.months.length).toBe(args.months.length);
    expect(trends.totals.reduce((s: number, x: number) => s + x, 0)).toBeGreaterThan(0);
    const byTenant = await ok('POST', `${B}/costexplorer/trends`, VIEWER, { from, to, group_by: 'tenant' });
    expect(byTenant.series.length).toBeLessThanOrEqual(21);
    expect(byTenant.totals).toEqual(trends.totals);
    const csv = await call('POST', `${B}/costexplorer/trends/csv`, VIEWER, { from, to, group_by: 'provider' });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0]).toContain('provider,name');
    expect((await call('POST', `${B}/costexplorer/trends`, VIEWER, { from: to, to: from })).statusCode).toBe(400);

    const [y, m] = to.split('-').map(Number);
    const details = await ok('GET', `${B}/costexplorer/bills_details/year/${y}/month/${m}?per_page=5`);
    expect(details.total).toBeGreaterThan(0);
    const cost = await ok('GET', `${B}/costexplorer/monthly_cost/year/${y}/month/${m}?per_page=5`);
    expect(cost.items[0].total_amount).toBeGreaterThanOrEqual(cost.items[1].total_amount);
    const costCsv = await call('POST', `${B}/costexplorer/monthly_cost/year/${y}/month/${m}/export`, VIEWER);
    expect(costCsv.body.trim().split('\r\n').length).toBe(cost.total + 1);
    const bills = await call('POST', `${B}/costexplorer/monthly_bills/year/${y}/month/${m}/export`, VIEWER);
    expect(bills.body.split('\r\n')[0]).toBe([...AR_TABLE_COLUMNS, 'status'].join(','));
  });

  it('serves the unit-filter tree, quick selections and the price list', async () => {
    const tree = await ok<{ items: { filter_id: string; parent_id: string | null; leaf: boolean }[] }>(
      'GET',
      `${B}/unit_filters`,
    );
    const ids = new Set(tree.items.map((f) => f.filter_id));
    for (const f of tree.items) if (f.parent_id) expect(ids).toContain(f.parent_id);
    const cross = await ok('GET', `${B}/unit_filters/quick_selections/cross_az_traffic_saving`);
    expect(cross.filter_ids).toEqual(['dedicated.data_transfer.cross_az']);
    expect((await call('GET', `${B}/unit_filters/quick_selections/bogus`)).statusCode).toBe(400);
    const units = await ok('GET', `${B}/units?provider=GCP&filter_id=dedicated.compute.tidb`);
    expect(units.items).toEqual([expect.objectContaining({ unit: 'gcp.dedicated.compute.tidb', price_per: 100 })]);
  });
});
