import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { O11yClusterDetail, RegionCertificates } from '@portal/contract';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { CertificateSource } from './certificate-source.js';
import { closedPort, FIXTURE, fixtureTlsServer, o11yServer } from './probe-testing.js';
import { ObservationRunner } from '../../platform/observation.js';
import { CERT_PROBE_JOB, certificateObservation, O11Y_PROBE_JOB, recordCertificates } from './probes.js';
import { api, P, VIEWER } from './testing.js';

/*
 * The observed data's periodic jobs (probes.ts): configured, each refreshes its table from the real adapter — the TLS
 * prober against a local TLS server, the HTTP health prober against a local o11y stack; by default the embedded
 * adapters observe nothing and the demo seed's rows stand.
 */

interface Logged {
  level: 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg: string;
}
/** Replaces an app's observation logger with one that keeps what it is told. */
function captureLog(t: TestApp): Logged[] {
  const logged: Logged[] = [];
  const keep = (level: Logged['level']) => (obj: object, msg: string) =>
    logged.push({ level, obj: obj as Record<string, unknown>, msg });
  t.ctx.observations.log = { info: keep('info'), warn: keep('warn'), error: keep('error') };
  return logged;
}

interface CertRow {
  id: number;
  region_id: string;
  component: string;
  name: string;
  subject: string;
  issuer: string;
  serial_number: string;
  dns_names: string[];
  key_algorithm: string;
  fingerprint_sha256: string;
  not_before: string;
  not_after: string;
  created_at: string;
}
const certRows = (t: TestApp) =>
  t.database.rows<CertRow>(sql`
    select id::int, region_id, component, name, subject, issuer, serial_number, dns_names, key_algorithm,
      fingerprint_sha256, not_before::text, not_after::text, created_at::text
    from mon_certificates order by region_id, component, name`);
const o11yRows = (t: TestApp) =>
  t.database.rows<Record<string, unknown>>(sql`select * from mon_o11y_clusters order by name`);
const job = async (t: TestApp, kind: string) => {
  const rows = await t.database.rows<{ run_at: string; status: string }>(
    sql`select run_at::text, status from jobs where kind = ${kind}`,
  );
  expect(rows).toHaveLength(1);
  return { status: rows[0]!.status, inMinutes: (new Date(rows[0]!.run_at).getTime() - Date.now()) / 60_000 };
};

/**
 * Runs the other jobs the seed left queued first, with the probe's job held back, so that the probe's round does not
 * share the thread with them (its timeouts count wall time). Answers in how many minutes the job was due at start.
 */
async function drainAllBut(t: TestApp, kind: string): Promise<number> {
  const due = (await job(t, kind)).inMinutes;
  await t.database.rows(sql`update jobs set run_at = now() + interval '1 day' where kind = ${kind}`);
  await t.jobs.drain();
  await t.database.rows(sql`update jobs set run_at = now() where kind = ${kind}`);
  return due;
}

