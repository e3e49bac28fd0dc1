import type { AiopsRule } from '@portal/contract';

/** One sample: epoch milliseconds and value. */
export type Sample = readonly [number, number];

/** What a rule found for one cluster at one evaluation. */
export interface Finding {
  /** The window's mean. */
  value: number;
  /** The threshold (above/below), or the baseline: its highest (up) or lowest (down) sample (deviation). */
  reference: number;
  /** How far from normal, in the rule's terms (larger is worse): the margin past the threshold, or the ratio. */
  score: number;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** How many minutes of data before `at` a rule reads: its window, plus the baseline of a deviation rule. */
export function lookbackMinutes(rule: AiopsRule): number {
  const c = rule.condition;
  return rule.window_minutes + (c.kind === 'deviation' ? c.baseline_offset_minutes + c.baseline_minutes : 0);
}

/**
 * Evaluates a rule over one cluster's series at `at` (contract AiopsCondition): the window is (at − window, at]; the
 * baseline of a deviation rule is (end − baseline, end] where end = at − window − offset (its highest or lowest
 * sample counts). A window without samples never fires, nor does a deviation rule with less than half of its
 * baseline's samples (a cluster too new to have a usual level). Returns the finding when the rule fires, else null.
 */
export function evaluateRule(rule: AiopsRule, samples: readonly Sample[], at: number, stepMs: number): Finding | null {
  const windowStart = at - rule.window_minutes * 60_000;
  const inWindow = samples.filter(([t]) => t > windowStart && t <= at).map(([, v]) => v);
  if (!inWindow.length) return null;
  const value = mean(inWindow);
  const c = rule.condition;
  if (c.kind === 'above')
    return value > c.threshold ? { value, reference: c.threshold, score: value - c.threshold } : null;
  if (c.kind === 'below')
    return value < c.threshold ? { value, reference: c.threshold, score: c.threshold - value } : null;
  const baseEnd = windowStart - c.baseline_offset_minutes * 60_000;
  const baseStart = baseEnd - c.baseline_minutes * 60_000;
  const base = samples.filter(([t]) => t > baseStart && t <= baseEnd).map(([, v]) => v);
  if (base.length < (c.baseline_minutes * 60_000) / stepMs / 2) return null;
  const m = c.direction === 'up' ? Math.max(...base) : Math.min(...base);
  if (c.direction === 'up') {
    const floor = Math.max(m, c.min_baseline);
    return value > c.factor * floor ? { value, reference: m, score: value / floor } : null;
  }
  if (m < c.min_baseline) return null;
  return value < c.factor * m ? { value, reference: m, score: m / Math.max(value, Number.EPSILON) } : null;
}

/** Whether `next` is worse than the `peak` so far, for the rule: higher, or for a below rule or a drop, lower. */
export function worse(rule: AiopsRule, peak: number, next: number): boolean {
  const c = rule.condition;
  return c.kind === 'below' || (c.kind === 'deviation' && c.direction === 'down') ? next < peak : next > peak;
}

/** A number as a person reads it: 4 significant digits. */
export const fmt = (n: number): string => String(Number(n.toPrecision(4)));

/** The summary line: what the detector saw. */
export function findingSummary(rule: AiopsRule, f: Finding): string {
  const c = rule.condition;
  const w = `${rule.window_minutes} min`;
  if (c.kind === 'above') return `mean ${fmt(f.value)} over ${w}, above the threshold ${fmt(c.threshold)}`;
  if (c.kind === 'below') return `mean ${fmt(f.value)} over ${w}, below the threshold ${fmt(c.threshold)}`;
  const times = c.direction === 'up' ? f.value / Math.max(f.reference, c.min_baseline) : f.value / f.reference;
  return (
    `mean ${fmt(f.value)} over ${w}, ${fmt(times)}× the baseline ${fmt(f.reference)} ` +
    `(the ${c.direction === 'up' ? 'highest' : 'lowest'} of the ${c.baseline_minutes} min ending ` +
    `${c.baseline_offset_minutes} min earlier)`
  );
}
