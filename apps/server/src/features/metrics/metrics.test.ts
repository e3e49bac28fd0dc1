import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  METRICS_MAX_RESULT_SERIES,
  METRICS_MAX_SAMPLES,
  METRICS_MESSAGES,
  type MetricsRangeResult,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { portalUsers } from '../../platform/schema.js';
import { AppError } from '../../platform/errors.js';
import { clusterComponents, clusters } from '../orgs/index.js';
import { embeddedMetricsSource, METRIC_ANOMALIES, metricsSource, REPORTING_STATUSES, seriesModel } from './index.js';
import { coresOf } from './model.js';

/*
 * The metrics API over the embedded source on the seeded demo fleet: the range query and its grid, exact values from
 * the model, aggregations and rankings, the anomaly clusters, the limits, and every kind of bad input → 400 with a
 * clear message (never a 5xx).
 */

const P = '/api/v1/devops/metrics/query_range';
const OPERATOR = 'operator@example.com';
const VIEWER = 'sam.okafor@example.com';
// A fixed end (a Tuesday, before the tests' "now"), on every step's grid.
const END = '2026-11-24T15:00:00.000Z';
const END_MS = Date.parse(END);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = async (params: Record<string, string>, who = OPERATOR) =>
  t.app.inject({ method: 'GET', url: `${P}?${new URLSearchParams(params)}`, headers: await t.as(who) });
const run = async (params: Record<string, string>): Promise<MetricsRangeResult> => {
  const res = await get({ end: END, ...params });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
};

/** The first reporting dedicated clusters with TiDB servers, by id. */
async function dedicated(n: number) {
  return t.database.db
    .select({ id: clusters.id, name: clusters.name, region: clusters.region, createdAt: clusters.createdAt })
    .from(clusters)
    .innerJoin(
      clusterComponents,
      and(eq(clusterComponents.clusterId, clusters.id), eq(clusterComponents.component, 'TIDB')),
    )
    .where(and(eq(clusters.clusterType, 'DEDICATED_TIDB'), inArray(clusters.status, REPORTING_STATUSES)))
    .orderBy(asc(clusters.id))
    .limit(n);
}

