import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ProviderInvoice, ProviderPaymentMethod } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { callOut } from '../../platform/outbound.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { paymentProviderCustomers, paymentProviderInvoices, paymentProviderMethods } from './schema.js';

/*
 * The payment provider of card payments: where a tenant's customer, its cards and the invoices charged to them live.
 * An external system, so an interface with two implementations: the embedded one (tables `payment_provider_*` in the
 * portal's database: what the demo and the tests use) and Stripe's REST API, chosen by STRIPE_SECRET_KEY (README,
 * configuration). Amounts are cents, as Stripe has them.
 */

export interface PaymentProvider {
  /** For logs and audit rows: `embedded` or `stripe`. */
  readonly name: 'embedded' | 'stripe';
  /** The customer's invoices, newest first, at most `limit`. */
  listInvoices(db: Db, customerId: string, limit: number): Promise<ProviderInvoice[]>;
  /** The customer's cards, the default one marked. */
  listPaymentMethods(db: Db, customerId: string): Promise<ProviderPaymentMethod[]>;
  /** Makes a card (already the customer's) the one its invoices are charged to. */
  setDefaultPaymentMethod(db: Db, customerId: string, paymentMethodId: string): Promise<void>;
}

// ---------------------------------------------------------------- embedded

/** The embedded provider: customers, cards and invoices in the portal's own database, in the caller's transaction. */
export const embeddedPaymentProvider: PaymentProvider = {
  name: 'embedded',
  async listInvoices(db, customerId, limit) {
    const i = paymentProviderInvoices;
    const rows = await db
      .select()
      .from(i)
      .where(eq(i.customerId, customerId))
      .orderBy(desc(i.createdAt), desc(i.id))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      number: r.number,
      status: r.status as ProviderInvoice['status'],
      amount_due_cents: r.amountDueCents,
      amount_paid_cents: r.amountPaidCents,
      currency: r.currency,
      created_at: iso(r.createdAt),
      due_date: isoOrNull(r.dueDate),
      period_start: isoOrNull(r.periodStart),
      period_end: isoOrNull(r.periodEnd),
      hosted_invoice_url: r.hostedInvoiceUrl,
    }));
  },
  async listPaymentMethods(db, customerId) {
    const [customer] = await db
      .select({ defaultId: paymentProviderCustomers.defaultPaymentMethodId })
      .from(paymentProviderCustomers)
      .where(eq(paymentProviderCustomers.id, customerId))
      .limit(1);
    if (!customer) return [];
    const m = paymentProviderMethods;
    const rows = await db.select().from(m).where(eq(m.customerId, customerId)).orderBy(desc(m.createdAt), m.id);
    return rows.map((r) => ({
      id: r.id,
      brand: r.brand,
      last4: r.last4,
      exp_month: r.expMonth,
      exp_year: r.expYear,
      is_default: r.id === customer.defaultId,
      created_at: iso(r.createdAt),
    }));
  },
  async setDefaultPaymentMethod(db, customerId, paymentMethodId) {
    const [card] = await db
      .select({ id: paymentProviderMethods.id })
      .from(paymentProviderMethods)
      .where(and(eq(paymentProviderMethods.id, paymentMethodId), eq(paymentProviderMethods.customerId, customerId)))
      .limit(1);
    if (!card) throw new AppError('billingaccounts.paymentMethodUnavailable');
    await db
      .update(paymentProviderCustomers)
      .set({ defaultPaymentMethodId: paymentMethodId })
      .where(eq(paymentProviderCustomers.id, customerId));
  },
};

// ---------------------------------------------------------------- Stripe

const unix = z.number().int();
const stripeList = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), has_more: z.boolean() });
const stripeInvoice = z.object({
  id: z.string(),
  number: z.string().nullable().default(null),
  status: z.enum(['draft', 'open', 'paid', 'void', 'uncollectible']),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  currency: z.string(),
  created: unix,
  due_date: unix.nullable().default(null),
  period_start: unix.nullable().default(null),
  period_end: unix.nullable().default(null),
  hosted_invoice_url: z.string().nullable().default(null),
});
const stripeCard = z.object({
  id: z.string(),
  created: unix,
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }),
});
const stripeCustomer = z.object({
  id: z.string(),
  invoice_settings: z
    .object({
      default_payment_method: z
        .union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)])
        .nullable()
        .default(null),
    })
    .default({ default_payment_method: null }),
});
const stripeError = z.object({ error: z.object({ message: z.string().optional(), code: z.string().optional() }) });

