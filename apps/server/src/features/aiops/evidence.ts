import {
  AIOPS_EVIDENCE_AFTER_MINUTES,
  AIOPS_EVIDENCE_BEFORE_MINUTES,
  AIOPS_EVIDENCE_MAX_DAYS,
  aiopsEvidenceQuery,
  aiopsIssueKey,
  aiopsPlaygroundPath,
  aiopsRule,
  autoMetricStep,
  metricInfo,
  type AiopsEvidence,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import type { MetricsSource } from '../metrics/index.js';
import * as repo from './repo.js';
import { mustFindIssue } from './service.js';

const MINUTE = 60_000;

/** The range the evidence shows: before the first sighting to after the last (not past now), on its step's grid. */
export function evidenceRange(firstSeen: number, lastSeen: number, now: number) {
  const wantedEnd = Math.min(now, lastSeen + AIOPS_EVIDENCE_AFTER_MINUTES * MINUTE);
  const wantedStart = Math.max(
    firstSeen - AIOPS_EVIDENCE_BEFORE_MINUTES * MINUTE,
    wantedEnd - AIOPS_EVIDENCE_MAX_DAYS * 24 * 60 * MINUTE,
  );
  // The playground's automatic step for that range (≥ 1 min, at most ~300 points): the link reproduces the chart.
  const step = autoMetricStep(Math.max(300, (wantedEnd - wantedStart) / 1000));
  const stepMs = step * 1000;
  const end = Math.floor(wantedEnd / stepMs) * stepMs;
  const start = end - Math.ceil((end - wantedStart) / stepMs) * stepMs;
  return { start, end, step };
}

/**
 * The evidence chart of an issue: its rule's series for its cluster (aiopsEvidenceQuery, the playground's PromQL
 * subset) around the issue, read from the metrics adapter, with the rule's threshold and the playground link.
 */
export async function issueEvidence(
  db: Db,
  source: MetricsSource,
  key: string,
  now = Date.now(),
): Promise<AiopsEvidence> {
  const row = await mustFindIssue(db, key);
  const rule = aiopsRule(row.rule);
  const query = rule
    ? aiopsEvidenceQuery(rule, row.clusterId)
    : `max by (cluster_id) (${row.metric}{cluster_id="${row.clusterId}"})`;
  const { start, end, step } = evidenceRange(row.firstSeen.getTime(), row.lastSeen.getTime(), now);
  const [r, refs] = await Promise.all([
    source.rangeQuery(query, { start: new Date(start), end: new Date(end), stepSeconds: step }),
    repo.clusterRefs(db, [row.clusterId]),
  ]);
  const name = refs.get(row.clusterId)?.name ?? row.clusterId;
  const c = rule?.condition;
  return {
    issue_key: aiopsIssueKey(row.number),
    metric: row.metric,
    unit: metricInfo(row.metric)?.unit ?? '',
    query,
    playground_path: aiopsPlaygroundPath(query, (end - start) / 1000, new Date(end).toISOString(), step),
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    step_seconds: step,
    x: r.timestamps,
    series: r.series.map((s) => ({
      name: s.labels.cluster_id === row.clusterId ? name : JSON.stringify(s.labels),
      values: s.values,
    })),
    threshold: c && c.kind !== 'deviation' ? c.threshold : null,
  };
}