describe('the probes configuration', () => {
  const fails = (env: Record<string, string>) => () => loadConfig(env);

  it('defaults to the embedded adapters', () => {
    const c = loadConfig({});
    expect(c.certificateProbe).toEqual({ targets: [], intervalMinutes: 60 });
    expect(c.o11yProbe).toEqual({
      kind: 'embedded',
      urlTemplate: undefined,
      checks: [
        { name: 'metrics', path: '/-/healthy' },
        { name: 'ready', path: '/-/ready' },
        { name: 'alertmanager', path: '/alertmanager/-/healthy' },
        { name: 'grafana', path: '/grafana/api/health' },
      ],
      intervalMinutes: 5,
    });
  });

  it('reads certificate targets: region/COMPONENT[/name]=host:port', () => {
    const c = loadConfig({
      CERT_PROBE_TARGETS:
        ' aws.us-east-1/SQL_GATEWAY/sql-gateway-tls=gw.us-east-1.example.com:443 , gcp.europe-west1/O11Y=[::1]:8443,',
      CERT_PROBE_INTERVAL_MINUTES: '15',
    });
    expect(c.certificateProbe).toEqual({
      intervalMinutes: 15,
      targets: [
        {
          regionId: 'aws.us-east-1',
          component: 'SQL_GATEWAY',
          name: 'sql-gateway-tls',
          host: 'gw.us-east-1.example.com',
          port: 443,
        },
        { regionId: 'gcp.europe-west1', component: 'O11Y', name: '[::1]:8443', host: '::1', port: 8443 },
      ],
    });
  });

  it('refuses bad certificate targets, saying which entry and why', () => {
    const bad = (v: string, why: string) => {
      expect(fails({ CERT_PROBE_TARGETS: v })).toThrow(ConfigError);
      expect(fails({ CERT_PROBE_TARGETS: v })).toThrow(`invalid configuration: CERT_PROBE_TARGETS: entry "`);
      expect(fails({ CERT_PROBE_TARGETS: v })).toThrow(why);
    };
    bad('aws.us-east-1/SQL_GATEWAY', 'entry "aws.us-east-1/SQL_GATEWAY": no "=host:port"; the format is');
    bad('aws.us-east-1/GATEWAY=h:443', 'the component must be one of SQL_GATEWAY, TIDB');
    bad('aws.us-east-1/TIDB/a/b=h:443', 'the name must be');
    bad('aws us-east-1/TIDB=h:443', 'the region must be a region id');
    bad('aws.us-east-1/TIDB=h', 'the address must be host:port');
    bad('aws.us-east-1/TIDB=h:70000', 'the port from 1 to 65535');
    bad('aws.us-east-1/TIDB=[nope]:443', 'an IPv6 address in brackets');
    bad('aws.us-east-1/TIDB/x=h:1,aws.us-east-1/TIDB/x=g:2', 'aws.us-east-1/TIDB/x is listed twice');
    expect(fails({ CERT_PROBE_INTERVAL_MINUTES: '0' })).toThrow(
      'CERT_PROBE_INTERVAL_MINUTES: must be a whole number of minutes from 1 to 1440',
    );
  });

  it('reads the o11y probe: a URL template implies http', () => {
    const c = loadConfig({
      O11Y_URL_TEMPLATE: 'https://{name}.o11y.example.com/',
      O11Y_PROBE_CHECKS: 'metrics=/health, grafana=/api/health',
    });
    expect(c.o11yProbe).toEqual({
      kind: 'http',
      urlTemplate: 'https://{name}.o11y.example.com',
      checks: [
        { name: 'metrics', path: '/health' },
        { name: 'grafana', path: '/api/health' },
      ],
      intervalMinutes: 5,
    });
    expect(loadConfig({ O11Y_PROBE: 'http' }).o11yProbe).toMatchObject({ kind: 'http', urlTemplate: undefined });
    expect(loadConfig({ O11Y_PROBE: 'embedded', O11Y_URL_TEMPLATE: 'https://{name}.x' }).o11yProbe.kind).toBe(
      'embedded',
    );
  });

  it('refuses a bad o11y probe configuration', () => {
    expect(fails({ O11Y_PROBE: 'grpc' })).toThrow('O11Y_PROBE: must be embedded or http');
    expect(fails({ O11Y_URL_TEMPLATE: 'https://{cluster}.x' })).toThrow('has an unknown placeholder {cluster}');
    expect(fails({ O11Y_URL_TEMPLATE: 'https://o11y.example.com' })).toThrow('must contain {name}');
    expect(fails({ O11Y_URL_TEMPLATE: 'ftp://{name}.x' })).toThrow('must be an http(s) URL');
    expect(fails({ O11Y_PROBE_CHECKS: 'metrics=-/healthy' })).toThrow('entry "metrics=-/healthy": must be name=/path');
    expect(fails({ O11Y_PROBE_CHECKS: 'a=/x,a=/y' })).toThrow('the check a is listed twice');
    expect(fails({ O11Y_PROBE_CHECKS: ' , ' })).toThrow('must list at least one check');
    expect(fails({ O11Y_PROBE_INTERVAL_MINUTES: '1.5' })).toThrow('must be a whole number of minutes');
  });
});