const fromUnix = (s: number | null): string | null => (s === null ? null : new Date(s * 1000).toISOString());

export interface StripeOptions {
  /** Stripe's API root, `https://api.stripe.com` unless STRIPE_API_URL says otherwise (a proxy, a mock). */
  apiUrl: string;
  secretKey: string;
  /** Per request; 10 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Stripe's REST API (README, configuration: STRIPE_SECRET_KEY, STRIPE_API_URL), with the secret key as a bearer:
 * `GET /v1/invoices?customer=&limit=` → `{ data: [invoice], has_more }` (cents, unix seconds);
 * `GET /v1/customers/{id}` → the customer, its `invoice_settings.default_payment_method`;
 * `GET /v1/customers/{id}/payment_methods?type=card&limit=100` → `{ data: [{ id, created, card }] }`;
 * `POST /v1/customers/{id}` (form-encoded `invoice_settings[default_payment_method]=pm_…`) makes a card the default.
 * A customer Stripe does not know (404) has no invoices and no cards.
 */
export function stripePaymentProvider(opts: StripeOptions): PaymentProvider {
  const unavailable = (why: string) =>
    new AppError('billingaccounts.paymentProviderUnavailable', `The payment provider ${why}`);
  const call = (method: 'GET' | 'POST', path: string, form?: URLSearchParams): Promise<Response> =>
    callOut(`${opts.apiUrl}${path}`, {
      method,
      token: opts.secretKey,
      ...(form ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() } : {}),
      timeoutMs: opts.timeoutMs ?? 10_000,
      fetch: opts.fetch,
      unavailable,
    });
  async function parsed<T extends z.ZodType>(res: Response, schema: T, what: string): Promise<z.output<T>> {
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const e = stripeError.safeParse(body);
      const said = e.success && e.data.error.message ? `: ${e.data.error.message}` : '';
      throw unavailable(`answered ${res.status} to ${what}${said}`);
    }
    const out = schema.safeParse(body);
    if (!out.success) throw unavailable(`answered ${what} with an unexpected body`);
    return out.data;
  }
  const customerPath = (id: string) => `/v1/customers/${encodeURIComponent(id)}`;
  return {
    name: 'stripe',
    async listInvoices(_db, customerId, limit) {
      const q = new URLSearchParams({ customer: customerId, limit: String(limit) });
      const res = await call('GET', `/v1/invoices?${q}`);
      if (res.status === 404) return [];
      const page = await parsed(res, stripeList(stripeInvoice), 'the invoice list');
      return page.data.map((i) => ({
        id: i.id,
        number: i.number,
        status: i.status,
        amount_due_cents: i.amount_due,
        amount_paid_cents: i.amount_paid,
        currency: i.currency,
        created_at: fromUnix(i.created)!,
        due_date: fromUnix(i.due_date),
        period_start: fromUnix(i.period_start),
        period_end: fromUnix(i.period_end),
        hosted_invoice_url: i.hosted_invoice_url,
      }));
    },
    async listPaymentMethods(_db, customerId) {
      const res = await call('GET', customerPath(customerId));
      if (res.status === 404) return [];
      const customer = await parsed(res, stripeCustomer, 'a customer look-up');
      const q = new URLSearchParams({ type: 'card', limit: '100' });
      const cards = await parsed(
        await call('GET', `${customerPath(customerId)}/payment_methods?${q}`),
        stripeList(stripeCard),
        'the payment method list',
      );
      return cards.data.map((c) => ({
        id: c.id,
        brand: c.card.brand,
        last4: c.card.last4,
        exp_month: c.card.exp_month,
        exp_year: c.card.exp_year,
        is_default: c.id === customer.invoice_settings.default_payment_method,
        created_at: fromUnix(c.created)!,
      }));
    },
    async setDefaultPaymentMethod(_db, customerId, paymentMethodId) {
      const form = new URLSearchParams({ 'invoice_settings[default_payment_method]': paymentMethodId });
      const res = await call('POST', customerPath(customerId), form);
      if (res.status === 400 || res.status === 404) throw new AppError('billingaccounts.paymentMethodUnavailable');
      await parsed(res, stripeCustomer, 'a default payment method update');
    },
  };
}

/** The provider an app uses: Stripe when STRIPE_SECRET_KEY is set, else the embedded one. */
export function paymentProviderFor(config: Pick<Config, 'paymentProvider'>): PaymentProvider {
  return config.paymentProvider ? stripePaymentProvider(config.paymentProvider) : embeddedPaymentProvider;
}