describe('GET /api/v1/devops/metrics/query_range', () => {
  it('answers one cluster’s series on the step grid ending at `end`, with the model’s exact values', async () => {
    const [c] = await dedicated(1);
    const r = await run({ query: `tidb_qps{cluster_id="${c!.id}"}`, range: '1h' });
    expect(r).toMatchObject({
      query: `tidb_qps{cluster_id="${c!.id}"}`,
      metric: 'tidb_qps',
      unit: 'req/s',
      source: 'embedded',
      start: '2026-11-24T14:00:00.000Z',
      end: END,
      step: 60,
      total_series: 1,
      warnings: [],
    });
    expect(r.timestamps).toHaveLength(61);
    expect(r.timestamps[0]).toBe(Date.parse('2026-11-24T14:00:00Z'));
    expect(r.timestamps.at(-1)).toBe(END_MS);
    expect(r.series).toHaveLength(1);
    expect(r.series[0]!.labels).toMatchObject({
      cluster_id: c!.id,
      cluster_name: c!.name,
      cluster_type: 'DEDICATED_TIDB',
    });
    const [tidb] = await t.database.db
      .select()
      .from(clusterComponents)
      .where(and(eq(clusterComponents.clusterId, c!.id), eq(clusterComponents.component, 'TIDB')));
    const model = seriesModel('tidb_qps', {
      clusterId: c!.id,
      region: c!.region,
      createdAt: c!.createdAt.getTime(),
      tidb: { replicas: tidb!.replicas, cores: coresOf(tidb!.nodeSpec) },
    });
    expect(r.series[0]!.values).toEqual(r.timestamps.map(model));
    expect(r.series[0]!.values.slice(0, 3)).toEqual([2849.88, 3093.7654, 2885.7432]);
    // The same question gives the same answer.
    expect(await run({ query: `tidb_qps{cluster_id="${c!.id}"}`, range: '1h' })).toEqual(r);
  });

  it('puts an end off the grid onto it, picks the step from the range, and takes an explicit step', async () => {
    const r = await run({ query: 'sum(tidb_qps)', range: '24h', end: '2026-11-24T15:03:10Z' });
    expect(r.step).toBe(300);
    expect(r.end).toBe(END);
    expect(r.timestamps).toHaveLength(289);
    const s = await run({ query: 'sum(tidb_qps)', range: '6h', step: '30m' });
    expect(s.step).toBe(1800);
    expect(s.timestamps).toHaveLength(13);
    expect(s.start).toBe('2026-11-24T09:00:00.000Z');
  });

  it('aggregates like PromQL: sum by region adds the clusters of each region, count counts them', async () => {
    const q = { range: '15m', step: '5m' };
    const byRegion = await run({ query: 'sum by (region) (tidb_qps)', ...q });
    const counted = await run({ query: 'count by (region) (tidb_qps)', ...q });
    const averaged = await run({ query: 'avg by (region) (tidb_qps)', ...q });
    expect(counted.unit).toBe('series');
    expect(byRegion.series.length).toBeGreaterThan(3);
    for (const s of byRegion.series) {
      expect(Object.keys(s.labels)).toEqual(['region']);
      const members = await run({ query: `tidb_qps{region="${s.labels.region}"}`, ...q });
      for (let i = 0; i < members.timestamps.length; i++) {
        const present = members.series.map((m) => m.values[i]).filter((v): v is number => v !== null);
        const sum = present.reduce((acc, v) => acc + v, 0);
        expect(s.values[i]).toBeCloseTo(sum, 3);
        expect(counted.series.find((c) => c.labels.region === s.labels.region)!.values[i]).toBe(present.length);
        expect(averaged.series.find((c) => c.labels.region === s.labels.region)!.values[i]).toBeCloseTo(
          sum / present.length,
          3,
        );
      }
    }
    const all = await run({ query: 'tidb_qps', ...q });
    const total = await run({ query: 'count(tidb_qps)', ...q });
    expect(total.series).toEqual([{ labels: {}, values: expect.any(Array) }]);
    expect(total.series[0]!.values[3]).toBe(all.total_series);
    expect(all.total_series).toBe(418);
    const max = await run({ query: 'max(tidb_qps)', ...q });
    const top = await run({ query: 'topk(1, tidb_qps)', ...q });
    expect(max.series[0]!.values.at(-1)).toBe(top.series[0]!.values.at(-1));
  });

  it('ranks with topk: at most k per point, largest first', async () => {
    const r = await run({ query: 'topk(3, tidb_qps)', range: '15m', step: '5m' });
    for (let i = 0; i < r.timestamps.length; i++) expect(r.series.filter((s) => s.values[i] !== null).length).toBe(3);
    const last = r.series.map((s) => s.values.at(-1)).filter((v): v is number => v !== null);
    expect(last).toEqual([...last].sort((a, b) => b - a));
    const single = await run({ query: 'topk(1, sum by (provider) (tidb_qps))', range: '15m', step: '5m' });
    expect(single.series.every((s) => Object.keys(s.labels).join() === 'provider')).toBe(true);
  });

  it('reads per-component series with their component label', async () => {
    const r = await run({ query: 'max by (component) (component_cpu_usage_ratio)', range: '15m', step: '5m' });
    expect(r.series.map((s) => s.labels.component).sort()).toEqual(['pd', 'tidb', 'tiflash', 'tikv', 'tiproxy']);
    const tikv = await run({
      query: 'component_cpu_usage_ratio{component=~"ti(kv|db)", cluster_type="DEDICATED_TIDB"}',
      range: '15m',
      step: '5m',
    });
    expect(new Set(tikv.series.map((s) => s.labels.component))).toEqual(new Set(['tikv', 'tidb']));
  });

  it('filters with every matcher operator, in SQL', async () => {
    const aws = await run({ query: 'count(tidb_qps{provider="AWS"})', range: '15m', step: '5m' });
    const notAws = await run({ query: 'count(tidb_qps{provider!="AWS"})', range: '15m', step: '5m' });
    const all = await run({ query: 'count(tidb_qps)', range: '15m', step: '5m' });
    expect(aws.series[0]!.values[0]! + notAws.series[0]!.values[0]!).toBe(all.series[0]!.values[0]);
    const re = await run({ query: 'count(tidb_qps{provider=~"A.*"})', range: '15m', step: '5m' });
    const notRe = await run({ query: 'count(tidb_qps{provider!~"A.*"})', range: '15m', step: '5m' });
    expect(re.series[0]!.values[0]! + notRe.series[0]!.values[0]!).toBe(all.series[0]!.values[0]);
    // Anchored: "AW" alone matches no provider.
    expect((await run({ query: 'tidb_qps{provider=~"AW"}', range: '15m' })).series).toEqual([]);
  });

  it('leaves out series beyond the playground’s cap, saying how many there were', async () => {
    const r = await run({ query: 'component_memory_usage_ratio', range: '15m', step: '5m' });
    expect(r.total_series).toBeGreaterThan(METRICS_MAX_RESULT_SERIES);
    expect(r.series).toHaveLength(METRICS_MAX_RESULT_SERIES);
    expect(r.warnings).toEqual([
      `The query returns ${r.total_series} series; the first ${METRICS_MAX_RESULT_SERIES} are shown. Aggregate ` +
        '(sum by (region) (…)) or rank (topk(10, …)) to see fewer.',
    ]);
  });

  it('is allowed to any reader, refused without sign-in (401) or without a role (403)', async () => {
    expect((await get({ query: 'tidb_qps', end: END }, VIEWER)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: `${P}?query=tidb_qps` });
    expect(anonymous.statusCode).toBe(401);
    await t.database.db.insert(portalUsers).values({ email: 'norole.metrics@example.com', name: 'No Role', roles: [] });
    const norole = await get({ query: 'tidb_qps' }, 'norole.metrics@example.com');
    expect(norole.statusCode).toBe(403);
  });
});

