import type { z } from 'zod';
import {
  canCancelSubscription,
  PAYMENT_MESSAGES,
  PAYMENT_TYPES,
  type ListResult,
  type MarketplaceSubscription,
  type Payment,
  type PaymentAccount,
  type PaymentMethodType,
  type paymentListQuery,
  type ProviderInvoice,
  type ProviderPaymentMethod,
  type setPaymentCodeBody,
  type setupPaymentBody,
  type subscriptionListQuery,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import type { PaymentProvider } from './paymentprovider.js';
import * as repo from './repo.js';
import { assertTenantOpen, auditTenant, bodyTenant, fieldError, tenantOr404 } from './shared.js';

/*
 * Payments (spec §7 `payments…`): the payments received, a tenant's payment set-up (its active method, payment code,
 * invoiceable), the card provider's invoices and cards (through the PaymentProvider adapter), and marketplace
 * subscriptions (`subscriptions/{id}`). Changes are refused for a closed tenant; a closing one may still settle.
 */

export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
}

export function toPayment(r: repo.PaymentRow): Payment {
  return {
    id: String(r.id),
    tenant_id: r.tenantId,
    type: r.type as Payment['type'],
    status: r.status as Payment['status'],
    amount_cents: r.amountCents,
    currency: 'USD',
    reference: r.reference,
    invoice_id: r.invoiceId,
    description: r.description,
    failure_reason: r.failureReason,
    created_at: iso(r.createdAt),
    settled_at: isoOrNull(r.settledAt),
  };
}

export function toAccount(tenantId: string, r: repo.AccountRow | undefined): PaymentAccount {
  return {
    tenant_id: tenantId,
    type: (r?.type ?? null) as PaymentMethodType | null,
    payment_code: r?.paymentCode ?? null,
    payment_sub_code: r?.paymentSubCode ?? null,
    invoiceable: r?.invoiceable ?? false,
    provider_customer_id: r?.providerCustomerId ?? null,
    card: r?.type === 'card' ? ((r.card as ProviderPaymentMethod | null) ?? null) : null,
    subscription_id: r?.type === 'marketplace' ? r.subscriptionId : null,
    updated_at: isoOrNull(r?.updatedAt ?? null),
    updated_by: r?.updatedBy ?? null,
  };
}

export function toSubscription(r: repo.SubscriptionRow): MarketplaceSubscription {
  return {
    id: r.id,
    tenant_id: r.tenantId,
    marketplace: r.marketplace as MarketplaceSubscription['marketplace'],
    marketplace_account_id: r.marketplaceAccountId,
    product_code: r.productCode,
    offer: r.offer,
    status: r.status as MarketplaceSubscription['status'],
    subscribed_at: iso(r.subscribedAt),
    cancelled_at: isoOrNull(r.cancelledAt),
    cancelled_by: r.cancelledBy,
    cancel_reason: r.cancelReason,
  };
}

export async function listPayments(db: Db, q: z.output<typeof paymentListQuery>): Promise<ListResult<Payment>> {
  const page = await listPage(repo.selectPayments(db, q), repo.countPayments(db, q));
  return { total: page.total, items: page.items.map(toPayment) };
}

export function paymentTypes(): ListResult<(typeof PAYMENT_TYPES)[number]> {
  return { items: [...PAYMENT_TYPES], total: PAYMENT_TYPES.length };
}

export async function getAccount(db: Db, tenantId: string): Promise<PaymentAccount> {
  await tenantOr404(db, tenantId);
  return toAccount(tenantId, await repo.findAccount(db, tenantId));
}

/** The tenant's customer at the provider, or null (then it has no provider invoices or cards). */
async function customerOf(db: Db, tenantId: string): Promise<string | null> {
  await tenantOr404(db, tenantId);
  return (await repo.findAccount(db, tenantId))?.providerCustomerId ?? null;
}

export async function providerInvoices(
  deps: PaymentDeps,
  tenantId: string,
  limit: number,
): Promise<ListResult<ProviderInvoice>> {
  const customer = await customerOf(deps.db, tenantId);
  const items = customer ? await deps.provider.listInvoices(deps.db, customer, limit) : [];
  return { items, total: items.length };
}

