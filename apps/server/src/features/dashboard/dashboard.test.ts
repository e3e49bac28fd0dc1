import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  INCIDENT_SEVERITIES,
  TENANT_ROLLUP_PERIOD_MINUTES,
  type CloudOncall,
  type DashboardIncidents,
  type DashboardReleases,
  type EngineTenants,
  type TopQps,
} from '@portal/contract';
import { portalUsers } from '../../platform/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { embeddedMetricsSource, type InstantQueryResult, type MetricsSource } from '../metrics/index.js';
import { ROLLUP_JOB, rollupJob, rollupPass } from './rollup.js';
import { topQps } from './topqps.js';

/*
 * The dashboard calls through the API, against the demo seed: the on-call schedule at fixed instants (expected values
 * worked out by hand from the seeded rotations), the incident and release summaries against the tables they read,
 * the TiKV / TiFlash tenant rankings against an independent aggregation of the clusters' components (after changes,
 * in small batches), the rollup job's schedule, validation and who may call them.
 */

const P = '/api/v1/devops/dashboard';
const OPERATOR = 'operator@example.com';
const VIEWER = 'sam.okafor@example.com';
const NO_ROLE = 'dashboard.norole@example.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(portalUsers).values({ email: NO_ROLE, name: 'No role', roles: [] });
});
afterAll(() => t?.close());

const call = async (url: string, who: string | null = OPERATOR) =>
  t.app.inject({ method: 'GET', url, headers: who ? await t.as(who) : {} });
async function ok<T>(url: string, who = OPERATOR): Promise<T> {
  const res = await call(url, who);
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}
async function bad(url: string, field: string, message: string) {
  const res = await call(url);
  expect(res.statusCode, url).toBe(400);
  expect(res.json().details, url).toContainEqual({ field, message });
}

describe('GET dashboard/cloud-oncall', () => {
  const at = (iso: string) => ok<CloudOncall>(`${P}/cloud-oncall?at=${encodeURIComponent(iso)}`);
  const who = (r: CloudOncall['items'][number]) => [
    r.id,
    r.current.email,
    r.current.starts_at,
    r.current.ends_at,
    r.next.email,
    r.next.starts_at,
  ];

  it('answers who is on call and who is next per rotation, from the hand-off time and period', async () => {
    const s = await at('2026-11-24T10:00:00Z');
    expect(s.at).toBe('2026-11-24T10:00:00.000Z');
    expect(s.total).toBe(3);
    expect(s.items.map(who)).toEqual([
      [
        'cloud-primary',
        'operator@example.com',
        '2026-11-23T09:00:00.000Z',
        '2026-11-30T09:00:00.000Z',
        'admin@example.com',
        '2026-11-30T09:00:00.000Z',
      ],
      [
        'cloud-secondary',
        'admin@example.com',
        '2026-11-23T09:00:00.000Z',
        '2026-11-30T09:00:00.000Z',
        'lin.wei@example.com',
        '2026-11-30T09:00:00.000Z',
      ],
      [
        'database-sre',
        'admin@example.com',
        '2026-11-24T08:00:00.000Z',
        '2026-11-24T20:00:00.000Z',
        'maria.garcia@example.com',
        '2026-11-24T20:00:00.000Z',
      ],
    ]);
    const primary = s.items[0]!;
    expect(primary).toMatchObject({ name: 'Cloud primary', period_hours: 168 });
    expect(primary.current.name).toBe('Oscar Operator');
    expect(primary.next).toMatchObject({ name: 'Ada Admin', ends_at: '2026-12-07T09:00:00.000Z' });
    expect(primary.members.map((m) => m.email)).toEqual([
      'lin.wei@example.com',
      'maria.garcia@example.com',
      'operator@example.com',
      'admin@example.com',
    ]);
  });

  it('derives shifts before the hand-off time too (the schedule never runs out either way)', async () => {
    const s = await at('2025-12-31T23:00:00Z');
    expect(s.items.map(who)).toEqual([
      [
        'cloud-primary',
        'admin@example.com',
        '2025-12-29T09:00:00.000Z',
        '2026-01-05T09:00:00.000Z',
        'lin.wei@example.com',
        '2026-01-05T09:00:00.000Z',
      ],
      expect.anything(),
      [
        'database-sre',
        'lin.wei@example.com',
        '2025-12-31T20:00:00.000Z',
        '2026-01-01T08:00:00.000Z',
        'admin@example.com',
        '2026-01-01T08:00:00.000Z',
      ],
    ]);
    // A shift starts at its start instant (inclusive) and ends at the next one (exclusive).
    const edge = await at('2026-11-30T09:00:00Z');
    expect(edge.items[0]!.current).toMatchObject({ email: 'admin@example.com', starts_at: '2026-11-30T09:00:00.000Z' });
  });

  it('always has someone on call now, and the cloud secondary is never the primary', async () => {
    const now = await ok<CloudOncall>(`${P}/cloud-oncall`);
    const t0 = Date.parse(now.at);
    expect(Math.abs(t0 - Date.now())).toBeLessThan(60_000);
    for (const r of now.items) {
      expect(Date.parse(r.current.starts_at)).toBeLessThanOrEqual(t0);
      expect(Date.parse(r.current.ends_at)).toBeGreaterThan(t0);
      expect(r.next.starts_at).toBe(r.current.ends_at);
      expect(r.next.email).not.toBe(r.current.email);
    }
    for (let week = 0; week < 12; week++) {
      const s = await at(new Date(Date.UTC(2026, 0, 6) + week * 7 * 86_400_000).toISOString());
      expect(s.items[0]!.current.email).not.toBe(s.items[1]!.current.email);
    }
  });

  it('names a member no longer in the portal by email, and leaves out a rotation without members', async () => {
    await t.database.rows(sql`
      insert into oncall_rotations (id, name, position, period_hours, handoff_at)
      values ('zz-test', 'Test rotation', 99, 24, '2026-01-01T00:00:00Z'),
             ('zz-empty', 'Empty rotation', 98, 24, '2026-01-01T00:00:00Z')`);
    await t.database.rows(sql`
      insert into oncall_members (rotation_id, position, email)
      values ('zz-test', 0, 'gone@example.com'), ('zz-test', 1, 'lin.wei@example.com')`);
    const s = await at('2026-01-01T12:00:00Z');
    expect(s.items.map((r) => r.id)).toEqual(['cloud-primary', 'cloud-secondary', 'database-sre', 'zz-test']);
    expect(s.items[3]!.current).toMatchObject({ email: 'gone@example.com', name: 'gone@example.com' });
    expect(s.items[3]!.next).toMatchObject({ email: 'lin.wei@example.com', name: 'Lin Wei' });
    await t.database.rows(sql`delete from oncall_rotations where id in ('zz-test', 'zz-empty')`);
  });

  it('refuses a time that is not ISO 8601 with 400', async () => {
    await bad(`${P}/cloud-oncall?at=yesterday`, 'querystring.at', 'an ISO 8601 time, e.g. 2026-11-24T10:00:00Z');
    await bad(
      `${P}/cloud-oncall?at=2026-13-01T00:00:00Z`,
      'querystring.at',
      'an ISO 8601 time, e.g. 2026-11-24T10:00:00Z',
    );
  });
});

