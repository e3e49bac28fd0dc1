import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  type ListResult,
  type Msp,
  PARTNER_BILLING_MESSAGES,
  PARTNER_MESSAGES,
  type Partner,
  type PartnerCustomer,
  type Tenant,
  tomorrowUtc,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { NORTHWIND_LOGO } from '../../seed/partners.js';
import { LOGO_CSP, verifyApiKey } from './index.js';
import { sanitizeSvg } from './svg.js';

/*
 * Partners end to end through the API, on the seeded demo: the partner lists (the org search with org_tag), partner
 * creation (CPPO, MCPO, reseller, MSP with its payment method, support plan and initial key), MSP update, API keys
 * (shown once, hashed, rotated by resend, revoked), customer links with the §5 rules (CPPO / MCPO with their billing
 * config), their deletion, the signup URLs, and the SVG logo (sanitised, served with a sandboxing CSP).
 */

const P = '/api/v1/admin/partner';
const OPERATOR = 'operator@example.com';
const ADMIN = 'admin@example.com';
const VIEWER = 'sam.okafor@example.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (method: Method, url: string, who: string | null = OPERATOR, payload?: object) =>
  t.app.inject({
    method,
    url: url.startsWith('/api') ? url : `${P}${url}`,
    headers: who ? await t.as(who) : {},
    ...(payload !== undefined ? { payload } : method === 'POST' ? { payload: {} } : {}),
  });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in assertions