describe('the anomaly clusters', () => {
  it('are seeded, reporting dedicated clusters with TiDB and TiKV, named as the model says', async () => {
    const ids = [...new Set(METRIC_ANOMALIES.map((a) => a.clusterId))];
    expect(ids).toHaveLength(5);
    const rows = await t.database.db.select().from(clusters).where(inArray(clusters.id, ids));
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.status).toBe('USER_CLUSTER_STATUS_AVAILABLE');
      expect(row.clusterType).toBe('DEDICATED_TIDB');
      expect(METRIC_ANOMALIES.filter((a) => a.clusterId === row.id).every((a) => a.clusterName === row.name)).toBe(
        true,
      );
      const parts = await t.database.db
        .select({ c: clusterComponents.component })
        .from(clusterComponents)
        .where(eq(clusterComponents.clusterId, row.id));
      expect(parts.map((p) => p.c)).toEqual(expect.arrayContaining(['TIDB', 'TIKV']));
    }
    expect(new Set(rows.map((r) => r.tenantId)).size).toBe(5);
  });

  it('show their windows through the API: the QPS spike is several times the hour before it', async () => {
    const spike = METRIC_ANOMALIES.find((a) => a.key === 'qps-spike')!;
    const r = await run({
      query: `tidb_qps{cluster_id="${spike.clusterId}"}`,
      range: '3h',
      step: '5m',
      end: '2026-11-24T14:00:00Z',
    });
    const at = (iso: string) => r.series[0]!.values[r.timestamps.indexOf(Date.parse(iso))]!;
    expect(at('2026-11-24T13:20:00Z') / at('2026-11-24T12:20:00Z')).toBeGreaterThan(2.5);
    const storage = METRIC_ANOMALIES.find((a) => a.key === 'storage-nearly-full')!;
    const full = await run({ query: `tikv_storage_usage_ratio{cluster_id="${storage.clusterId}"}`, range: '1h' });
    expect(Math.min(...full.series[0]!.values.map((v) => v!))).toBeGreaterThan(0.9);
  });
});

