import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { embeddedPaymentProvider, paymentProviderFor, stripePaymentProvider } from './paymentprovider.js';

/*
 * The Stripe payment provider against a Stripe-compatible API served locally: what it requests (paths, query, the
 * secret key as a bearer, the form-encoded update), how it reads Stripe's objects (unix seconds, cents, the default
 * card), and how a failing or unknown customer surfaces. No app is built: the adapter never touches the database.
 */

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

const KEY = 'sk_test_portal';
const CUSTOMER = {
  id: 'cus_demo1',
  object: 'customer',
  invoice_settings: { default_payment_method: 'pm_2' },
};
const CARDS = [
  {
    id: 'pm_1',
    object: 'payment_method',
    type: 'card',
    created: 1_767_225_600,
    card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2028 },
  },
  {
    id: 'pm_2',
    object: 'payment_method',
    type: 'card',
    created: 1_770_000_000,
    card: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2029 },
  },
];
const INVOICES = [
  {
    id: 'in_2',
    object: 'invoice',
    number: 'ABC-0002',
    status: 'open',
    amount_due: 1_234_56,
    amount_paid: 0,
    currency: 'usd',
    created: 1_790_000_000,
    due_date: 1_791_000_000,
    period_start: 1_787_000_000,
    period_end: 1_789_600_000,
    hosted_invoice_url: 'https://invoice.stripe.com/i/x',
  },
  {
    id: 'in_1',
    object: 'invoice',
    number: null,
    status: 'draft',
    amount_due: 99,
    amount_paid: 0,
    currency: 'usd',
    created: 1_780_000_000,
  },
];

