import {
  AIOPS_DETECT_INTERVAL_MINUTES,
  AIOPS_EVAL_STEP_SECONDS,
  AIOPS_RULES,
  aiopsRuleSelector,
  type AiopsRule,
} from '@portal/contract';
import { anomalyWindowsBetween, type MetricsSource } from '../metrics/index.js';
import { evaluateRule, lookbackMinutes, worse, type Finding, type Sample } from './evaluate.js';

/*
 * What the detector would have found had it run every AIOPS_DETECT_INTERVAL_MINUTES over a past span: the demo seed's
 * issues (so they match the embedded model's anomaly windows exactly) and the tests that check them. Only the
 * clusters and metrics of the model's anomalies are read (one narrow range query each), and only the ticks near their
 * windows are evaluated: fast enough for the seed.
 */

const TICK = AIOPS_DETECT_INTERVAL_MINUTES * 60_000;
const STEP = AIOPS_EVAL_STEP_SECONDS * 1000;

/** One stretch of consecutive detector runs that found the rule firing for the cluster: one issue. */
export interface Episode {
  rule: AiopsRule;
  clusterId: string;
  tenantId: string;
  /** Epoch ms of the first and last run that found it. */
  firstSeen: number;
  lastSeen: number;
  occurrences: number;
  peak: number;
  /** The last run's finding. */
  last: Finding;
}

/**
 * The episodes of every rule over the anomaly clusters of the embedded model, with detector runs at every TICK of the
 * epoch-aligned grid in [from, to]: oldest first (by first sighting, then rule).
 */
export async function detectionHistory(source: MetricsSource, from: number, to: number): Promise<Episode[]> {
  const first = Math.ceil(from / TICK) * TICK;
  const last = Math.floor(to / TICK) * TICK;
  const windows = anomalyWindowsBetween(first - 24 * 3_600_000, last + 1);
  const clusters = [...new Set(windows.map((w) => w.anomaly.clusterId))].sort();
  const episodes: Episode[] = [];
  for (const clusterId of clusters) {
    const metrics = new Set(windows.filter((w) => w.anomaly.clusterId === clusterId).map((w) => w.anomaly.metric));
    for (const rule of AIOPS_RULES as readonly AiopsRule[]) {
      if (!metrics.has(rule.metric)) continue;
      const lookback = lookbackMinutes(rule) * 60_000;
      const near = windows.filter((w) => w.anomaly.clusterId === clusterId && w.anomaly.metric === rule.metric);
      // Runs that may see a window: from its start to its end plus the rule's window (and the baseline's reach).
      const ticks = new Set<number>();
      for (const w of near)
        for (
          let t = Math.max(first, Math.ceil(w.start / TICK) * TICK);
          t <= Math.min(last, w.end + lookback);
          t += TICK
        )
          ticks.add(t);
      if (!ticks.size) continue;
      const sorted = [...ticks].sort((a, b) => a - b);
      const start = Math.floor((sorted[0]! - lookback) / STEP) * STEP;
      const r = await source.rangeQuery(
        `${rule.aggregate} by (cluster_id, tenant_id) (${aiopsRuleSelector(rule, clusterId)})`,
        { start: new Date(start), end: new Date(sorted.at(-1)!), stepSeconds: AIOPS_EVAL_STEP_SECONDS },
      );
      const series = r.series[0];
      if (!series) continue;
      const at = (i: number): Sample | null => {
        const v = series.values[i];
        return v === null || v === undefined ? null : [r.timestamps[i]!, v];
      };
      let open: Episode | undefined;
      for (const t of sorted) {
        // The samples a run at t reads: the grid is regular, so they are found by index.
        const lo = Math.max(0, Math.ceil((t - lookback - start) / STEP));
        const hi = Math.floor((t - start) / STEP);
        const samples: Sample[] = [];
        for (let i = lo; i <= hi; i++) {
          const sample = at(i);
          if (sample) samples.push(sample);
        }
        const finding = evaluateRule(rule, samples, t, STEP);
        if (finding && open && t - open.lastSeen <= TICK) {
          open.lastSeen = t;
          open.occurrences++;
          if (worse(rule, open.peak, finding.value)) open.peak = finding.value;
          open.last = finding;
        } else if (finding) {
          open = {
            rule,
            clusterId,
            tenantId: series.labels.tenant_id ?? '',
            firstSeen: t,
            lastSeen: t,
            occurrences: 1,
            peak: finding.value,
            last: finding,
          };
          episodes.push(open);
        }
      }
    }
  }
  return episodes.sort((a, b) => a.firstSeen - b.firstSeen || a.rule.key.localeCompare(b.rule.key));
}
