import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { prometheusMetricsSource } from './prometheus.js';

/*
 * The Prometheus source against a Prometheus HTTP API served locally: what it asks (the canonical query, the range,
 * the bearer token), how it reads matrices and vectors onto the grid, and how Prometheus's refusals and failures
 * surface (400 bad query, 400 limit, 502 unavailable). One app here runs with PROMETHEUS_URL, so the playground's
 * route reads from it.
 */

interface Seen {
  path: string;
  params: Record<string, string>;
  authorization: string | undefined;
}
const seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let server: http.Server;
let base: string;
let t: TestApp;

const START = Date.parse('2026-11-24T14:00:00Z');
const matrix = {
  status: 'success',
  data: {
    resultType: 'matrix',
    result: [
      {
        metric: { __name__: 'tidb_qps', cluster_id: '2', region: 'us-east-1' },
        values: [
          [START / 1000, '10.5'],
          [START / 1000 + 120, 'NaN'],
        ],
      },
      { metric: { cluster_id: '1', region: 'us-east-1' }, values: [[START / 1000 + 60, '3']] },
    ],
  },
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push({
      path: url.pathname,
      params: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ PROMETHEUS_URL: `${base}/`, PROMETHEUS_TOKEN: 'prom-secret' });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server.close(resolve));
});

const range = { start: new Date(START), end: new Date(START + 180_000), stepSeconds: 60 };

describe('the Prometheus metrics source', () => {
  it('asks query_range with the canonical query and reads the matrix onto the grid', async () => {
    answer = { status: 200, body: matrix };
    seen.length = 0;
    const source = prometheusMetricsSource({ url: base, token: 'tok' });
    const r = await source.rangeQuery('sum(tidb_qps{region = "us-east-1"}) by (cluster_id)', range);
    expect(seen).toEqual([
      {
        path: '/api/v1/query_range',
        params: {
          query: 'sum by (cluster_id) (tidb_qps{region="us-east-1"})',
          start: String(START / 1000),
          end: String(START / 1000 + 180),
          step: '60',
        },
        authorization: 'Bearer tok',
      },
    ]);
    expect(r.timestamps).toEqual([START, START + 60_000, START + 120_000, START + 180_000]);
    // Ordered by labels; __name__ dropped; NaN and missing points are null.
    expect(r.series).toEqual([
      { labels: { cluster_id: '1', region: 'us-east-1' }, values: [null, 3, null, null] },
      { labels: { cluster_id: '2', region: 'us-east-1' }, values: [10.5, null, null, null] },
    ]);
  });

  it('asks query for an instant and keeps the samples that have a value', async () => {
    answer = {
      status: 200,
      body: {
        status: 'success',
        data: {
          resultType: 'vector',
          result: [
            { metric: { cluster_id: '1' }, value: [START / 1000, '5'] },
            { metric: { cluster_id: '2' }, value: [START / 1000, '9'] },
            { metric: { cluster_id: '3' }, value: [START / 1000, '+Inf'] },
          ],
        },
        warnings: ['partial'],
      },
    };
    seen.length = 0;
    const r = await prometheusMetricsSource({ url: base, token: undefined }).instantQuery(
      'topk(3, tidb_qps)',
      new Date(START),
    );
    expect(seen[0]).toMatchObject({
      path: '/api/v1/query',
      params: { query: 'topk(3, tidb_qps)', time: String(START / 1000) },
    });
    expect(seen[0]!.authorization).toBeUndefined();
    expect(r).toEqual({
      at: START,
      samples: [
        { labels: { cluster_id: '2' }, value: 9 },
        { labels: { cluster_id: '1' }, value: 5 },
      ],
      warnings: ['partial'],
    });
  });

  it('turns Prometheus refusals and failures into the portal’s errors', async () => {
    const source = prometheusMetricsSource({ url: base, token: undefined, timeoutMs: 2000 });
    answer = { status: 400, body: { status: 'error', errorType: 'bad_data', error: 'parse error' } };
    await expect(source.rangeQuery('tidb_qps', range)).rejects.toMatchObject({
      code: 'metrics.badQuery',
      message: 'Prometheus refused the query: parse error',
    });
    answer = { status: 422, body: { status: 'error', errorType: 'execution', error: 'too many samples' } };
    await expect(source.rangeQuery('tidb_qps', range)).rejects.toMatchObject({ code: 'metrics.limitExceeded' });
    answer = { status: 503, body: 'overloaded' };
    await expect(source.rangeQuery('tidb_qps', range)).rejects.toMatchObject({
      code: 'metrics.unavailable',
      status: 502,
    });
    answer = { status: 200, body: { status: 'success', data: { result: 'nope' } } };
    await expect(source.rangeQuery('tidb_qps', range)).rejects.toMatchObject({ code: 'metrics.unavailable' });
    const closed = prometheusMetricsSource({ url: 'http://127.0.0.1:2', token: undefined });
    await expect(closed.rangeQuery('tidb_qps', range)).rejects.toMatchObject({
      code: 'metrics.unavailable',
      message: 'Prometheus could not be reached (ECONNREFUSED)',
    });
    // A bad query never reaches Prometheus.
    seen.length = 0;
    await expect(source.rangeQuery('tidb_qps{', range)).rejects.toMatchObject({ code: 'metrics.badQuery' });
    expect(seen).toEqual([]);
  });

  it('keeps the series cap', async () => {
    answer = { status: 200, body: matrix };
    const source = prometheusMetricsSource({ url: base, token: undefined });
    await expect(source.rangeQuery('tidb_qps', range, { maxSeries: 1 })).rejects.toMatchObject({
      code: 'metrics.limitExceeded',
    });
    const r = await source.rangeQuery('tidb_qps', range, { maxSeries: 1, onTooManySeries: 'truncate' });
    expect(r.series).toHaveLength(1);
    expect(r.warnings).toEqual(['Only 1 of the 2 series Prometheus returned are kept.']);
  });

  it('serves the playground when PROMETHEUS_URL is set (its token sent), and shows its failure as a 502', async () => {
    answer = { status: 200, body: matrix };
    seen.length = 0;
    const url = `/api/v1/devops/metrics/query_range?query=tidb_qps&range=1h&end=2026-11-24T15:00:00Z`;
    const res = await t.app.inject({ method: 'GET', url, headers: await t.as('operator@example.com') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ source: 'prometheus', query: 'tidb_qps', total_series: 2 });
    expect(seen[0]).toMatchObject({ path: '/api/v1/query_range', authorization: 'Bearer prom-secret' });
    answer = { status: 500, body: { status: 'error', errorType: 'internal', error: 'boom' } };
    const failed = await t.app.inject({ method: 'GET', url, headers: await t.as('operator@example.com') });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'metrics.unavailable', message: 'Prometheus answered 500: boom' });
  });
});