const seen: Seen[] = [];
let failing = false;
let server: http.Server;
let base: string;
const noDb = undefined as unknown as Db;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: raw,
      });
      const url = new URL(req.url ?? '/', 'http://x');
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== `Bearer ${KEY}`)
        return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (failing) return json(500, { error: { type: 'api_error', message: 'Something went wrong' } });
      const missing = () =>
        json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such customer' } });
      if (req.method === 'GET' && url.pathname === '/v1/invoices') {
        if (url.searchParams.get('customer') !== CUSTOMER.id)
          return json(200, { object: 'list', data: [], has_more: false });
        const limit = Number(url.searchParams.get('limit'));
        return json(200, { object: 'list', data: INVOICES.slice(0, limit), has_more: limit < INVOICES.length });
      }
      if (url.pathname === '/v1/customers/cus_demo1' && req.method === 'GET') return json(200, CUSTOMER);
      if (url.pathname === '/v1/customers/cus_demo1/payment_methods')
        return json(200, { object: 'list', data: CARDS, has_more: false });
      if (url.pathname === '/v1/customers/cus_demo1' && req.method === 'POST') {
        const pm = new URLSearchParams(raw).get('invoice_settings[default_payment_method]');
        if (!CARDS.some((c) => c.id === pm))
          return json(400, { error: { type: 'invalid_request_error', message: `No such PaymentMethod: '${pm}'` } });
        return json(200, { ...CUSTOMER, invoice_settings: { default_payment_method: pm } });
      }
      if (url.pathname.startsWith('/v1/customers/')) return missing();
      return json(404, { error: { message: 'Unrecognized request URL' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const stripe = (key = KEY) => stripePaymentProvider({ apiUrl: base, secretKey: key, timeoutMs: 2000 });

describe('the Stripe payment provider', () => {
  it('is chosen by STRIPE_SECRET_KEY (STRIPE_API_URL, trailing slash dropped); the embedded one otherwise', () => {
    const on = loadConfig({ STRIPE_SECRET_KEY: KEY, STRIPE_API_URL: `${base}/` });
    expect(on.paymentProvider).toEqual({ apiUrl: base, secretKey: KEY });
    expect(paymentProviderFor(on).name).toBe('stripe');
    expect(loadConfig({ STRIPE_SECRET_KEY: KEY }).paymentProvider?.apiUrl).toBe('https://api.stripe.com');
    expect(paymentProviderFor(loadConfig({})).name).toBe('embedded');
    expect(paymentProviderFor(loadConfig({}))).toBe(embeddedPaymentProvider);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: KEY, STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/);
  });

  it("lists a customer's invoices in cents with ISO times, the limit passed on", async () => {
    seen.length = 0;
    const items = await stripe().listInvoices(noDb, CUSTOMER.id, 1);
    expect(seen).toMatchObject([
      { method: 'GET', url: '/v1/invoices?customer=cus_demo1&limit=1', authorization: `Bearer ${KEY}` },
    ]);
    expect(items).toEqual([
      {
        id: 'in_2',
        number: 'ABC-0002',
        status: 'open',
        amount_due_cents: 123_456,
        amount_paid_cents: 0,
        currency: 'usd',
        created_at: new Date(1_790_000_000 * 1000).toISOString(),
        due_date: new Date(1_791_000_000 * 1000).toISOString(),
        period_start: new Date(1_787_000_000 * 1000).toISOString(),
        period_end: new Date(1_789_600_000 * 1000).toISOString(),
        hosted_invoice_url: 'https://invoice.stripe.com/i/x',
      },
    ]);
    const both = await stripe().listInvoices(noDb, CUSTOMER.id, 10);
    expect(both[1]).toMatchObject({ id: 'in_1', number: null, due_date: null, period_start: null });
  });

  it("lists a customer's cards with the default one marked; an unknown customer has none", async () => {
    seen.length = 0;
    const cards = await stripe().listPaymentMethods(noDb, CUSTOMER.id);
    expect(seen.map((s) => s.url)).toEqual([
      '/v1/customers/cus_demo1',
      '/v1/customers/cus_demo1/payment_methods?type=card&limit=100',
    ]);
    expect(cards).toEqual([
      {
        id: 'pm_1',
        brand: 'visa',
        last4: '4242',
        exp_month: 4,
        exp_year: 2028,
        is_default: false,
        created_at: new Date(1_767_225_600 * 1000).toISOString(),
      },
      {
        id: 'pm_2',
        brand: 'mastercard',
        last4: '4444',
        exp_month: 12,
        exp_year: 2029,
        is_default: true,
        created_at: new Date(1_770_000_000 * 1000).toISOString(),
      },
    ]);
    expect(await stripe().listPaymentMethods(noDb, 'cus_gone')).toEqual([]);
  });

  it('makes a card the default with a form-encoded customer update; an unknown card is refused', async () => {
    seen.length = 0;
    await stripe().setDefaultPaymentMethod(noDb, CUSTOMER.id, 'pm_1');
    expect(seen).toMatchObject([
      {
        method: 'POST',
        url: '/v1/customers/cus_demo1',
        contentType: 'application/x-www-form-urlencoded',
        body: 'invoice_settings%5Bdefault_payment_method%5D=pm_1',
      },
    ]);
    await expect(stripe().setDefaultPaymentMethod(noDb, CUSTOMER.id, 'pm_9')).rejects.toMatchObject({
      code: 'billingaccounts.paymentMethodUnavailable',
    });
  });

  it('surfaces a failing provider as 502 billingaccounts.paymentProviderUnavailable with what it said', async () => {
    const wrongKey = await stripe('sk_wrong')
      .listInvoices(noDb, CUSTOMER.id, 5)
      .catch((e: unknown) => e);
    expect(wrongKey).toBeInstanceOf(AppError);
    expect(wrongKey).toMatchObject({
      status: 502,
      code: 'billingaccounts.paymentProviderUnavailable',
      message: 'The payment provider answered 401 to the invoice list: Invalid API Key provided',
    });
    failing = true;
    try {
      await expect(stripe().listPaymentMethods(noDb, CUSTOMER.id)).rejects.toMatchObject({
        message: 'The payment provider answered 500 to a customer look-up: Something went wrong',
      });
    } finally {
      failing = false;
    }
    const unreachable = stripePaymentProvider({ apiUrl: 'http://127.0.0.1:2', secretKey: KEY, timeoutMs: 2000 });
    await expect(unreachable.listInvoices(noDb, CUSTOMER.id, 5)).rejects.toMatchObject({
      code: 'billingaccounts.paymentProviderUnavailable',
      message: 'The payment provider could not be reached (ECONNREFUSED)',
    });
  });
});
