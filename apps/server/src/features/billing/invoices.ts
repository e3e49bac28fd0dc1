import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  canInvoice,
  type createCommitmentInvoiceBody,
  type Invoice,
  type InvoiceAction,
  type invoiceListQuery,
  type ListResult,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listOrder, listPage, pageWindow } from '../../platform/list-query.js';
import { applyCredits } from './money.js';
import { projectNames, rateStored, toInvoice, type InvoiceRow } from './rating.js';
import { billingConfigs, billingCreditApplications, billingCredits, billingInvoices } from './schema.js';
import { audit, parseId, tenantNames } from './shared.js';

const notFound = (id: string) => new AppError('billing.invoiceNotFound', `Invoice ${id} not found`);

type ListQuery = z.output<typeof invoiceListQuery>;

function where(q: ListQuery, scope: { tenantId?: string; configId?: number }): SQL | undefined {
  const i = billingInvoices;
  const c: SQL[] = [];
  if (q.from) c.push(gte(i.periodStart, new Date(q.from)));
  if (q.to) c.push(lt(i.periodStart, new Date(q.to)));
  const tenant = scope.tenantId ?? q.tenant_id;
  if (tenant) c.push(eq(i.tenantId, tenant));
  if (scope.configId !== undefined) c.push(eq(i.billingConfigId, scope.configId));
  if (q.status?.length) c.push(inArray(i.status, q.status));
  if (q.kind?.length) c.push(inArray(i.kind, q.kind));
  return c.length ? and(...c) : undefined;
}

/** §7 invoices (brief, from, to): invoices whose period starts in [from, to), newest first by default. */
export async function listInvoices(
  db: Db,
  q: ListQuery,
  scope: { tenantId?: string; configId?: number } = {},
): Promise<ListResult<Invoice>> {
  const i = billingInvoices;
  const w = where(q, scope);
  const { limit, offset } = pageWindow(q);
  const page = await listPage(
    db
      .select()
      .from(i)
      .where(w)
      .orderBy(
        ...listOrder(
          q.sort,
          { start_date: i.periodStart, total_amount: i.totalAmount, tenant_name: i.tenantName },
          i.id,
        ),
      )
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(i)
      .where(w)
      .then((r) => r[0]?.n ?? 0),
  );
  const detail = q.brief === 'false';
  const names = detail
    ? await projectNames(
        db,
        page.items.flatMap((r) => (r.projectCosts as { project_id: string }[]).map((p) => p.project_id)),
      )
    : undefined;
  return { total: page.total, items: page.items.map((r) => toInvoice(r, names ? { projectNames: names } : undefined)) };
}

/** The invoices of one billing config of a tenant (404 when the config is not the tenant's). */
export async function listConfigInvoices(
  db: Db,
  tenantId: string,
  configId: string,
  q: ListQuery,
): Promise<ListResult<Invoice>> {
  const n = parseId(configId, 'billing.billingConfigNotFound', 'Billing config');
  const [config] = await db
    .select({ id: billingConfigs.id })
    .from(billingConfigs)
    .where(and(eq(billingConfigs.id, n), eq(billingConfigs.tenantId, tenantId)))
    .limit(1);
  if (!config)
    throw new AppError('billing.billingConfigNotFound', `Billing config ${configId} of tenant ${tenantId} not found`);
  return listInvoices(db, q, { tenantId, configId: n });
}