export async function providerPaymentMethods(
  deps: PaymentDeps,
  tenantId: string,
): Promise<ListResult<ProviderPaymentMethod>> {
  const customer = await customerOf(deps.db, tenantId);
  const items = customer ? await deps.provider.listPaymentMethods(deps.db, customer) : [];
  return { items, total: items.length };
}

/** The account's values an audit row keeps. */
const auditable = (a: PaymentAccount) => ({
  type: a.type,
  payment_code: a.payment_code,
  payment_sub_code: a.payment_sub_code,
  invoiceable: a.invoiceable,
  card: a.card ? `${a.card.brand} ****${a.card.last4}` : null,
  subscription_id: a.subscription_id,
});

/** Changes the account of an open (not closed) tenant in one transaction with its audit row. */
async function changeAccount(
  db: Db,
  tenantId: string,
  who: string,
  operation: string,
  change: (tx: Db, current: repo.AccountRow | undefined) => Promise<Partial<repo.AccountRow>>,
  opts: { bodyTenant?: boolean } = {},
  at = new Date(),
): Promise<PaymentAccount> {
  await db.transaction(async (tx) => {
    const tenant = opts.bodyTenant
      ? await bodyTenant(tx, tenantId, 'tenant_id', true)
      : await tenantOr404(tx, tenantId, true);
    assertTenantOpen(tenant, { closing: false });
    const current = await repo.findAccount(tx, tenantId, true);
    const patch = await change(tx, current);
    await repo.upsertAccount(tx, tenantId, { ...patch, updatedBy: who, updatedAt: at });
    const before = auditable(toAccount(tenantId, current));
    const after = auditable(toAccount(tenantId, await repo.findAccount(tx, tenantId)));
    await auditTenant(tx, tenantId, who, operation, { before, after }, at);
  });
  return toAccount(tenantId, await repo.findAccount(db, tenantId));
}

export function setPaymentCode(
  db: Db,
  tenantId: string,
  who: string,
  body: z.output<typeof setPaymentCodeBody>,
): Promise<PaymentAccount> {
  return changeAccount(db, tenantId, who, 'payment_code_set', async (_tx, current) => ({
    paymentCode: body.payment_code,
    paymentSubCode: body.payment_sub_code === undefined ? (current?.paymentSubCode ?? null) : body.payment_sub_code,
  }));
}

export function setInvoiceable(db: Db, tenantId: string, who: string, invoiceable: boolean): Promise<PaymentAccount> {
  return changeAccount(db, tenantId, who, 'payment_invoiceable_set', async () => ({ invoiceable }));
}

/**
 * Makes `type` the tenant's active payment method. card: one of the tenant's cards at the provider (made its default
 * there); marketplace: an active subscription of the tenant; wire_transfer: paid against invoices (invoiceable).
 */
