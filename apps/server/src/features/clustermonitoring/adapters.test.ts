import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ClusterAlert, ClusterTopology, ListResult } from '@portal/contract';
import { loadConfig } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { alertmanagerAlertSource, alertSourceFor, staticAlertSource, type SourceAlert } from './alertsource.js';
import { ALERT_SYNC_JOB, mapAlert, severityOf, syncAlerts } from './alertsync.js';
import { parseByteSize, pdStoreSource, pdUrlOf, storeSourceFor } from './storesource.js';

/*
 * The adapters of cluster monitoring against an Alertmanager and a PD served locally (node:http): what they ask (path,
 * query, bearer token), how their answers map onto alerts and stores, the alert sync's upsert (update, resolve when
 * no longer reported, fire again, a later start as a new firing), and how a failing source surfaces — a clear error,
 * nothing written, kept on the sync job, whose schedule never stops; the topology still answering without the stores.
 * One app here runs with ALERTMANAGER_URL and PD_URL_TEMPLATE.
 */

const C = '/api/v1/devops/cluster/clusters';
const OPERATOR = 'operator@example.com';
const MINUTE = 60_000;

interface Seen {
  path: string;
  params: URLSearchParams;
  authorization: string | undefined;
}
type Answer = { status: number; body: unknown; delayMs?: number };
const seen: Seen[] = [];
let amAnswer: Answer = { status: 200, body: [] };
const pdAnswers = new Map<string, Answer>();
let server: http.Server;
let base: string;
let t: TestApp;

/** A port nothing listens on (a server opened and closed again). */
async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push({ path: url.pathname, params: url.searchParams, authorization: req.headers.authorization });
    const pd = /^\/c\/([^/]+)\/pd\/api\/v1\/stores$/.exec(url.pathname);
    const answer: Answer = pd
      ? (pdAnswers.get(decodeURIComponent(pd[1]!)) ?? { status: 404, body: 'no such cluster' })
      : url.pathname === '/api/v2/alerts'
        ? amAnswer
        : { status: 404, body: 'not found' };
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    ALERTMANAGER_URL: `${base}/`,
    ALERTMANAGER_TOKEN: 'am-secret',
    PD_URL_TEMPLATE: `${base}/c/{cluster_id}`,
    PD_TOKEN: 'pd-secret',
  });
});
afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

const rows = <T>(q: ReturnType<typeof sql>) => t.database.rows<T>(q);
const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers: await t.as(OPERATOR) });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};

/** Clusters with TiKV, in id order (stable across seeds). */
async function storageClusters(n: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    sql`select c.id from clusters c where c.status = 'USER_CLUSTER_STATUS_AVAILABLE' and exists (select 1 from
        cluster_components k where k.cluster_id = c.id and k.component = 'TIKV') order by c.id limit ${n}`,
  );
  return found.map((r) => r.id);
}

/** An alert as Alertmanager's API v2 answers it. */
function amAlert(
  fingerprint: string,
  labels: Record<string, string>,
  o: { startsAt?: string; endsAt?: string; annotations?: Record<string, string>; state?: string } = {},
) {
  return {
    fingerprint,
    labels,
    annotations: o.annotations ?? {},
    startsAt: o.startsAt ?? '2026-11-24T10:00:00.000Z',
    endsAt: o.endsAt ?? new Date(Date.now() + 4 * MINUTE).toISOString(),
    updatedAt: '2026-11-24T10:00:30.000Z',
    receivers: [{ name: 'sre' }],
    status: { state: o.state ?? 'active', silencedBy: [], inhibitedBy: [] },
    generatorURL: 'http://prometheus/graph',
  };
}

const alertRow = (fingerprint: string) =>
  rows<{
    id: number;
    cluster_id: string;
    rule: string;
    severity: string;
    status: string;
    summary: string;
    description: string;
    labels: Record<string, string>;
    starts_at: Date | string;
    ends_at: Date | string | null;
    acknowledged_by: string | null;
  }>(sql`select id::int, cluster_id, rule, severity, status, summary, description, labels, starts_at, ends_at,
      acknowledged_by from cluster_alerts where fingerprint = ${fingerprint} order by id`);
