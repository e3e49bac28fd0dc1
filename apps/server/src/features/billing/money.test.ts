import { describe, expect, it } from 'vitest';
import { rateUsage, toPpm } from '@portal/contract';
import { prng } from '../../seed/catalogue.js';
import { UNITS } from './catalogue.js';
import {
  applyCredits,
  rateInvoice,
  supportCharge,
  type DiscountRule,
  type PlanTerms,
  type RatedLine,
} from './money.js';

/*
 * The money model, exactly: thousands of rated lines summed to the cent against an independent integer computation,
 * the rounding rule (half away from zero, once per amount), discount proration, support tiers, tax and credits.
 */

const OCT = { periodStart: new Date('2026-10-01T00:00:00Z'), periodEnd: new Date('2026-11-01T00:00:00Z') };

/** Exact reference: a/b rounded half up for non-negative integers, in BigInt. */
const ref = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

function lines(n: number, seed = 7): RatedLine[] {
  const r = prng(seed);
  return Array.from({ length: n }, (_, i) => {
    const u = UNITS[r.int(0, UNITS.length - 1)]!;
    // Quantities up to ~100 000 vCPU-hours; sub-cent unit prices (cents per 100 units) round on every line.
    const quantity = r.int(1, 100_000);
    return {
      project_id: `p${i % 37}`,
      filter_id: u.filter_id,
      provider: u.provider,
      unit: u.unit,
      measure_unit: u.measure_unit,
      quantity,
      price_cents: u.price_cents,
      price_per: u.price_per,
      amount: rateUsage(quantity, u.price_cents, u.price_per),
    };
  });
}

describe('rating thousands of lines', () => {
  it('sums 20 000 lines to the cent, each rounded once (half away from zero)', () => {
    const ls = lines(20_000);
    let expected = 0n;
    for (const l of ls) expected += ref(BigInt(l.quantity) * BigInt(l.price_cents), BigInt(l.price_per));
    const r = rateInvoice({ ...OCT, lines: ls, discounts: [], plan: null, taxPpm: toPpm(0.09) });
    expect(BigInt(r.usage)).toBe(expected);
    expect(r.categories.reduce((s, c) => s + c.lines, 0)).toBe(20_000);
    expect(r.categories.reduce((s, c) => s + c.amount, 0)).toBe(r.usage);
    expect(r.projects.reduce((s, p) => s + p.amount, 0)).toBe(r.usage);
    expect(BigInt(r.tax)).toBe(ref(expected * 90_000n, 1_000_000n));
    expect(r.total).toBe(r.usage + r.tax);
    // Dollars as floating point drift away from the exact cents over this many additions.
    const floatDollars = ls.reduce((s, l) => s + (l.quantity * l.price_cents) / l.price_per / 100, 0);
    expect(Math.round(floatDollars * 100)).not.toBe(r.usage);
  });

  it('rounds a half cent up on a line, never twice', () => {
    expect(rateUsage(1, 50, 100)).toBe(1); // 0.5
    expect(rateUsage(1, 49, 100)).toBe(0); // 0.49
    expect(rateUsage(3, 1250, 100)).toBe(38); // 37.5
  });
});

const rule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  sid: '1',
  kind: 'discount',
  description: 'x',
  discount: 0.8,
  multiplierPpm: 800_000,
  provider: 'all',
  filterIds: new Set(['dedicated.compute.tidb']),
  start: new Date('2026-01-01T00:00:00Z'),
  end: new Date('2027-12-31T23:59:59Z'),
  ...over,
});
const tidb = (amount: number, provider = 'AWS'): RatedLine => ({
  project_id: 'p1',
  filter_id: 'dedicated.compute.tidb',
  provider,
  unit: `${provider.toLowerCase()}.dedicated.compute.tidb`,
  measure_unit: 'vcpu_hour',
  quantity: 1,
  price_cents: amount,
  price_per: 1,
  amount,
});

describe('discounts', () => {
  it('takes the percent off the unit’s amount, the best discount winning (no stacking)', () => {
    const r = rateInvoice({
      ...OCT,
      lines: [tidb(100_001)],
      discounts: [rule(), rule({ sid: '2', discount: 0.85, multiplierPpm: 850_000 })],
      plan: null,
      taxPpm: 0,
    });
    expect(r.discount).toBe(20_000); // 20 000.2
    expect(r.discounts).toEqual([expect.objectContaining({ discount_sid: '1', amount: 20_000 })]);
  });

  it('prorates by the part of the month it covers, and respects its provider and items', () => {
    // From Oct 16 00:00 to the end of the month: 16 of 31 days.
    const half = rule({ start: new Date('2026-10-16T00:00:00Z') });
    const r = rateInvoice({ ...OCT, lines: [tidb(31_000)], discounts: [half], plan: null, taxPpm: 0 });
    expect(r.discount).toBe(3_200); // 31 000 × 0.2 × 16/31
    const gcpOnly = rateInvoice({
      ...OCT,
      lines: [tidb(10_000)],
      discounts: [rule({ provider: 'GCP' })],
      plan: null,
      taxPpm: 0,
    });
    expect(gcpOnly.discount).toBe(0);
    const ended = rateInvoice({
      ...OCT,
      lines: [tidb(10_000)],
      discounts: [rule({ end: new Date('2026-09-30T23:59:59Z') })],
      plan: null,
      taxPpm: 0,
    });
    expect(ended.discount).toBe(0);
  });
});

describe('support plans', () => {
  const plan = (over: Partial<PlanTerms>): PlanTerms => ({
    binded_support_plan_id: '1',
    level: 'enterprise',
    type: 'fixed_price',
    fixedChargePrice: 0,
    percentagePpm: null,
    tiers: [],
    ...over,
  });
  it('charges fixed, a percentage with its minimum, or by tiers of (usage − discounts)', () => {
    expect(supportCharge(plan({ fixedChargePrice: 2_900 }), 1_000_000)).toBe(2_900);
    const pct = plan({ type: 'percentage_price', fixedChargePrice: 100_000, percentagePpm: 100_000 });
    expect(supportCharge(pct, 500_000)).toBe(100_000);
    expect(supportCharge(pct, 5_000_005)).toBe(500_001); // 500 000.5
    const tiered = plan({
      type: 'tiered_price',
      fixedChargePrice: 0,
      tiers: [
        { lower: 0, upper: 1_000, ppm: 100_000 },
        { lower: 1_000, upper: 5_000, ppm: 50_000 },
        { lower: 5_000, upper: null, ppm: 10_000 },
      ],
    });
    expect(supportCharge(tiered, 500)).toBe(50);
    expect(supportCharge(tiered, 7_000)).toBe(100 + 200 + 20);
    expect(supportCharge(null, 7_000)).toBe(0);
  });

  it('puts it on the invoice after discounts, before tax', () => {
    const r = rateInvoice({
      ...OCT,
      lines: [tidb(1_000_000)],
      discounts: [rule()],
      plan: plan({ type: 'percentage_price', percentagePpm: 100_000 }),
      taxPpm: toPpm(0.1),
    });
    expect(r).toMatchObject({ usage: 1_000_000, discount: 200_000, support: 80_000, tax: 88_000, total: 968_000 });
  });
});

describe('credits', () => {
  it('pay in order until the amount is covered', () => {
    expect(
      applyCredits(1_000, [
        { id: 1, balance: 300 },
        { id: 2, balance: 0 },
        { id: 3, balance: 5_000 },
        { id: 4, balance: 10 },
      ]),
    ).toEqual([
      { id: 1, amount: 300 },
      { id: 3, amount: 700 },
    ]);
  });
});
