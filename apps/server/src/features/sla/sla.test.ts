import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  SLA_MESSAGES,
  SLA_OBJECTIVES,
  slaClusterNotFound,
  slaMonthOutOfRange,
  slaMonths,
  type SlaClusterMonth,
  type SlaDetail,
  type SlaFleet,
  type SlaMonthly,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { slaStandaloneClusters } from '../../seed/sla.js';
import * as service from './service.js';

/*
 * The SLA through the API on the demo seed: the downtime windows agree with the seeded incidents; a past month
 * (October 2026, dated from DEMO_BASE_TIME) gives exact figures for the standalone downtime (within the objective,
 * breached, BYOC, overlapping windows counted once); the summary's paging (clusters with downtime ranked, the rest in
 * creation order) walks every measured cluster once in either order and under each filter, against counts taken
 * straight from the tables; the current month ends at now; a resolved incident records its downtime; validation
 * (400), unknown or non-dedicated clusters (404) and privileges (401/403).
 */

const P = '/api/v1/devops/dashboard';
const OCT = '2026-10';
const OCT_START = Date.UTC(2026, 9, 1);
const OPERATOR = 'operator@example.com';
const VIEWER = 'sam.okafor@example.com';
const NOBODY = 'no.roles@example.com';

let t: TestApp;
let S: string[];
let BYOC: string;
beforeAll(async () => {
  t = await createTestApp();
  const picked = await slaStandaloneClusters(t.database.db);
  S = picked.picked;
  BYOC = picked.byoc!;
});
afterAll(() => t?.close());

const call = async (url: string, who: string | null = OPERATOR) =>
  t.app.inject({ method: 'GET', url, headers: who ? await t.as(who) : {} });