describe('by default (the embedded adapters)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('queues each job once, a period after start', async () => {
    expect(await job(t, CERT_PROBE_JOB)).toMatchObject({ status: 'queued' });
    expect((await job(t, CERT_PROBE_JOB)).inMinutes).toBeGreaterThan(59);
    expect((await job(t, O11Y_PROBE_JOB)).inMinutes).toBeGreaterThan(4);
    expect((await job(t, O11Y_PROBE_JOB)).inMinutes).toBeLessThanOrEqual(5);
  });

  it('observes nothing: the seeded certificates and o11y health stand', async () => {
    const [certs, o11y] = [await certRows(t), await o11yRows(t)];
    expect(certs.length).toBeGreaterThan(90);
    await t.ctx.observations.run(CERT_PROBE_JOB);
    await t.ctx.observations.run(O11Y_PROBE_JOB);
    expect(await certRows(t)).toEqual(certs);
    expect(await o11yRows(t)).toEqual(o11y);
  });

  it('runs one round of a kind at a time, and none once stopped', async () => {
    let observing = 0;
    const source: CertificateSource = {
      kind: 'tls',
      observe: (_targets, { signal } = {}) => {
        observing++;
        return new Promise((resolve) => signal?.addEventListener('abort', () => resolve([])));
      },
    };
    const probes = new ObservationRunner(t.database.db);
    probes.add(certificateObservation(t.config, source));
    const first = probes.run(CERT_PROBE_JOB);
    expect(probes.run(CERT_PROBE_JOB)).toBe(first);
    expect(observing).toBe(1);
    // Stopping cancels the round under way (the app's close does this).
    await probes.stop();
    await first;
    await probes.run(CERT_PROBE_JOB);
    expect(observing).toBe(1);
  });
});

