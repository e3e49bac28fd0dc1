import { and, asc, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { RERATED_INVOICE_STATUSES, rateUsage, type CloudProvider } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { insertRows } from '../../platform/bulk.js';
import { defineObservation, type Observation } from '../../platform/observation.js';
import { clusterComponents, clusters } from '../orgs/index.js';
import { closeMonths, ensureUsageInvoice, rateStored } from './rating.js';
import { billingConfigs, billingInvoices, billingMetering, billingUsage } from './schema.js';
import { audit, monthOf, nextMonthStart, SYSTEM } from './shared.js';
import { loadUnitBook } from './units.js';

/*
 * Metering: the fleet's usage, observed from the clusters this platform runs, accrues into the running month's usage
 * lines (`source = 'meter'`, one per tenant, project, month and unit) and its draft invoice.
 *
 * A round meters the time from where the previous round stopped (`billing_metering.metered_through`) to now, with each
 * cluster's state at the round: running hours × vCPUs for compute, GiB × the share of the month for storage, and so
 * on (`clusterUsage`, the same model the demo seed's history is made with). A span that crosses month starts is cut
 * at them, each piece going to its month; usage of a month whose invoice is already confirmed or suspended is not
 * metered (the invoice is frozen), and is reported in the round's audit row. Quantities accrue exactly
 * (`exact_quantity`, numeric) and are rounded once per line, so hourly rounds add up to what one monthly round would
 * give; the amount is the rounded quantity × the unit's price, rounded once (contract `rateUsage`). The tenant months
 * touched get their usage invoice (created as a draft when missing) re-rated in the same transaction.
 *
 * Usage reported through the measures API (`source = 'measure'`) is kept apart and never rewritten by a round.
 * The month-close job meters an ended month up to its end before it closes the month's drafts (`meterThrough`).
 */

export const METER_JOB = 'billing.meter';
const HOUR = 3_600_000;

/** A cluster as metering sees it. */
export interface MeteredCluster {
  id: string;
  tenantId: string;
  projectId: string;
  type: string;
  status: string;
  provider: string;
  createdAt: Date;
  components: readonly { component: string; replicas: number; nodeSpec: string; storageGib: number }[];
}

/** An interval of a cluster's life inside one month. */
export interface MeterSpan {
  /** Hours the cluster ran in the interval (0 when paused or still being created). */
  hours: number;
  /** The interval's share of its month while the cluster existed (storage is billed per GiB-month). */
  share: number;
  /** Activity multiplier (1 for the meter; the demo seed's history varies it month to month). */
  load?: number;
}

const vcpus = (spec: string) => Number(/^(\d+)C/.exec(spec)?.[1] ?? 4);
const STOPPED = new Set(['USER_CLUSTER_STATUS_PAUSED', 'USER_CLUSTER_STATUS_CREATING']);
export const DELETED = 'USER_CLUSTER_STATUS_DELETED';
export const isRunning = (status: string): boolean => status !== DELETED && !STOPPED.has(status);

/**
 * A cluster's usage over a span, per billing item (unit filter id): the metering model. Dedicated clusters: vCPU-hours
 * of TiDB, TiKV, TiFlash and TiCDC nodes (PD and TiProxy come with the cluster), GiB-months of TiKV and TiFlash
 * storage, backup storage (0.45 of TiKV's), cross-AZ transfer (0.6 of TiKV's GiB) and internet egress (0.02 GiB per
 * TiDB vCPU-hour); serverless: request units and row storage; TiCDC clusters: 2 × 8 vCPU nodes; other kinds:
 * changefeed hours.
 */
export function clusterUsage(c: MeteredCluster, span: MeterSpan): { filterId: string; qty: number }[] {
  const load = span.load ?? 1;
  const hours = span.hours * load;
  const out = new Map<string, number>();
  const acc = (filterId: string, qty: number) => out.set(filterId, (out.get(filterId) ?? 0) + qty);
  const running = span.hours > 0;
  if (c.type === 'DEDICATED_TIDB') {
    let tikvGib = 0;
    let tidbVcpuHours = 0;
    for (const comp of c.components) {
      const kind = comp.component.toLowerCase();
      if (kind === 'pd' || kind === 'tiproxy') continue;
      if (running) {
        const q = comp.replicas * vcpus(comp.nodeSpec) * hours;
        acc(`dedicated.compute.${kind}`, q);
        if (kind === 'tidb') tidbVcpuHours += q;
      }
      if (comp.storageGib > 0 && (kind === 'tikv' || kind === 'tiflash')) {
        const gib = comp.replicas * comp.storageGib * span.share;
        acc(`dedicated.storage.${kind}`, gib);
        if (kind === 'tikv') tikvGib += gib;
      }
    }
    acc('dedicated.backup.storage', tikvGib * 0.45);
    if (running) {
      acc('dedicated.data_transfer.cross_az', tikvGib * 0.6 * load);
      acc('dedicated.data_transfer.internet', tidbVcpuHours * 0.02);
    }
  } else if (c.type === 'SHARED_POOL' || c.type === 'LOGICAL_CLUSTER') {
    if (running) acc('serverless.request_units', 400 * load * span.share * (1 + (Number(c.id.slice(-2)) % 7)));
    acc('serverless.row_storage', 30 * span.share * (1 + (Number(c.id.slice(-3)) % 11)));
  } else if (c.type === 'TICDC' || c.type === 'TICDC_NG') {
    if (running) acc('dedicated.compute.ticdc', 2 * 8 * hours);
  } else if (running) {
    acc('changefeed.replication', hours);
  }
  return [...out].filter(([, qty]) => qty > 0).map(([filterId, qty]) => ({ filterId, qty }));
}

/** The span of a cluster inside [from, to) of a month [monthStart, monthEnd); null when it did not exist then. */
export function spanOf(c: MeteredCluster, from: Date, to: Date, monthStart: Date, monthEnd: Date): MeterSpan | null {
  const start = Math.max(from.getTime(), c.createdAt.getTime());
  const existed = to.getTime() - start;
  if (c.status === DELETED || existed <= 0) return null;
  return {
    hours: isRunning(c.status) ? existed / HOUR : 0,
    share: existed / (monthEnd.getTime() - monthStart.getTime()),
  };
}

/** [from, to) cut at month starts: one piece per month. */
export function monthPieces(from: Date, to: Date): { month: string; from: Date; to: Date; start: Date; end: Date }[] {
  const out = [];
  let cursor = from;
  while (cursor.getTime() < to.getTime()) {
    const start = new Date(`${monthOf(cursor)}-01T00:00:00Z`);
    const end = nextMonthStart(cursor);
    const pieceEnd = new Date(Math.min(end.getTime(), to.getTime()));
    out.push({ month: monthOf(cursor), from: cursor, to: pieceEnd, start, end });
    cursor = pieceEnd;
  }
  return out;
}

// ---- reading --------------------------------------------------------------------------------------------------------

const METER_KEY = 'fleet';

/** Where the last round stopped (null: never metered — a round then starts at its own month's start). */
export async function meteredThrough(db: Db, lock = false): Promise<Date | null> {
  const q = db
    .select({ through: billingMetering.meteredThrough })
    .from(billingMetering)
    .where(eq(billingMetering.key, METER_KEY));
  const [row] = await (lock ? q.for('update') : q);
  return row?.through ?? null;
}

/** The clusters of the tenants billed in [start, end) (a billing config in force then), with their components. */
async function billedClusters(db: Db, start: Date, end: Date): Promise<MeteredCluster[]> {
  const c = billingConfigs;
  const billed = db
    .selectDistinct({ tenantId: c.tenantId })
    .from(c)
    .where(
      and(
        lt(c.effectiveDate, end.toISOString().slice(0, 10)),
        or(isNull(c.expiredDate), gte(c.expiredDate, start.toISOString().slice(0, 10))),
      ),
    );
  const rows = await db
    .select({
      id: clusters.id,
      tenantId: clusters.tenantId,
      projectId: clusters.projectId,
      type: clusters.clusterType,
      status: clusters.status,
      provider: clusters.provider,
      createdAt: clusters.createdAt,
    })
    .from(clusters)
    .where(and(inArray(clusters.tenantId, billed), ne(clusters.status, DELETED), lt(clusters.createdAt, end)))
    .orderBy(asc(clusters.id));
  if (!rows.length) return [];
  const comps = await db
    .select({
      clusterId: clusterComponents.clusterId,
      component: clusterComponents.component,
      replicas: clusterComponents.replicas,
      nodeSpec: clusterComponents.nodeSpec,
      storageGib: clusterComponents.storageGib,
    })
    .from(clusterComponents)
    .innerJoin(clusters, eq(clusters.id, clusterComponents.clusterId))
    .where(
      and(
        inArray(clusters.tenantId, billed),
        ne(clusters.status, DELETED),
        lt(clusters.createdAt, end),
        eq(clusters.clusterType, 'DEDICATED_TIDB'),
      ),
    );
  const byCluster = new Map<string, MeteredCluster['components'][number][]>();
  for (const { clusterId, ...comp } of comps) {
    const list = byCluster.get(clusterId);
    if (list) list.push(comp);
    else byCluster.set(clusterId, [comp]);
  }
  return rows.map((r) => ({ ...r, components: byCluster.get(r.id) ?? [] }));
}

// ---- a round --------------------------------------------------------------------------------------------------------

/** What a round observed: the span and, per month piece, the clusters to meter. */
export interface MeterObservation {
  /** Where the last round stopped, as read (a round recorded meanwhile makes this one stale). */
  through: Date | null;
  from: Date;
  to: Date;
  pieces: { month: string; from: Date; to: Date; start: Date; end: Date; clusters: MeteredCluster[] }[];
}

export interface MeterResult {
  from: string;
  to: string;
  /** Per month metered: tenants, usage lines written, amount added (cents), tenant months left out (frozen). */
  months: { month: string; tenants: number; lines: number; amount: number; frozen: string[] }[];
  /** Set when nothing was metered, and why. */
  skipped?: string;
}

/** Reads what a round meters up to `to` (from where the last round stopped); no transaction needed. */
export async function observeUsage(db: Db, to: Date): Promise<MeterObservation> {
  const through = await meteredThrough(db);
  const from = through ?? new Date(`${monthOf(to)}-01T00:00:00Z`);
  const pieces = [];
  for (const p of monthPieces(from, to)) pieces.push({ ...p, clusters: await billedClusters(db, p.start, p.end) });
  return { through, from, to, pieces };
}

/** Accrues an observation into the usage lines and re-rates the invoices concerned (one transaction). */
export async function recordUsage(tx: Db, o: MeterObservation): Promise<MeterResult> {
  const result: MeterResult = { from: o.from.toISOString(), to: o.to.toISOString(), months: [] };
  const locked = await meteredThrough(tx, true);
  if ((locked?.getTime() ?? null) !== (o.through?.getTime() ?? null))
    // Another process metered meanwhile (or a month close did): this round's span is stale.
    return { ...result, skipped: `metered through ${locked?.toISOString()} meanwhile` };
  if (!o.pieces.length) return { ...result, skipped: 'nothing to meter yet' };
  for (const piece of o.pieces) result.months.push(await accrue(tx, piece));
  await tx
    .insert(billingMetering)
    .values({ key: METER_KEY, meteredThrough: o.to, updatedAt: o.to })
    .onConflictDoUpdate({ target: billingMetering.key, set: { meteredThrough: o.to, updatedAt: o.to } });
  for (const m of result.months)
    await audit(tx, 'billing_usage', `meter:${m.month}`, SYSTEM, 'meter_usage', {
      from: result.from,
      to: result.to,
      ...m,
    });
  return result;
}

/** One month piece: adds its usage to the month's meter lines, then creates or re-rates the tenants' invoices. */
async function accrue(tx: Db, piece: MeterObservation['pieces'][number]): Promise<MeterResult['months'][number]> {
  const monthDay = `${piece.month}-01`;
  const i = billingInvoices;
  const frozenRows = await tx
    .select({ tenantId: i.tenantId })
    .from(i)
    .where(and(eq(i.kind, 'usage'), eq(i.periodStart, piece.start), inArray(i.status, ['confirmed', 'suspended'])));
  const frozen = new Set(frozenRows.map((r) => r.tenantId));
  const units = await loadUnitBook(tx);
  // The added quantity per line (tenant, project, unit).
  const added = new Map<string, { tenantId: string; projectId: string; unit: string; filterId: string; qty: number }>();
  for (const c of piece.clusters) {
    if (frozen.has(c.tenantId)) continue;
    const span = spanOf(c, piece.from, piece.to, piece.start, piece.end);
    if (!span) continue;
    for (const { filterId, qty } of clusterUsage(c, span)) {
      const unit = units.forUsage(c.provider as CloudProvider, filterId);
      if (!unit) continue; // a provider or item without a price: not billed
      const key = `${c.tenantId}|${c.projectId}|${unit.unit}`;
      const line = added.get(key) ?? {
        tenantId: c.tenantId,
        projectId: c.projectId,
        unit: unit.unit,
        filterId,
        qty: 0,
      };
      line.qty += qty;
      added.set(key, line);
    }
  }
  const u = billingUsage;
  const existing = await tx
    .select({
      tenantId: u.tenantId,
      projectId: u.projectId,
      unit: u.unit,
      exact: u.exactQuantity,
      amount: u.amount,
    })
    .from(u)
    .where(and(eq(u.month, monthDay), eq(u.source, 'meter')));
  const before = new Map(existing.map((r) => [`${r.tenantId}|${r.projectId}|${r.unit}`, r]));
  let amountAdded = 0;
  const rows = [...added].map(([key, l]) => {
    const unit = units.byKey(l.unit)!;
    const prior = before.get(key);
    const exact = Number(prior?.exact ?? 0) + l.qty;
    const quantity = Math.round(exact);
    const amount = rateUsage(quantity, unit.price_cents, unit.price_per);
    amountAdded += amount - (prior?.amount ?? 0);
    return {
      tenantId: l.tenantId,
      projectId: l.projectId,
      clusterId: null,
      month: monthDay,
      unit: l.unit,
      filterId: l.filterId,
      provider: unit.provider,
      quantity,
      exactQuantity: exact.toFixed(6),
      priceCents: unit.price_cents,
      pricePer: unit.price_per,
      amount,
      source: 'meter',
      createdAt: piece.to,
    };
  });
  await insertRows(tx, u, rows, {
    target: [u.tenantId, u.projectId, u.month, u.unit],
    targetWhere: sql`source = 'meter'`,
    update: [u.quantity, u.exactQuantity, u.priceCents, u.pricePer, u.amount, u.createdAt],
  });
  const tenantsTouched = [...new Set(rows.map((r) => r.tenantId))].sort();
  for (const tenantId of tenantsTouched) {
    const inv = await ensureUsageInvoice(tx, tenantId, piece.month, piece.to);
    if (inv && (RERATED_INVOICE_STATUSES as readonly string[]).includes(inv.status))
      await rateStored(tx, inv, piece.to);
  }
  return {
    month: piece.month,
    tenants: tenantsTouched.length,
    lines: rows.length,
    amount: amountAdded,
    frozen: [...frozen].filter((t) => piece.clusters.some((c) => c.tenantId === t)).sort(),
  };
}

/** Meters up to `to` in the caller's transaction (the month close: an ended month is metered to its end first). */
export async function meterThrough(tx: Db, to: Date): Promise<MeterResult | null> {
  const through = await meteredThrough(tx);
  if (!through || through.getTime() >= to.getTime()) return null;
  return recordUsage(tx, await observeUsage(tx, to));
}

/** The month-close job: meters the ended months to their end, then closes them (rating.ts `closeMonths`). */
export async function meterAndCloseMonths(tx: Db, at = new Date()): Promise<{ rerunAt: Date }> {
  await meterThrough(tx, new Date(`${monthOf(at)}-01T00:00:00Z`));
  return closeMonths(tx, at);
}

/** The metering observation: a round every BILLING_METER_PERIOD_MINUTES, the first a period after the start. */
export function meteringObservation(periodMinutes: number): Observation {
  return defineObservation({
    kind: METER_JOB,
    periodMs: periodMinutes * 60_000,
    firstRound: 'period',
    observe: ({ db, at }) => observeUsage(db, at),
    record: (tx, observed) => recordUsage(tx, observed),
    report: (r, { log }) => {
      if (r.skipped) log.info({ observation: METER_JOB, ...r }, `billing meter: ${r.skipped}`);
      else
        log.info(
          { observation: METER_JOB, from: r.from, to: r.to, months: r.months },
          `billing meter: ${r.months.map((m) => `${m.month} ${m.tenants} tenants, ${m.lines} lines`).join('; ')}`,
        );
    },
  });
}
