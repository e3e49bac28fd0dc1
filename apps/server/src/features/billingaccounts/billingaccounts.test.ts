import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  type BillingConfig,
  CONTRACT_ACTIONS,
  CONTRACT_MESSAGES,
  CONTRACT_STATUSES,
  PARTNER_BILLING_MESSAGES,
  type Budget,
  type Contract,
  type MarketplaceSubscription,
  type PartnerBillingConfig,
  type Payment,
  type PaymentAccount,
  type TenantBillingInfo,
  type TenantClosing,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';

/*
 * Billing accounts end to end through the API, on the seeded demo: billing companies, contracts and their named
 * actions and PDF, payments and the tenant's payment method (the embedded payment provider), marketplace
 * subscriptions, budgets, CPPO / MCPO billing configs and managed tenants, billing info, and tenant closing with its
 * durable close job. Each describe works on tenants of its own (the file shares one database).
 */

const B = '/api/v1/devops/billing-proxy/api/v1/billing';
const OPERATOR = 'operator@example.com';
const ADMIN = 'admin@example.com';
const VIEWER = 'sam.okafor@example.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (method: Method, url: string, who = OPERATOR, payload?: object) =>
  t.app.inject({
    method,
    url: `${B}${url}`,
    headers: await t.as(who),
    ...(payload !== undefined ? { payload } : method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
  });
const ok = async (method: Method, url: string, who = OPERATOR, payload?: object) => {
  const res = await call(method, url, who, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
/** The error code and message of a refused call, with its status. */
const refused = async (method: Method, url: string, who = OPERATOR, payload?: object) => {
  const res = await call(method, url, who, payload);
  const body = res.json() as { code: string; message: string; details?: { field: string; message: string }[] };
  return { status: res.statusCode, code: body.code, message: body.message, details: body.details };
};

const tenantId = async (name: string) =>
  (await t.database.rows<{ id: string }>(sql`select id from tenants where name = ${name}`))[0]!.id;
const tenantStatus = async (id: string) =>
  (await t.database.rows<{ status: string }>(sql`select status from tenants where id = ${id}`))[0]!.status;
const audit = (type: string, instance: string) =>
  t.database.rows<{ operation: string; operator: string; details: Record<string, unknown> }>(
    sql`select operation, operator, details from audit_logs where type = ${type} and instance_id = ${instance} order by id`,
  );
const lastAudit = async (type: string, instance: string) => (await audit(type, instance)).at(-1)!;

describe('billing companies', () => {
  it('lists the companies, the default first, and each tenant is invoiced by its own or the default', async () => {
    const list = await ok('GET', '/billing_company');
    expect(list.total).toBe(4);
    expect(list.items[0]).toMatchObject({ id: 'dbcloud-us', is_default: true });
    const jp = await ok('GET', `/tenants/${await tenantId('Contoso Retail')}/billing_company`);
    expect(jp).toMatchObject({ assigned: true, billing_company: { id: 'dbcloud-jp' } });
    const us = await ok('GET', `/tenants/${await tenantId('Adventure Works Cycles')}/billing_company`);
    expect(us).toMatchObject({ assigned: false, billing_company: { id: 'dbcloud-us' }, updated_by: null });
    expect((await refused('GET', '/tenants/999/billing_company')).status).toBe(404);
  });

  it('assigns a company (audited), refusing an unknown company, a closed tenant and a viewer', async () => {
    const id = await tenantId('Adventure Works Cycles');
    const out = await ok('PUT', `/tenants/${id}/billing_company`, OPERATOR, { billing_company_id: 'dbcloud-eu' });
    expect(out).toMatchObject({ assigned: true, billing_company: { id: 'dbcloud-eu' }, updated_by: OPERATOR });
    expect(await lastAudit('tenant', id)).toMatchObject({
      operation: 'billing_company_set',
      operator: OPERATOR,
      details: {
        before: { billing_company_id: 'dbcloud-us', assigned: false },
        after: { billing_company_id: 'dbcloud-eu', assigned: true },
      },
    });
    const unknown = await refused('PUT', `/tenants/${id}/billing_company`, OPERATOR, { billing_company_id: 'nope' });
    expect(unknown).toMatchObject({ status: 400, code: 'billingaccounts.unknownBillingCompany' });
    expect(unknown.details?.[0]?.field).toBe('body.billing_company_id');
    expect((await refused('PUT', `/tenants/${id}/billing_company`, OPERATOR, {})).status).toBe(400);
    const closed = await refused('PUT', `/tenants/${await tenantId('Southridge Video')}/billing_company`, OPERATOR, {
      billing_company_id: 'dbcloud-us',
    });
    expect(closed).toMatchObject({ status: 409, code: 'billingaccounts.tenantClosed' });
    expect(
      (await refused('PUT', `/tenants/${id}/billing_company`, VIEWER, { billing_company_id: 'dbcloud-us' })).status,
    ).toBe(403);
  });
});

describe('contracts', () => {
  const draftBody = (tenant: string, extra: object = {}) => ({
    tenant_id: tenant,
    title: 'Committed spend 2027',
    type: 'committed_spend',
    start_date: '2027-01-01T00:00:00Z',
    end_date: '2027-12-31T23:59:59Z',
    commitment_cents: 5_000_000,
    ...extra,
  });
  const act = (id: string, action: string, body: object = {}, who = OPERATOR) =>
    call('POST', `/contracts/${id}/actions/${action}`, who, body);

  it('lists the seeded contracts in every status, filtered by tenant, status and type, sorted', async () => {
    const all = await ok('GET', '/contracts?per_page=100');
    expect(all.total).toBe(all.items.length);
    expect(new Set(all.items.map((c: Contract) => c.status))).toEqual(new Set(CONTRACT_STATUSES));
    const created = all.items.map((c: Contract) => c.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    for (const c of all.items as Contract[]) expect(c.contract_number).toBe(`CTR-${c.id.padStart(6, '0')}`);

    const wide = await tenantId('Wide World Importers');
    const mine = await ok('GET', `/contracts?tenant_id=${wide}&per_page=100`);
    expect(mine.items.map((c: Contract) => c.status).sort()).toEqual(['active', 'terminated']);
    const open = await ok('GET', '/contracts?status=draft&status=pending_signature&per_page=100');
    for (const c of open.items) expect(['draft', 'pending_signature']).toContain(c.status);
    const prepaid = await ok('GET', '/contracts?type=prepaid&per_page=100');
    expect(prepaid.total).toBeGreaterThanOrEqual(2);
    const byEnd = (await ok('GET', '/contracts?sort=end_date&per_page=100')).items.map((c: Contract) => c.end_date);
    expect([...byEnd].sort()).toEqual(byEnd);
    expect((await refused('GET', '/contracts?status=signed')).status).toBe(400);
    expect((await refused('GET', '/contracts?sort=title')).status).toBe(400);
  });

  it('drafts a contract (audited), with the form messages on bad input', async () => {
    const tenant = await tenantId('Bellows College');
    const res = await call('POST', '/contracts', OPERATOR, draftBody(tenant, { start_date: '2027-01-01' }));
    expect(res.statusCode, res.body).toBe(201);
    const c: Contract = res.json().contract;
    expect(c).toMatchObject({
      status: 'draft',
      tenant_name: 'Bellows College',
      billing_company_id: 'dbcloud-us',
      start_date: '2027-01-01T00:00:00.000Z',
      end_date: '2027-12-31T23:59:59.000Z',
      billing_frequency: 'monthly',
      payment_terms_days: 30,
      actions: ['submit', 'cancel'],
      created_by: OPERATOR,
    });
    expect(await audit('billing_contract', c.id)).toMatchObject([
      {
        operation: 'create',
        operator: OPERATOR,
        details: { after: { status: 'draft', title: 'Committed spend 2027' } },
      },
    ]);

    const message = async (body: object) => (await refused('POST', '/contracts', OPERATOR, body)).details?.[0]?.message;
    expect(await message(draftBody(tenant, { end_date: '2026-12-31T23:59:59Z' }))).toBe(
      CONTRACT_MESSAGES.endBeforeStart,
    );
    expect(await message(draftBody(tenant, { commitment_cents: 0 }))).toBe(CONTRACT_MESSAGES.commitmentRequired);
    expect(await message(draftBody(tenant, { title: '  ' }))).toBe(CONTRACT_MESSAGES.titleRequired);
    expect(await message(draftBody(tenant, { start_date: '2027-01-01T10:00:00Z' }))).toBe(
      CONTRACT_MESSAGES.startRequired,
    );
    expect(await message(draftBody(tenant, { end_date: '2037-12-31' }))).toBe(CONTRACT_MESSAGES.termTooLong);
    expect(await message(draftBody(tenant, { payment_terms_days: 20 }))).toBe(CONTRACT_MESSAGES.paymentTerms);
    expect(await message(draftBody(tenant, { commitment_cents: 10.5 }))).toContain('whole number of cents');
    expect((await refused('POST', '/contracts', OPERATOR, draftBody('42'))).code).toBe('billingaccounts.unknownTenant');
    expect((await refused('POST', '/contracts', OPERATOR, draftBody(tenant, { billing_company_id: 'x' }))).code).toBe(
      'billingaccounts.unknownBillingCompany',
    );
    expect(await refused('POST', '/contracts', OPERATOR, draftBody(await tenantId('Silverpine Games')))).toMatchObject({
      status: 409,
      code: 'billingaccounts.tenantClosed',
    });
    expect((await refused('POST', '/contracts', VIEWER, draftBody(tenant))).status).toBe(403);
    // An enterprise agreement may have no minimum.
    expect(
      (await call('POST', '/contracts', OPERATOR, draftBody(tenant, { type: 'enterprise', commitment_cents: 0 })))
        .statusCode,
    ).toBe(201);
  });

  it('edits only a draft, checks the term as it will be, and audits what changed', async () => {
    const tenant = await tenantId('Bellows College');
    const c: Contract = (await ok('POST', '/contracts', OPERATOR, draftBody(tenant))).contract;
    const edited = (await ok('PUT', `/contracts/${c.id}`, OPERATOR, { commitment_cents: 6_000_000, notes: 'Net 30' }))
      .contract as Contract;
    expect(edited).toMatchObject({ commitment_cents: 6_000_000, notes: 'Net 30', title: c.title });
    expect(await lastAudit('billing_contract', c.id)).toMatchObject({
      operation: 'update',
      details: { before: { commitment_cents: 5_000_000, notes: '' }, after: { commitment_cents: 6_000_000 } },
    });
    const bad = await refused('PUT', `/contracts/${c.id}`, OPERATOR, { end_date: '2026-06-30' });
    expect(bad).toMatchObject({ status: 400, message: CONTRACT_MESSAGES.endBeforeStart });
    expect(bad.details?.[0]?.field).toBe('body.end_date');
    expect((await refused('PUT', `/contracts/${c.id}`, OPERATOR, {})).status).toBe(400);
    expect((await act(c.id, 'submit')).statusCode).toBe(200);
    expect(await refused('PUT', `/contracts/${c.id}`, OPERATOR, { title: 'Later' })).toMatchObject({
      status: 409,
      code: 'billingaccounts.contractNotEditable',
    });
    expect((await refused('PUT', '/contracts/99999', OPERATOR, { title: 'x' })).status).toBe(404);
    expect((await refused('PUT', `/contracts/${c.id}`, VIEWER, { title: 'x' })).status).toBe(403);
  });

  it('walks the named actions: submit, activate, suspend, resume, terminate, each audited; others are 409', async () => {
    const tenant = await tenantId('Kestrel Robotics');
    const c: Contract = (await ok('POST', '/contracts', OPERATOR, draftBody(tenant))).contract;
    const status = async () => ((await ok('GET', `/contracts/${c.id}`)).contract as Contract).status;
    /** Every action the contract's status does not allow answers 409 and changes nothing. */
    async function othersRefused() {
      const s = await status();
      const allowed = ((await ok('GET', `/contracts/${c.id}`)).contract as Contract).actions;
      for (const action of CONTRACT_ACTIONS.filter((a) => !allowed.includes(a))) {
        const res = await refused('POST', `/contracts/${c.id}/actions/${action}`, OPERATOR, {
          reason: 'r',
          signed_by: 's',
        });
        expect(res, `${action} from ${s}`).toMatchObject({
          status: 409,
          code: 'billingaccounts.contractActionNotAllowed',
        });
      }
      expect(await status()).toBe(s);
    }

    await othersRefused();
    expect((await act(c.id, 'submit')).json().contract.status).toBe('pending_signature');
    await othersRefused();
    expect((await act(c.id, 'withdraw')).json().contract.status).toBe('draft');
    await act(c.id, 'submit');
    const noSigner = await refused('POST', `/contracts/${c.id}/actions/activate`, OPERATOR, {});
    expect(noSigner).toMatchObject({ status: 400, message: CONTRACT_MESSAGES.signedByRequired });
    const active = (await act(c.id, 'activate', { signed_by: 'Jo Park, CFO' })).json().contract as Contract;
    expect(active).toMatchObject({
      status: 'active',
      signed_by: 'Jo Park, CFO',
      actions: ['suspend', 'terminate', 'expire'],
    });
    expect(active.signed_at).not.toBeNull();
    await othersRefused();
    expect((await refused('POST', `/contracts/${c.id}/actions/suspend`, OPERATOR, {})).message).toBe(
      CONTRACT_MESSAGES.reasonRequired,
    );
    expect((await act(c.id, 'suspend', { reason: 'Unpaid invoices' })).json().contract).toMatchObject({
      status: 'suspended',
      status_reason: 'Unpaid invoices',
    });
    await othersRefused();
    expect((await act(c.id, 'resume')).json().contract).toMatchObject({ status: 'active', status_reason: null });
    // It runs until the end of 2027: it cannot expire yet.
    expect(await refused('POST', `/contracts/${c.id}/actions/expire`)).toMatchObject({
      status: 409,
      code: 'billingaccounts.contractNotEnded',
    });
    const ended = (await act(c.id, 'terminate', { reason: 'Moved to a partner' })).json().contract as Contract;
    expect(ended).toMatchObject({ status: 'terminated', ended_by: OPERATOR, actions: [] });
    await othersRefused();
    expect((await audit('billing_contract', c.id)).map((a) => a.operation)).toEqual([
      'create',
      'submit',
      'withdraw',
      'submit',
      'activate',
      'suspend',
      'resume',
      'terminate',
    ]);
    expect(await lastAudit('billing_contract', c.id)).toMatchObject({
      details: { reason: 'Moved to a partner', before: { status: 'active' }, after: { status: 'terminated' } },
    });
    expect((await refused('POST', `/contracts/${c.id}/actions/sign`)).status).toBe(400);
    expect((await refused('POST', '/contracts/abc/actions/submit')).status).toBe(404);
    expect((await refused('POST', `/contracts/${c.id}/actions/terminate`, VIEWER, { reason: 'x' })).status).toBe(403);
  });

  it('expires an active contract past its end date, and refuses to activate an overlapping or ended one', async () => {
    const tailspin = await tenantId('Tailspin Toys');
    const [seeded] = (await ok('GET', `/contracts?tenant_id=${tailspin}&status=active`)).items as Contract[];
    expect(seeded!.end_date).toBe('2026-10-31T23:59:59.000Z');
    const expired = (await act(seeded!.id, 'expire')).json().contract as Contract;
    expect(expired).toMatchObject({ status: 'expired', status_reason: 'Ended on 2026-10-31' });

    const northwind = await tenantId('Northwind Traders');
    const overlap = (
      await ok(
        'POST',
        '/contracts',
        OPERATOR,
        draftBody(northwind, { start_date: '2026-06-01', end_date: '2027-05-31' }),
      )
    ).contract as Contract;
    await act(overlap.id, 'submit');
    const res = await refused('POST', `/contracts/${overlap.id}/actions/activate`, OPERATOR, { signed_by: 'x' });
    expect(res).toMatchObject({ status: 409, code: 'billingaccounts.contractOverlap' });
    expect(res.message).toContain('CTR-');

    const past = (
      await ok(
        'POST',
        '/contracts',
        OPERATOR,
        draftBody(northwind, { start_date: '2024-01-01', end_date: '2024-12-31' }),
      )
    ).contract as Contract;
    await act(past.id, 'submit');
    expect(await refused('POST', `/contracts/${past.id}/actions/activate`, OPERATOR, { signed_by: 'x' })).toMatchObject(
      {
        status: 409,
        code: 'billingaccounts.contractEnded',
      },
    );
  });

  it('downloads a contract as a PDF that names it', async () => {
    const [c] = (await ok('GET', `/contracts?tenant_id=${await tenantId('Wide World Importers')}&status=active`))
      .items as Contract[];
    const res = await t.app.inject({ url: `${B}/contracts/${c!.id}/download`, headers: await t.as(VIEWER) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${c!.contract_number}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Contract ${c!.contract_number}: ${c!.title}`);
    // The page itself: its (deflated) content stream draws the number and the customer's name.
    const streams = [...pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => {
      const raw = Buffer.from(m[1]!, 'latin1');
      try {
        return zlib.inflateSync(raw).toString('latin1');
      } catch {
        return raw.toString('latin1');
      }
    });
    const hex = (s: string) => Buffer.from(s, 'latin1').toString('hex').toUpperCase();
    const drawn = streams.join('\n').toUpperCase();
    expect(drawn).toContain(hex(`Contract ${c!.contract_number}`));
    expect(drawn).toContain(hex('Wide World Importers (tenant'));
    expect((await refused('GET', '/contracts/424242/download')).status).toBe(404);
  });
});

describe('payments', () => {
  /** An active card tenant with two cards at the embedded provider. */
  async function twoCardTenant() {
    const [row] = await t.database.rows<{ tenant_id: string; customer: string; cards: string[]; def: string }>(sql`
      select c.tenant_id, c.id as customer, array_agg(m.id order by m.id) as cards, c.default_payment_method_id as def
      from payment_provider_customers c join payment_provider_methods m on m.customer_id = c.id
      join tenants t on t.id = c.tenant_id and t.status = 'ACTIVE'
      join tenant_payment_accounts a on a.tenant_id = c.tenant_id and a.type = 'card'
      group by c.id having count(*) >= 2 order by c.tenant_id limit 1`);
    return row!;
  }

  it('lists payments filtered by tenant, status and type, and the payment types', async () => {
    const all = await ok('GET', '/payments?per_page=1000');
    expect(all.total).toBeGreaterThan(300);
    expect(new Set(all.items.map((p: Payment) => p.status))).toEqual(
      new Set(['pending', 'succeeded', 'failed', 'refunded']),
    );
    for (const p of all.items as Payment[]) expect(Number.isInteger(p.amount_cents)).toBe(true);
    const failed = await ok('GET', '/payments?status=failed&per_page=100');
    expect(failed.total).toBeGreaterThan(0);
    for (const p of failed.items) expect(p).toMatchObject({ status: 'failed', failure_reason: expect.any(String) });
    const wire = await ok('GET', '/payments?type=wire_transfer&sort=-amount_cents&per_page=100');
    const amounts = wire.items.map((p: Payment) => p.amount_cents);
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    // A tenant billing bills pays its confirmed invoices: one payment each, of the amount due, linked to it.
    const fab = await tenantId('Fabrikam Logistics');
    const mine = (await ok('GET', `/payments?tenant_id=${fab}&per_page=100`)).items as Payment[];
    const invoices = await t.database.rows<{ id: string; amount_due: string }>(sql`
      select id::text, amount_due::text from billing_invoices
      where tenant_id = ${fab} and kind = 'usage' and status = 'confirmed' and amount_due > 0 order by id`);
    expect(invoices.length).toBeGreaterThan(6);
    expect(mine.map((p) => [p.invoice_id, p.amount_cents]).sort()).toEqual(
      invoices.map((i) => [i.id, Number(i.amount_due)]).sort(),
    );
    const types = await ok('GET', '/payments/types');
    expect(types.items.map((x: { type: string }) => x.type)).toEqual(['card', 'wire_transfer', 'marketplace']);
  });

  it("answers a tenant's active method, its provider invoices and cards (embedded provider)", async () => {
    const { tenant_id, customer, cards, def } = await twoCardTenant();
    const active: PaymentAccount = (await ok('GET', `/payments/active?tenant_id=${tenant_id}`)).payment;
    expect(active).toMatchObject({ type: 'card', provider_customer_id: customer, invoiceable: false });
    expect(active.card).toMatchObject({ id: def, is_default: true });
    const methods = await ok('GET', `/payments/stripe/payment_methods?tenant_id=${tenant_id}`);
    expect(methods.items.map((m: { id: string }) => m.id).sort()).toEqual(cards);
    expect(methods.items.filter((m: { is_default: boolean }) => m.is_default).map((m: { id: string }) => m.id)).toEqual(
      [def],
    );
    const invoices = await ok('GET', `/payments/stripe/invoices?tenant_id=${tenant_id}&limit=5`);
    expect(invoices.items.length).toBeGreaterThan(0);
    expect(invoices.items.length).toBeLessThanOrEqual(5);
    const created = invoices.items.map((i: { created_at: string }) => i.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    // A wire-transfer tenant has no customer at the provider.
    const fab = await tenantId('Fabrikam Logistics');
    expect((await ok('GET', `/payments/stripe/invoices?tenant_id=${fab}`)).items).toEqual([]);
    expect((await ok('GET', `/payments/active?tenant_id=${fab}`)).payment).toMatchObject({
      type: 'wire_transfer',
      invoiceable: true,
      card: null,
    });
    expect((await refused('GET', '/payments/active')).status).toBe(400);
    expect((await refused('GET', '/payments/active?tenant_id=123')).status).toBe(404);
    expect((await refused('GET', '/payments/stripe/payment_methods?tenant_id=123')).status).toBe(404);
  });

  it('sets up a card (made the default at the provider), wire transfer and a marketplace subscription', async () => {
    const { tenant_id, customer, cards, def } = await twoCardTenant();
    const other = cards.find((c) => c !== def)!;
    const out: PaymentAccount = (
      await ok('POST', '/payments/setup/card', OPERATOR, { tenant_id, payment_method_id: other })
    ).payment;
    expect(out).toMatchObject({ type: 'card', card: { id: other, is_default: true }, updated_by: OPERATOR });
    const [row] = await t.database.rows<{ d: string }>(
      sql`select default_payment_method_id as d from payment_provider_customers where id = ${customer}`,
    );
    expect(row!.d).toBe(other);
    expect(await lastAudit('tenant', tenant_id)).toMatchObject({
      operation: 'payment_setup',
      details: { before: { type: 'card' }, after: { type: 'card', card: expect.stringContaining('****') } },
    });

    // Another tenant's card, or none.
    const fabCard = await refused('POST', '/payments/setup/card', OPERATOR, {
      tenant_id: await tenantId('Fabrikam Logistics'),
      payment_method_id: other,
    });
    expect(fabCard).toMatchObject({ status: 400, code: 'billingaccounts.paymentMethodUnavailable' });
    const missing = await refused('POST', '/payments/setup/card', OPERATOR, { tenant_id, payment_method_id: 'pm_x' });
    expect(missing).toMatchObject({ status: 400, code: 'billingaccounts.paymentMethodUnavailable' });
    expect((await refused('POST', '/payments/setup/card', OPERATOR, { tenant_id })).details?.[0]?.field).toBe(
      'body.payment_method_id',
    );

    const wire = (await ok('POST', '/payments/setup/wire_transfer', OPERATOR, { tenant_id, payment_code: 'WT-42' }))
      .payment as PaymentAccount;
    expect(wire).toMatchObject({ type: 'wire_transfer', invoiceable: true, payment_code: 'WT-42', card: null });

    // A marketplace subscription must be the tenant's and active.
    const coho = await tenantId('Coho Winery');
    const [pending] = (await ok('GET', `/subscriptions?tenant_id=${coho}&status=pending`)).items;
    const notActive = await refused('POST', '/payments/setup/marketplace', OPERATOR, {
      tenant_id: coho,
      subscription_id: pending.id,
    });
    expect(notActive).toMatchObject({ status: 400, code: 'billingaccounts.paymentSetupInvalid' });
    expect((await refused('POST', '/payments/setup/marketplace', OPERATOR, { tenant_id: coho })).status).toBe(400);
    expect((await refused('POST', '/payments/setup/cheque', OPERATOR, { tenant_id: coho })).status).toBe(400);
    expect((await refused('POST', '/payments/setup/wire_transfer', OPERATOR, { tenant_id: '77' })).code).toBe(
      'billingaccounts.unknownTenant',
    );
    expect((await refused('POST', '/payments/setup/wire_transfer', VIEWER, { tenant_id })).status).toBe(403);
  });

  it('sets the payment code and invoiceable (audited), not for a closed tenant', async () => {
    const id = await tenantId('Vantage Energy');
    const out = (await ok('PUT', `/payments/${id}/code`, OPERATOR, { payment_code: 'PO-7781', payment_sub_code: 'A1' }))
      .payment;
    expect(out).toMatchObject({ payment_code: 'PO-7781', payment_sub_code: 'A1' });
    expect(await lastAudit('tenant', id)).toMatchObject({
      operation: 'payment_code_set',
      details: { after: { payment_code: 'PO-7781', payment_sub_code: 'A1' } },
    });
    const bad = await refused('PUT', `/payments/${id}/code`, OPERATOR, { payment_code: 'has space' });
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.details?.[0]?.message).toBe('Payment code: 1 to 64 letters, digits, ".", "_" or "-"');
    expect((await ok('PUT', `/payments/${id}/invoiceable`, OPERATOR, { invoiceable: true })).payment.invoiceable).toBe(
      true,
    );
    expect(await lastAudit('tenant', id)).toMatchObject({
      operation: 'payment_invoiceable_set',
      details: { before: { invoiceable: false }, after: { invoiceable: true } },
    });
    expect((await refused('PUT', `/payments/${id}/invoiceable`, OPERATOR, { invoiceable: 'yes' })).status).toBe(400);
    const closed = await tenantId('Nod Publishers');
    expect(await refused('PUT', `/payments/${closed}/invoiceable`, OPERATOR, { invoiceable: true })).toMatchObject({
      status: 409,
      code: 'billingaccounts.tenantClosed',
    });
    expect((await refused('PUT', `/payments/${id}/code`, VIEWER, { payment_code: 'X' })).status).toBe(403);
  });
});

describe('marketplace subscriptions', () => {
  it('lists, reads and cancels (audited); one in use as the payment method is refused', async () => {
    const all = await ok('GET', '/subscriptions?per_page=100');
    expect(new Set(all.items.map((s: MarketplaceSubscription) => s.status))).toEqual(
      new Set(['pending', 'active', 'cancelled']),
    );
    const gcp = await ok('GET', '/subscriptions?marketplace=GCP&per_page=100');
    for (const s of gcp.items) expect(s.marketplace).toBe('GCP');

    const union = await tenantId('Union Square Marketplace');
    const [inUse] = (await ok('GET', `/subscriptions?tenant_id=${union}&status=active`))
      .items as MarketplaceSubscription[];
    expect((await ok('GET', `/subscriptions/${inUse!.id}`)).subscription).toEqual(inUse);
    expect(await refused('DELETE', `/subscriptions/${inUse!.id}`)).toMatchObject({
      status: 409,
      code: 'billingaccounts.subscriptionInUse',
    });

    const coho = await tenantId('Coho Winery');
    const [pending] = (await ok('GET', `/subscriptions?tenant_id=${coho}&status=pending`))
      .items as MarketplaceSubscription[];
    expect((await refused('DELETE', `/subscriptions/${pending!.id}`, VIEWER)).status).toBe(403);
    const cancelled = (await ok('DELETE', `/subscriptions/${pending!.id}?reason=Duplicate%20signup`)).subscription;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_by: OPERATOR, cancel_reason: 'Duplicate signup' });
    expect(await lastAudit('tenant', coho)).toMatchObject({
      operation: 'subscription_cancel',
      details: { subscription_id: pending!.id, before: { status: 'pending' }, after: { status: 'cancelled' } },
    });
    expect(await refused('DELETE', `/subscriptions/${pending!.id}`)).toMatchObject({
      status: 409,
      code: 'billingaccounts.subscriptionActionNotAllowed',
    });
    expect((await refused('GET', '/subscriptions/aws-sub-nope')).status).toBe(404);
  });
});

describe('budgets', () => {
  it('lists budgets with their state, and deletes one (audited)', async () => {
    const all = await ok('GET', '/budgets?per_page=100');
    expect(all.total).toBeGreaterThanOrEqual(10);
    expect(new Set(all.items.map((b: Budget) => b.state))).toEqual(new Set(['ok', 'warning', 'exceeded']));
    for (const b of all.items as Budget[]) {
      if (b.spent_cents >= b.amount_cents) expect(b.state).toBe('exceeded');
      else if (b.thresholds.some((x) => x < 1 && b.spent_cents >= Math.ceil(b.amount_cents * x)))
        expect(b.state).toBe('warning');
      else expect(b.state).toBe('ok');
    }
    const target = all.items[0] as Budget;
    const mine = await ok('GET', `/budgets?tenant_id=${target.tenant_id}`);
    expect(mine.items.map((b: Budget) => b.id)).toContain(target.id);
    expect((await refused('DELETE', `/budgets/${target.id}`, VIEWER)).status).toBe(403);
    expect((await ok('DELETE', `/budgets/${target.id}`)).budget).toEqual(target);
    expect(await lastAudit('tenant', target.tenant_id)).toMatchObject({
      operation: 'budget_delete',
      details: { budget_id: target.id, before: { name: target.name }, after: null },
    });
    expect((await refused('DELETE', `/budgets/${target.id}`)).status).toBe(404);
    expect((await refused('DELETE', '/budgets/x')).status).toBe(404);
  });
});

describe('CPPO / MCPO billing configs and managed tenants', () => {
  const cppo = (tenant: string, reseller: string, extra: object = {}) => ({
    tenant_id: tenant,
    reseller_id: reseller,
    payment_code: 'CPPO-991',
    payment_sub_code: 'offer-abc',
    effective_date: '2030-01-01T00:00:00Z',
    discounts: [{ usage: 'cppo', percent_off: 12.5, end_date: '2031-01-31T23:59:59Z' }],
    ...extra,
  });

  it('creates a CPPO config (discount sent as 1 − percent off), listed by tenant and reseller, audited', async () => {
    const tenant = await tenantId('Greenleaf Grocers');
    const reseller = await tenantId('Tidewater Payments');
    const res = await call('POST', '/cppo_billing_config', OPERATOR, cppo(tenant, reseller));
    expect(res.statusCode, res.body).toBe(201);
    const config: PartnerBillingConfig = res.json().billing_config;
    expect(config).toMatchObject({
      partner_type: 'cppo',
      tenant_name: 'Greenleaf Grocers',
      payment_sub_code: 'offer-abc',
      effective_date: '2030-01-01T00:00:00.000Z',
      discounts: [{ usage: 'cppo', percent_off: 12.5, discount: 0.875, end_date: '2031-01-31T23:59:59.000Z' }],
      binded_support_plan_id: null,
    });
    // Made in billing, in the same transaction: the billing config (the direct one before it ends the day before)
    // and the discount on every billing item.
    const configs = (await ok('GET', `/tenants/${tenant}/billing_configs`)).items as BillingConfig[];
    expect(configs[0]).toMatchObject({
      billing_config_id: config.billing_config_id,
      kind: 'cppo',
      reseller_id: reseller,
      payment_code: 'CPPO-991',
      payment_sub_code: 'offer-abc',
      effective_date: '2030-01-01',
    });
    expect(configs[1]).toMatchObject({ kind: 'direct', expired_date: '2029-12-31' });
    expect(config.discount_ids).toHaveLength(1);
    const [discount] = await t.database.rows<{ discount: string; usage: string }>(
      sql`select discount::text, usage from billing_discounts where id = ${Number(config.discount_ids[0])}`,
    );
    expect(discount).toMatchObject({ usage: 'cppo' });
    expect(Number(discount!.discount)).toBe(0.875);
    expect((await ok('GET', `/payments/active?tenant_id=${tenant}`)).payment).toMatchObject({
      payment_code: 'CPPO-991',
      payment_sub_code: 'offer-abc',
    });
    expect(await lastAudit('tenant', tenant)).toMatchObject({
      operation: 'cppo_billing_config_create',
      details: {
        partner_billing_config_id: config.id,
        billing_config_id: config.billing_config_id,
        after: { reseller_id: reseller },
      },
    });
    const managed = await ok('GET', `/billing_configs/managed_tenants/${reseller}?per_page=100`);
    expect(managed.items.map((c: PartnerBillingConfig) => c.tenant_name).sort()).toEqual([
      'Greenleaf Grocers',
      'Lucerne Publishing',
      'Union Square Marketplace',
    ]);
    const mcpoOnly = await ok('GET', `/billing_configs/managed_tenants/${reseller}?partner_type=mcpo`);
    expect(mcpoOnly.total).toBe(0);
    expect(await refused('POST', '/cppo_billing_config', OPERATOR, cppo(tenant, reseller))).toMatchObject({
      status: 409,
      code: 'billingaccounts.partnerConfigOverlap',
    });
  });

  it('refuses bad input with the spec messages', async () => {
    const tenant = await tenantId('Summit Ticketing');
    const reseller = await tenantId('Tidewater Payments');
    const M = PARTNER_BILLING_MESSAGES;
    const first = async (url: string, body: object) => {
      const r = await refused('POST', url, OPERATOR, body);
      expect(r.status).toBe(400);
      return r.details?.[0]?.message;
    };
    expect(await first('/cppo_billing_config', cppo(tenant, reseller, { effective_date: '2020-01-01' }))).toBe(
      M.effectiveNotTomorrow,
    );
    expect(
      await first(
        '/cppo_billing_config',
        cppo(tenant, reseller, { discounts: [{ usage: 'cppo', percent_off: 10, end_date: '2029-12-31' }] }),
      ),
    ).toBe(M.discountEndAfterEffective);
    expect(
      await first(
        '/cppo_billing_config',
        cppo(tenant, reseller, { support_plan: { support_plan_id: 'enterprise', end_date: '2029-06-30' } }),
      ),
    ).toBe(M.supportEndAfterEffective);
    expect(
      await first('/cppo_billing_config', cppo(tenant, reseller, { discounts: [{ usage: 'cppo', percent_off: 101 }] })),
    ).toBe(M.discountRange);
    expect(
      await first(
        '/cppo_billing_config',
        cppo(tenant, reseller, { discounts: [{ usage: 'cppo', percent_off: 1.234 }] }),
      ),
    ).toBe(M.discountDecimals);
    expect(await first('/cppo_billing_config', cppo(tenant, reseller, { payment_sub_code: undefined }))).toBe(
      M.paymentSubCodeRequired,
    );
    expect(await first('/mcpo_billing_config', cppo(tenant, reseller))).toBe(M.paymentSubCodeCppoOnly);
    expect(await first('/cppo_billing_config', cppo(tenant, '5'))).toBe('Reseller 5 is not a tenant of the portal');
    expect(await first('/cppo_billing_config', cppo(tenant, tenant))).toBe('A tenant cannot be its own reseller');
    // The skip flag lets an earlier effective date through (an MCPO customer here).
    const res = await call('POST', '/mcpo_billing_config', OPERATOR, {
      ...cppo(tenant, await tenantId('Tanager Telecom'), {
        effective_date: '2020-01-01',
        skip_partner_active_check: true,
      }),
      payment_sub_code: undefined,
      discounts: [],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().billing_config).toMatchObject({ partner_type: 'mcpo', payment_sub_code: null });
    expect((await refused('POST', '/mcpo_billing_config', VIEWER, {})).status).toBe(403);
    expect((await refused('GET', '/billing_configs/managed_tenants/31337')).status).toBe(404);
  });
});

describe('billing info', () => {
  it("sums up a tenant's billing", async () => {
    const id = await tenantId('Fabrikam Logistics');
    const info: TenantBillingInfo = await ok('GET', `/tenants/${id}/billing_info`);
    expect(info).toMatchObject({
      tenant_name: 'Fabrikam Logistics',
      tenant_status: 'ACTIVE',
      billing_company: { billing_company: { id: 'dbcloud-eu' } },
      payment: { type: 'wire_transfer', invoiceable: true },
      partner_billing: null,
      closing: { status: 'none', actions: ['run'] },
      contracts_in_force: 1,
      committed_cents: 0,
      active_subscriptions: 0,
    });
    const [paid] = await t.database.rows<{ s: string }>(sql`
      select coalesce(sum(case when status = 'succeeded' then amount_cents when status = 'refunded' then -amount_cents else 0 end), 0) as s
      from tenant_payments where tenant_id = ${id} and created_at >= now() - interval '365 days'`);
    expect(info.paid_last_12_months_cents).toBe(Number(paid!.s));
    const [due] = await t.database.rows<{ s: string }>(sql`
      select coalesce(sum(amount_due), 0) as s from billing_invoices where tenant_id = ${id} and status = 'confirmed'`);
    expect(info.billing.confirmed_due_cents).toBe(Number(due!.s));
    expect(Number.isInteger(info.billing.month_to_date_cost_cents)).toBe(true);
    // A partner customer since it started (billing left it for a partner) pays through its marketplace.
    const partner: TenantBillingInfo = await ok('GET', `/tenants/${await tenantId('Sable Security')}/billing_info`);
    expect(partner).toMatchObject({
      partner_billing: { partner_type: 'mcpo', reseller_id: await tenantId('Tanager Telecom') },
      payment: { type: 'marketplace' },
      active_subscriptions: 1,
    });
    // One converting next month: not in force yet.
    const later: TenantBillingInfo = await ok('GET', `/tenants/${await tenantId('Redwood Mobility')}/billing_info`);
    expect(later.partner_billing).toBeNull();
    expect((await refused('GET', '/tenants/1/billing_info')).status).toBe(404);
  });
});

describe('tenant closing', () => {
  const closingOf = async (id: string): Promise<TenantClosing> => (await ok('GET', `/tenants/${id}/closing`)).closing;
  const closeJob = async (closingId: string) =>
    (
      await t.database.rows<{ run_at: string; status: string }>(
        sql`select run_at::text, status from jobs where dedupe_key = ${`tenant-closing-${closingId}`}`,
      )
    )[0];
  /** The close is due: what the clock does at close_at. */
  const due = async (closingId: string) => {
    await t.database.rows(
      sql`update tenant_closings set close_at = now() - interval '1 second' where id = ${Number(closingId)}`,
    );
    await t.database.rows(sql`update jobs set run_at = now() where dedupe_key = ${`tenant-closing-${closingId}`}`);
  };

  it('lists the reasons and each reason’s policies', async () => {
    const id = await tenantId('Pinecrest Education');
    const reasons = await ok('GET', `/tenants/${id}/closing/reasons`);
    expect(reasons.items.map((r: { reason: string }) => r.reason)).toEqual([
      'customer_request',
      'non_payment',
      'contract_ended',
      'duplicate_account',
      'fraud',
    ]);
    const fraud = await ok('GET', `/tenants/${id}/closing/reasons/fraud/policies`);
    expect(fraud.reason).toMatchObject({ grace_days: 0 });
    expect(fraud.items.filter((p: { when: string }) => p.when === 'run').map((p: { key: string }) => p.key)).toEqual([
      'cancel_subscriptions',
      'detach_payment_method',
    ]);
    expect((await refused('GET', `/tenants/${id}/closing/reasons/boredom/policies`)).status).toBe(400);
    expect((await refused('GET', '/tenants/12/closing/reasons')).status).toBe(404);
  });

  it('shows the seeded closing under way with its close job, and the closed and cancelled ones', async () => {
    const silver = await closingOf(await tenantId('Silverpine Games'));
    expect(silver).toMatchObject({
      status: 'closing',
      reason: 'customer_request',
      close_at: '2027-02-01T00:00:00.000Z',
      actions: ['cancel'],
    });
    expect(await closeJob(silver.id!)).toMatchObject({ status: 'queued' });
    expect((await closeJob(silver.id!))!.run_at).toMatch(/^2027-02-01 00:00:00/);
    expect(await closingOf(await tenantId('Southridge Video'))).toMatchObject({ status: 'closed', actions: [] });
    expect(await closingOf(await tenantId('Harbor & Finch Capital'))).toMatchObject({
      status: 'cancelled',
      actions: ['run'],
    });
  });

  it('runs (admin only) with a reason, refuses a second run, and cancels back to the status before', async () => {
    const id = await tenantId('Pinecrest Education');
    expect(await closingOf(id)).toMatchObject({ status: 'none', actions: ['run'], policies: [] });
    expect(
      (await refused('POST', `/tenants/${id}/closing/reasons/customer_request/actions/run`, OPERATOR)).status,
    ).toBe(403);
    const before = Date.now();
    const started: TenantClosing = (
      await ok('POST', `/tenants/${id}/closing/reasons/customer_request/actions/run`, ADMIN, { note: 'Moving away' })
    ).closing;
    expect(started).toMatchObject({
      status: 'closing',
      reason: 'customer_request',
      note: 'Moving away',
      requested_by: ADMIN,
      tenant_status_before: 'ACTIVE',
      actions: ['cancel'],
    });
    expect(started.policies.map((p) => p.key)).toEqual([
      'cancel_subscriptions',
      'end_contracts',
      'detach_payment_method',
      'delete_budgets',
    ]);
    const closeAt = Date.parse(started.close_at!);
    expect(closeAt - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 1000);
    expect(closeAt - before).toBeLessThan(30 * 86_400_000 + 60_000);
    expect(await tenantStatus(id)).toBe('CLOSING');
    expect(await closeJob(started.id!)).toMatchObject({ status: 'queued' });
    expect(await lastAudit('tenant', id)).toMatchObject({
      operation: 'closing_run',
      operator: ADMIN,
      details: { reason: 'customer_request', before: { status: 'ACTIVE' }, after: { status: 'CLOSING' } },
    });
    expect(await refused('POST', `/tenants/${id}/closing/reasons/fraud/actions/run`, ADMIN)).toMatchObject({
      status: 409,
      code: 'billingaccounts.closingActionNotAllowed',
    });
    expect((await refused('POST', `/tenants/${id}/closing/actions/cancel`, VIEWER)).status).toBe(403);
    const cancelled: TenantClosing = (await ok('POST', `/tenants/${id}/closing/actions/cancel`)).closing;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_by: OPERATOR, actions: ['run'] });
    expect(await tenantStatus(id)).toBe('ACTIVE');
    expect(await lastAudit('tenant', id)).toMatchObject({
      operation: 'closing_cancel',
      details: { before: { closing: 'closing' }, after: { status: 'ACTIVE', closing: 'cancelled' } },
    });
    expect(await refused('POST', `/tenants/${id}/closing/actions/cancel`)).toMatchObject({
      status: 409,
      code: 'billingaccounts.closingActionNotAllowed',
    });
    // The job of the cancelled closing finds nothing to do.
    await due(cancelled.id!);
    await t.jobs.drain();
    expect(await closingOf(id)).toMatchObject({ status: 'cancelled' });
    expect(await tenantStatus(id)).toBe('ACTIVE');
  });

  it('refuses a close sooner than the grace period', async () => {
    const id = await tenantId('Pinecrest Education');
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await refused('POST', `/tenants/${id}/closing/reasons/non_payment/actions/run`, ADMIN, {
      close_at: soon,
    });
    expect(res).toMatchObject({ status: 400, code: 'billingaccounts.closeTooSoon' });
    expect(res.message).toContain('at least 14 days');
    expect(
      (await refused('POST', `/tenants/${id}/closing/reasons/non_payment/actions/run`, ADMIN, { close_at: 'soon' }))
        .status,
    ).toBe(400);
  });

  it('closes the tenant at its date: the policies apply, the tenant is CLOSED and takes no billing changes', async () => {
    const id = await tenantId('Northwind Traders');
    const [sub] = (await ok('GET', `/subscriptions?tenant_id=${id}&status=active`)).items as MarketplaceSubscription[];
    expect(sub).toBeDefined();
    expect((await ok('GET', `/budgets?tenant_id=${id}`)).total).toBeGreaterThanOrEqual(1);
    const later = new Date(Date.now() + 45 * 86_400_000).toISOString();
    const started: TenantClosing = (
      await ok('POST', `/tenants/${id}/closing/reasons/contract_ended/actions/run`, ADMIN, { close_at: later })
    ).closing;
    expect(started.close_at).toBe(later);
    await t.jobs.drain();
    expect((await closingOf(id)).status).toBe('closing');

    await due(started.id!);
    await t.jobs.drain();
    const closed = await closingOf(id);
    expect(closed).toMatchObject({ status: 'closed', actions: [] });
    expect(closed.outcome).toHaveLength(4);
    expect(closed.outcome.join('\n')).toMatch(/Cancelled 1 marketplace subscription\b/);
    expect(await tenantStatus(id)).toBe('CLOSED');
    expect((await ok('GET', `/subscriptions/${sub!.id}`)).subscription).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'system',
    });
    const contracts = (await ok('GET', `/contracts?tenant_id=${id}&per_page=100`)).items as Contract[];
    for (const c of contracts) expect(['terminated', 'cancelled', 'expired']).toContain(c.status);
    expect(contracts.some((c) => c.status === 'terminated' && c.ended_by === 'system')).toBe(true);
    expect((await ok('GET', `/payments/active?tenant_id=${id}`)).payment).toMatchObject({
      type: null,
      invoiceable: false,
    });
    expect((await ok('GET', `/budgets?tenant_id=${id}`)).total).toBe(0);
    expect(await lastAudit('tenant', id)).toMatchObject({
      operation: 'closing_close',
      operator: 'system',
      details: { after: { status: 'CLOSED', closing: 'closed' } },
    });
    expect(await refused('POST', `/tenants/${id}/closing/reasons/fraud/actions/run`, ADMIN)).toMatchObject({
      status: 409,
    });
    expect(await refused('POST', `/tenants/${id}/closing/actions/cancel`)).toMatchObject({ status: 409 });
    expect(await refused('POST', '/payments/setup/wire_transfer', OPERATOR, { tenant_id: id })).toMatchObject({
      status: 409,
      code: 'billingaccounts.tenantClosed',
    });
  });

  it('applies the fraud policies at once and closes without a grace period', async () => {
    const id = await tenantId('Zephyr Streaming');
    const started: TenantClosing = (await ok('POST', `/tenants/${id}/closing/reasons/fraud/actions/run`, ADMIN))
      .closing;
    expect(started.outcome).toEqual([
      'Cancelled 1 marketplace subscription',
      'Detached the payment method (marketplace)',
    ]);
    expect((await ok('GET', `/subscriptions?tenant_id=${id}&status=active`)).total).toBe(0);
    await t.jobs.drain();
    expect(await closingOf(id)).toMatchObject({ status: 'closed' });
    expect(await tenantStatus(id)).toBe('CLOSED');
  });
});