describe('with CERT_PROBE_TARGETS (the TLS prober)', () => {
  let t: TestApp;
  let tlsServer: Awaited<ReturnType<typeof fixtureTlsServer>>;
  let logged: Logged[];
  let dueInMinutes: number;
  beforeAll(async () => {
    tlsServer = await fixtureTlsServer();
    const at = `127.0.0.1:${tlsServer.port}`;
    t = await createTestApp({
      CERT_PROBE_TARGETS: [
        `aws.us-east-1/SQL_GATEWAY/sql-gateway-tls=${at}`,
        `aws.us-east-1/SQL_GATEWAY/gateway-probe=${at}`,
        `nowhere.mars-1/TIDB/tidb-server-tls=${at}`,
        `aws.us-east-1/PD/pd-cluster-tls=127.0.0.1:${await closedPort()}`,
      ].join(','),
      CERT_PROBE_INTERVAL_MINUTES: '30',
    });
    logged = captureLog(t);
    dueInMinutes = await drainAllBut(t, CERT_PROBE_JOB);
  });
  afterAll(async () => {
    await t?.close();
    tlsServer?.server.close();
  });

  it('the job, due at start, records what each endpoint presents and queues its next run a period later', async () => {
    const key = (r: CertRow) => `${r.region_id}/${r.component}/${r.name}`;
    const before = new Map((await certRows(t)).map((r) => [key(r), r]));
    expect(dueInMinutes).toBeLessThanOrEqual(0);

    await t.jobs.drain();
    await t.ctx.observations.idle();

    const after = new Map((await certRows(t)).map((r) => [key(r), r]));
    expect(after.size).toBe(before.size + 1);
    const fields = {
      subject: FIXTURE.subject,
      issuer: FIXTURE.issuer,
      serial_number: FIXTURE.serialNumber,
      dns_names: FIXTURE.dnsNames,
      key_algorithm: FIXTURE.keyAlgorithm,
      fingerprint_sha256: FIXTURE.fingerprintSha256,
    };
    // The seeded row is replaced in place (its id and first-recorded time kept)…
    const seeded = before.get('aws.us-east-1/SQL_GATEWAY/sql-gateway-tls')!;
    const replaced = after.get('aws.us-east-1/SQL_GATEWAY/sql-gateway-tls')!;
    expect(replaced).toMatchObject({ ...fields, id: seeded.id, created_at: seeded.created_at });
    expect(new Date(replaced.not_before).toISOString()).toBe(FIXTURE.notBefore.toISOString());
    expect(new Date(replaced.not_after).toISOString()).toBe(FIXTURE.notAfter.toISOString());
    expect(seeded.fingerprint_sha256).not.toBe(FIXTURE.fingerprintSha256);
    // …a new endpoint is added, an unreachable one keeps its row, a target of an unknown region records nothing.
    expect(after.get('aws.us-east-1/SQL_GATEWAY/gateway-probe')).toMatchObject(fields);
    expect(after.get('aws.us-east-1/PD/pd-cluster-tls')).toEqual(before.get('aws.us-east-1/PD/pd-cluster-tls'));
    expect([...after.keys()].filter((k) => k.startsWith('nowhere.'))).toEqual([]);
    for (const [k, row] of before) if (!k.startsWith('aws.us-east-1/SQL_GATEWAY/')) expect(after.get(k)).toEqual(row);

    expect(await job(t, CERT_PROBE_JOB)).toMatchObject({ status: 'queued' });
    expect((await job(t, CERT_PROBE_JOB)).inMinutes).toBeGreaterThan(29);
    expect((await job(t, CERT_PROBE_JOB)).inMinutes).toBeLessThanOrEqual(30);
  });

  it('logs each target it could not record, and why', () => {
    const warned = logged.filter((l) => l.level === 'warn');
    expect(warned.map((l) => l.msg)).toEqual([
      'certificate probe of aws.us-east-1/PD/pd-cluster-tls failed: its stored row stands',
      'certificate probe of nowhere.mars-1/TIDB/tidb-server-tls not recorded: region nowhere.mars-1 does not exist',
    ]);
    expect(warned[0]!.obj).toMatchObject({ probe: 'certificates', target: 'aws.us-east-1/PD/pd-cluster-tls' });
    expect(warned[0]!.obj.error).toMatch(/ECONNREFUSED/);
    expect(logged.find((l) => l.level === 'info')).toMatchObject({
      msg: 'certificate probe round done',
      obj: {
        targets: 4,
        inserted: ['aws.us-east-1/SQL_GATEWAY/gateway-probe'],
        updated: ['aws.us-east-1/SQL_GATEWAY/sql-gateway-tls'],
        unchanged: 0,
        failed: 1,
        skipped: 1,
      },
    });
  });

  it('the region page shows the observed certificates', async () => {
    const page: RegionCertificates = await api(t).ok(
      'GET',
      `${P}/certificate/regions/aws.us-east-1?component=SQL_GATEWAY`,
      undefined,
      VIEWER,
    );
    expect(page.items.map((c) => [c.name, c.subject, c.status])).toEqual(
      expect.arrayContaining([
        ['gateway-probe', FIXTURE.subject, 'valid'],
        ['sql-gateway-tls', FIXTURE.subject, 'valid'],
      ]),
    );
  });

  it('a certificate observed again unchanged is left alone; a renewed one is replaced', async () => {
    const target = {
      regionId: 'aws.us-east-1',
      component: 'SQL_GATEWAY' as const,
      name: 'gateway-probe',
      host: 'x',
      port: 1,
    };
    const observed = { ...FIXTURE, notBefore: new Date(FIXTURE.notBefore), notAfter: new Date(FIXTURE.notAfter) };
    expect(await recordCertificates(t.database.db, [{ target, certificate: observed }])).toEqual({
      inserted: [],
      updated: [],
      unchanged: 1,
      failed: [],
      skipped: [],
    });
    const renewed = {
      ...observed,
      serialNumber: '01:02',
      fingerprintSha256: 'AA:BB',
      notAfter: new Date('2127-01-01'),
    };
    expect(await recordCertificates(t.database.db, [{ target, certificate: renewed }])).toMatchObject({
      updated: ['aws.us-east-1/SQL_GATEWAY/gateway-probe'],
    });
    const [row] = (await certRows(t)).filter((r) => r.name === 'gateway-probe');
    expect(row).toMatchObject({ serial_number: '01:02', fingerprint_sha256: 'AA:BB' });
    expect(new Date(row!.not_after).toISOString()).toBe('2127-01-01T00:00:00.000Z');
  });
});

