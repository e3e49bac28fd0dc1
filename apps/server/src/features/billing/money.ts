import { PPM, roundDiv, type CategoryUnitCost, type SupportLevel, type SupportType } from '@portal/contract';
import { filterName } from './catalogue.js';

/*
 * The invoice computation, pure and exact (contract BILLING_ROUNDING): integer cents, fractions as parts per million,
 * BigInt where a product could pass 2^53, each computed amount rounded once, half away from zero.
 *
 *   usage     = Σ rated usage lines (each quantity × unit price, rounded when rated)
 *   discounts = Σ per unit: its usage × the best applicable percent off × the part of the month the discount covers
 *   support   = the bound plan's charge on (usage − discounts), at least its minimum monthly cost
 *   tax       = (usage − discounts + support) × tax rate
 *   total     = usage − discounts + support + tax;   amount due = total − credits applied at confirmation
 */

export interface RatedLine {
  project_id: string | null;
  filter_id: string;
  provider: string;
  unit: string;
  measure_unit: string;
  quantity: number;
  price_cents: number;
  price_per: number;
  amount: number;
}

export interface DiscountRule {
  sid: string;
  kind: 'discount' | 'global';
  description: string;
  /** The price multiplier (0.85) as given, and in parts per million. */
  discount: number;
  multiplierPpm: number;
  /** 'all' or a provider. */
  provider: string;
  filterIds: ReadonlySet<string>;
  start: Date;
  /** The last instant covered (T23:59:59Z): inclusive. */
  end: Date;
}

export interface PlanTerms {
  binded_support_plan_id: string;
  level: SupportLevel;
  type: SupportType;
  fixedChargePrice: number;
  percentagePpm: number | null;
  tiers: { lower: number; upper: number | null; ppm: number }[];
}

export interface RateInput {
  periodStart: Date;
  periodEnd: Date;
  lines: readonly RatedLine[];
  discounts: readonly DiscountRule[];
  plan: PlanTerms | null;
  taxPpm: number;
  /** A commitment invoice: this amount instead of usage (no discounts, no support). */
  commitment?: { amount: number; description: string };
}

export interface RateResult {
  costPrice: number;
  usage: number;
  discount: number;
  support: number;
  tax: number;
  total: number;
  categories: CategoryUnitCost[];
  projects: { project_id: string; amount: number }[];
  discounts: {
    discount_sid: string;
    kind: 'discount' | 'global';
    description: string;
    discount: number;
    amount: number;
  }[];
  supportPlan: { binded_support_plan_id: string; level: SupportLevel; type: SupportType } | null;
}

const SECOND = 1000;

/** Seconds of [start, end] (end inclusive, to the second) inside [from, to). */
function coveredSeconds(start: Date, end: Date, from: Date, to: Date): bigint {
  const s = Math.max(start.getTime(), from.getTime());
  const e = Math.min(end.getTime() + SECOND, to.getTime());
  return e > s ? BigInt(Math.floor((e - s) / SECOND)) : 0n;
}

/** The support charge of a month on `base` cents (usage − discounts). */
export function supportCharge(plan: PlanTerms | null, base: number): number {
  if (!plan) return 0;
  if (plan.type === 'fixed_price') return plan.fixedChargePrice;
  let charge: number;
  if (plan.type === 'percentage_price') {
    charge = Number(roundDiv(BigInt(base) * BigInt(plan.percentagePpm ?? 0), BigInt(PPM)));
  } else {
    let sum = 0n;
    for (const t of plan.tiers) {
      if (base <= t.lower) continue;
      const top = t.upper === null ? base : Math.min(base, t.upper);
      sum += BigInt(top - t.lower) * BigInt(t.ppm);
    }
    charge = Number(roundDiv(sum, BigInt(PPM)));
  }
  return Math.max(plan.fixedChargePrice, charge);
}