async function findInvoice(db: Db, id: number, forUpdate = false): Promise<InvoiceRow | undefined> {
  const q = db.select().from(billingInvoices).where(eq(billingInvoices.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function getInvoice(db: Db, id: string): Promise<Invoice> {
  const row = await findInvoice(db, parseId(id, 'billing.invoiceNotFound', 'Invoice'));
  if (!row) throw notFound(id);
  const names = await projectNames(
    db,
    (row.projectCosts as { project_id: string }[]).map((p) => p.project_id),
  );
  return toInvoice(row, { projectNames: names });
}

const refused = (row: InvoiceRow, action: InvoiceAction) =>
  new AppError('billing.invoiceActionNotAllowed', `An invoice that is ${row.status} cannot be ${action}ed`, {
    status: row.status,
    action,
  });

/**
 * Confirm (§4): an unconfirmed or suspended invoice is re-rated one last time, the tenant's valid credits pay what they
 * can of it (soonest expiry first, effective by its period end), and it becomes confirmed — final, in the AR table.
 */
export async function confirmInvoice(db: Db, id: string, who: string, at = new Date()): Promise<Invoice> {
  const n = parseId(id, 'billing.invoiceNotFound', 'Invoice');
  await db.transaction(async (tx) => {
    const row = await findInvoice(tx, n, true);
    if (!row) throw notFound(id);
    if (!canInvoice(row.status, 'confirm')) throw refused(row, 'confirm');
    const rated = await rateStored(tx, row, at);
    const c = billingCredits;
    const credits = await tx
      .select({ id: c.id, balance: c.balance })
      .from(c)
      .where(
        and(
          eq(c.tenantId, row.tenantId),
          eq(c.status, 'valid'),
          gt(c.balance, 0),
          lt(c.effectiveAt, row.periodEnd),
          gte(c.expiredAt, at),
        ),
      )
      .orderBy(asc(c.expiredAt), asc(c.id))
      .for('update');
    const paid = applyCredits(rated.totalAmount, credits);
    for (const p of paid) {
      await tx
        .update(c)
        .set({ balance: sql`${c.balance} - ${p.amount}`, updatedAt: at })
        .where(eq(c.id, p.id));
      await tx
        .insert(billingCreditApplications)
        .values({ creditId: p.id, invoiceId: n, amount: p.amount, appliedAt: at });
    }
    const creditsApplied = paid.reduce((s, p) => s + p.amount, 0);
    await tx
      .update(billingInvoices)
      .set({
        status: 'confirmed',
        creditsApplied,
        amountDue: rated.totalAmount - creditsApplied,
        confirmedAt: at,
        confirmedBy: who,
        updatedAt: at,
      })
      .where(eq(billingInvoices.id, n));
    await audit(tx, 'billing_invoice', n, who, 'confirm', {
      before: { status: row.status, total_amount: row.totalAmount },
      after: {
        status: 'confirmed',
        total_amount: rated.totalAmount,
        credits_applied: creditsApplied,
        amount_due: rated.totalAmount - creditsApplied,
        credits: paid.map((p) => ({ credit_id: String(p.id), amount: p.amount })),
      },
    });
  });
  return getInvoice(db, id);
}

/** Suspend (§4): an unconfirmed invoice is held back from the customer; it is no longer re-rated. */
export async function suspendInvoice(db: Db, id: string, who: string, at = new Date()): Promise<Invoice> {
  const n = parseId(id, 'billing.invoiceNotFound', 'Invoice');
  await db.transaction(async (tx) => {
    const row = await findInvoice(tx, n, true);
    if (!row) throw notFound(id);
    if (!canInvoice(row.status, 'suspend')) throw refused(row, 'suspend');
    await tx
      .update(billingInvoices)
      .set({ status: 'suspended', suspendedAt: at, suspendedBy: who, updatedAt: at })
      .where(eq(billingInvoices.id, n));
    await audit(tx, 'billing_invoice', n, who, 'suspend', {
      before: { status: row.status },
      after: { status: 'suspended', total_amount: row.totalAmount },
    });
  });
  return getInvoice(db, id);
}

/**
 * `POST …/commitment_invoices`: an invoice for a commitment term of a tenant's billing config, at its amount plus the
 * config's tax; unconfirmed once created (confirm it like any other).
 */
export async function createCommitmentInvoice(
  db: Db,
  tenantId: string,
  configId: string,
  body: z.output<typeof createCommitmentInvoiceBody>,
  who: string,
  at = new Date(),
): Promise<Invoice> {
  const n = parseId(configId, 'billing.billingConfigNotFound', 'Billing config');
  const id = await db.transaction(async (tx) => {
    const [config] = await tx
      .select()
      .from(billingConfigs)
      .where(and(eq(billingConfigs.id, n), eq(billingConfigs.tenantId, tenantId)))
      .limit(1);
    if (!config)
      throw new AppError('billing.billingConfigNotFound', `Billing config ${configId} of tenant ${tenantId} not found`);
    const name = (await tenantNames(tx, [tenantId])).get(tenantId) ?? tenantId;
    const start = new Date(body.start_date);
    const [row] = await tx
      .insert(billingInvoices)
      .values({
        invoiceNumber: `pending-${randomUUID()}`,
        kind: 'commitment',
        tenantId,
        tenantName: name,
        billingConfigId: n,
        status: 'unconfirmed',
        periodStart: start,
        periodEnd: new Date(body.end_date),
        description: body.description || `Commitment ${body.start_date.slice(0, 10)} – ${body.end_date.slice(0, 10)}`,
        costPrice: body.amount,
        taxRate: config.taxRate,
        taxDisplayName: config.taxDisplayName,
        ratedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const numbered = (
      await tx
        .update(billingInvoices)
        .set({ invoiceNumber: `CMT-${start.toISOString().slice(0, 7).replace('-', '')}-${row!.id}` })
        .where(eq(billingInvoices.id, row!.id))
        .returning()
    )[0]!;
    const rated = await rateStored(tx, numbered, at);
    await audit(tx, 'billing_invoice', rated.id, who, 'create_commitment_invoice', {
      after: {
        status: 'unconfirmed',
        billing_config_id: configId,
        amount: body.amount,
        total_amount: rated.totalAmount,
        start_date: body.start_date,
        end_date: body.end_date,
      },
    });
    return rated.id;
  });
  return getInvoice(db, String(id));
}