describe('GET dashboard/incident', () => {
  const ACTIVE = sql`status in ('open', 'acknowledged', 'mitigated')`;

  it('counts the unresolved incidents by severity and status and lists the newest', async () => {
    // Reported late: the newest number, but it started days ago (the newest start comes first, not the last number).
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/v1/devops/incidents',
      headers: await t.as(OPERATOR),
      payload: {
        title: 'Reported late',
        severity: 'minor',
        started_at: new Date(Date.now() - 5 * 86_400_000).toISOString(),
      },
    });
    expect(late.statusCode).toBe(201);
    const d = await ok<DashboardIncidents>(`${P}/incident`);
    const rows = await t.database.rows<{ number: number; severity: string; status: string }>(
      sql`select number, severity, status from incidents where ${ACTIVE} order by started_at desc, number desc`,
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(d.total).toBe(rows.length);
    expect(d.by_severity).toEqual(
      INCIDENT_SEVERITIES.map((severity) => ({
        severity,
        count: rows.filter((r) => r.severity === severity).length,
      })),
    );
    expect(d.by_status.map((s) => s.status)).toEqual(['open', 'acknowledged', 'mitigated']);
    expect(d.by_status.reduce((s, x) => s + x.count, 0)).toBe(rows.length);
    for (const s of d.by_status) expect(s.count).toBe(rows.filter((r) => r.status === s.status).length);
    expect(d.items.map((i) => i.id)).toEqual(rows.slice(0, 5).map((r) => `INC-${r.number}`));
    expect(d.items.map((i) => i.id)).not.toContain(late.json().incident.id);
    expect(d.items.every((i) => i.status !== ('resolved' as string))).toBe(true);
    const [first] = await t.database.rows<{ clusters: number; commander: string | null }>(
      sql`select cardinality(cluster_ids) as clusters, commander from incidents where number = ${rows[0]!.number}`,
    );
    expect(d.items[0]).toMatchObject({ clusters: Number(first!.clusters), commander: first!.commander });
  });

  it('takes a limit, and follows an incident being resolved', async () => {
    const two = await ok<DashboardIncidents>(`${P}/incident?limit=2`);
    expect(two.items).toHaveLength(2);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/devops/incidents/${two.items[0]!.id}`,
      headers: await t.as(OPERATOR),
      payload: { status: 'resolved' },
    });
    expect(res.statusCode).toBe(200);
    const after = await ok<DashboardIncidents>(`${P}/incident?limit=2`);
    expect(after.total).toBe(two.total - 1);
    expect(after.items[0]!.id).toBe(two.items[1]!.id);
    const sev = two.items[0]!.severity;
    const count = (d: DashboardIncidents) => d.by_severity.find((s) => s.severity === sev)!.count;
    expect(count(after)).toBe(count(two) - 1);
  });

  it('refuses a limit out of 1..20 with 400', async () => {
    for (const limit of ['0', '21', 'abc', '1.5'])
      await bad(`${P}/incident?limit=${limit}`, 'querystring.limit', 'limit must be a whole number from 1 to 20');
  });
});

describe('GET dashboard/release', () => {
  it('lists the ongoing releases (deploying first) and the latest released, with their changes counted', async () => {
    const d = await ok<DashboardReleases>(`${P}/release?limit=20`);
    const ongoing = await t.database.rows<{ id: string }>(sql`
      select id::text from rel_releases where phase <> 'released'
      order by array_position(array['in_progress', 'approved', 'approving', 'planning'], phase),
               created_at desc, id desc`);
    const released = await t.database.rows<{ id: string }>(
      sql`select id::text from rel_releases where phase = 'released' order by released_at desc, id desc limit 20`,
    );
    expect(ongoing.length).toBeGreaterThan(1);
    expect(released.length).toBeGreaterThan(0);
    expect(d.ongoing.total).toBe(ongoing.length);
    expect(d.ongoing.items.map((r) => r.id)).toEqual(ongoing.slice(0, 20).map((r) => r.id));
    expect(d.recent.items.map((r) => r.id)).toEqual(released.map((r) => r.id));
    expect(d.recent.items.every((r) => r.phase === 'released' && r.released_at)).toBe(true);
    // Phases in the dashboard's order.
    const order = ['in_progress', 'approved', 'approving', 'planning'];
    const ranks = d.ongoing.items.map((r) => order.indexOf(r.phase));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranks.every((r) => r >= 0)).toBe(true);
    for (const r of [...d.ongoing.items, ...d.recent.items]) {
      const counts = await t.database.rows<{ status: string; n: number }>(
        sql`select status, count(*)::int as n from rel_changes where release_id = ${Number(r.id)} group by status`,
      );
      expect(r.changes.total, r.id).toBe(counts.reduce((s, c) => s + Number(c.n), 0));
      expect(r.changes.by_status, r.id).toEqual(Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])));
    }
    const few = await ok<DashboardReleases>(`${P}/release?limit=1`);
    expect(few.ongoing.items).toHaveLength(1);
    expect(few.ongoing.total).toBe(ongoing.length);
    expect(few.recent.items).toHaveLength(1);
  });

  it('refuses a bad limit with 400', async () => {
    await bad(`${P}/release?limit=100`, 'querystring.limit', 'limit must be a whole number from 1 to 20');
  });
});

describe('GET dashboard/top-qps', () => {
  it('ranks the clusters by their QPS at the time it answers, named from the portal', async () => {
    const d = await ok<TopQps>(`${P}/top-qps`);
    expect(d.query).toBe('topk(10, tidb_qps)');
    expect(d.warnings).toEqual([]);
    // Every cluster's QPS at that instant, read as a plain selector from the same source: the ten largest.
    const all = await embeddedMetricsSource(t.database.db).instantQuery('tidb_qps', new Date(d.at));
    expect(all.samples.length).toBeGreaterThan(100);
    const top = [...all.samples].sort((a, b) => b.value - a.value).slice(0, 10);
    expect(d.items.map((i) => [i.rank, i.cluster_id, i.qps])).toEqual(
      top.map((s, i) => [i + 1, s.labels.cluster_id, s.value]),
    );
    const [first] = await t.database.rows<{ name: string; tenant_id: string; tenant_name: string }>(
      sql`select c.name, c.tenant_id, t.name as tenant_name from clusters c join tenants t on t.id = c.tenant_id
          where c.id = ${d.items[0]!.cluster_id}`,
    );
    expect(d.items[0]).toMatchObject({
      cluster_name: first!.name,
      tenant_id: first!.tenant_id,
      tenant_name: first!.tenant_name,
    });
    const three = await ok<TopQps>(`${P}/top-qps?limit=3`);
    expect(three.query).toBe('topk(3, tidb_qps)');
    expect(three.items).toHaveLength(3);
  });

  it('orders what the source answers, drops samples without a cluster, keeps its warnings', async () => {
    const [known] = await t.database.rows<{ id: string; name: string }>(
      sql`select id, name from clusters order by id limit 1`,
    );
    const asked: string[] = [];
    const source: MetricsSource = {
      kind: 'prometheus',
      rangeQuery: () => Promise.reject(new Error('not used')),
      instantQuery: async (query): Promise<InstantQueryResult> => {
        asked.push(String(query));
        return {
          at: Date.UTC(2026, 10, 24, 10),
          warnings: ['read the first 5000 clusters only'],
          samples: [
            { labels: { cluster_id: 'gone-1' }, value: 5 },
            { labels: { cluster_id: known!.id }, value: 50 },
            { labels: { region: 'us-east-1' }, value: 500 },
            { labels: { cluster_id: 'gone-2' }, value: 5 },
          ],
        };
      },
    };
    const d = await topQps(t.database.db, source, 2);
    expect(asked).toEqual(['topk(2, tidb_qps)']);
    expect(d.at).toBe('2026-11-24T10:00:00.000Z');
    expect(d.warnings).toEqual(['read the first 5000 clusters only']);
    expect(d.items).toEqual([
      {
        rank: 1,
        cluster_id: known!.id,
        cluster_name: known!.name,
        tenant_id: expect.any(String),
        tenant_name: expect.any(String),
        qps: 50,
      },
      { rank: 2, cluster_id: 'gone-1', cluster_name: null, tenant_id: null, tenant_name: null, qps: 5 },
    ]);
  });

  it('refuses a bad limit with 400', async () => {
    await bad(`${P}/top-qps?limit=0`, 'querystring.limit', 'limit must be a whole number from 1 to 50');
  });
});

describe('GET dashboard/tikv-tenants and tiflash-tenants', () => {
  /** The ranking worked out independently: every tenant's nodes and storage of the engine, straight from orgs. */
  async function expected(engine: 'tikv' | 'tiflash', by: 'nodes' | 'storage', limit = 10) {
    const components = engine === 'tikv' ? sql`('TIKV')` : sql`('TIFLASH', 'TIFLASH_LEARNER')`;
    const order = by === 'nodes' ? sql`nodes desc, storage_gib desc` : sql`storage_gib desc, nodes desc`;
    return t.database.rows<{
      tenant_id: string;
      tenant_name: string;
      clusters: number;
      nodes: number;
      storage_gib: number;
    }>(
      sql`select c.tenant_id, t.name as tenant_name, count(distinct c.id)::int as clusters,
                 sum(cc.replicas)::int as nodes, sum(cc.replicas * cc.storage_gib)::int as storage_gib
          from clusters c join cluster_components cc on cc.cluster_id = c.id join tenants t on t.id = c.tenant_id
          where cc.component in ${components} and cc.replicas > 0
          group by c.tenant_id, t.name order by ${order}, c.tenant_id limit ${limit}`,
    );
  }
  const engineTotal = async (engine: 'tikv' | 'tiflash') => {
    const components = engine === 'tikv' ? sql`('TIKV')` : sql`('TIFLASH', 'TIFLASH_LEARNER')`;
    const [r] = await t.database.rows<{ n: number }>(
      sql`select count(distinct c.tenant_id)::int as n
          from clusters c join cluster_components cc on cc.cluster_id = c.id
          where cc.component in ${components} and cc.replicas > 0`,
    );
    return Number(r!.n);
  };
  const rank = (engine: string, query = '') => ok<EngineTenants>(`${P}/${engine}-tenants${query}`);
  const strip = (d: EngineTenants) =>
    d.items.map(({ tenant_id, tenant_name, clusters, nodes, storage_gib }) => ({
      tenant_id,
      tenant_name,
      clusters,
      nodes,
      storage_gib,
    }));

  it('ranks tenants by nodes (default) or storage, as the seeded components add up', async () => {
    for (const engine of ['tikv', 'tiflash'] as const) {
      const byNodes = await rank(engine);
      expect(byNodes).toMatchObject({ engine, by: 'nodes', total: await engineTotal(engine) });
      expect(byNodes.items.length).toBeGreaterThan(2);
      expect(byNodes.refreshed_at).not.toBeNull();
      expect(strip(byNodes)).toEqual(await expected(engine, 'nodes'));
      expect(byNodes.items.map((i) => i.rank)).toEqual(byNodes.items.map((_, i) => i + 1));
      const byStorage = await rank(engine, '?by=storage&limit=5');
      expect(strip(byStorage)).toEqual(await expected(engine, 'storage', 5));
    }
  });

  it('follows the fleet after a pass of the rollup (in batches), not before', async () => {
    const [top] = (await rank('tikv', '?limit=1')).items;
    // The last tenant of the TiKV ranking gets a big TiKV: it goes to the top after the next pass.
    const all = await expected('tikv', 'nodes', 1000);
    const last = all.at(-1)!;
    const [cluster] = await t.database.rows<{ id: string }>(
      sql`select c.id from clusters c join cluster_components cc on cc.cluster_id = c.id
          where c.tenant_id = ${last.tenant_id} and cc.component = 'TIKV' order by c.id limit 1`,
    );
    await t.database.rows(
      sql`update cluster_components set replicas = 999 where cluster_id = ${cluster!.id} and component = 'TIKV'`,
    );
    // And the top tenant's clusters go away (with their components).
    await t.database.rows(sql`delete from cluster_components where cluster_id in
      (select id from clusters where tenant_id = ${top!.tenant_id})`);
    expect((await rank('tikv', '?limit=1')).items[0]!.tenant_id).toBe(top!.tenant_id);

    const before = (await rank('tikv')).refreshed_at!;
    await t.database.db.transaction((tx) => rollupPass(tx, 3));
    const after = await rank('tikv', '?limit=20');
    expect(after.items[0]!.tenant_id).toBe(last.tenant_id);
    expect(after.items.some((i) => i.tenant_id === top!.tenant_id)).toBe(false);
    expect(strip(after)).toEqual(await expected('tikv', 'nodes', 20));
    expect(after.total).toBe(await engineTotal('tikv'));
    expect(Date.parse(after.refreshed_at!)).toBeGreaterThan(Date.parse(before));
    expect(strip(await rank('tiflash'))).toEqual(await expected('tiflash', 'nodes'));
  });

  it('is kept by a job: queued at start, a period after this app started, then a pass per period', async () => {
    const appStarted = Date.now(); // the app was built moments ago (beforeAll)
    const [job] = await t.database.rows<{ run_at: string }>(
      sql`select run_at::text from jobs where dedupe_key = ${ROLLUP_JOB} and status = 'queued'`,
    );
    const period = TENANT_ROLLUP_PERIOD_MINUTES * 60_000;
    expect(Date.parse(job!.run_at)).toBeGreaterThan(Date.now() + period - 120_000);
    // Run now, with the rollup fresh and this app young: it does nothing and comes back later.
    await t.database.rows(sql`update dashboard_engine_tenants set nodes = 1 where engine = 'tikv'`);
    const waiting = await t.database.db.transaction((tx) => rollupJob(tx, appStarted));
    expect(waiting.rerunAt.getTime()).toBeGreaterThan(Date.now() + period - 120_000);
    expect((await rank('tikv')).items[0]!.nodes).toBe(1);
    // Never computed (or a pass cut short): it works at once, a step per run, then waits a period.
    await t.database.rows(sql`update dashboard_rollups set refreshed_at = null`);
    let runs = 0;
    let next: Date;
    do {
      next = (await t.database.db.transaction((tx) => rollupJob(tx, appStarted))).rerunAt;
      runs++;
    } while (next.getTime() <= Date.now() && runs < 100);
    expect(next.getTime()).toBeGreaterThan(Date.now() + period - 60_000);
    expect(strip(await rank('tikv'))).toEqual(await expected('tikv', 'nodes'));
  });

  it('refuses a bad ranking or limit with 400', async () => {
    await bad(`${P}/tikv-tenants?by=cpu`, 'querystring.by', 'by must be nodes or storage');
    await bad(`${P}/tiflash-tenants?limit=51`, 'querystring.limit', 'limit must be a whole number from 1 to 50');
  });
});

describe('who may call them', () => {
  const ROUTES = ['cloud-oncall', 'incident', 'release', 'top-qps', 'tikv-tenants', 'tiflash-tenants'];

  it('answers a viewer, refuses a user without a role (403) and nobody signed in (401)', async () => {
    for (const route of ROUTES) {
      expect((await call(`${P}/${route}`, VIEWER)).statusCode, route).toBe(200);
      expect((await call(`${P}/${route}`, NO_ROLE)).statusCode, route).toBe(403);
      expect((await call(`${P}/${route}`, null)).statusCode, route).toBe(401);
    }
  });
});