async function ok<T>(url: string): Promise<T> {
  const res = await call(url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}
const detail = (id: string, month = OCT) => ok<SlaDetail>(`${P}/sla/dedicated/${id}?month=${month}`);
const list = (query: string) => ok<{ items: SlaClusterMonth[]; total: number }>(`${P}/sla/dedicated?${query}`);
const fleet = (query = '') => ok<SlaFleet>(`${P}/sla?${query}`);

/** Every page of the summary for a query, concatenated; every page must give the same total. */
async function walk(query: string, perPage: number): Promise<{ items: SlaClusterMonth[]; total: number }> {
  const items: SlaClusterMonth[] = [];
  const totals = new Set<number>();
  for (let page = 1; ; page++) {
    const r = await list(`${query}&per_page=${perPage}&page=${page}`);
    totals.add(r.total);
    items.push(...r.items);
    if (r.items.length < perPage) break;
  }
  expect([...totals]).toHaveLength(1);
  return { items, total: [...totals][0]! };
}

/** Dedicated clusters measured in October 2026, counted straight from the table. */
async function measuredInOctober(where = sql``): Promise<{ id: string; period_s: number }[]> {
  return t.database.rows(sql`
    select id, extract(epoch from '2026-11-01T00:00:00Z'::timestamptz
      - greatest('2026-10-01T00:00:00Z'::timestamptz, created_at))::float8 as period_s
    from clusters
    where cluster_type = 'DEDICATED_TIDB' and status <> 'USER_CLUSTER_STATUS_DELETED'
      and created_at < '2026-11-01T00:00:00Z' ${where}`);
}

describe('downtime windows and incidents', () => {
  it('holds one window per mitigated incident and dedicated cluster, from its start to its mitigation', async () => {
    const expected = await t.database.rows<{ key: string }>(sql`
      select i.number || ':' || c.id || ':' || i.started_at::text || ':' || i.mitigated_at::text as key
      from incidents i cross join unnest(i.cluster_ids) u(cluster_id) join clusters c on c.id = u.cluster_id
      where i.status in ('mitigated', 'resolved') and i.mitigated_at is not null and c.cluster_type = 'DEDICATED_TIDB'
      order by 1`);
    const actual = await t.database.rows<{ key: string }>(sql`
      select incident_number || ':' || cluster_id || ':' || started_at::text || ':' || ended_at::text as key
      from sla_downtime_windows where incident_number is not null order by 1`);
    expect(expected.length).toBeGreaterThan(10);
    expect(actual).toEqual(expected);
    // A false alarm (resolved without a mitigation) caused no downtime.
    const [skipped] = await t.database.rows<{ n: number }>(sql`
      select count(*)::int as n from sla_downtime_windows w join incidents i on i.number = w.incident_number
      where i.mitigated_at is null`);
    expect(skipped!.n).toBe(0);
  });

  it('records the downtime of an incident when it is resolved, and moves it when it is mitigated again', async () => {
    const [free] = await t.database.rows<{ id: string }>(sql`
      select c.id from clusters c
      where c.cluster_type = 'DEDICATED_TIDB' and c.status = 'USER_CLUSTER_STATUS_AVAILABLE'
        and not exists (select 1 from sla_downtime_windows w where w.cluster_id = c.id)
      order by c.id desc limit 1`);
    const headers = await t.as(OPERATOR);
    const startedAt = new Date(Date.now() - 30 * 60_000).toISOString();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/devops/incidents',
      headers,
      payload: { title: 'SQL endpoint down', severity: 'critical', cluster_ids: [free!.id], started_at: startedAt },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().incident.id as string;
    const move = async (status: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/devops/incidents/${id}`,
        headers,
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.jobs.drain();
    };
    const windowsOf = async () => (await detail(free!.id, slaMonths()[0])).windows.filter((w) => w.incident?.id === id);

    await move('mitigated');
    expect(await windowsOf()).toEqual([]);
    await move('resolved');
    const [first] = await windowsOf();
    expect(first).toMatchObject({ started_at: startedAt, cause: 'SQL endpoint down' });
    expect(first!.incident).toMatchObject({ title: 'SQL endpoint down', severity: 'critical', status: 'resolved' });
    expect(first!.minutes).toBeGreaterThanOrEqual(30);
    expect(first!.minutes).toBeLessThan(31);

    // Reopened, mitigated later and resolved again: still one window, ending at the new mitigation.
    await move('open');
    await t.database.db.execute(sql`update incidents set started_at = started_at - interval '1 hour'
      where number = ${Number(id.replace('INC-', ''))}`);
    await move('mitigated');
    await move('resolved');
    const again = await windowsOf();
    expect(again).toHaveLength(1);
    expect(again[0]!.minutes).toBeGreaterThanOrEqual(90);
    // Resolved once more without a mitigation: no downtime is recorded for it any more.
    await move('open');
    await move('resolved');
    expect(await windowsOf()).toEqual([]);
  });
});

describe('a past month (October 2026)', () => {
  it('gives exact figures for the standalone downtime: within, breached, BYOC, overlaps counted once', async () => {
    // Precondition: no incident touches these clusters in October, so their figures are the standalone ones.
    for (const id of [...S, BYOC])
      expect(
        (await detail(id)).windows.every((w) => w.incident === null),
        id,
      ).toBe(true);

    const within = await detail(S[0]!);
    expect(within.cluster).toMatchObject({
      cluster_id: S[0],
      month: OCT,
      plan: 'dedicated',
      slo_percent: 99.99,
      measured_minutes: 44_640,
      downtime_minutes: 3,
      allowed_downtime_minutes: 4.46,
      availability_percent: 99.9933,
      breached: false,
      windows: 1,
    });
    const twice = await detail(S[1]!);
    expect(twice.cluster).toMatchObject({
      downtime_minutes: 6,
      availability_percent: 99.9866,
      breached: true,
      windows: 2,
    });
    expect(twice.windows.map((w) => [w.started_at, w.minutes, w.incident])).toEqual([
      ['2026-10-07T11:20:00.000Z', 2, null],
      ['2026-10-21T16:05:00.000Z', 4, null],
    ]);
    // Days: every day of October, 100% but the two with downtime.
    expect(twice.days).toHaveLength(31);
    const day = (d: string) => twice.days.find((x) => x.day === d)!;
    expect(day('2026-10-07')).toMatchObject({ downtime_minutes: 2, availability_percent: 99.8611, breached: true });
    expect(day('2026-10-21')).toMatchObject({ downtime_minutes: 4, availability_percent: 99.7222 });
    expect(twice.days.filter((d) => d.downtime_minutes > 0).map((d) => d.day)).toEqual(['2026-10-07', '2026-10-21']);
    expect(day('2026-10-08')).toMatchObject({ measured_minutes: 1440, availability_percent: 100, breached: false });

    // 08:00–08:05 and 08:03–08:06: six minutes down, not eight.
    const overlapping = await detail(S[3]!);
    expect(overlapping.cluster).toMatchObject({ downtime_minutes: 6, windows: 2, breached: true });
    expect(overlapping.windows.map((w) => w.minutes)).toEqual([5, 3]);

    const byoc = await detail(BYOC);
    expect(byoc.cluster).toMatchObject({
      plan: 'dedicated_byoc',
      slo_percent: 99.9,
      downtime_minutes: 25,
      allowed_downtime_minutes: 44.64,
      availability_percent: 99.944,
      breached: false,
    });
  });

  it('lists each cluster month by month, oldest first, with the months before the cluster not measured', async () => {
    const now = Date.now();
    const m = await ok<SlaMonthly>(`${P}/sla/dedicated/${S[0]}/monthly?months=12`);
    expect(m.months.map((x) => x.month)).toEqual(slaMonths(now).reverse());
    const at = (month: string) => m.months.find((x) => x.month === month)!;
    expect(at('2026-10')).toMatchObject({ downtime_minutes: 3, breached: false, slo_percent: 99.99 });
    expect(at('2026-08')).toMatchObject({ downtime_minutes: 12, breached: true, measured_minutes: 44_640 });
    expect((await ok<SlaMonthly>(`${P}/sla/dedicated/${S[0]}/monthly?months=3`)).months).toHaveLength(3);

    const [young] = await t.database.rows<{ id: string; created_at: string }>(sql`
      select id, created_at::text from clusters
      where cluster_type = 'DEDICATED_TIDB' and status <> 'USER_CLUSTER_STATUS_DELETED' and created_at > '2026-01-15'
      order by created_at limit 1`);
    const y = await ok<SlaMonthly>(`${P}/sla/dedicated/${young!.id}/monthly`);
    const before = y.months.filter((x) => x.month < young!.created_at.slice(0, 7));
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((x) => x.availability_percent === null && x.measured_minutes === 0 && !x.breached)).toBe(true);
  });

  it('pages the summary worst first, then the clusters without downtime, each measured cluster once', async () => {
    const expected = await measuredInOctober();
    const f = await fleet(`month=${OCT}`);
    const all = await walk(`month=${OCT}`, 10);
    expect(all.total).toBe(expected.length);
    expect(f.clusters).toBe(expected.length);
    expect(all.items.map((r) => r.cluster_id).sort()).toEqual(expected.map((r) => r.id).sort());

    const down = all.items.filter((r) => r.downtime_minutes > 0);
    expect(down.length).toBe(f.clusters_with_downtime);
    // The clusters with downtime come first, worst availability first; then the rest, at 100%.
    expect(all.items.slice(0, down.length)).toEqual(down);
    const avail = down.map((r) => r.availability_percent!);
    expect(avail).toEqual([...avail].sort((a, b) => a - b));
    expect(all.items.slice(down.length).every((r) => r.availability_percent === 100 && r.windows === 0)).toBe(true);
    expect(down.map((r) => r.cluster_id)).toEqual(expect.arrayContaining([S[0], S[1], S[3], BYOC]));

    // The fleet: breaches, downtime and availability over every measured cluster-minute.
    expect(f.breaches).toBe(all.items.filter((r) => r.breached).length);
    const downMinutes = down.reduce((s, r) => s + r.downtime_minutes, 0);
    expect(f.downtime_minutes).toBeCloseTo(downMinutes, 1);
    const measured = expected.reduce((s, r) => s + r.period_s, 0);
    expect(f.availability_percent).toBeCloseTo(100 * (1 - (downMinutes * 60) / measured), 3);
    expect(f.worst).toEqual(all.items.slice(0, 5));
    expect(f).toMatchObject({ period_start: '2026-10-01T00:00:00.000Z', period_end: '2026-11-01T00:00:00.000Z' });

    // Best first is the exact reverse; other page sizes cut the same order.
    const reverse = await walk(`month=${OCT}&sort=-availability`, 10);
    expect(reverse.items.map((r) => r.cluster_id)).toEqual(all.items.map((r) => r.cluster_id).reverse());
    const by7 = await walk(`month=${OCT}`, 7);
    expect(by7.items.map((r) => r.cluster_id)).toEqual(all.items.map((r) => r.cluster_id));
  });

  it('filters by breach, provider and tenant, with totals counted the same way', async () => {
    const f = await fleet(`month=${OCT}`);
    const breached = await walk(`month=${OCT}&breached=true`, 10);
    expect(breached.total).toBe(f.breaches);
    expect(breached.items.length).toBe(f.breaches);
    expect(breached.items.every((r) => r.breached)).toBe(true);
    expect(breached.items.map((r) => r.cluster_id)).toEqual(expect.arrayContaining([S[1], S[3]]));
    expect(breached.items.map((r) => r.cluster_id)).not.toContain(S[0]);

    const met = await walk(`month=${OCT}&breached=false`, 20);
    expect(met.total).toBe(f.clusters - f.breaches);
    expect(met.items.length).toBe(met.total);
    expect(met.items.some((r) => r.breached)).toBe(false);
    expect(met.items.map((r) => r.cluster_id)).toContain(S[0]);

    const provider = (await detail(S[1]!)).cluster.provider;
    const byProvider = await walk(`month=${OCT}&provider=${provider}`, 50);
    const expectedProvider = await measuredInOctober(sql`and provider = ${provider}`);
    expect(byProvider.total).toBe(expectedProvider.length);
    expect(byProvider.items.map((r) => r.cluster_id).sort()).toEqual(expectedProvider.map((r) => r.id).sort());
    expect((await fleet(`month=${OCT}&provider=${provider}`)).clusters).toBe(expectedProvider.length);

    const tenant = (await detail(S[1]!)).cluster.tenant_id;
    const byTenant = await walk(`month=${OCT}&tenant_id=${tenant}`, 10);
    const expectedTenant = await measuredInOctober(sql`and tenant_id = ${tenant}`);
    expect(byTenant.total).toBe(expectedTenant.length);
    expect(byTenant.items.map((r) => r.cluster_id).sort()).toEqual(expectedTenant.map((r) => r.id).sort());
    expect(byTenant.items.map((r) => r.cluster_id)).toContain(S[1]);
    const tenantFleet = await fleet(`month=${OCT}&tenant_id=${tenant}`);
    expect(tenantFleet).toMatchObject({ clusters: expectedTenant.length });
    expect(tenantFleet.breaches).toBeGreaterThanOrEqual(1);
    expect((await list(`month=${OCT}&tenant_id=nobody`)).total).toBe(0);
  });
});

describe('the current month', () => {
  it('ends at now: downtime after now is not counted yet, and the days stop at today', async () => {
    const now = OCT_START + 14 * 86_400_000 + 12 * 3_600_000; // 2026-10-15 12:00
    const d = await service.detail(t.database.db, S[1]!, undefined, now);
    // 2 minutes in 14.5 days: within the budget so far (2.09 minutes); the month as a whole breached (6 > 4.46).
    expect(d.cluster).toMatchObject({
      month: OCT,
      downtime_minutes: 2,
      measured_minutes: 14.5 * 1440,
      allowed_downtime_minutes: 2.09,
      breached: false,
    });
    expect(d.days).toHaveLength(15);
    expect(d.days.at(-1)).toMatchObject({ day: '2026-10-15', measured_minutes: 720 });
    expect(d.windows).toHaveLength(1);
    const f = await service.fleet(t.database.db, {}, now);
    expect(f).toMatchObject({ month: OCT, period_end: '2026-10-15T12:00:00.000Z' });
    const l = await service.list(t.database.db, { page: 1, per_page: 10, sort: 'availability' }, now);
    expect(l.total).toBe(f.clusters);
    // The window of 2026-10-21 lies ahead of that now.
    const row = (
      await service.list(
        t.database.db,
        { page: 1, per_page: 100, sort: 'availability', tenant_id: d.cluster.tenant_id },
        now,
      )
    ).items.find((r) => r.cluster_id === S[1]);
    expect(row).toMatchObject({ downtime_minutes: 2, windows: 1 });
  });

  it('answers the current month by default', async () => {
    const [current] = slaMonths();
    expect((await fleet()).month).toBe(current);
    expect((await detail(S[0]!, current!)).cluster.month).toBe(current);
    const byDefault = await ok<SlaDetail>(`${P}/sla/dedicated/${S[0]}`);
    expect(byDefault.cluster.month).toBe(current);
    expect(byDefault.days.length).toBe(new Date().getUTCDate());
  });
});

describe('objectives, validation and access', () => {
  it('lists the objectives', async () => {
    expect(await ok(`${P}/slo`)).toEqual({ items: SLA_OBJECTIVES });
    expect(SLA_OBJECTIVES.map((o) => [o.plan, o.target_percent, o.budget_ppm])).toEqual([
      ['dedicated', 99.99, 100],
      ['dedicated_byoc', 99.9, 1000],
    ]);
  });

  it('refuses bad input with a clear 400, never a 5xx', async () => {
    const months = slaMonths();
    const outOfRange = slaMonthOutOfRange(months.at(-1)!, months[0]!);
    const cases: [string, string][] = [
      [`${P}/sla?month=2026-13`, `querystring.month: ${SLA_MESSAGES.monthFormat}`],
      [`${P}/sla?month=october`, `querystring.month: ${SLA_MESSAGES.monthFormat}`],
      [`${P}/sla?month=2020-01`, outOfRange],
      [`${P}/sla/dedicated?month=2099-01`, outOfRange],
      [`${P}/sla/dedicated/${S[0]}?month=1999-12`, outOfRange],
      [`${P}/sla/dedicated/${S[0]}/monthly?months=0`, `querystring.months: ${SLA_MESSAGES.monthsRange}`],
      [`${P}/sla/dedicated/${S[0]}/monthly?months=13`, `querystring.months: ${SLA_MESSAGES.monthsRange}`],
      [`${P}/sla/dedicated/${S[0]}/monthly?months=abc`, `querystring.months: ${SLA_MESSAGES.monthsRange}`],
    ];
    for (const [url, message] of cases) {
      const res = await call(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
    for (const url of [
      `${P}/sla/dedicated?sort=name`,
      `${P}/sla/dedicated?provider=NOWHERE`,
      `${P}/sla/dedicated?breached=yes`,
      `${P}/sla/dedicated?per_page=0`,
    ])
      expect((await call(url)).statusCode, url).toBe(400);
    expect((await call(`${P}/sla?month=2020-01`)).json().code).toBe('sla.monthOutOfRange');
  });

  it('answers 404 for an unknown cluster and for one that is not dedicated', async () => {
    const [ticdc] = await t.database.rows<{ id: string }>(
      sql`select id from clusters where cluster_type = 'TICDC' order by id limit 1`,
    );
    for (const id of ['404404', ticdc!.id])
      for (const url of [`${P}/sla/dedicated/${id}`, `${P}/sla/dedicated/${id}/monthly`]) {
        const res = await call(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: 'sla.clusterNotFound', message: slaClusterNotFound(id) });
      }
  });

  it('lets any reader in, needs a signed-in user with a role', async () => {
    await t.database.db.execute(
      sql`insert into portal_users (email, name, roles) values (${NOBODY}, 'No Roles', '{}') on conflict do nothing`,
    );
    const urls = [
      `${P}/sla`,
      `${P}/sla/dedicated`,
      `${P}/sla/dedicated/${S[0]}`,
      `${P}/sla/dedicated/${S[0]}/monthly`,
      `${P}/slo`,
    ];
    for (const url of urls) {
      expect((await call(url, VIEWER)).statusCode, url).toBe(200);
      expect((await call(url, NOBODY)).statusCode, url).toBe(403);
      expect((await call(url, null)).statusCode, url).toBe(401);
    }
  });
});
