import { and, asc, count, desc, eq, gte, ilike, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AR_TABLE_COLUMNS,
  arMonthAllowed,
  BILLING_MESSAGES,
  CLOUD_PROVIDERS,
  COST_GROUP_BY,
  lastMonth,
  monthKey,
  type ArTableInit,
  type billDetailsQuery,
  type CostTrends,
  type costTrendsBody,
  type ListResult,
  type MonthlyCost,
  type monthlyCostQuery,
  type UsageLine,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { containsPattern, listOrder, listPage, pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { filterName, LEAF_FILTERS } from './catalogue.js';
import { projectNames, type InvoiceRow } from './rating.js';
import { billingConfigs, billingInvoices, billingUsage } from './schema.js';
import { csvAmount, csvLine, monthBounds, tenantNames } from './shared.js';

/*
 * Reports: the AR table (accounts receivable: the confirmed invoices of a month, as CSV), the month's bills and costs,
 * and the cost explorer over rated usage. Amounts are summed from the stored integer cents, never recomputed.
 */

const asNumber = (v: unknown) => Number(v ?? 0);

function monthOfParams(p: { year: number; month: number }) {
  return monthBounds(monthKey(p.year, p.month));
}

/** Which invoices a month's AR table or bills hold: those whose period starts in the month. */
function inMonth(p: { year: number; month: number }): SQL {
  const { start, end } = monthOfParams(p);
  return and(gte(billingInvoices.periodStart, start), lt(billingInvoices.periodStart, end))!;
}

async function monthInvoices(db: Db, p: { year: number; month: number }, confirmedOnly: boolean) {
  const i = billingInvoices;
  return db
    .select({ invoice: i, billingKind: billingConfigs.kind })
    .from(i)
    .leftJoin(billingConfigs, eq(billingConfigs.id, i.billingConfigId))
    .where(confirmedOnly ? and(inMonth(p), eq(i.status, 'confirmed')) : inMonth(p))
    .orderBy(asc(i.tenantName), asc(i.id));
}

function invoiceCsv(rows: { invoice: InvoiceRow; billingKind: string | null }[], withStatus: boolean): string {
  const header = [...AR_TABLE_COLUMNS, ...(withStatus ? ['status'] : [])];
  const lines = [csvLine(header)];
  const totals = { usage: 0, discount: 0, support: 0, tax: 0, total: 0, credits: 0, due: 0 };
  for (const { invoice: r, billingKind } of rows) {
    totals.usage += r.usageAmount;
    totals.discount += r.discountAmount;
    totals.support += r.supportAmount;
    totals.tax += r.taxAmount;
    totals.total += r.totalAmount;
    totals.credits += r.creditsApplied;
    totals.due += r.amountDue;
    lines.push(
      csvLine([
        String(r.id),
        r.invoiceNumber,
        r.kind,
        r.tenantId,
        r.tenantName,
        String(r.billingConfigId),
        billingKind ?? '',
        iso(r.periodStart),
        iso(r.periodEnd),
        'USD',
        csvAmount(r.usageAmount),
        csvAmount(r.discountAmount),
        csvAmount(r.supportAmount),
        String(Number(r.taxRate)),
        csvAmount(r.taxAmount),
        csvAmount(r.totalAmount),
        csvAmount(r.creditsApplied),
        csvAmount(r.amountDue),
        isoOrNull(r.confirmedAt) ?? '',
        r.confirmedBy ?? '',
        ...(withStatus ? [r.status] : []),
      ]),
    );
  }
  const empty = (n: number) => Array.from({ length: n }, () => '');
  lines.push(
    csvLine([
      'TOTAL',
      `${rows.length} invoices`,
      ...empty(8),
      csvAmount(totals.usage),
      csvAmount(totals.discount),
      csvAmount(totals.support),
      '',
      csvAmount(totals.tax),
      csvAmount(totals.total),
      csvAmount(totals.credits),
      csvAmount(totals.due),
      '',
      '',
      ...(withStatus ? [''] : []),
    ]),
  );
  return `${lines.join('\r\n')}\r\n`;
}

/** §2 AR Table: the month's confirmed invoices (not after last month, §5) as CSV with a TOTAL row. */
export async function arTableCsv(db: Db, p: { year: number; month: number }, now = new Date()): Promise<string> {
  if (!arMonthAllowed(p.year, p.month, now)) {
    const message = BILLING_MESSAGES.arMonthAfterLast;
    throw new AppError('billing.arMonthNotAllowed', message, [{ field: 'params.month', message }]);
  }
  return invoiceCsv(await monthInvoices(db, p, true), false);
}

/** `GET cr_tables/init`: last month (the default and latest choice) and the months that have confirmed invoices. */
export async function arTableInit(db: Db, now = new Date()): Promise<ArTableInit> {
  const last = lastMonth(now);
  const i = billingInvoices;
  const month = sql<string>`to_char(${i.periodStart} AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({ month, n: count(), total: sum(i.totalAmount) })
    .from(i)
    .where(and(eq(i.status, 'confirmed'), lt(i.periodStart, monthBounds(monthKey(last.year, last.month)).end)))
    .groupBy(month)
    .orderBy(desc(month));
  return {
    default_year: last.year,
    default_month: last.month,
    months: rows.map((r) => ({
      year: Number(r.month.slice(0, 4)),
      month: Number(r.month.slice(5, 7)),
      invoices: r.n,
      total_amount: asNumber(r.total),
    })),
    columns: [...AR_TABLE_COLUMNS],
  };
}

/** Every invoice of a month (any status) as CSV, with its status. */
export async function monthlyBillsCsv(db: Db, p: { year: number; month: number }): Promise<string> {
  return invoiceCsv(await monthInvoices(db, p, false), true);
}

function monthlyCostWhere(p: { year: number; month: number }, search?: string): SQL {
  const i = billingInvoices;
  const c = [inMonth(p), eq(i.kind, 'usage')];
  if (search) c.push(ilike(i.tenantName, containsPattern(search)));
  return and(...c)!;
}
const toMonthlyCost = (r: InvoiceRow): MonthlyCost => ({
  tenant_id: r.tenantId,
  tenant_name: r.tenantName,
  invoice_id: String(r.id),
  status: r.status as MonthlyCost['status'],
  usage_amount: r.usageAmount,
  discount_amount: r.discountAmount,
  support_amount: r.supportAmount,
  tax_amount: r.taxAmount,
  total_amount: r.totalAmount,
});

/** `monthly_cost`: each tenant's usage invoice of the month, largest first. */
export async function monthlyCost(
  db: Db,
  p: { year: number; month: number },
  q: z.output<typeof monthlyCostQuery>,
): Promise<ListResult<MonthlyCost>> {
  const i = billingInvoices;
  const w = monthlyCostWhere(p, q.search);
  const { limit, offset } = pageWindow(q);
  const page = await listPage(
    db
      .select()
      .from(i)
      .where(w)
      .orderBy(...listOrder(q.sort, { total_amount: i.totalAmount, tenant_name: i.tenantName }, i.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(i)
      .where(w)
      .then((r) => r[0]?.n ?? 0),
  );
  return { total: page.total, items: page.items.map(toMonthlyCost) };
}

export async function monthlyCostCsv(db: Db, p: { year: number; month: number }): Promise<string> {
  const i = billingInvoices;
  const rows = await db.select().from(i).where(monthlyCostWhere(p)).orderBy(desc(i.totalAmount), asc(i.id));
  const lines = [
    csvLine(['tenant_id', 'tenant_name', 'invoice_id', 'status', 'usage', 'discount', 'support', 'tax', 'total']),
    ...rows
      .map(toMonthlyCost)
      .map((c) =>
        csvLine([
          c.tenant_id,
          c.tenant_name,
          c.invoice_id,
          c.status,
          csvAmount(c.usage_amount),
          csvAmount(c.discount_amount),
          csvAmount(c.support_amount),
          csvAmount(c.tax_amount),
          csvAmount(c.total_amount),
        ]),
      ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** `bills_details`: the month's rated usage lines. */
export async function billDetails(
  db: Db,
  p: { year: number; month: number },
  q: z.output<typeof billDetailsQuery>,
): Promise<ListResult<UsageLine>> {
  const u = billingUsage;
  const c: SQL[] = [eq(u.month, `${monthKey(p.year, p.month)}-01`)];
  if (q.tenant_id) c.push(eq(u.tenantId, q.tenant_id));
  if (q.project_id) c.push(eq(u.projectId, q.project_id));
  if (q.filter_id) c.push(eq(u.filterId, q.filter_id));
  const w = and(...c);
  const { limit, offset } = pageWindow(q);
  const page = await listPage(
    db
      .select()
      .from(u)
      .where(w)
      .orderBy(...listOrder(q.sort, { amount: u.amount, tenant_id: u.tenantId }, u.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(u)
      .where(w)
      .then((r) => r[0]?.n ?? 0),
  );
  return {
    total: page.total,
    items: page.items.map((r) => ({
      id: String(r.id),
      tenant_id: r.tenantId,
      project_id: r.projectId,
      cluster_id: r.clusterId,
      month: r.month.slice(0, 7),
      unit: r.unit,
      filter_id: r.filterId,
      provider: r.provider,
      quantity: r.quantity,
      price_cents: r.priceCents,
      price_per: r.pricePer,
      amount: r.amount,
    })),
  };
}

// ---- cost explorer --------------------------------------------------------------------------------------------------

const MAX_MONTHS = 24;
const MAX_SERIES = 20;

function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y * 12 + m <= ty * 12 + tm && out.length <= MAX_MONTHS) {
    out.push(monthKey(y, m));
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * `costexplorer/trends`: rated usage (at list prices, before discounts) per month and group, from the usage invoices'
 * breakdowns (so it spans every invoiced month, also those whose usage lines are archived): the 20 largest groups,
 * the rest as "others". Grouped by project it cannot narrow by provider or billing item (the project breakdown is per
 * project only): those filters then do not apply.
 */
export async function costTrends(db: Db, b: z.output<typeof costTrendsBody>): Promise<CostTrends> {
  const months = monthsBetween(b.from, b.to);
  if (!months.length || months.length > MAX_MONTHS) {
    const message = `from must not be after to, and at most ${MAX_MONTHS} months`;
    throw new AppError('request.invalid', message, [{ field: 'body.to', message }]);
  }
  const i = billingInvoices;
  const start = monthBounds(months[0]!).start.toISOString();
  const end = monthBounds(months.at(-1)!).end.toISOString();
  const month = sql`to_char(${i.periodStart} AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const scope = sql`${i.kind} = 'usage'
    AND ${i.periodStart} >= ${start}::timestamptz AND ${i.periodStart} < ${end}::timestamptz
    ${b.tenant_id ? sql`AND ${i.tenantId} = ${b.tenant_id}` : sql``}`;
  const itemFilter = sql`${
    b.providers?.length
      ? sql`AND e->>'provider' IN (${sql.join(
          b.providers.map((p) => sql`${p}`),
          sql`, `,
        )})`
      : sql``
  } ${
    b.filter_ids?.length
      ? sql`AND e->>'filter_id' IN (${sql.join(
          b.filter_ids.map((f) => sql`${f}`),
          sql`, `,
        )})`
      : sql``
  }`;
  const query =
    b.group_by === 'project'
      ? sql`SELECT ${month} AS month, e->>'project_id' AS key, sum((e->>'amount')::bigint)::bigint AS amount
          FROM ${i}, jsonb_array_elements(${i.projectCosts}) e WHERE ${scope} GROUP BY 1, 2`
      : sql`SELECT ${month} AS month, ${
          b.group_by === 'category'
            ? sql`e->>'filter_id'`
            : b.group_by === 'provider'
              ? sql`e->>'provider'`
              : i.tenantId
        } AS key, sum((e->>'amount')::bigint)::bigint AS amount
          FROM ${i}, jsonb_array_elements(${i.categoryUnitCosts}) e WHERE ${scope} ${itemFilter} GROUP BY 1, 2`;
  const rows = ((await db.execute(query)) as unknown as { rows: { month: string; key: string; amount: unknown }[] })
    .rows;
  const index = new Map(months.map((m, k) => [m, k]));
  const groups = new Map<string, number[]>();
  for (const r of rows) {
    const at = index.get(r.month);
    if (at === undefined) continue;
    const series = groups.get(r.key) ?? months.map(() => 0);
    series[at]! += asNumber(r.amount);
    groups.set(r.key, series);
  }
  const ranked = [...groups.entries()]
    .map(([k, amounts]) => ({ key: k, amounts, total: amounts.reduce((s, a) => s + a, 0) }))
    .sort((x, y) => y.total - x.total || x.key.localeCompare(y.key));
  const top = ranked.slice(0, MAX_SERIES);
  const rest = ranked.slice(MAX_SERIES);
  const names =
    b.group_by === 'tenant'
      ? await tenantNames(
          db,
          top.map((s) => s.key),
        )
      : b.group_by === 'project'
        ? await projectNames(
            db,
            top.map((s) => s.key),
          )
        : undefined;
  const series = top.map((s) => ({
    ...s,
    name:
      b.group_by === 'category' ? filterName(s.key) : b.group_by === 'provider' ? s.key : (names?.get(s.key) ?? s.key),
  }));
  if (rest.length) {
    const amounts = months.map((_, k) => rest.reduce((sum2, s) => sum2 + s.amounts[k]!, 0));
    series.push({ key: 'others', name: `Others (${rest.length})`, amounts, total: amounts.reduce((s, a) => s + a, 0) });
  }
  return {
    months,
    series,
    totals: months.map((_, k) => series.reduce((s, x) => s + x.amounts[k]!, 0)),
  };
}

export async function costTrendsCsv(db: Db, b: z.output<typeof costTrendsBody>): Promise<string> {
  const t = await costTrends(db, b);
  const lines = [
    csvLine([b.group_by, 'name', ...t.months, 'total']),
    ...t.series.map((s) => csvLine([s.key, s.name, ...s.amounts.map(csvAmount), csvAmount(s.total)])),
    csvLine(['TOTAL', '', ...t.totals.map(csvAmount), csvAmount(t.totals.reduce((s, a) => s + a, 0))]),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** `costexplorer/args`: the invoiced months (newest first), the groupings, providers and categories. */
export async function costArgs(db: Db) {
  const i = billingInvoices;
  const month = sql<string>`to_char(${i.periodStart} AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const rows = await db.selectDistinct({ month }).from(i).where(eq(i.kind, 'usage')).orderBy(desc(month));
  return {
    months: rows.map((r) => r.month),
    group_by: [...COST_GROUP_BY],
    providers: [...CLOUD_PROVIDERS],
    categories: [...LEAF_FILTERS.values()].map((f) => ({ filter_id: f.filter_id, name: f.name })),
  };
}
