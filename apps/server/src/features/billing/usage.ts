import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { rateUsage, type measuresBody, type MeasuresResult, type UsageLine } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { insertRows } from '../../platform/bulk.js';
import { billingInvoices, billingUsage } from './schema.js';
import { audit, monthBounds, monthOf, queueRating, tenantNames } from './shared.js';
import { loadUnitBook } from './units.js';

/*
 * Measures: usage reported by the metering pipeline, rated against the price list (quantity × unit price, rounded
 * once) and stored as usage lines; the invoices of the months concerned are created or re-rated by the rating job.
 * The dry run rates the same records and stores nothing.
 */

type Body = z.output<typeof measuresBody>;

async function rate(db: Db, body: Body, now: Date): Promise<UsageLine[]> {
  const problems: { field: string; message: string }[] = [];
  const known = await tenantNames(
    db,
    body.records.map((r) => r.tenant_id),
  );
  const current = monthOf(now);
  const units = await loadUnitBook(db);
  const lines = body.records.map((r, i): UsageLine => {
    const unit = units.byKey(r.unit);
    if (!unit) problems.push({ field: `body.records.${i}.unit`, message: `Unit ${r.unit} is not in the price list` });
    if (!known.has(r.tenant_id))
      problems.push({ field: `body.records.${i}.tenant_id`, message: `Tenant ${r.tenant_id} does not exist` });
    if (r.month > current)
      problems.push({ field: `body.records.${i}.month`, message: `Month ${r.month} has not started yet` });
    return {
      id: null,
      tenant_id: r.tenant_id,
      project_id: r.project_id,
      cluster_id: r.cluster_id,
      month: r.month,
      unit: r.unit,
      filter_id: unit?.filter_id ?? '',
      provider: unit?.provider ?? '',
      quantity: r.quantity,
      price_cents: unit?.price_cents ?? 0,
      price_per: unit?.price_per ?? 1,
      amount: unit ? rateUsage(r.quantity, unit.price_cents, unit.price_per) : 0,
    };
  });
  const first = problems[0];
  if (first) {
    const code = first.message.startsWith('Unit')
      ? 'billing.unknownUnit'
      : first.message.startsWith('Tenant')
        ? 'billing.unknownTenant'
        : 'billing.monthInFuture';
    throw new AppError(code, first.message, problems.slice(0, 50));
  }
  return lines;
}

const pairsOf = (lines: UsageLine[]) => {
  const seen = new Map<string, { tenant_id: string; month: string }>();
  for (const l of lines) seen.set(`${l.tenant_id}|${l.month}`, { tenant_id: l.tenant_id, month: l.month });
  return [...seen.values()];
};

export async function dryRunMeasures(db: Db, body: Body, now = new Date()): Promise<MeasuresResult> {
  const lines = await rate(db, body, now);
  return { stored: false, lines, total_amount: lines.reduce((s, l) => s + l.amount, 0), invoices_queued: [] };
}

/**
 * Stores the rated lines (one audit row per tenant month) and queues the rating of their invoices. Usage of a month
 * whose invoice is confirmed or suspended is refused (409 billing.invoiceFrozen): late usage goes into a later month.
 */
export async function storeMeasures(db: Db, body: Body, who: string, now = new Date()): Promise<MeasuresResult> {
  const lines = await rate(db, body, now);
  const pairs = pairsOf(lines);
  await db.transaction(async (tx) => {
    const i = billingInvoices;
    const frozen = await tx
      .select({ tenantId: i.tenantId, periodStart: i.periodStart, status: i.status })
      .from(i)
      .where(
        and(
          eq(i.kind, 'usage'),
          inArray(i.status, ['confirmed', 'suspended']),
          inArray(
            i.tenantId,
            pairs.map((p) => p.tenant_id),
          ),
          inArray(
            i.periodStart,
            [...new Set(pairs.map((p) => p.month))].map((m) => monthBounds(m).start),
          ),
        ),
      );
    const hit = frozen.find((f) => pairs.some((p) => p.tenant_id === f.tenantId && p.month === monthOf(f.periodStart)));
    if (hit)
      throw new AppError(
        'billing.invoiceFrozen',
        `The ${monthOf(hit.periodStart)} invoice of tenant ${hit.tenantId} is ${hit.status}: its usage can no longer change`,
        { tenant_id: hit.tenantId, month: monthOf(hit.periodStart), status: hit.status },
      );
    await insertRows(
      tx,
      billingUsage,
      lines.map((l) => ({
        tenantId: l.tenant_id,
        projectId: l.project_id,
        clusterId: l.cluster_id,
        month: `${l.month}-01`,
        unit: l.unit,
        filterId: l.filter_id,
        provider: l.provider,
        quantity: l.quantity,
        priceCents: l.price_cents,
        pricePer: l.price_per,
        amount: l.amount,
        createdAt: now,
      })),
    );
    for (const p of pairs) {
      const mine = lines.filter((l) => l.tenant_id === p.tenant_id && l.month === p.month);
      await audit(tx, 'billing_usage', `${p.tenant_id}:${p.month}`, who, 'report_usage', {
        tenant_id: p.tenant_id,
        month: p.month,
        lines: mine.length,
        amount: mine.reduce((s, l) => s + l.amount, 0),
      });
    }
    await queueRating(tx, { months: pairs });
  });
  return { stored: true, lines, total_amount: lines.reduce((s, l) => s + l.amount, 0), invoices_queued: pairs };
}