export async function setupPayment(
  deps: PaymentDeps,
  type: PaymentMethodType,
  who: string,
  body: z.output<typeof setupPaymentBody>,
): Promise<PaymentAccount> {
  const tenantId = body.tenant_id;
  let card: ProviderPaymentMethod | undefined;
  if (type === 'card') {
    if (!body.payment_method_id) throw fieldError('payment_method_id', PAYMENT_MESSAGES.paymentMethodRequired);
    // Read the provider before the transaction opens: no transaction waits on the network for a read.
    await bodyTenant(deps.db, tenantId);
    const customer = (await repo.findAccount(deps.db, tenantId))?.providerCustomerId;
    if (!customer)
      throw new AppError(
        'billingaccounts.paymentMethodUnavailable',
        `Tenant ${tenantId} has no customer at the payment provider: it has no cards`,
        [{ field: 'body.payment_method_id', message: 'The tenant has no cards at the payment provider' }],
      );
    card = (await deps.provider.listPaymentMethods(deps.db, customer)).find((m) => m.id === body.payment_method_id);
    if (!card) {
      const message = `Card ${body.payment_method_id} is not one of the tenant's at the payment provider`;
      throw new AppError('billingaccounts.paymentMethodUnavailable', message, [
        { field: 'body.payment_method_id', message },
      ]);
    }
  }
  if (type === 'marketplace' && !body.subscription_id)
    throw fieldError('subscription_id', PAYMENT_MESSAGES.subscriptionRequired);

  return changeAccount(
    deps.db,
    tenantId,
    who,
    'payment_setup',
    async (tx, current) => {
      if (type === 'card') {
        await deps.provider.setDefaultPaymentMethod(tx, current!.providerCustomerId!, card!.id);
        return {
          type,
          invoiceable: false,
          cardPaymentMethodId: card!.id,
          card: { ...card!, is_default: true },
          subscriptionId: null,
        };
      }
      if (type === 'marketplace') {
        const sub = await repo.findSubscription(tx, body.subscription_id!);
        if (!sub || sub.tenantId !== tenantId || sub.status !== 'active') {
          const message = `Subscription ${body.subscription_id} is not an active marketplace subscription of the tenant`;
          throw new AppError('billingaccounts.paymentSetupInvalid', message, [
            { field: 'body.subscription_id', message },
          ]);
        }
        return {
          type,
          invoiceable: false,
          subscriptionId: sub.id,
          cardPaymentMethodId: null,
          card: null,
          ...(body.payment_code ? { paymentCode: body.payment_code } : {}),
        };
      }
      return {
        type,
        invoiceable: true,
        subscriptionId: null,
        cardPaymentMethodId: null,
        card: null,
        ...(body.payment_code ? { paymentCode: body.payment_code } : {}),
      };
    },
    { bodyTenant: true },
  );
}

// ---- marketplace subscriptions --------------------------------------------------------------------------------------
const subscriptionNotFound = (id: string) =>
  new AppError('billingaccounts.subscriptionNotFound', `Marketplace subscription ${id} not found`);

export async function listSubscriptions(
  db: Db,
  q: z.output<typeof subscriptionListQuery>,
): Promise<ListResult<MarketplaceSubscription>> {
  const page = await listPage(repo.selectSubscriptions(db, q), repo.countSubscriptions(db, q));
  return { total: page.total, items: page.items.map(toSubscription) };
}

export async function getSubscription(db: Db, id: string): Promise<MarketplaceSubscription> {
  const row = await repo.findSubscription(db, id);
  if (!row) throw subscriptionNotFound(id);
  return toSubscription(row);
}

/**
 * Cancels a pending or active subscription (409 otherwise); refused while it is the tenant's active payment method
 * (409 `billingaccounts.subscriptionInUse`: set up another method first).
 */
export async function cancelSubscription(
  db: Db,
  id: string,
  who: string,
  reason: string | undefined,
  at = new Date(),
): Promise<MarketplaceSubscription> {
  await db.transaction(async (tx) => {
    const row = await repo.findSubscription(tx, id, true);
    if (!row) throw subscriptionNotFound(id);
    if (!canCancelSubscription(row.status))
      throw new AppError(
        'billingaccounts.subscriptionActionNotAllowed',
        `Marketplace subscription ${id} is ${row.status}: it cannot be cancelled`,
        { status: row.status },
      );
    const account = await repo.findAccount(tx, row.tenantId, true);
    if (account?.type === 'marketplace' && account.subscriptionId === id)
      throw new AppError(
        'billingaccounts.subscriptionInUse',
        `Marketplace subscription ${id} is how tenant ${row.tenantId} pays: set up another payment method first`,
        { tenant_id: row.tenantId },
      );
    const cancelReason = reason?.trim() || `Cancelled by ${who}`;
    await repo.updateSubscription(tx, id, {
      status: 'cancelled',
      cancelledAt: at,
      cancelledBy: who,
      cancelReason,
    });
    await auditTenant(
      tx,
      row.tenantId,
      who,
      'subscription_cancel',
      {
        subscription_id: id,
        marketplace: row.marketplace,
        before: { status: row.status },
        after: { status: 'cancelled', cancel_reason: cancelReason },
      },
      at,
    );
  });
  return getSubscription(db, id);
}
