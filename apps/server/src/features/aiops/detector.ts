import {
  AIOPS_DETECT_INTERVAL_MINUTES,
  AIOPS_EVAL_STEP_SECONDS,
  AIOPS_RULES,
  AIOPS_SEVERITY_LABELS,
  aiopsIssueKey,
  aiopsRuleSelector,
  METRICS_MAX_SAMPLES,
  METRICS_MAX_SERIES,
  type AiopsRule,
} from '@portal/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { publishEvent } from '../../platform/events.js';
import { defineObservation } from '../../platform/observation.js';
import { metricsSource, type MetricsSource } from '../metrics/index.js';
import { evaluateRule, findingSummary, lookbackMinutes, worse, type Finding, type Sample } from './evaluate.js';
import * as repo from './repo.js';
import { audit, issuePath, issueSnapshot, SYSTEM } from './service.js';

/*
 * The detector: every AIOPS_DETECT_INTERVAL_MINUTES a durable job evaluates each rule of the contract (AIOPS_RULES)
 * over the fleet's metrics, as the metrics adapter answers them, at the minute it runs. A rule that fires for a
 * cluster opens an issue, or refreshes the one still unresolved for that rule and cluster; unresolved issues whose
 * rule no longer fires are marked quiet (`firing` false) — they stay open until a person resolves them.
 *
 * It is a periodic observation (platform/observation.ts, `detectorObservation`): the metrics are read with no database
 * transaction open (Prometheus may take up to its timeout per query), then one transaction records the issues. A rule
 * whose query fails is skipped and logged; a round whose every query fails is a failed round (logged, kept as the
 * job's last error); the detector's schedule never stops.
 */

export const DETECT_JOB = 'aiops.detect';

const STEP_MS = AIOPS_EVAL_STEP_SECONDS * 1000;
/** An instant on the detector's grid (whole minutes), so a run reads the same points wherever it runs. */
export const onGrid = (t: number): number => Math.floor(t / STEP_MS) * STEP_MS;

/** The fleet query of a rule: its series reduced per cluster, the tenant kept. */
export const fleetQuery = (rule: AiopsRule): string =>
  `${rule.aggregate} by (cluster_id, tenant_id) (${aiopsRuleSelector(rule)})`;

export interface ClusterFinding {
  clusterId: string;
  tenantId: string;
  finding: Finding;
}

/**
 * Evaluates one rule over the fleet at `at` (on the grid): one range query covering its window (and baseline), at most
 * as many series as one query may read (the embedded source reads the first clusters by id beyond that, with a
 * warning; Prometheus answers in full). Returns the clusters for which it fires.
 */
export async function evaluateFleet(
  source: MetricsSource,
  rule: AiopsRule,
  at: number,
): Promise<{ findings: ClusterFinding[]; evaluated: number; warnings: string[] }> {
  const lookback = lookbackMinutes(rule);
  const points = (lookback * 60) / AIOPS_EVAL_STEP_SECONDS + 1;
  const maxSeries = Math.min(METRICS_MAX_SERIES, Math.floor(METRICS_MAX_SAMPLES / points));
  const r = await source.rangeQuery(
    fleetQuery(rule),
    { start: new Date(at - lookback * 60_000), end: new Date(at), stepSeconds: AIOPS_EVAL_STEP_SECONDS },
    { maxSeries, onTooManySeries: 'truncate' },
  );
  const findings: ClusterFinding[] = [];
  for (const s of r.series) {
    const clusterId = s.labels.cluster_id;
    if (!clusterId) continue;
    const samples: Sample[] = [];
    s.values.forEach((v, i) => {
      if (v !== null) samples.push([r.timestamps[i]!, v]);
    });
    const finding = evaluateRule(rule, samples, at, STEP_MS);
    if (finding) findings.push({ clusterId, tenantId: s.labels.tenant_id ?? '', finding });
  }
  return { findings, evaluated: r.series.length, warnings: r.warnings };
}

export interface RuleRun {
  rule: string;
  evaluated: number;
  firing: number;
  opened: string[];
  refreshed: number;
  quieted: number;
  warnings: string[];
}

/** The issue row a new finding opens. */
export function newIssueRow(rule: AiopsRule, f: ClusterFinding, at: Date): repo.NewIssue {
  return {
    rule: rule.key,
    metric: rule.metric,
    severity: rule.severity,
    status: 'open',
    clusterId: f.clusterId,
    tenantId: f.tenantId,
    summary: findingSummary(rule, f.finding),
    firstSeen: at,
    lastSeen: at,
    firing: true,
    peakValue: f.finding.value,
    referenceValue: f.finding.reference,
    occurrences: 1,
    createdAt: at,
    updatedAt: at,
  };
}

/** Records a new issue: its row, the audit row (`open`, by system) and the `aiops.issue_opened` event. */
export async function openIssue(tx: Db, rule: AiopsRule, f: ClusterFinding, at: Date): Promise<repo.IssueRow> {
  const row = await repo.insertIssue(tx, newIssueRow(rule, f, at));
  const key = aiopsIssueKey(row.number);
  await audit(tx, key, SYSTEM, 'open', { after: issueSnapshot(row), summary: row.summary }, at);
  await publishEvent(tx, {
    type: 'aiops.issue_opened',
    subjectType: 'aiops_issue',
    subjectId: key,
    title: `AIOps issue opened: ${key} ${rule.name} on cluster ${f.clusterId}`,
    summary: `${AIOPS_SEVERITY_LABELS[rule.severity]}: ${row.summary}`,
    link: issuePath(key),
    tenantId: f.tenantId || null,
    clusterIds: [f.clusterId],
    actor: SYSTEM,
    occurredAt: at,
  });
  return row;
}