export function rateInvoice(input: RateInput): RateResult {
  const { periodStart, periodEnd } = input;
  const monthSeconds = BigInt(Math.floor((periodEnd.getTime() - periodStart.getTime()) / SECOND));
  const byUnit = new Map<string, CategoryUnitCost>();
  const byProject = new Map<string, number>();
  if (input.commitment) {
    byUnit.set('commitment', {
      filter_id: 'commitment',
      category: input.commitment.description || 'Commitment plan',
      provider: '',
      unit: 'commitment',
      measure_unit: '',
      quantity: 1,
      price_cents: input.commitment.amount,
      price_per: 1,
      amount: input.commitment.amount,
      discount_amount: 0,
      net_amount: input.commitment.amount,
      lines: 1,
    });
  }
  for (const l of input.lines) {
    let c = byUnit.get(l.unit);
    if (!c) {
      c = {
        filter_id: l.filter_id,
        category: filterName(l.filter_id),
        provider: l.provider,
        unit: l.unit,
        measure_unit: l.measure_unit,
        quantity: 0,
        price_cents: l.price_cents,
        price_per: l.price_per,
        amount: 0,
        discount_amount: 0,
        net_amount: 0,
        lines: 0,
      };
      byUnit.set(l.unit, c);
    }
    c.quantity += l.quantity;
    c.amount += l.amount;
    c.lines += 1;
    if (l.project_id) byProject.set(l.project_id, (byProject.get(l.project_id) ?? 0) + l.amount);
  }

  const applied = new Map<string, RateResult['discounts'][number]>();
  const categories = [...byUnit.values()].sort(
    (a, b) => a.filter_id.localeCompare(b.filter_id) || a.unit.localeCompare(b.unit),
  );
  for (const c of categories) {
    if (input.commitment) continue;
    let best: { rule: DiscountRule; off: number } | undefined;
    for (const rule of input.discounts) {
      if (!rule.filterIds.has(c.filter_id)) continue;
      if (rule.provider !== 'all' && rule.provider !== c.provider) continue;
      const covered = coveredSeconds(rule.start, rule.end, periodStart, periodEnd);
      if (covered === 0n || monthSeconds === 0n) continue;
      const offPpm = BigInt(PPM - rule.multiplierPpm);
      const off = Number(roundDiv(BigInt(c.amount) * offPpm * covered, BigInt(PPM) * monthSeconds));
      // The largest saving wins (discounts do not stack); ties go to the earlier rule.
      if (!best || off > best.off) best = { rule, off };
    }
    c.discount_amount = best?.off ?? 0;
    c.net_amount = c.amount - c.discount_amount;
    if (best && best.off > 0) {
      const a = applied.get(best.rule.sid) ?? {
        discount_sid: best.rule.sid,
        kind: best.rule.kind,
        description: best.rule.description,
        discount: best.rule.discount,
        amount: 0,
      };
      a.amount += best.off;
      applied.set(best.rule.sid, a);
    }
  }
  const usage = categories.reduce((s, c) => s + c.amount, 0);
  const discount = categories.reduce((s, c) => s + c.discount_amount, 0);
  const support = input.commitment ? 0 : supportCharge(input.plan, usage - discount);
  const subtotal = usage - discount + support;
  const tax = Number(roundDiv(BigInt(subtotal) * BigInt(input.taxPpm), BigInt(PPM)));
  return {
    costPrice: usage,
    usage,
    discount,
    support,
    tax,
    total: subtotal + tax,
    categories,
    projects: [...byProject.entries()]
      .map(([project_id, amount]) => ({ project_id, amount }))
      .sort((a, b) => b.amount - a.amount || a.project_id.localeCompare(b.project_id)),
    discounts: [...applied.values()],
    supportPlan:
      input.plan && !input.commitment
        ? { binded_support_plan_id: input.plan.binded_support_plan_id, level: input.plan.level, type: input.plan.type }
        : null,
  };
}

/** Credits applied to `due` cents, in the order given (soonest expiry first): what each pays. */
export function applyCredits(due: number, credits: readonly { id: number; balance: number }[]) {
  const out: { id: number; amount: number }[] = [];
  let left = due;
  for (const c of credits) {
    if (left <= 0) break;
    const amount = Math.min(left, c.balance);
    if (amount <= 0) continue;
    out.push({ id: c.id, amount });
    left -= amount;
  }
  return out;
}