const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
const firingCount = async () =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from cluster_alerts where status = 'firing'`))[0]!.n;
const snapshot = () =>
  rows<{ id: number; status: string; ends_at: unknown; updated_at: unknown }>(
    sql`select id::int, status, ends_at, updated_at from cluster_alerts order by id`,
  );

const source = (timeoutMs?: number, url = base) =>
  alertmanagerAlertSource({ url, token: 'am-secret', clusterLabel: 'cluster_id', timeoutMs });

describe('configuration', () => {
  it('reads ALERTMANAGER_* and PD_* with their defaults, and refuses bad values with a clear message', () => {
    expect(t.config.alertmanager).toEqual({
      url: base,
      token: 'am-secret',
      clusterLabel: 'cluster_id',
      syncSeconds: 60,
    });
    expect(t.config.pd).toEqual({ urlTemplate: `${base}/c/{cluster_id}`, token: 'pd-secret' });
    expect(loadConfig({}).alertmanager).toBeUndefined();
    expect(loadConfig({}).pd).toBeUndefined();
    expect(alertSourceFor(loadConfig({}))).toBeUndefined();
    expect(storeSourceFor({ config: loadConfig({}), db: t.database.db }).kind).toBe('embedded');
    expect(storeSourceFor(t.ctx).kind).toBe('pd');
    const ok = loadConfig({
      ALERTMANAGER_URL: 'https://am.example.com',
      ALERTMANAGER_CLUSTER_LABEL: 'tidb_cluster',
      ALERTMANAGER_SYNC_SECONDS: '300',
      PD_URL_TEMPLATE: 'https://pd-{cluster_id}.{region}.{provider}.example.com:2379/',
    });
    expect(ok.alertmanager).toMatchObject({ clusterLabel: 'tidb_cluster', syncSeconds: 300, token: undefined });
    expect(ok.pd).toEqual({
      urlTemplate: 'https://pd-{cluster_id}.{region}.{provider}.example.com:2379',
      token: undefined,
    });

    const refused: [Record<string, string>, RegExp][] = [
      [{ ALERTMANAGER_URL: 'ftp://am' }, /ALERTMANAGER_URL: must be an http\(s\) URL/],
      [{ ALERTMANAGER_URL: 'am.example.com' }, /ALERTMANAGER_URL: must be an http\(s\) URL/],
      [
        { ALERTMANAGER_CLUSTER_LABEL: 'cluster-id' },
        /ALERTMANAGER_CLUSTER_LABEL: must be a label name such as cluster_id/,
      ],
      [
        { ALERTMANAGER_SYNC_SECONDS: '5' },
        /ALERTMANAGER_SYNC_SECONDS: must be a whole number of seconds from 10 to 3600/,
      ],
      [{ ALERTMANAGER_SYNC_SECONDS: '3601' }, /ALERTMANAGER_SYNC_SECONDS: must be a whole number of seconds/],
      [{ ALERTMANAGER_SYNC_SECONDS: '1.5' }, /ALERTMANAGER_SYNC_SECONDS: must be a whole number of seconds/],
      [{ ALERTMANAGER_SYNC_SECONDS: 'often' }, /ALERTMANAGER_SYNC_SECONDS: must be a whole number of seconds/],
      [{ ALERTMANAGER_TOKEN: '' }, /ALERTMANAGER_TOKEN/],
      [{ PD_URL_TEMPLATE: 'https://pd.example.com:2379' }, /PD_URL_TEMPLATE: must contain \{cluster_id\}/],
      [
        { PD_URL_TEMPLATE: 'https://pd.{cluster}.example.com' },
        /PD_URL_TEMPLATE: has an unknown placeholder \{cluster\}/,
      ],
      [{ PD_URL_TEMPLATE: 'pd.{cluster_id}.example.com' }, /PD_URL_TEMPLATE: must be an http\(s\) URL once/],
      [{ PD_URL_TEMPLATE: 'ftp://pd.{cluster_id}.example.com' }, /PD_URL_TEMPLATE: must be an http\(s\) URL once/],
    ];
    for (const [env, message] of refused) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
  });

  it('fills in a PD address per cluster, URL-encoded', () => {
    const cluster = { id: '10086', tenant_id: 't 1', region: 'us-east-1', provider: 'AWS' };
    expect(pdUrlOf('https://pd.{cluster_id}.{region}.{provider}.example.com:2379/', cluster)).toBe(
      'https://pd.10086.us-east-1.aws.example.com:2379',
    );
    expect(pdUrlOf('http://gw/{tenant_id}/{cluster_id}', cluster)).toBe('http://gw/t%201/10086');
  });
});

describe('mapping', () => {
  it('reads severity from `severity`, else `level`; unknown words are warnings', () => {
    expect(severityOf({ severity: 'critical' })).toBe('critical');
    expect(severityOf({ severity: 'Warning' })).toBe('warning');
    expect(severityOf({ level: 'emergency' })).toBe('critical');
    expect(severityOf({ severity: 'info', level: 'critical' })).toBe('info');
    expect(severityOf({ severity: 'page' })).toBe('critical');
    expect(severityOf({ severity: 'low' })).toBe('info');
    expect(severityOf({ severity: 'whatever' })).toBe('warning');
    expect(severityOf({})).toBe('warning');
  });

  it('takes cluster, rule, summary and description from labels and annotations, and an end only once past', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const a: SourceAlert = {
      fingerprint: 'f1',
      labels: { alertname: 'PD_leader_change', tidb_cluster: ' 42 ', severity: 'warning' },
      annotations: { message: 'PD leader changed 5 times' },
      startsAt: new Date('2026-11-24T11:00:00Z'),
      endsAt: new Date('2026-11-24T12:04:00Z'),
    };
    expect(mapAlert(a, 'tidb_cluster', now)).toEqual({
      fingerprint: 'f1',
      clusterId: '42',
      rule: 'PD_leader_change',
      severity: 'warning',
      summary: 'PD leader changed 5 times',
      description: '',
      labels: a.labels,
      startsAt: a.startsAt,
      endedAt: null,
    });
    expect(mapAlert({ ...a, endsAt: new Date('2026-11-24T11:30:00Z') }, 'tidb_cluster', now)?.endedAt).toEqual(
      new Date('2026-11-24T11:30:00Z'),
    );
    expect(mapAlert({ ...a, annotations: {}, labels: { tidb_cluster: '42' } }, 'tidb_cluster', now)).toMatchObject({
      rule: 'unnamed',
      summary: 'unnamed',
    });
    expect(mapAlert(a, 'cluster_id', now)).toBeUndefined();
  });

  it('reads PD byte sizes as PD writes them', () => {
    expect(parseByteSize('0B')).toBe(0);
    expect(parseByteSize('500GiB')).toBe(500 * 1024 ** 3);
    expect(parseByteSize('1.819TiB')).toBe(Math.round(1.819 * 1024 ** 4));
    expect(parseByteSize('96 MiB')).toBe(96 * 1024 ** 2);
    expect(parseByteSize('1.5e+03GiB')).toBe(1500 * 1024 ** 3);
    expect(parseByteSize(4096)).toBe(4096);
    expect(parseByteSize('lots')).toBeUndefined();
    expect(parseByteSize(undefined)).toBeUndefined();
  });
});

describe('the alert sync from Alertmanager', () => {
  it('asks Alertmanager for every alert that names a cluster, with the token, and writes them', async () => {
    const [c1, c2] = await storageClusters(2);
    const seededFiring = await rows<{ id: number }>(
      sql`select id::int from cluster_alerts where status = 'firing' and fingerprint is null order by id`,
    );
    expect(seededFiring.length).toBeGreaterThan(0);
    amAnswer = {
      status: 200,
      body: [
        amAlert(
          'fa01',
          {
            alertname: 'TiKV_server_is_down',
            cluster_id: c1!,
            severity: 'critical',
            instance: `db-tikv-1.db-tikv-peer.tidb${c1}.svc:20160`,
            component: 'tikv',
          },
          {
            annotations: { summary: 'TiKV db-tikv-1 is down', description: 'No heartbeat for a minute.' },
            state: 'suppressed',
          },
        ),
        amAlert('fa02', { alertname: 'PD_leader_change', cluster_id: c2!, level: 'warning' }),
        amAlert(
          'fa03',
          { alertname: 'TiDB_query_duration', cluster_id: c2!, severity: 'warning' },
          { startsAt: '2026-11-24T08:00:00Z', endsAt: '2026-11-24T09:00:00Z' },
        ),
        amAlert('fa04', { alertname: 'Unknown_cluster', cluster_id: '990000000001', severity: 'critical' }),
        amAlert('fa05', { alertname: 'No_cluster', severity: 'critical' }),
        { fingerprint: 'fa06', labels: { alertname: 'Broken', cluster_id: c1! }, startsAt: 'yesterday' },
      ],
    };
    const before = Date.now();
    const result = await syncAlerts(t.database.db, source());
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/api/v2/alerts');
    expect(Object.fromEntries(seen[0]!.params)).toEqual({
      active: 'true',
      silenced: 'true',
      inhibited: 'true',
      unprocessed: 'true',
      filter: 'cluster_id=~".+"',
    });
    expect(seen[0]!.authorization).toBe('Bearer am-secret');
    expect(result).toEqual({
      received: 6,
      opened: 3,
      updated: 0,
      reopened: 0,
      // Every firing alert the source does not report, the demo's included.
      resolved: seededFiring.length,
      skipped: { noCluster: 1, unknownCluster: 1, unreadable: 1 },
    });

    const [down] = await alertRow('fa01');
    expect(down).toMatchObject({
      cluster_id: c1,
      rule: 'TiKV_server_is_down',
      severity: 'critical',
      status: 'firing',
      summary: 'TiKV db-tikv-1 is down',
      description: 'No heartbeat for a minute.',
      ends_at: null,
    });
    expect(down!.labels).toEqual({
      alertname: 'TiKV_server_is_down',
      cluster_id: c1,
      severity: 'critical',
      instance: `db-tikv-1.db-tikv-peer.tidb${c1}.svc:20160`,
      component: 'tikv',
    });
    expect(ms(down!.starts_at)).toBe(Date.parse('2026-11-24T10:00:00Z'));
    expect((await alertRow('fa02'))[0]).toMatchObject({ severity: 'warning', summary: 'PD_leader_change' });
    // Reported ended: kept as history, resolved at its end.
    const [ended] = await alertRow('fa03');
    expect(ended).toMatchObject({ status: 'resolved' });
    expect(ms(ended!.ends_at)).toBe(Date.parse('2026-11-24T09:00:00Z'));
    expect(await alertRow('fa04')).toEqual([]);
    expect(await alertRow('fa05')).toEqual([]);

    // The demo's firing alerts are resolved at the sync's time; only the source's fire now.
    const seeded = await rows<{ status: string; ends_at: Date | string }>(
      sql`select status, ends_at from cluster_alerts where id = ${seededFiring[0]!.id}`,
    );
    expect(seeded[0]!.status).toBe('resolved');
    expect(ms(seeded[0]!.ends_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(await firingCount()).toBe(2);

    // The API shows them as it shows any alert.
    const list = await get<ListResult<ClusterAlert>>(`${C}/${c1}/alerts?status=firing`);
    expect(list.items.map((a) => [a.rule, a.state])).toEqual([['TiKV_server_is_down', 'firing']]);
  });

  it('updates a firing alert in place, resolves it when no longer reported, and fires it again', async () => {
    const [c1] = await storageClusters(1);
    const labels = { alertname: 'TiKV_server_is_down', cluster_id: c1!, severity: 'critical' };
    const [row] = await alertRow('fa01');
    // The staff acknowledge it meanwhile.
    const ack = await t.app.inject({
      method: 'POST',
      url: `${C}/${c1}/alerts/${row!.id}/acknowledge`,
      headers: await t.as(OPERATOR),
      payload: { comment: 'On it.' },
    });
    expect(ack.statusCode).toBe(200);

    // Same firing, new wording and an earlier start (Alertmanager keeps the earliest): the same row, updated.
    const earlier = '2026-11-24T09:58:00.000Z';
    amAnswer = {
      status: 200,
      body: [
        amAlert('fa01', labels, { startsAt: earlier, annotations: { summary: 'TiKV db-tikv-1 is still down' } }),
        amAlert('fa02', {
          alertname: 'PD_leader_change',
          cluster_id: (await storageClusters(2))[1]!,
          level: 'warning',
        }),
      ],
    };
    expect(await syncAlerts(t.database.db, source())).toMatchObject({ opened: 0, updated: 1, resolved: 0 });
    let rowsNow = await alertRow('fa01');
    expect(rowsNow).toHaveLength(1);
    expect(rowsNow[0]).toMatchObject({ id: row!.id, summary: 'TiKV db-tikv-1 is still down', status: 'firing' });
    expect(ms(rowsNow[0]!.starts_at)).toBe(Date.parse(earlier));
    expect(rowsNow[0]!.acknowledged_by).toBe(OPERATOR);
    // Unchanged: nothing written.
    const quiet = await snapshot();
    expect(await syncAlerts(t.database.db, source())).toMatchObject({ opened: 0, updated: 0, resolved: 0 });
    expect(await snapshot()).toEqual(quiet);

    // No longer reported: resolved now, what the staff did kept.
    amAnswer = { status: 200, body: [] };
    const at = Date.now();
    expect(await syncAlerts(t.database.db, source())).toMatchObject({ resolved: 2 });
    rowsNow = await alertRow('fa01');
    expect(rowsNow[0]).toMatchObject({ status: 'resolved', acknowledged_by: OPERATOR });
    expect(ms(rowsNow[0]!.ends_at)).toBeGreaterThanOrEqual(at - 1000);
    expect(await firingCount()).toBe(0);

    // Reported again with the same start: the same firing (say Alertmanager restarted), the same row fires again.
    amAnswer = { status: 200, body: [amAlert('fa01', labels, { startsAt: earlier })] };
    expect(await syncAlerts(t.database.db, source())).toMatchObject({ opened: 0, reopened: 1 });
    rowsNow = await alertRow('fa01');
    expect(rowsNow).toHaveLength(1);
    expect(rowsNow[0]).toMatchObject({ id: row!.id, status: 'firing', ends_at: null, acknowledged_by: OPERATOR });
    const api = await get<ListResult<ClusterAlert>>(`${C}/${c1}/alerts?status=firing`);
    expect(api.items.find((a) => a.id === String(row!.id))?.state).toBe('acknowledged');

    // A later start: the firing the row held ended unseen; the new one is a row of its own.
    const later = '2026-11-24T11:30:00.000Z';
    amAnswer = { status: 200, body: [amAlert('fa01', labels, { startsAt: later })] };
    expect(await syncAlerts(t.database.db, source())).toMatchObject({ opened: 1, resolved: 1 });
    rowsNow = await alertRow('fa01');
    expect(rowsNow.map((r) => [r.id === row!.id, r.status, ms(r.ends_at), r.acknowledged_by])).toEqual([
      [true, 'resolved', Date.parse(later), OPERATOR],
      [false, 'firing', null, null],
    ]);
  });

  it('writes nothing when Alertmanager fails, and says why', async () => {
    amAnswer = { status: 200, body: [] };
    const labels = { alertname: 'X', cluster_id: (await storageClusters(1))[0]! };
    await syncAlerts(t.database.db, staticAlertSource([]));
    await syncAlerts(
      t.database.db,
      staticAlertSource([{ fingerprint: 'fz', labels, annotations: {}, startsAt: new Date(), endsAt: null }]),
    );
    expect(await firingCount()).toBe(1);
    const before = await snapshot();
    const failing: [Answer, number | undefined, string][] = [
      [
        { status: 503, body: 'cluster not ready' },
        undefined,
        `Alertmanager at ${base} answered 503: cluster not ready`,
      ],
      [{ status: 200, body: '<html>login</html>' }, undefined, 'answered 200 with an unexpected body'],
      [{ status: 200, body: { data: [] } }, undefined, 'answered 200 with an unexpected body'],
      [{ status: 200, body: [], delayMs: 400 }, 100, `Alertmanager at ${base} did not answer within 100 ms`],
    ];
    for (const [answer, timeoutMs, message] of failing) {
      amAnswer = answer;
      const err = await syncAlerts(t.database.db, source(timeoutMs)).catch((e: unknown) => e);
      expect(err, message).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('clusterAlert.sourceUnavailable');
      expect((err as AppError).status).toBe(502);
      expect((err as AppError).message).toContain(message);
    }
    const port = await closedPort();
    const err = (await syncAlerts(t.database.db, source(undefined, `http://127.0.0.1:${port}`)).catch(
      (e) => e,
    )) as AppError;
    expect(err.message).toBe(`Alertmanager at http://127.0.0.1:${port} could not be reached (ECONNREFUSED)`);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the rows of alerts it could not read', async () => {
    const labels = { alertname: 'X', cluster_id: (await storageClusters(1))[0]! };
    amAnswer = { status: 200, body: [amAlert('fy', labels)] };
    await syncAlerts(t.database.db, source());
    expect((await alertRow('fy'))[0]!.status).toBe('firing');
    amAnswer = { status: 200, body: [{ ...amAlert('fy', labels), startsAt: 'not a time' }] };
    expect(await syncAlerts(t.database.db, source())).toMatchObject({ skipped: { unreadable: 1 } });
    expect((await alertRow('fy'))[0]!.status).toBe('firing');
  });
});

