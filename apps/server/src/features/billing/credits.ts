import { and, count, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  canCredit,
  type createCreditBody,
  type Credit,
  type creditListQuery,
  type CreditStatus,
  type ListResult,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listOrder, listPage, pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { createApproval, type ApprovalSettled } from '../approvals/index.js';
import { billingCredits } from './schema.js';
import { audit, CREDIT_APPROVAL, parseId, requireTenant, SYSTEM, tenantNames, type BillingDeps } from './shared.js';

/*
 * Credits: an amount granted to a tenant (promotional, compensation, prepaid, marketplace) between two dates. Above
 * the approval threshold a credit waits for an approval (separation of duties: never decided by who asked). A valid
 * credit pays invoices as they are confirmed (invoices.ts) until its balance is used up; reclaim takes the balance
 * back. used_up and expired are derived when read.
 */

type CreditRow = typeof billingCredits.$inferSelect;

export function creditStatus(r: Pick<CreditRow, 'status' | 'balance' | 'expiredAt'>, now = new Date()): CreditStatus {
  if (r.status !== 'valid') return r.status as CreditStatus;
  if (r.balance <= 0) return 'used_up';
  if (r.expiredAt.getTime() < now.getTime()) return 'expired';
  return 'valid';
}

function toCredit(r: CreditRow, tenantName: string, now = new Date()): Credit {
  return {
    credit_id: String(r.id),
    tenant_id: r.tenantId,
    tenant_name: tenantName,
    credit_type: r.creditType as Credit['credit_type'],
    amount: r.amount,
    balance: r.balance,
    effective_at: iso(r.effectiveAt),
    expired_at: iso(r.expiredAt),
    status: creditStatus(r, now),
    note: r.note,
    approval_id: r.approvalId,
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    reclaimed_by: r.reclaimedBy,
    reclaimed_at: isoOrNull(r.reclaimedAt),
    reclaimed_amount: r.reclaimedAmount,
  };
}

function statusCondition(statuses: CreditStatus[]): SQL {
  const c = billingCredits;
  const parts: SQL[] = [];
  for (const s of statuses) {
    if (s === 'used_up') parts.push(and(eq(c.status, 'valid'), sql`${c.balance} <= 0`)!);
    else if (s === 'expired') parts.push(and(eq(c.status, 'valid'), gt(c.balance, 0), sql`${c.expiredAt} < now()`)!);
    else if (s === 'valid') parts.push(and(eq(c.status, 'valid'), gt(c.balance, 0), sql`${c.expiredAt} >= now()`)!);
    else parts.push(eq(c.status, s));
  }
  return or(...parts)!;
}

export async function listCredits(db: Db, q: z.output<typeof creditListQuery>): Promise<ListResult<Credit>> {
  const c = billingCredits;
  const w: SQL[] = [];
  if (q.tenant_id) w.push(eq(c.tenantId, q.tenant_id));
  if (q.status?.length) w.push(statusCondition(q.status));
  if (q.credit_type?.length) w.push(inArray(c.creditType, q.credit_type));
  const where = w.length ? and(...w) : undefined;
  const { limit, offset } = pageWindow(q);
  const page = await listPage(
    db
      .select()
      .from(c)
      .where(where)
      .orderBy(...listOrder(q.sort, { created_at: c.createdAt, expired_at: c.expiredAt, amount: c.amount }, c.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(c)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
  const names = await tenantNames(
    db,
    page.items.map((r) => r.tenantId),
  );
  const now = new Date();
  return { total: page.total, items: page.items.map((r) => toCredit(r, names.get(r.tenantId) ?? r.tenantId, now)) };
}

export async function getCredit(db: Db, id: number): Promise<Credit> {
  const [row] = await db.select().from(billingCredits).where(eq(billingCredits.id, id)).limit(1);
  if (!row) throw new AppError('billing.creditNotFound', `Credit ${id} not found`);
  return toCredit(row, (await tenantNames(db, [row.tenantId])).get(row.tenantId) ?? row.tenantId);
}

export async function createCredit(
  deps: BillingDeps,
  body: z.output<typeof createCreditBody>,
  who: string,
  at = new Date(),
): Promise<Credit> {
  const tenantName = await requireTenant(deps.db, body.tenant_id);
  const needsApproval = body.amount > deps.approvalThresholdCents;
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(billingCredits)
      .values({
        tenantId: body.tenant_id,
        creditType: body.credit_type,
        amount: body.amount,
        balance: body.amount,
        effectiveAt: new Date(body.effective_at),
        expiredAt: new Date(body.expired_at),
        status: needsApproval ? 'approving' : 'valid',
        note: body.note,
        createdBy: who,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: billingCredits.id });
    const n = row!.id;
    let approvalId: string | null = null;
    if (needsApproval) {
      approvalId = await createApproval(tx, {
        template: CREDIT_APPROVAL.name,
        name: `Credit of $${(body.amount / 100).toFixed(2)} (${body.credit_type}) for ${tenantName}`,
        applicant: who,
        subjectType: 'billing_credit',
        subjectId: String(n),
      });
      await tx.update(billingCredits).set({ approvalId }).where(eq(billingCredits.id, n));
    }
    await audit(tx, 'billing_credit', n, who, 'create', {
      ...(approvalId ? { approval_id: approvalId } : {}),
      after: {
        status: needsApproval ? 'approving' : 'valid',
        tenant_id: body.tenant_id,
        credit_type: body.credit_type,
        amount: body.amount,
        effective_at: body.effective_at,
        expired_at: body.expired_at,
      },
    });
    return n;
  });
  return getCredit(deps.db, id);
}

/** Reclaim: a valid credit (with a balance, not expired) loses its balance. */
export async function reclaimCredit(db: Db, id: string, who: string, at = new Date()): Promise<Credit> {
  const n = parseId(id, 'billing.creditNotFound', 'Credit');
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(billingCredits).where(eq(billingCredits.id, n)).limit(1).for('update');
    if (!row) throw new AppError('billing.creditNotFound', `Credit ${id} not found`);
    const status = creditStatus(row, at);
    if (!canCredit(status, 'reclaim'))
      throw new AppError('billing.creditActionNotAllowed', `A credit that is ${status} cannot be reclaimed`, {
        status,
      });
    await tx
      .update(billingCredits)
      .set({
        status: 'reclaimed',
        balance: 0,
        reclaimedAmount: row.balance,
        reclaimedBy: who,
        reclaimedAt: at,
        updatedAt: at,
      })
      .where(eq(billingCredits.id, n));
    await audit(tx, 'billing_credit', n, who, 'reclaim', {
      before: { status, balance: row.balance },
      after: { status: 'reclaimed', balance: 0, reclaimed_amount: row.balance },
    });
  });
  return getCredit(db, n);
}

export async function onCreditApprovalSettled(tx: Db, p: ApprovalSettled, at = new Date()): Promise<void> {
  if (!/^\d{1,15}$/.test(p.subject_id)) return;
  const n = Number(p.subject_id);
  const [row] = await tx.select().from(billingCredits).where(eq(billingCredits.id, n)).limit(1).for('update');
  if (!row || row.status !== 'approving' || row.approvalId !== p.approval_id) return;
  const approved = p.status === 'APPROVED';
  await tx
    .update(billingCredits)
    .set({ status: approved ? 'valid' : 'rejected', updatedAt: at })
    .where(eq(billingCredits.id, n));
  await audit(tx, 'billing_credit', n, p.decided_by || SYSTEM, approved ? 'approved' : 'rejected', {
    approval_id: p.approval_id,
    before: { status: 'approving' },
    after: { status: approved ? 'valid' : 'rejected' },
  });
}