/** The columns a new sighting of an unresolved issue changes. */
export function refreshPatch(rule: AiopsRule, row: repo.IssueRow, f: Finding, at: Date): Partial<repo.NewIssue> {
  const peak = worse(rule, row.peakValue, f.value) ? f.value : row.peakValue;
  return {
    // Runs go forward in time; one for an earlier moment (a late retry) never moves the last sighting back.
    lastSeen: at > row.lastSeen ? at : row.lastSeen,
    firing: true,
    occurrences: row.occurrences + 1,
    peakValue: peak,
    summary: findingSummary(rule, f),
    referenceValue: f.reference,
    updatedAt: at,
  };
}

/** What one run read from the metrics source: per rule, its evaluation or why its query failed. */
export interface FleetObservation {
  /** The instant evaluated (on the grid). */
  at: number;
  rules: { rule: AiopsRule; result?: Awaited<ReturnType<typeof evaluateFleet>>; error?: string }[];
}

/**
 * Reads the metrics for a run at `now` (rounded down to the minute): every rule evaluated over the fleet, in no
 * transaction of its own. A rule whose query fails keeps the reason; an aborted `signal` stops before the next rule.
 */
export async function observeFleet(
  source: MetricsSource,
  now: Date,
  rules: readonly AiopsRule[] = AIOPS_RULES,
  signal?: AbortSignal,
): Promise<FleetObservation> {
  const at = onGrid(now.getTime());
  const observed: FleetObservation = { at, rules: [] };
  for (const rule of rules) {
    signal?.throwIfAborted();
    try {
      observed.rules.push({ rule, result: await evaluateFleet(source, rule, at) });
    } catch (err) {
      observed.rules.push({ rule, error: (err as Error).message });
    }
  }
  return observed;
}

/**
 * Records what a run read, in the caller's transaction: issues opened, refreshed or marked quiet. A rule whose query
 * failed is skipped (its warning says why); the others are recorded.
 */
export async function recordDetection(tx: Db, observed: FleetObservation): Promise<RuleRun[]> {
  const when = new Date(observed.at);
  const existing = new Map<string, repo.IssueRow>();
  for (const row of await repo.unresolvedIssues(
    tx,
    observed.rules.map((r) => r.rule.key),
  ))
    existing.set(`${row.rule}|${row.clusterId}`, row);
  const runs: RuleRun[] = [];
  for (const { rule, result, error } of observed.rules) {
    const run: RuleRun = {
      rule: rule.key,
      evaluated: 0,
      firing: 0,
      opened: [],
      refreshed: 0,
      quieted: 0,
      warnings: [],
    };
    runs.push(run);
    if (!result) {
      run.warnings.push(`${rule.key}: ${error}`);
      continue;
    }
    run.evaluated = result.evaluated;
    run.warnings.push(...result.warnings);
    run.firing = result.findings.length;
    const seen = new Set<string>();
    for (const f of result.findings) {
      const k = `${rule.key}|${f.clusterId}`;
      seen.add(k);
      const row = existing.get(k);
      if (row) {
        await repo.updateIssue(tx, row.number, refreshPatch(rule, row, f.finding, when));
        run.refreshed++;
      } else {
        const opened = await openIssue(tx, rule, f, when);
        run.opened.push(aiopsIssueKey(opened.number));
      }
    }
    for (const [k, row] of existing) {
      if (row.rule !== rule.key || seen.has(k) || !row.firing) continue;
      await repo.updateIssue(tx, row.number, { firing: false, updatedAt: when });
      run.quieted++;
    }
  }
  return runs;
}

/**
 * One run of the detector at `now`: the metrics read (`observeFleet`), then recorded in the caller's transaction
 * (`recordDetection`). The job does the same as a periodic observation, reading outside any transaction.
 */
export async function runDetection(
  tx: Db,
  source: MetricsSource,
  now: Date = new Date(),
  rules: readonly AiopsRule[] = AIOPS_RULES,
): Promise<RuleRun[]> {
  return recordDetection(tx, await observeFleet(source, now, rules));
}

/**
 * The detector as a periodic observation (job `aiops.detect`, every AIOPS_DETECT_INTERVAL_MINUTES, the first a period
 * after start). A round in which no rule could be read (the metrics source is down) fails: nothing is recorded.
 */
export function detectorObservation(ctx: Pick<AppContext, 'config' | 'db'>, source = metricsSource(ctx)) {
  return defineObservation({
    kind: DETECT_JOB,
    periodMs: AIOPS_DETECT_INTERVAL_MINUTES * 60_000,
    firstRound: 'period',
    observe: async ({ at, signal }) => {
      const observed = await observeFleet(source, at, AIOPS_RULES, signal);
      const failed = observed.rules.filter((r) => r.error !== undefined);
      if (failed.length && failed.length === observed.rules.length) {
        const why = [...new Set(failed.map((r) => r.error))].join('; ');
        throw new Error(`no rule could be evaluated over the ${source.kind} metrics source: ${why}`);
      }
      return observed;
    },
    record: (tx, observed) => recordDetection(tx, observed),
    report: (runs, { log }) => {
      for (const run of runs)
        for (const warning of run.warnings) log.warn({ observation: DETECT_JOB, rule: run.rule }, warning);
      const opened = runs.flatMap((r) => r.opened);
      if (opened.length) log.info({ observation: DETECT_JOB, opened }, `AIOps detector opened ${opened.join(', ')}`);
    },
  });
}