describe('bad input → 400 with a clear message, never a 5xx', () => {
  const badQueries: [string, RegExp][] = [
    ['foo', /^Unknown metric "foo" at column 1/],
    ['tidb_qps{zone="a"}', /^Unknown label "zone" at column 10/],
    ['tidb_qps{region}', /^Expected a label matcher operator \(=, !=, =~, !~\) at column 16, found "}"/],
    ['tidb_qps{region="us"', /^Expected "," or "}" at column 21, found the end of the query/],
    ['tidb_qps{region="us', /^Unterminated string at column 17/],
    ['sum(tidb_qps', /^Expected "\)" to close sum\(…\) at column 13/],
    ['rate(tidb_qps[5m])', /^Unknown function "rate" at column 1/],
    ['tidb_qps[5m]', /^Range vectors/],
    ['topk(0, tidb_qps)', /^Expected a whole number k from 1 to 100 at column 6/],
    ['sum by (zone) (tidb_qps)', /^Unknown label "zone" in by/],
    ['tidb_qps{region=~"("}', /^Invalid regular expression/],
    ['tidb_qps{region=~"(?<=a)b"}', /^Invalid regular expression/],
    ['tidb_qps / 2', /^Unexpected character "\/" at column 10/],
    ['tidb_qps{region="\u0007"}', /^Unexpected character U\+0007 at column 18/],
    ['sum('.repeat(20) + 'tidb_qps' + ')'.repeat(20), /deeper than 5 levels/],
    ['{region="x"}', /^A selector needs a metric name/],
    ['   ', /^The query is empty/],
  ];
  it.each(badQueries)('query %j', async (query, message) => {
    const res = await get({ query, end: END });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('metrics.badQuery');
    expect(body.message).toMatch(message);
    expect(body.details).toMatchObject({ position: expect.any(Number), message: body.message });
  });

  it('a NUL in the query is refused before the route runs (request hygiene), also a 400', async () => {
    const res = await get({ query: 'tidb_qps{region="a\u0000"}', end: END });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.invalid');
  });

  it('a regex PostgreSQL cannot run (after the parser took it) is the query’s fault: 400', async () => {
    for (const re of ['[[:nope:]]', 'a\\\\Qb']) {
      const res = await get({ query: `tidb_qps{cluster_name=~"${re}"}`, end: END });
      expect(res.statusCode, `${re}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('metrics.badQuery');
    }
  });

  const badParams: [Record<string, string>, string][] = [
    [{}, 'querystring.query'],
    [{ query: '' }, METRICS_MESSAGES.queryRequired],
    [{ query: 'x'.repeat(1001) }, METRICS_MESSAGES.queryTooLong],
    [{ query: 'tidb_qps', range: '1y' }, METRICS_MESSAGES.rangeFormat],
    [{ query: 'tidb_qps', range: '1m' }, METRICS_MESSAGES.rangeTooShort],
    [{ query: 'tidb_qps', range: '32d' }, METRICS_MESSAGES.rangeTooLong],
    [{ query: 'tidb_qps', range: '9'.repeat(40) }, METRICS_MESSAGES.rangeFormat],
    [{ query: 'tidb_qps', step: '10s' }, METRICS_MESSAGES.stepTooSmall],
    [{ query: 'tidb_qps', step: '2d' }, METRICS_MESSAGES.stepTooLarge],
    [{ query: 'tidb_qps', step: 'soon' }, METRICS_MESSAGES.stepFormat],
    [{ query: 'tidb_qps', range: '31d', step: '1m' }, METRICS_MESSAGES.tooManyPoints],
    [{ query: 'tidb_qps', end: 'yesterday' }, METRICS_MESSAGES.endFormat],
    [{ query: 'tidb_qps', end: '2999-01-01T00:00:00Z' }, METRICS_MESSAGES.endInFuture],
  ];
  it.each(badParams)('params %j', async (params, message) => {
    const res = await get(params);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('request.invalid');
    expect(res.json().message).toContain(message);
  });

  it('a repeated parameter is refused, not a 5xx', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${P}?query=tidb_qps&query=tidb_qps&range=1h&range=2h`,
      headers: await t.as(OPERATOR),
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a query that would read too many samples', async () => {
    // Every component series over 31 days at 30 minutes.
    const res = await get({ query: 'count(component_memory_usage_ratio)', range: '31d', step: '30m', end: END });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'metrics.limitExceeded' });
    expect(res.json().message).toMatch(new RegExp(`samples .* at most ${METRICS_MAX_SAMPLES}`));
  });
});

describe('the source as other features call it', () => {
  const range = { start: new Date(END_MS - 3_600_000), end: new Date(END_MS), stepSeconds: 300 };

  it('refuses a selector over its series cap, or reads the first ones with a warning when asked', async () => {
    const source = metricsSource(t.ctx);
    expect(source.kind).toBe('embedded');
    await expect(source.rangeQuery('tidb_qps', range, { maxSeries: 5 })).rejects.toMatchObject({
      code: 'metrics.limitExceeded',
      message: expect.stringMatching(/matches more than 5 series/),
    });
    const r = await source.rangeQuery('tidb_qps', range, { maxSeries: 5, onTooManySeries: 'truncate' });
    expect(r.series).toHaveLength(5);
    expect(r.warnings[0]).toMatch(/^Only the first 5 series of tidb_qps \(by cluster id\) were read/);
    const first = await dedicated(1);
    expect(r.series.map((s) => s.labels.cluster_id)).toContain(first[0]!.id);
  });

  it('answers an instant topk largest first, and refuses bad text as a 400 AppError', async () => {
    const source = embeddedMetricsSource(t.database.db);
    const top = await source.instantQuery('topk(5, tidb_qps)', new Date(END_MS));
    expect(top.at).toBe(END_MS);
    expect(top.samples).toHaveLength(5);
    const values = top.samples.map((s) => s.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const all = await source.instantQuery('tidb_qps', new Date(END_MS));
    expect(Math.max(...all.samples.map((s) => s.value))).toBe(values[0]);
    const err = await source.instantQuery('tidb_qps{', new Date(END_MS)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'metrics.badQuery', status: 400 });
    // The sample cap holds for callers too: a month at one minute over the fleet.
    await expect(
      source.rangeQuery('tidb_qps', {
        start: new Date(END_MS - 31 * 86_400_000),
        end: new Date(END_MS),
        stepSeconds: 60,
      }),
    ).rejects.toMatchObject({ code: 'metrics.limitExceeded' });
  });
});