const ok = async <T = any>(method: Method, url: string, who: string | null = OPERATOR, payload?: object) => {
  const res = await call(method, url, who, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};
const refused = async (method: Method, url: string, who: string | null = OPERATOR, payload?: object) => {
  const res = await call(method, url, who, payload);
  const body = res.json() as { code: string; message: string; details?: { field: string; message: string }[] };
  return { status: res.statusCode, code: body.code, message: body.message, details: body.details ?? [] };
};
/** The messages a 400 names for a field. */
const fieldMessages = async (url: string, payload: object, field: string) => {
  const r = await refused('POST', url, OPERATOR, payload);
  expect(r.status).toBe(400);
  return r.details.filter((d) => d.field === field).map((d) => d.message);
};

const rows = <T>(q: ReturnType<typeof sql>) => t.database.rows<T>(q);
const orgId = async (name: string) =>
  (await rows<{ id: string }>(sql`select id from tenants where name = ${name}`))[0]!.id;
const audits = (instance: string, operation: string) =>
  rows<{ operator: string; details: Record<string, unknown> }>(
    sql`select operator, details from audit_logs where type = 'partner' and instance_id = ${instance} and operation = ${operation}`,
  );
const today = () => new Date().toISOString().slice(0, 10);
const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('partner lists: the org search with org_tag (spec §7)', () => {
  it('lists the seeded partners of each type, searchable by id, name and email', async () => {
    const list = (q: string) => ok<ListResult<Tenant>>('GET', `/api/v1/admin/orgs?status=ACTIVE&${q}`);
    expect((await list('org_tag=cppo')).items.map((i) => i.name)).toEqual(['Tidewater Payments']);
    expect((await list('org_tag=mcpo')).items.map((i) => i.name)).toEqual(['Tanager Telecom']);
    expect((await list('org_tag=msp')).items.map((i) => i.name).sort()).toEqual([
      'Litware Analytics',
      'Northwind Traders',
    ]);
    expect((await list('org_tag=reseller')).total).toBe(7);
    const tidewater = (await list('org_tag=cppo')).items[0]!;
    const byEmail = await list(`org_tag=cppo&search=${encodeURIComponent(tidewater.email.toUpperCase())}`);
    expect(byEmail.items.map((i) => i.id)).toEqual([tidewater.id]);
    expect((await list(`org_tag=cppo&search=${tidewater.id}`)).total).toBe(1);
    expect((await list('org_tag=cppo&search=tidew')).total).toBe(1);
    expect((await list('org_tag=msp&search=tidew')).total).toBe(0);
  });

  it('shows seeded customers in every link state and the partner detail', async () => {
    for (const name of ['Tidewater Payments', 'Tanager Telecom', 'Northwind Traders', 'Trey Research']) {
      const id = await orgId(name);
      const partner = await ok<{ partner: Partner }>('GET', `/${id}`, VIEWER);
      expect(partner.partner).toMatchObject({ org_id: id, name });
      const customers = await ok<ListResult<PartnerCustomer>>('GET', `/${id}/customers?page=1&per_page=1000`, VIEWER);
      expect(new Set(customers.items.map((c) => c.status))).toEqual(new Set(['active', 'expired', 'to_be_effective']));
      expect(customers.items.every((c) => c.partner_org_id === id && c.name && c.email)).toBe(true);
      const active = await ok<ListResult<PartnerCustomer>>('GET', `/${id}/customers?status=active`, VIEWER);
      expect(active.items.every((c) => c.status === 'active')).toBe(true);
      expect(partner.partner.active_customers).toBe(active.total);
    }
    const northwind = await ok<{ msp: Msp }>('GET', `/msp/${await orgId('Northwind Traders')}`, VIEWER);
    expect(northwind.msp.advertising_arr).toHaveLength(3);
    expect(northwind.msp.logo_url).toMatch(/^\/api\/v1\/admin\/partner\/msp\/logo\/[0-9a-f]{32}$/);
    expect(northwind.msp.api_keys.map((k) => k.status).sort()).toEqual(['active', 'revoked']);
    const logo = await call('GET', northwind.msp.logo_url!, null);
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toContain('<path');
  });

  it('answers 404 for an org that is not a partner (of the type)', async () => {
    const r = await refused('GET', `/${await orgId('Coho Winery')}`);
    expect([r.status, r.code]).toEqual([404, 'partners.notFound']);
    const notMsp = await refused('GET', `/msp/${await orgId('Tidewater Payments')}`);
    expect([notMsp.status, notMsp.code]).toEqual([404, 'partners.notFound']);
    expect((await refused('GET', '/nope/customers')).status).toBe(404);
  });
});

describe('creating resellers (cppo/create, mcpo/create, resale/create)', () => {
  it('validates name and email with the §5 messages', async () => {
    expect(await fieldMessages('/cppo/create', { email: 'a@b.co' }, 'body.name')).toEqual([PARTNER_MESSAGES.required]);
    expect(await fieldMessages('/mcpo/create', { name: '  ', email: 'a@b.co' }, 'body.name')).toEqual([
      PARTNER_MESSAGES.required,
    ]);
    expect(await fieldMessages('/resale/create', { name: 'X' }, 'body.email')).toEqual([PARTNER_MESSAGES.required]);
    expect(await fieldMessages('/cppo/create', { name: 'X', email: 'not-an-email' }, 'body.email')).toEqual([
      PARTNER_MESSAGES.invalidEmail,
    ]);
  });

  it('creates an org tagged with the type, audited, found by the org search', async () => {
    for (const [path, type] of [
      ['/cppo/create', 'cppo'],
      ['/mcpo/create', 'mcpo'],
      ['/resale/create', 'reseller'],
    ] as const) {
      const res = await call('POST', path, OPERATOR, { name: `New ${type} Reseller`, email: `Sales@${type}.example` });
      expect(res.statusCode).toBe(201);
      const { partner } = res.json() as { partner: Partner };
      expect(partner).toMatchObject({ type, name: `New ${type} Reseller`, email: `sales@${type}.example` });
      expect(partner.signup_url).toContain(`reseller=${partner.org_id}`);
      const list = await ok<ListResult<Tenant>>('GET', `/api/v1/admin/orgs?org_tag=${type}&search=${partner.org_id}`);
      expect(list.items.map((i) => i.org_tag)).toEqual([type]);
      const [a] = await audits(partner.org_id, `${type === 'reseller' ? 'resale' : type}_create`);
      expect(a).toMatchObject({ operator: OPERATOR, details: { after: { type, name: `New ${type} Reseller` } } });
      const url = await ok<{ signup_url: string }>('GET', `/resale/${partner.org_id}/signup-url`, VIEWER);
      expect(url.signup_url).toBe(partner.signup_url);
    }
  });

  it('is refused to a viewer (403)', async () => {
    const r = await refused('POST', '/cppo/create', VIEWER, { name: 'X', email: 'x@y.z' });
    expect([r.status, r.code]).toEqual([403, 'auth.forbidden']);
  });
});

describe('MSPs', () => {
  const ad = (heading: string, body: string) => ({ heading, body });

  it('validates the advertising texts (§5) and the support types (§9)', async () => {
    const base = { name: 'Ad Test MSP', email: 'ad@msp.example' };
    expect(
      await fieldMessages(
        '/msp/create',
        { ...base, advertising_arr: Array(5).fill(ad('h', 'b')) },
        'body.advertising_arr',
      ),
    ).toEqual([PARTNER_MESSAGES.advertisingTooMany]);
    const items = [ad('', 'b'), ad('x'.repeat(41), 'b'), ad('h', ''), ad('h', 'y'.repeat(201))];
    const r = await refused('POST', '/msp/create', OPERATOR, { ...base, advertising_arr: items });
    expect(r.details).toEqual([
      { field: 'body.advertising_arr.0.heading', message: PARTNER_MESSAGES.headingRequired },
      { field: 'body.advertising_arr.1.heading', message: PARTNER_MESSAGES.headingTooLong },
      { field: 'body.advertising_arr.2.body', message: PARTNER_MESSAGES.bodyRequired },
      { field: 'body.advertising_arr.3.body', message: PARTNER_MESSAGES.bodyTooLong },
    ]);
    const plan = { type: 'tiered_price', fixed_charge_price: 0, active_date: tomorrowUtc() };
    expect(await fieldMessages('/msp/create', { ...base, support_plan: plan }, 'body.support_plan.type')).toEqual([
      PARTNER_MESSAGES.mspSupportType,
    ]);
    expect(await fieldMessages('/msp/create', { name: 'x' }, 'body.email')).toEqual([PARTNER_MESSAGES.required]);
    expect(await fieldMessages('/msp/create', { email: 'a@b.co' }, 'body.name')).toEqual([PARTNER_MESSAGES.required]);
    const past = { type: 'fixed_price', fixed_charge_price: 100, active_date: daysFromNow(-2) };
    expect(
      await fieldMessages('/msp/create', { ...base, support_plan: past }, 'body.support_plan.active_date'),
    ).toEqual([BILLING_MESSAGES.startDateInPast]);
  });

  let mspId = '';
  it('creates an MSP: wire transfer, its support plan bound, an initial "MSP owner" key mailed (not shown)', async () => {
    const res = await call('POST', '/msp/create', OPERATOR, {
      name: 'Acme Cloud Partners',
      email: 'owner@acme-msp.example',
      website: 'https://acme-msp.example',
      disclaimers: 'Resold under Acme terms.',
      advertising_arr: [ad('Fast', 'Clusters in minutes')],
      support_plan: {
        type: 'percentage_price',
        level: 'enterprise',
        fixed_charge_price: 50_000,
        support_price_percentage: 0.1,
        active_date: tomorrowUtc(),
      },
    });
    expect(res.statusCode).toBe(201);
    const { msp } = res.json() as { msp: Msp };
    mspId = msp.org_id;
    expect(msp).toMatchObject({ type: 'msp', name: 'Acme Cloud Partners', website: 'https://acme-msp.example' });
    expect(msp.signup_url).toContain('msp=Acme%20Cloud%20Partners');
    expect(msp.support_plan).toMatchObject({ type: 'percentage_price', support_price_percentage: 0.1 });
    expect(msp.api_keys).toHaveLength(1);
    expect(msp.api_keys[0]).toMatchObject({ role: 'MSP owner', status: 'active' });
    expect(JSON.stringify(msp)).not.toMatch(/"key"/);
    const payment = await ok('GET', `/api/v1/devops/billing-proxy/api/v1/billing/payments/active?tenant_id=${mspId}`);
    expect(payment.payment).toMatchObject({ type: 'wire_transfer', invoiceable: true });
    const mails = await rows<{ subject: string; body: string }>(
      sql`select subject, body from email_outbox where to_address = 'owner@acme-msp.example'`,
    );
    expect(mails).toHaveLength(1);
    // The embedded outbox never keeps a key in the clear.
    expect(mails[0]!.body).toContain('withheld');
    expect(mails[0]!.body).not.toMatch(/pk_[A-Za-z0-9_-]{43}/);
    const [a] = await audits(mspId, 'msp_create');
    expect(a!.details).toMatchObject({ after: { name: 'Acme Cloud Partners', payment_method: 'wire_transfer' } });
    expect((await ok('GET', `/msp/${mspId}/signup-url`, VIEWER)).signup_url).toBe(msp.signup_url);
    expect((await refused('GET', `/resale/${mspId}/signup-url`)).status).toBe(404);
  });

  it('refuses a second MSP of the same name (409)', async () => {
    const r = await refused('POST', '/msp/create', OPERATOR, { name: 'ACME cloud partners', email: 'x@y.example' });
    expect([r.status, r.code]).toEqual([409, 'partners.nameTaken']);
  });

  it('updates an MSP, audited with before and after', async () => {
    const nothing = await refused('POST', '/msp/update', OPERATOR, { org_id: mspId });
    expect(nothing.status).toBe(400);
    const { msp } = await ok<{ msp: Msp }>('POST', '/msp/update', OPERATOR, {
      org_id: mspId,
      website: 'https://www.acme-msp.example',
      advertising_arr: [ad('One', 'First'), ad('Two', 'Second')],
    });
    expect(msp.website).toBe('https://www.acme-msp.example');
    expect(msp.advertising_arr).toHaveLength(2);
    const [a] = await audits(mspId, 'msp_update');
    expect(a!.details).toMatchObject({
      before: { website: 'https://acme-msp.example' },
      after: { website: 'https://www.acme-msp.example' },
    });
    const r = await refused('POST', '/msp/update', OPERATOR, {
      org_id: mspId,
      advertising_arr: Array(5).fill(ad('a', 'b')),
    });
    expect(r.details).toEqual([{ field: 'body.advertising_arr', message: PARTNER_MESSAGES.advertisingTooMany }]);
    expect((await refused('POST', '/msp/update', VIEWER, { org_id: mspId, website: '' })).status).toBe(403);
  });

  it('API keys: shown once, stored hashed, rotated by resend, revocable; admin only to create', async () => {
    expect((await refused('POST', `/msp/${mspId}/create-apikey`, OPERATOR)).status).toBe(403);
    const res = await call('POST', `/msp/${mspId}/create-apikey`, ADMIN);
    expect(res.statusCode).toBe(201);
    const { api_key: created } = res.json() as { api_key: { id: string; key: string; prefix: string } };
    expect(created.key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const stored = await rows<{ key_hash: string }>(
      sql`select key_hash from partner_api_keys where id = ${created.id}`,
    );
    expect(stored[0]!.key_hash).toBe(crypto.createHash('sha256').update(created.key).digest('hex'));
    const dump = await rows<Record<string, unknown>>(sql`select * from partner_api_keys`);
    expect(JSON.stringify(dump)).not.toContain(created.key);
    expect(JSON.stringify(await ok('GET', `/msp/${mspId}`))).not.toContain(created.key);
    expect(await verifyApiKey(t.database.db, created.key)).toEqual({ org_id: mspId, role: 'MSP owner' });

    const resent = await ok('POST', `/msp/${mspId}/resend-apikey`, OPERATOR);
    expect(resent).toMatchObject({ message: PARTNER_MESSAGES.sent, sent_to: 'owner@acme-msp.example' });
    expect(resent.revoked).toContain(created.id);
    expect(await verifyApiKey(t.database.db, created.key)).toBeUndefined();
    const { msp } = await ok<{ msp: Msp }>('GET', `/msp/${mspId}`);
    expect(msp.api_keys.filter((k) => k.status === 'active').map((k) => k.id)).toEqual([resent.api_key.id]);
    expect((await audits(mspId, 'apikey_resend')).length).toBe(1);

    const revoked = await ok('DELETE', `/msp/${mspId}/apikeys/${resent.api_key.id}`, ADMIN);
    expect(revoked.api_key).toMatchObject({ status: 'revoked', revoked_by: ADMIN });
    const again = await refused('DELETE', `/msp/${mspId}/apikeys/${resent.api_key.id}`, ADMIN);
    expect([again.status, again.code]).toEqual([409, 'partners.apiKeyRevoked']);
    expect((await refused('DELETE', `/msp/${mspId}/apikeys/999999`, ADMIN)).code).toBe('partners.apiKeyNotFound');
    expect((await refused('POST', `/msp/${mspId}/resend-apikey`, VIEWER)).status).toBe(403);
    expect(await verifyApiKey(t.database.db, 'seed-only/whatever')).toBeUndefined();
  });
});

describe('customer links (partner-customer/*, §5 customer linking)', () => {
  const cppo = () => orgId('Tidewater Payments');
  const link = async (over: Record<string, unknown>) => ({
    partner_type: 'CPPO',
    partner_org_id: await cppo(),
    customer_org_id: await orgId('Proseware Systems'),
    effected_at: tomorrowUtc(),
    payment_code: 'CPPO-PROSEWARE',
    payment_sub_code: 'offer-1',
    discounts: [{ usage: 'cppo', percent_off: 10 }],
    ...over,
  });
  const C = '/partner-customer/create';

  it('applies the §5 rules with their messages', async () => {
    const M = PARTNER_BILLING_MESSAGES;
    expect(await fieldMessages(C, await link({ customer_org_id: undefined }), 'body.customer_org_id')).toEqual([
      M.tenantRequired,
    ]);
    expect(await fieldMessages(C, await link({ effected_at: undefined }), 'body.effected_at')).toEqual([
      M.effectiveRequired,
    ]);
    expect(await fieldMessages(C, await link({ payment_code: undefined }), 'body.payment_code')).toEqual([
      M.paymentCodeRequired,
    ]);
    expect(await fieldMessages(C, await link({ payment_sub_code: undefined }), 'body.payment_sub_code')).toEqual([
      M.paymentSubCodeRequired,
    ]);
    const d = (x: object) => link({ discounts: [{ usage: 'cppo', percent_off: 10, ...x }] });
    expect(await fieldMessages(C, await d({ usage: undefined }), 'body.discounts.0.usage')).toEqual([
      M.discountTypeRequired,
    ]);
    expect(await fieldMessages(C, await d({ percent_off: undefined }), 'body.discounts.0.percent_off')).toEqual([
      M.discountRequired,
    ]);
    expect(await fieldMessages(C, await d({ percent_off: 100.5 }), 'body.discounts.0.percent_off')).toEqual([
      M.discountRange,
    ]);
    expect(await fieldMessages(C, await d({ percent_off: 12.345 }), 'body.discounts.0.percent_off')).toEqual([
      M.discountDecimals,
    ]);
    expect(await fieldMessages(C, await d({ end_date: today() }), 'body.discounts.0.end_date')).toEqual([
      M.discountEndAfterEffective,
    ]);
    const plan = { support_plan: { support_plan_id: '1', end_date: today() } };
    expect(await fieldMessages(C, await link(plan), 'body.support_plan.end_date')).toEqual([
      M.supportEndAfterEffective,
    ]);
    // Effective today: at least tomorrow (UTC) unless the skip flag, which only CPPO and MCPO have.
    expect(await fieldMessages(C, await link({ effected_at: today() }), 'body.effected_at')).toEqual([
      M.effectiveNotTomorrow,
    ]);
    const msp = {
      partner_type: 'MSP',
      partner_org_id: await orgId('Northwind Traders'),
      customer_org_id: await orgId('Proseware Systems'),
      effected_at: today(),
    };
    expect(await fieldMessages(C, msp, 'body.effected_at')).toEqual([M.effectiveNotTomorrow]);
    expect(
      await fieldMessages(C, { ...msp, skip_partner_active_check: true }, 'body.skip_partner_active_check'),
    ).toEqual([PARTNER_MESSAGES.skipCheckCppoMcpoOnly]);
    expect(
      await fieldMessages(C, { ...msp, effected_at: tomorrowUtc(), payment_code: 'X' }, 'body.payment_code'),
    ).toEqual([PARTNER_MESSAGES.billingOnlyCppoMcpo]);
  });

  it('refuses a wrong partner type, a partner as customer and a customer linked already', async () => {
    const wrong = await refused('POST', C, OPERATOR, await link({ partner_org_id: await orgId('Tanager Telecom') }));
    expect([wrong.status, wrong.code]).toEqual([400, 'partners.wrongType']);
    const partnerCustomer = await refused(
      'POST',
      C,
      OPERATOR,
      await link({ customer_org_id: await orgId('Trey Research') }),
    );
    expect([partnerCustomer.status, partnerCustomer.code]).toEqual([400, 'partners.customerIsPartner']);
    const linked = await refused('POST', C, OPERATOR, await link({ customer_org_id: await orgId('Quantaflow Labs') }));
    expect([linked.status, linked.code]).toEqual([409, 'partners.alreadyLinked']);
    expect((await refused('POST', C, VIEWER, await link({}))).status).toBe(403);
  });

  let linkId = '';
  it('links a CPPO customer with a discount effective tomorrow, with its billing config, listed on the reseller', async () => {
    const res = await call('POST', C, OPERATOR, await link({}));
    expect(res.statusCode).toBe(201);
    const { customer } = res.json() as { customer: PartnerCustomer };
    linkId = customer.id;
    expect(customer).toMatchObject({
      partner_type: 'CPPO',
      name: 'Proseware Systems',
      status: 'to_be_effective',
      effected_at: `${tomorrowUtc()}T00:00:00.000Z`,
      actions: ['delete'],
    });
    expect(customer.partner_billing_config_id).not.toBeNull();
    const list = await ok<ListResult<PartnerCustomer>>('GET', `/${await cppo()}/customers?page=1&per_page=1000`);
    expect(list.items.map((c) => c.id)).toContain(linkId);
    expect((await ok('GET', `/partner-customer/${linkId}`, VIEWER)).customer.id).toBe(linkId);
    const [a] = await audits(await cppo(), 'partner_customer_create');
    expect(a).toBeDefined();
    const config = await rows<{ partner_type: string; discounts: unknown[] }>(
      sql`select partner_type, discounts from partner_billing_configs where id = ${Number(customer.partner_billing_config_id)}`,
    );
    expect(config[0]).toMatchObject({ partner_type: 'cppo' });
  });

  it('lets an effective date of today through with skip-partner-active-check (MCPO)', async () => {
    const res = await call('POST', C, OPERATOR, {
      partner_type: 'MCPO',
      partner_org_id: await orgId('Tanager Telecom'),
      customer_org_id: await orgId('Alpine Ski House'),
      effected_at: today(),
      skip_partner_active_check: true,
      payment_code: 'MCPO-ALPINE',
      discounts: [{ usage: 'mcpo', percent_off: 5.25 }],
    });
    expect(res.statusCode).toBe(201);
    expect((res.json() as { customer: PartnerCustomer }).customer.status).toBe('active');
  });

  it('wants a support plan to end at least tomorrow, even with the check skipped', async () => {
    const r = await refused('POST', C, OPERATOR, {
      partner_type: 'MCPO',
      partner_org_id: await orgId('Tanager Telecom'),
      customer_org_id: await orgId('Fourth Coffee'),
      effected_at: today(),
      skip_partner_active_check: true,
      payment_code: 'MCPO-FOURTH',
      support_plan: { support_plan_id: '1', end_date: today() },
    });
    expect(r.status).toBe(400);
    expect(r.details).toEqual([
      { field: 'body.support_plan.end_date', message: PARTNER_BILLING_MESSAGES.supportEndNotTomorrow },
    ]);
  });

  it('deletes: a future link is removed, an active one ends now, an expired one is refused (409)', async () => {
    const future = await ok('DELETE', `/partner-customer/delete?id=${linkId}`);
    expect(future.customer.status).toBe('to_be_effective');
    expect((await refused('GET', `/partner-customer/${linkId}`)).code).toBe('partners.customerNotFound');

    const northwind = await orgId('Northwind Traders');
    const list = await ok<ListResult<PartnerCustomer>>('GET', `/${northwind}/customers?per_page=1000`);
    const active = list.items.find((c) => c.status === 'active')!;
    const ended = await ok('DELETE', `/partner-customer/delete?id=${active.id}`);
    expect(ended.customer).toMatchObject({ status: 'expired', actions: [] });
    expect((await audits(northwind, 'partner_customer_delete')).length).toBe(1);
    const expired = list.items.find((c) => c.status === 'expired')!;
    const r = await refused('DELETE', `/partner-customer/delete?id=${expired.id}`);
    expect([r.status, r.code]).toEqual([409, 'partners.linkEnded']);
    expect((await refused('DELETE', '/partner-customer/delete?id=abc')).status).toBe(404);
    expect((await refused('DELETE', `/partner-customer/delete?id=${expired.id}`, VIEWER)).status).toBe(403);
  });

  it('links an MSP customer from tomorrow', async () => {
    const res = await call('POST', C, OPERATOR, {
      partner_type: 'MSP',
      partner_org_id: await orgId('Litware Analytics'),
      customer_org_id: await orgId('Coho Winery'),
      effected_at: tomorrowUtc(),
    });
    expect(res.statusCode).toBe(201);
    expect((res.json() as { customer: PartnerCustomer }).customer).toMatchObject({
      partner_type: 'MSP',
      partner_billing_config_id: null,
    });
  });
});

describe('MSP logo: SVG only, sanitised, served inert', () => {
  const upload = (svg: string, name = 'logo.svg', who = OPERATOR) =>
    t.app.inject({
      method: 'POST',
      url: `${P}/msp/upload-logo?logo_name=${encodeURIComponent(name)}`,
      headers: { ...(who ? {} : {}), 'content-type': 'image/svg+xml' },
      payload: svg,
    });
  const uploadAs = async (svg: string, name = 'logo.svg', who = OPERATOR) =>
    t.app.inject({
      method: 'POST',
      url: `${P}/msp/upload-logo?logo_name=${encodeURIComponent(name)}`,
      headers: { ...(await t.as(who)), 'content-type': 'image/svg+xml' },
      payload: svg,
    });
  const stored = async (svg: string) => {
    const res = await uploadAs(svg);
    if (res.statusCode !== 201) return { status: res.statusCode, body: '' };
    const { logo_url } = res.json() as { logo_url: string };
    const served = await t.app.inject({ method: 'GET', url: logo_url });
    return { status: 201, body: served.body, served };
  };

  const PAYLOADS = [
    `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="5" height="5"/></svg>`,
    `<svg xmlns="http://www.w3.org/2000/svg"><script xlink:href="https://evil.example/x.js"/><rect width="5" height="5"/></svg>`,
    `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="5" height="5" onclick="alert(2)" onmouseover="alert(3)"/></svg>`,
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><rect width="5" height="5"/></a><a href="jav&#x09;ascript:alert(1)"><circle r="2"/></a></svg>`,
    `<svg xmlns="http://www.w3.org/2000/svg"><foreignObject width="100" height="100"><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/><iframe src="javascript:alert(1)"></iframe></body></foreignObject><rect width="5" height="5"/></svg>`,
    `<svg xmlns="http://www.w3.org/2000/svg"><a><animate attributeName="href" values="javascript:alert(1)"/><set attributeName="href" to="javascript:alert(1)"/><rect width="5" height="5"/></a><animate onbegin="alert(1)" attributeName="x" dur="1s"/></svg>`,
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="https://evil.example/sprite.svg#icon"/><use href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"/><rect width="5" height="5"/></svg>`,
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xss "<script>alert(1)</script>">]><svg xmlns="http://www.w3.org/2000/svg">&xss;<![CDATA[</svg><img src=x onerror=alert(1)>]]><rect width="5" height="5"/></svg>`,
    `<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.example/x.css); rect { fill: url(https://evil.example/p.svg#p) }</style><rect width="5" height="5" style="fill:url(javascript:alert(1))"/><image href="https://evil.example/track.png"/></svg>`,
    `<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5" fill="url(http://evil.example/a#b)"/><handler type="application/ecmascript">alert(1)</handler><iframe src="javascript:alert(1)"/><embed src="https://evil.example/x"/><object data="https://evil.example/x"/></svg>`,
    // Nothing drawable left once the HTML breakout tag (<embed>) ends the <svg>: refused as not a logo.
    `<svg xmlns="http://www.w3.org/2000/svg"><embed src="javascript:alert(1)"/><rect width="5" height="5"/></svg>`,
    `<svg xmlns="http://www.w3.org/2000/svg"><svg onload="alert(1)"><rect width="5" height="5"/></svg><math><mi xlink:href="javascript:alert(1)">x</mi></math></svg>`,
  ];

  it('keeps nothing of known SVG XSS payloads', async () => {
    for (const payload of PAYLOADS) {
      const { status, body } = await stored(payload);
      // Either it is kept, sanitised, or nothing usable was left (400 partners.logoInvalid): never stored as sent.
      expect([201, 400]).toContain(status);
      if (status === 400) continue;
      const lower = body.toLowerCase();
      for (const bad of [
        '<script',
        'javascript:',
        'alert(',
        'onload',
        'onclick',
        'onmouseover',
        'onerror',
        'onbegin',
        'foreignobject',
        '<iframe',
        '<embed',
        '<object',
        '<img',
        '<animate',
        '<set',
        '<handler',
        '@import',
        'evil.example',
        'data:',
        '<!entity',
      ])
        expect(lower, `${bad} survived ${payload}`).not.toContain(bad);
      expect(lower).toContain('<rect');
    }
  });

  it('keeps the shapes of a benign logo, and serves it as an inert image', async () => {
    const benign = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><circle cx="5" cy="5" r="4" fill="url(#g)"/><path d="M0 0L10 10" stroke="#000"/><text x="1" y="9">A &amp; B</text></svg>`;
    const { status, body, served } = await stored(benign);
    expect(status).toBe(201);
    for (const kept of ['<circle', '<path d="M0 0L10 10"', 'fill="url(#g)"', '<lineargradient', 'A &amp; B'])
      expect(body.toLowerCase()).toContain(kept.toLowerCase());
    expect(served!.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(served!.headers['content-security-policy']).toBe(LOGO_CSP);
    expect(served!.headers['x-content-type-options']).toBe('nosniff');
  });

  it("the demo's logo is what the sanitiser keeps of it", async () => {
    expect(await sanitizeSvg(NORTHWIND_LOGO)).toBe(NORTHWIND_LOGO);
  });

  it('accepts SVG only', async () => {
    const png = await uploadAs('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', 'logo.png');
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toBe(PARTNER_MESSAGES.logoSvgOnly);
    const text = await uploadAs('hello, not an image');
    expect([text.statusCode, text.json().code]).toEqual([400, 'partners.logoInvalid']);
    const empty = await uploadAs('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'partners.logoInvalid']);
    const wrongType = await t.app.inject({
      method: 'POST',
      url: `${P}/msp/upload-logo`,
      headers: { ...(await t.as(OPERATOR)), 'content-type': 'image/png' },
      payload: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(wrongType.statusCode).toBe(415);
    expect((await upload('<svg/>')).statusCode).toBe(401);
    expect((await uploadAs('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', 'a.svg', VIEWER)).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: `${P}/msp/logo/${'0'.repeat(32)}` })).statusCode).toBe(404);
  });

  it('an MSP takes an uploaded logo by its URL, and refuses one never uploaded', async () => {
    const res = await uploadAs(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="3" height="3"/></svg>',
      'acme.svg',
    );
    const { logo_url, logo_name } = res.json() as { logo_url: string; logo_name: string };
    const id = await orgId('Litware Analytics');
    const { msp } = await ok<{ msp: Msp }>('POST', '/msp/update', OPERATOR, { org_id: id, logo_url, logo_name });
    expect(msp).toMatchObject({ logo_url, logo_name: 'acme.svg' });
    const missing = `/api/v1/admin/partner/msp/logo/${'a'.repeat(32)}`;
    expect(await fieldMessages('/msp/update', { org_id: id, logo_url: missing }, 'body.logo_url')).toEqual([
      PARTNER_MESSAGES.logoUrlInvalid,
    ]);
  });
});