describe('the sync job', () => {
  const job = () =>
    rows<{ status: string; attempts: number; last_error: string | null; run_at: Date | string; max_attempts: number }>(
      sql`select status, attempts, last_error, run_at, max_attempts from jobs where kind = ${ALERT_SYNC_JOB}`,
    );

  const due = () => t.database.db.execute(sql`update jobs set run_at = now() where kind = ${ALERT_SYNC_JOB}`);

  it('is queued at start, syncs and queues its next run; a failing Alertmanager is kept, nothing lost', async () => {
    const labels = { alertname: 'Job_alert', cluster_id: (await storageClusters(1))[0]!, severity: 'info' };
    // Queued by the app's start (ALERTMANAGER_URL is set), due now.
    expect(await job()).toEqual([expect.objectContaining({ status: 'queued', attempts: 0 })]);
    const limit = (await job())[0]!.max_attempts;

    amAnswer = { status: 503, body: 'down for maintenance' };
    const firing = await snapshot();
    expect(await t.jobs.drain()).toBeGreaterThanOrEqual(1);
    let [j] = await job();
    // The failed sync is kept on the job (its last error, failed rounds in a row): queued, never failed for good.
    expect(j!.status).toBe('queued');
    expect(j!.attempts).toBeGreaterThanOrEqual(1);
    expect(j!.last_error).toBe(`Alertmanager at ${base} answered 503: down for maintenance`);
    expect(await snapshot()).toEqual(firing);
    // More failed syncs in a row than the job's attempt limit: the schedule stands, a sync interval apart.
    for (let i = 0; i < limit; i++) {
      await due();
      await t.jobs.drain();
    }
    [j] = await job();
    expect(j).toMatchObject({ status: 'queued', attempts: limit + 1 });
    expect(ms(j!.run_at)! - Date.now()).toBeGreaterThan(50_000);
    expect(await snapshot()).toEqual(firing);

    amAnswer = { status: 200, body: [amAlert('fj', labels)] };
    await due();
    const at = Date.now();
    await t.jobs.drain();
    expect((await alertRow('fj'))[0]).toMatchObject({ status: 'firing', severity: 'info' });
    [j] = await job();
    expect(j!.status).toBe('queued');
    // A sync that succeeds clears the failures.
    expect(j).toMatchObject({ attempts: 0, last_error: null });
    // The next run a sync interval (60 s) later.
    expect(ms(j!.run_at)! - at).toBeGreaterThanOrEqual(59_000);
    expect(ms(j!.run_at)! - at).toBeLessThan(70_000);
  });

  it('reads Alertmanager with no database transaction open: the database answers while it is slow', async () => {
    amAnswer = { status: 200, body: [], delayMs: 3000 };
    await due();
    const draining = t.jobs.drain();
    while (!seen.some((s) => s.path === '/api/v2/alerts')) await new Promise((r) => setTimeout(r, 20));
    // On PGlite, a transaction open around the call would hold the one connection until Alertmanager answers.
    const answered = await Promise.race([
      rows(sql`select count(*) from cluster_alerts`).then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('blocked'), 1500)),
    ]);
    expect(answered).toBe('answered');
    await draining;
    expect((await job())[0]).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

describe('the stores from PD', () => {
  const GIB = 1024 ** 3;
  const pdStoresBody = (id: string) => ({
    count: 4,
    stores: [
      {
        store: {
          id: 7,
          address: `db-tiflash-0.db-tiflash-peer.tidb${id}.svc:3930`,
          labels: [
            { key: 'engine', value: 'tiflash' },
            { key: 'zone', value: 'us-east-1b' },
          ],
          version: 'v8.5.1',
          state_name: 'Up',
          start_timestamp: 1764000000,
        },
        status: { capacity: '1TiB', available: '768GiB', leader_count: 0, region_count: 120 },
      },
      {
        store: {
          id: 1,
          address: `db-tikv-0.db-tikv-peer.tidb${id}.svc:20160`,
          labels: [{ key: 'zone', value: 'us-east-1a' }],
          version: 'v8.5.1',
          state_name: 'Up',
        },
        status: {
          capacity: '500GiB',
          available: '400GiB',
          leader_count: 350,
          region_count: 1000,
          start_ts: '2026-11-20T08:00:00.123456789+08:00',
          last_heartbeat_ts: '2026-11-24T11:59:50Z',
        },
      },
      {
        store: {
          id: 2,
          address: `db-tikv-1.db-tikv-peer.tidb${id}.svc:20160`,
          labels: [{ key: 'topology.kubernetes.io/zone', value: 'us-east-1b' }],
          version: 'v8.5.1',
          state_name: 'Disconnected',
        },
        status: { capacity: '500GiB', available: '50GiB', leader_count: 300, region_count: 990 },
      },
      {
        store: { id: 3, address: `db-tikv-2.db-tikv-peer.tidb${id}.svc:20160`, state_name: 'Tombstone' },
        status: { capacity: '0B', available: '0B' },
      },
    ],
  });

  it('reads them live from the cluster PD, with the token, onto the topology', async () => {
    const [id] = await storageClusters(1);
    pdAnswers.set(id!, { status: 200, body: pdStoresBody(id!) });
    const topo = await get<ClusterTopology>(`${C}/${id}/topology`);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe(`/c/${id}/pd/api/v1/stores`);
    expect(seen[0]!.params.getAll('state')).toEqual(['0', '1', '2']);
    expect(seen[0]!.authorization).toBe('Bearer pd-secret');
    expect(topo.stores_error).toBeNull();
    expect(topo.stores).toEqual([
      {
        store_id: 1,
        kind: 'tikv',
        address: `db-tikv-0.db-tikv-peer.tidb${id}.svc:20160`,
        zone: 'us-east-1a',
        state: 'Up',
        version: 'v8.5.1',
        capacity_bytes: 500 * GIB,
        used_bytes: 100 * GIB,
        region_count: 1000,
        leader_count: 350,
        started_at: '2026-11-20T00:00:00.123Z',
      },
      expect.objectContaining({ store_id: 2, zone: 'us-east-1b', state: 'Disconnected', used_bytes: 450 * GIB }),
      expect.objectContaining({ store_id: 3, state: 'Tombstone', zone: 'no zone label', capacity_bytes: 0 }),
      expect.objectContaining({
        store_id: 7,
        kind: 'tiflash',
        used_bytes: 256 * GIB,
        started_at: new Date(1764000000 * 1000).toISOString(),
      }),
    ]);
    // The zones count PD's stores (the Tombstone one nowhere).
    const zone = (name: string) => topo.zones.find((z) => z.zone === name);
    expect(zone('us-east-1b')).toMatchObject({ stores: 2, stores_up: 1, region_count: 1110, leader_count: 300 });
    expect(topo.zones.some((z) => z.zone === 'no zone label' && z.stores === 0)).toBe(true);
    // Nothing stored: the table keeps the demo's rows.
    const stored = await rows<{ n: number }>(
      sql`select count(*)::int as n from cluster_stores where cluster_id = ${id} and version = 'v8.5.1'
          and address like 'db-tiflash-0.%' and store_id = 7`,
    );
    expect(stored[0]!.n).toBe(0);
  });

  it('answers the rest of the topology with a clear error when PD fails, never a 500', async () => {
    const [, id] = await storageClusters(2);
    const cases: [Answer, string][] = [
      [{ status: 500, body: '"[PD:cluster:ErrNotBootstrapped]TiKV cluster not bootstrapped"' }, 'answered 500: '],
      [{ status: 200, body: { stores: [{ store: { address: 'x' } }] } }, 'answered 200 with an unexpected body'],
      [{ status: 200, body: 'not json' }, 'answered 200 with an unexpected body'],
    ];
    for (const [answer, message] of cases) {
      pdAnswers.set(id!, answer);
      const topo = await get<ClusterTopology>(`${C}/${id}/topology`);
      expect(topo.stores).toEqual([]);
      expect(topo.stores_error).toContain(`PD of cluster ${id} ${message}`);
      expect(topo.components.map((c) => c.component)).toContain('TIKV');
      expect(topo.zones.every((z) => z.stores === 0)).toBe(true);
    }
    expect(
      (await get<ClusterTopology>(`${C}/${id}/topology`)).stores_error, // still the last answer
    ).toContain('unexpected body');

    // A PD that does not answer in time, or cannot be reached at all.
    const cluster = { id: id!, tenant_id: 't', region: 'r', provider: 'AWS' };
    pdAnswers.set(id!, { status: 200, body: pdStoresBody(id!), delayMs: 400 });
    const slow = pdStoreSource({ urlTemplate: `${base}/c/{cluster_id}`, token: undefined, timeoutMs: 100 });
    await expect(slow.stores(cluster)).rejects.toMatchObject({
      code: 'clusterTopology.pdUnavailable',
      message: `PD of cluster ${id} did not answer within 100 ms`,
    });
    const port = await closedPort();
    const gone = pdStoreSource({ urlTemplate: `http://127.0.0.1:${port}/{cluster_id}`, token: undefined });
    await expect(gone.stores(cluster)).rejects.toMatchObject({
      code: 'clusterTopology.pdUnavailable',
      message: `PD of cluster ${id} could not be reached (ECONNREFUSED)`,
    });
  });

  it('asks no PD for a cluster without stores; an unknown cluster is still a 404', async () => {
    const [cdc] = await rows<{ id: string }>(
      sql`select id from clusters c where not exists (select 1 from cluster_components x where x.cluster_id = c.id
          and x.component in ('TIKV', 'TIFLASH', 'TIFLASH_LEARNER')) order by id limit 1`,
    );
    const topo = await get<ClusterTopology>(`${C}/${cdc!.id}/topology`);
    expect(topo).toMatchObject({ stores: [], stores_error: null });
    expect(seen).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: `${C}/424242/topology`, headers: await t.as(OPERATOR) });
    expect(res.statusCode).toBe(404);
    expect(seen).toEqual([]);
  });
});
