import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AIOPS_ISSUE_STATUSES,
  AIOPS_MESSAGES,
  AIOPS_NOTE_MAX,
  AIOPS_REPORT_TREND_DAYS,
  aiopsRule,
  parseMetricQuery,
  type AiopsEvidence,
  type AiopsIssue,
  type AiopsReport,
  type AiopsReportSummary,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { anomalyWindowsBetween, metricsSource, METRIC_ANOMALIES } from '../metrics/index.js';
import { lookbackMinutes } from './evaluate.js';

/*
 * AIOps through the API: the seeded issues (as the detector would have found them over the metrics model's anomaly
 * windows), the list and its filters, acknowledge / resolve against the state table with their audit rows, the
 * evidence chart and its playground link (run through the playground's own API), the reports, and who may do what.
 * The detector and the jobs: detector.test.ts.
 */

const P = '/api/v1/devops/aiops';
const OPERATOR = 'operator@example.com';
const VIEWER = 'sam.okafor@example.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST';
const call = async (method: Method, url: string, payload?: object, who = OPERATOR) =>
  t.app.inject({ method, url, headers: await t.as(who), ...(method === 'GET' ? {} : { payload: payload ?? {} }) });
const ok = async <T = unknown>(method: Method, url: string, payload?: object, who = OPERATOR): Promise<T> => {
  const res = await call(method, url, payload, who);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};
const list = (query = '') => ok<{ items: AiopsIssue[]; total: number }>('GET', `${P}/issues${query}`);
const all = async () => (await list('?per_page=1000')).items;

const audit = (key: string) =>
  t.database.rows<{ operation: string; operator: string; details: Record<string, unknown> }>(
    sql`select operation, operator, details from audit_logs where type = 'aiops_issue' and instance_id = ${key}
        order by id`,
  );

describe('the seeded issues', () => {
  it('are what the detector finds in the metrics model’s anomaly windows, in every status', async () => {
    const issues = await all();
    expect(issues.length).toBeGreaterThan(10);
    expect(new Set(issues.map((i) => i.status))).toEqual(new Set(AIOPS_ISSUE_STATUSES));
    const anomalyClusters = new Set(METRIC_ANOMALIES.map((a) => a.clusterId));
    for (const i of issues) {
      expect(anomalyClusters.has(i.cluster_id), i.key).toBe(true);
      const rule = aiopsRule(i.rule)!;
      // First seen inside (or a rule's reach after the start of) a window of an anomaly of that cluster and metric.
      const first = Date.parse(i.first_seen);
      const reach = lookbackMinutes(rule) * 60_000;
      const windows = anomalyWindowsBetween(first - reach - 86_400_000, first + 1).filter(
        (w) => w.anomaly.clusterId === i.cluster_id && w.anomaly.metric === rule.metric,
      );
      expect(
        windows.some((w) => first >= w.start && first <= w.end + reach),
        `${i.key} ${i.rule} ${i.first_seen}`,
      ).toBe(true);
      expect(Date.parse(i.last_seen)).toBeGreaterThanOrEqual(first);
      expect(i.cluster_name).not.toBe(i.cluster_id);
      expect(i.tenant_name).not.toBe(i.tenant_id);
    }
    // At most one unresolved issue per rule and cluster (the detector refreshes it).
    const unresolved = issues.filter((i) => i.status !== 'resolved').map((i) => `${i.rule}|${i.cluster_id}`);
    expect(new Set(unresolved).size).toBe(unresolved.length);
    // Storage is nearly full all the time: its issue is still firing.
    const storage = issues.find((i) => i.rule === 'tikv_storage_pressure' && i.status !== 'resolved')!;
    expect(storage.firing).toBe(true);
    expect(storage.peak_value).toBeGreaterThan(0.85);
  });

  it('left the audit rows of their history', async () => {
    const resolved = (await list('?status=resolved&per_page=100')).items.find((i) => i.acknowledged_at)!;
    const rows = await audit(resolved.key);
    expect(rows.map((r) => [r.operation, r.operator === 'system'])).toEqual([
      ['open', true],
      ['acknowledge', false],
      ['resolve', false],
    ]);
    expect(rows[2]!.details).toMatchObject({ before: { status: 'acknowledged' }, after: { status: 'resolved' } });
  });
});

