import type { MetricExpr, MetricGrouping, MetricSeries } from '@portal/contract';

/*
 * Aggregations and rankings over aligned series (one value per point, null where a series has none), with PromQL's
 * meaning: an aggregation combines, per point, the values present in each group (no value at all → none); topk and
 * bottomk pick, per point and group, the k largest (smallest) values, so over a range more than k series may show,
 * each with values only where it was picked.
 */

/** The labels a grouping keeps of a series. */
function groupLabels(labels: Record<string, string>, g: MetricGrouping | null): Record<string, string> {
  if (!g) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(labels)) {
    if ((g.mode === 'by') === g.labels.includes(k)) out[k] = v;
  }
  return out;
}
const keyOf = (labels: Record<string, string>) =>
  JSON.stringify(
    Object.keys(labels)
      .sort()
      .map((k) => [k, labels[k]]),
  );

function groups(series: readonly MetricSeries[], g: MetricGrouping | null) {
  const out = new Map<string, { labels: Record<string, string>; members: MetricSeries[] }>();
  for (const s of series) {
    const labels = groupLabels(s.labels, g);
    const key = keyOf(labels);
    const group = out.get(key) ?? { labels, members: [] };
    group.members.push(s);
    out.set(key, group);
  }
  return [...out.values()];
}

/** Applies the aggregation or ranking at the top of `expr` to the series of its inner expression. */
export function applyOperator(
  expr: Exclude<MetricExpr, { kind: 'selector' }>,
  inner: readonly MetricSeries[],
  points: number,
): MetricSeries[] {
  if (expr.kind === 'aggregate') {
    return groups(inner, expr.grouping).map(({ labels, members }) => {
      const values: (number | null)[] = new Array(points);
      for (let i = 0; i < points; i++) {
        let n = 0;
        let acc = 0;
        for (const m of members) {
          const v = m.values[i];
          if (v === null || v === undefined) continue;
          if (n === 0) acc = expr.op === 'count' ? 1 : v;
          else if (expr.op === 'sum' || expr.op === 'avg') acc += v;
          else if (expr.op === 'max') acc = Math.max(acc, v);
          else if (expr.op === 'min') acc = Math.min(acc, v);
          else acc += 1;
          n++;
        }
        values[i] = n === 0 ? null : expr.op === 'avg' ? acc / n : acc;
      }
      return { labels, values: values.map(tidy) };
    });
  }
  // topk / bottomk: per point and group, the k largest / smallest present values.
  const picked = new Map<MetricSeries, (number | null)[]>();
  const better = expr.op === 'topk' ? (a: number, b: number) => b - a : (a: number, b: number) => a - b;
  for (const { members } of groups(inner, expr.grouping)) {
    for (let i = 0; i < points; i++) {
      const present = members.filter((m) => m.values[i] !== null && m.values[i] !== undefined);
      present.sort((a, b) => better(a.values[i]!, b.values[i]!) || keyOf(a.labels).localeCompare(keyOf(b.labels)));
      for (const m of present.slice(0, expr.k)) {
        const values = picked.get(m) ?? new Array<number | null>(points).fill(null);
        values[i] = m.values[i]!;
        picked.set(m, values);
      }
    }
  }
  return inner.filter((s) => picked.has(s)).map((s) => ({ labels: s.labels, values: picked.get(s)! }));
}

/** Sums of rounded values carry float dust (0.1 + 0.2): keep 6 significant decimals. */
const tidy = (v: number | null) => (v === null ? null : Math.round(v * 1e6) / 1e6);

const lastValue = (s: MetricSeries): number | null => s.values.at(-1) ?? null;

/**
 * Orders an answer's series so it is stable: a ranking by the value at the last point (largest first for topk,
 * smallest first for bottomk, those not ranked there after them; a dashboard's instant topk reads top down), anything
 * else by labels.
 */
export function orderSeries(expr: MetricExpr, series: MetricSeries[]): MetricSeries[] {
  const byLabels = (a: MetricSeries, b: MetricSeries) => keyOf(a.labels).localeCompare(keyOf(b.labels));
  if (expr.kind !== 'ranking') return series.sort(byLabels);
  const sign = expr.op === 'topk' ? -1 : 1;
  return series.sort((a, b) => {
    const x = lastValue(a);
    const y = lastValue(b);
    if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0) || byLabels(a, b);
    return sign * (x - y) || byLabels(a, b);
  });
}