describe('with O11Y_URL_TEMPLATE (the HTTP health prober)', () => {
  let t: TestApp;
  let stack: Awaited<ReturnType<typeof o11yServer>>;
  let logged: Logged[];
  let dueInMinutes: number;
  const started = Date.now();
  beforeAll(async () => {
    stack = await o11yServer({
      '/o11y-gcp-europe-west1/grafana/api/health': 'fail',
      '/o11y-alicloud-cn-hangzhou/-/healthy': 'fail',
    });
    t = await createTestApp({ O11Y_URL_TEMPLATE: `${stack.base}/{name}` });
    logged = captureLog(t);
    dueInMinutes = await drainAllBut(t, O11Y_PROBE_JOB);
  });
  afterAll(async () => {
    await t?.close();
    stack?.close();
  });

  const detail = (name: string): Promise<O11yClusterDetail> =>
    api(t).ok('GET', `${P}/o11y/clusters/${name}`, undefined, VIEWER);

  it('the job, due at start, records each cluster health as its checks answer', async () => {
    const before = new Map((await o11yRows(t)).map((r) => [r.name as string, r]));
    expect(before.get('o11y-gcp-europe-west1')).toMatchObject({ health: 'degraded' });
    expect(before.get('o11y-aws-us-east-1')).toMatchObject({ health: 'healthy' });
    expect(dueInMinutes).toBeLessThanOrEqual(0);

    await t.jobs.drain();
    await t.ctx.observations.idle();

    const after = new Map((await o11yRows(t)).map((r) => [r.name as string, r]));
    expect(after.size).toBe(before.size);
    for (const [name, row] of after) {
      const expected =
        name === 'o11y-gcp-europe-west1'
          ? { health: 'degraded', health_message: 'grafana (/grafana/api/health): HTTP 503 Service Unavailable' }
          : name === 'o11y-alicloud-cn-hangzhou'
            ? { health: 'down', health_message: 'metrics (/-/healthy): HTTP 503 Service Unavailable' }
            : { health: 'healthy', health_message: null };
      expect(row).toMatchObject(expected);
      expect(new Date(row.checked_at as string).getTime()).toBeGreaterThanOrEqual(started);
      // What the probe does not observe stays as stored.
      const { health: _h, health_message: _m, checked_at: _c, ...rest } = row;
      expect(before.get(name)).toMatchObject(rest);
    }
    expect(stack.seen).toContain('/o11y-aws-us-east-1/grafana/api/health');
    expect((await job(t, O11Y_PROBE_JOB)).inMinutes).toBeGreaterThan(4);
  });

  it('a cluster that recovers is healthy at the next round, as its page shows', async () => {
    delete stack.answers['/o11y-gcp-europe-west1/grafana/api/health'];
    await t.ctx.observations.run(O11Y_PROBE_JOB);
    const gcp = await detail('o11y-gcp-europe-west1');
    expect(gcp).toMatchObject({ health: 'healthy', health_message: null });
    expect(new Date(gcp.checked_at).getTime()).toBeGreaterThanOrEqual(started);
    expect(await detail('o11y-alicloud-cn-hangzhou')).toMatchObject({ health: 'down' });
    // Only changes are logged: the first round changed nothing (the seed had these two as they were observed).
    expect(logged.filter((l) => l.msg.startsWith('o11y cluster ')).map((l) => [l.level, l.msg])).toEqual([
      ['info', 'o11y cluster o11y-gcp-europe-west1 is healthy (was degraded)'],
    ]);
  });
});