describe('GET /aiops/issues', () => {
  it('lists the most recently seen first, 10 a page, with filters', async () => {
    const issues = await all();
    const page = await list();
    expect(page.total).toBe(issues.length);
    expect(page.items).toHaveLength(10);
    const seen = page.items.map((i) => i.last_seen);
    expect(seen).toEqual([...seen].sort().reverse());
    const oldest = await list('?sort=first_seen&per_page=1');
    expect(oldest.items[0]!.first_seen).toBe([...issues.map((i) => i.first_seen)].sort()[0]);

    const open = await list('?status=open&status=acknowledged&per_page=100');
    expect(open.total).toBe(issues.filter((i) => i.status !== 'resolved').length);
    expect(open.items.every((i) => i.status !== 'resolved')).toBe(true);
    const critical = await list('?severity=critical&per_page=100');
    expect(critical.total).toBe(issues.filter((i) => i.severity === 'critical').length);
    const burst = await list('?rule=query_error_burst&per_page=100');
    expect(burst.total).toBe(issues.filter((i) => i.rule === 'query_error_burst').length);
    expect(burst.total).toBeGreaterThan(0);
    const one = issues[0]!;
    expect((await list(`?cluster_id=${one.cluster_id}&per_page=100`)).total).toBe(
      issues.filter((i) => i.cluster_id === one.cluster_id).length,
    );
    expect((await list(`?tenant_id=${one.tenant_id}&per_page=100`)).total).toBe(
      issues.filter((i) => i.tenant_id === one.tenant_id).length,
    );
    expect((await list(`?search=${one.key.toLowerCase()}`)).items.map((i) => i.key)).toEqual([one.key]);
    // A whole key finds that issue only; a part of one, every key containing it.
    expect((await list('?search=AIOPS-100')).total).toBe(0);
    const part = await list('?search=ops-100&per_page=100');
    expect(part.items.map((i) => i.key).sort()).toEqual(
      issues
        .map((i) => i.key)
        .filter((k) => k.startsWith('AIOPS-100'))
        .sort(),
    );
  });

  it('refuses bad filters with a 400 naming them', async () => {
    for (const q of ['?status=closed', '?severity=sev1', '?rule=nope', '?sort=severity', '?per_page=0']) {
      const res = await call('GET', `${P}/issues${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('request.invalid');
    }
  });
});

describe('GET /aiops/issues/:issue_key', () => {
  it('answers an issue by key (any case), 404 otherwise', async () => {
    const [one] = await all();
    expect((await ok<{ issue: AiopsIssue }>('GET', `${P}/issues/${one!.key.toLowerCase()}`)).issue).toEqual(one);
    for (const key of ['AIOPS-999999', 'INC-1001', 'nonsense']) {
      const res = await call('GET', `${P}/issues/${key}`);
      expect(res.statusCode, key).toBe(404);
      expect(res.json().code).toBe('aiops.issueNotFound');
    }
  });
});

describe('acknowledge and resolve', () => {
  const act = (key: string, action: 'acknowledge' | 'resolve', body: object = {}, who = OPERATOR) =>
    call('POST', `${P}/issues/${key}/${action}`, body, who);

  it('moves open → acknowledged → resolved, audited with before/after; anything else is a 409', async () => {
    const issue = (await list('?status=open&per_page=1')).items[0]!;
    let res = await act(issue.key, 'acknowledge');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().issue).toMatchObject({ status: 'acknowledged', acknowledged_by: OPERATOR });

    res = await act(issue.key, 'acknowledge');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'aiops.actionNotAllowed', details: { status: 'acknowledged' } });

    res = await act(issue.key, 'resolve', { note: '  Scaled out.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const resolved = res.json().issue as AiopsIssue;
    expect(resolved).toMatchObject({ status: 'resolved', resolved_by: OPERATOR, resolution_note: 'Scaled out.' });
    expect(resolved.firing).toBe(false);

    for (const action of ['acknowledge', 'resolve'] as const) {
      res = await act(issue.key, action);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().message).toContain('it is final');
    }
    const rows = (await audit(issue.key)).slice(-2);
    expect(rows.map((r) => [r.operation, r.operator])).toEqual([
      ['acknowledge', OPERATOR],
      ['resolve', OPERATOR],
    ]);
    expect(rows[0]!.details).toMatchObject({ before: { status: 'open' }, after: { status: 'acknowledged' } });
    expect(rows[1]!.details).toMatchObject({
      note: 'Scaled out.',
      before: { status: 'acknowledged' },
      after: { status: 'resolved', resolution_note: 'Scaled out.' },
    });
  });

  it('resolves an open issue straight away', async () => {
    const issue = (await list('?status=open&per_page=1')).items[0];
    if (!issue) return;
    const res = await act(issue.key, 'resolve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().issue).toMatchObject({ status: 'resolved', acknowledged_at: null, resolution_note: null });
  });

  it('validates the note, answers 404 for an unknown issue, 403 without aiops.write', async () => {
    const issue = (await list('?status=acknowledged&per_page=1')).items[0]!;
    let res = await act(issue.key, 'resolve', { note: 'x'.repeat(AIOPS_NOTE_MAX + 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: 'body.note', message: AIOPS_MESSAGES.noteTooLong });
    res = await act('AIOPS-999999', 'acknowledge');
    expect(res.statusCode).toBe(404);
    res = await act(issue.key, 'resolve', {}, VIEWER);
    expect(res.statusCode).toBe(403);
    expect((await ok<{ issue: AiopsIssue }>('GET', `${P}/issues/${issue.key}`, undefined, VIEWER)).issue.status).toBe(
      'acknowledged',
    );
  });
});

describe('GET /aiops/issues/:issue_key/evidence', () => {
  it('charts the rule’s metric around the issue, and the playground runs the same query', async () => {
    const issue = (await all()).find((i) => i.rule === 'cpu_saturation')!;
    const e = await ok<AiopsEvidence>('GET', `${P}/issues/${issue.key}/evidence`);
    expect(e).toMatchObject({
      issue_key: issue.key,
      metric: 'component_cpu_usage_ratio',
      unit: 'ratio',
      threshold: 0.9,
    });
    expect(parseMetricQuery(e.query).ok).toBe(true);
    expect(e.query).toContain(`cluster_id="${issue.cluster_id}"`);
    expect(Date.parse(e.start)).toBeLessThan(Date.parse(issue.first_seen));
    expect(Date.parse(e.end)).toBeGreaterThan(Date.parse(issue.last_seen));
    expect(e.x.length).toBeGreaterThan(10);
    expect(e.series).toHaveLength(1);
    expect(e.series[0]!.name).toBe(issue.cluster_name);
    expect(e.series[0]!.values).toHaveLength(e.x.length);
    // The anomaly shows: above the threshold during the issue, below it well before.
    const values = e.series[0]!.values;
    const during = values.filter(
      (_, i) => e.x[i]! >= Date.parse(issue.first_seen) && e.x[i]! <= Date.parse(issue.last_seen),
    );
    expect(Math.max(...(during as number[]))).toBeGreaterThan(0.9);
    expect(values[0]).toBeLessThan(0.9);

    // The link: the playground page with the same query, range, step and end; its API answers the same points.
    const link = new URL(e.playground_path, 'http://portal');
    expect(link.pathname).toBe('/playground');
    expect(link.searchParams.get('query')).toBe(e.query);
    expect(link.searchParams.get('end')).toBe(e.end);
    const res = await call('GET', `/api/v1/devops/metrics/query_range${link.search}`);
    expect(res.statusCode, res.body).toBe(200);
    const played = res.json() as { timestamps: number[]; series: { values: (number | null)[] }[] };
    expect(played.timestamps).toEqual(e.x);
    expect(played.series[0]!.values).toEqual(values);
  });

  it('has no threshold for a deviation rule; 404 for an unknown issue', async () => {
    const issue = (await all()).find((i) => i.rule === 'query_error_burst')!;
    const e = await ok<AiopsEvidence>('GET', `${P}/issues/${issue.key}/evidence`, undefined, VIEWER);
    expect(e.threshold).toBeNull();
    expect(e.x.length).toBeGreaterThan(0);
    expect((await call('GET', `${P}/issues/AIOPS-999999/evidence`)).statusCode).toBe(404);
  });
});

describe('reports', () => {
  it('lists the daily reports newest first and shows each, consistent with the issues', async () => {
    const page = await ok<{ items: AiopsReportSummary[]; total: number }>('GET', `${P}/reports`, undefined, VIEWER);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const days = page.items.map((r) => r.day);
    expect(days).toEqual([...days].sort().reverse());
    expect(page.items[0]!.id).toBe(`daily-${page.items[0]!.day}`);
    const oldest = await ok<{ items: AiopsReportSummary[] }>('GET', `${P}/reports?sort=day&per_page=1`);
    expect(oldest.items[0]!.day).toBe(days.at(-1));

    const summary = page.items[0]!;
    const { report } = await ok<{ report: AiopsReport }>('GET', `${P}/reports/${summary.id}`);
    expect(report).toMatchObject(summary);
    const sum = (rows: { count: number }[]) => rows.reduce((n, r) => n + r.count, 0);
    expect(sum(report.by_severity)).toBe(report.total);
    expect(sum(report.by_rule)).toBe(report.total);
    expect(sum(report.by_status)).toBe(report.total);
    expect(report.by_severity.find((r) => r.key === 'critical')!.count).toBe(report.critical);
    expect(report.trend).toHaveLength(AIOPS_REPORT_TREND_DAYS);
    expect(report.trend.at(-1)).toEqual({ day: report.day, new: report.new, resolved: report.resolved });
    // Recounted from the issues of its day (none changed since the seed in this day's set: it lies before today).
    const [{ n }] = (await t.database.rows<{ n: number }>(
      sql`select count(*)::int n from aiops_issues where first_seen >= ${report.period_start}::timestamptz
          and first_seen < ${report.period_end}::timestamptz`,
    )) as [{ n: number }];
    expect(report.new).toBe(n);
    expect(report.new_issues).toHaveLength(Math.min(n, 50));
    expect(report.top_clusters.length).toBeGreaterThan(0);
    expect(report.top_clusters[0]!.cluster_name).not.toBe(report.top_clusters[0]!.cluster_id);
  });

  it('answers 404 for an unknown or malformed report id, 400 for a bad sort', async () => {
    for (const id of ['daily-1999-01-01', 'weekly-2026-01-01', 'x']) {
      const res = await call('GET', `${P}/reports/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('aiops.reportNotFound');
    }
    expect((await call('GET', `${P}/reports?sort=total`)).statusCode).toBe(400);
  });
});

describe('the metrics source the evidence reads', () => {
  it('is the embedded model in tests', () => {
    expect(metricsSource(t.ctx).kind).toBe('embedded');
  });
});
