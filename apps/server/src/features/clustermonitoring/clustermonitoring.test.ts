import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CLUSTER_ALERT_MESSAGES,
  clusterAlertState,
  type ClusterAlert,
  type ClusterAlertSummary,
  type ClusterTopology,
  type CriticalAlert,
  type DmNamespaceList,
  type ListResult,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { availabilityZones } from './topology.js';

/*
 * Cluster monitoring through the API, on the demo seed: a cluster's alerts (filters, sort, paging), its summary
 * (checked against the rows themselves), acknowledge / silence / lift a silence along the contract's state table
 * with their audit rows, the fleet's critical alerts (silenced ones left out), the topology (zones, stores,
 * instances) and the DM namespaces; bad input is a 400 with the field's message, unknown objects 404, a viewer 403.
 */

const C = '/api/v1/devops/cluster/clusters';
const CRITICAL = '/api/v1/devops/dashboard/critical-alert';
const OPERATOR = 'operator@example.com';
const VIEWER = 'sam.okafor@example.com';
const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const call = async (method: 'GET' | 'POST', url: string, who = OPERATOR, payload?: object) =>
  t.app.inject({ method, url, headers: await t.as(who), ...(method === 'POST' ? { payload: payload ?? {} } : {}) });
const ok = async <T>(method: 'GET' | 'POST', url: string, who = OPERATOR, payload?: object): Promise<T> => {
  const res = await call(method, url, who, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};
const rows = <T>(q: ReturnType<typeof sql>) => t.database.rows<T>(q);

/** Audit rows of an alert, oldest first. */
const audit = (id: string) =>
  rows<{ operation: string; operator: string; details: Record<string, unknown> }>(
    sql`select operation, operator, details from audit_logs where type = 'cluster_alert' and instance_id = ${id}
        order by id`,
  );

/** A firing alert nobody handled yet, of a severity; each test takes its own. */
const taken = new Set<string>();
async function freshFiring(severity = 'warning'): Promise<{ id: string; cluster_id: string }> {
  const found = await rows<{ id: string; cluster_id: string }>(
    sql`select id::text, cluster_id from cluster_alerts where status = 'firing' and severity = ${severity}
        and acknowledged_at is null and silenced_until is null order by id`,
  );
  const row = found.find((r) => !taken.has(r.id));
  if (!row) throw new Error(`no fresh firing ${severity} alert left in the seed`);
  taken.add(row.id);
  return row;
}

describe('the seed', () => {
  it('holds alerts on a good share of the fleet, critical ones firing, some handled', async () => {
    const [s] = await rows<{
      clusters: number;
      live: number;
      firing_critical: number;
      acknowledged: number;
      silenced: number;
      resolved: number;
    }>(
      sql`select (select count(distinct cluster_id)::int from cluster_alerts) as clusters,
        (select count(*)::int from clusters where status not in ('USER_CLUSTER_STATUS_DELETED',
          'USER_CLUSTER_STATUS_CREATING')) as live,
        count(*) filter (where severity = 'critical' and status = 'firing')::int as firing_critical,
        count(*) filter (where acknowledged_at is not null)::int as acknowledged,
        count(*) filter (where silenced_until > now())::int as silenced,
        count(*) filter (where status = 'resolved')::int as resolved
        from cluster_alerts`,
    );
    expect(s!.clusters).toBeGreaterThan(s!.live * 0.3);
    expect(s!.firing_critical).toBeGreaterThanOrEqual(10);
    expect(s!.acknowledged).toBeGreaterThan(0);
    expect(s!.silenced).toBeGreaterThan(0);
    expect(s!.resolved).toBeGreaterThan(s!.firing_critical);
    // Every unavailable cluster fires a critical alert (its error), and resolved alerts ended before now.
    const [u] = await rows<{ missing: number; open_resolved: number }>(
      sql`select (select count(*)::int from clusters c where c.status = 'USER_CLUSTER_STATUS_UNAVAILABLE'
          and not exists (select 1 from cluster_alerts a where a.cluster_id = c.id and a.severity = 'critical'
          and a.status = 'firing')) as missing,
        (select count(*)::int from cluster_alerts where status = 'resolved'
          and (ends_at is null or ends_at > now() or ends_at < starts_at)) as open_resolved`,
    );
    expect(u).toEqual({ missing: 0, open_resolved: 0 });
  });
});

describe('cluster alerts', () => {
  let clusterId: string;
  let expected: { id: string; severity: string; status: string; starts_at: string }[];
  beforeAll(async () => {
    // The cluster with the most alerts.
    const [top] = await rows<{ cluster_id: string }>(
      sql`select cluster_id from cluster_alerts group by cluster_id order by count(*) desc, cluster_id limit 1`,
    );
    clusterId = top!.cluster_id;
    expected = await rows(
      sql`select id::text, severity, status, starts_at from cluster_alerts where cluster_id = ${clusterId}
          order by starts_at desc, id desc`,
    );
  });

  it('lists them newest first, paged, with labels and a derived state', async () => {
    const page = await ok<ListResult<ClusterAlert>>('GET', `${C}/${clusterId}/alerts?per_page=3`);
    expect(page.total).toBe(expected.length);
    expect(page.items.map((a) => a.id)).toEqual(expected.slice(0, 3).map((e) => e.id));
    const a = page.items[0]!;
    expect(a.cluster_id).toBe(clusterId);
    expect(a.labels).toMatchObject({ alertname: a.rule, cluster_id: clusterId, severity: a.severity });
    const now = Date.now();
    expect(page.items.every((x) => x.state === clusterAlertState(x, now))).toBe(true);
    const second = await ok<ListResult<ClusterAlert>>('GET', `${C}/${clusterId}/alerts?per_page=3&page=2`);
    expect(second.items.map((x) => x.id)).toEqual(expected.slice(3, 6).map((e) => e.id));
    const asc = await ok<ListResult<ClusterAlert>>('GET', `${C}/${clusterId}/alerts?sort=starts_at&per_page=100`);
    expect(asc.items.map((x) => x.id)).toEqual([...expected].reverse().map((e) => e.id));
  });

  it('filters by status, severity and words of the rule or summary', async () => {
    const resolved = await ok<ListResult<ClusterAlert>>('GET', `${C}/${clusterId}/alerts?status=resolved&per_page=100`);
    expect(resolved.total).toBe(expected.filter((e) => e.status === 'resolved').length);
    expect(resolved.items.every((a) => a.status === 'resolved' && a.state === 'resolved' && a.ends_at)).toBe(true);
    const sev = await ok<ListResult<ClusterAlert>>(
      'GET',
      `${C}/${clusterId}/alerts?severity=warning&severity=info&per_page=100`,
    );
    expect(sev.total).toBe(expected.filter((e) => e.severity !== 'critical').length);
    const any = (await ok<ListResult<ClusterAlert>>('GET', `${C}/${clusterId}/alerts?per_page=1`)).items[0]!;
    const word = any.rule.split('_')[1]!.toLowerCase();
    const found = await ok<ListResult<ClusterAlert>>('GET', `${C}/${clusterId}/alerts?search=${word}&per_page=100`);
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThanOrEqual(expected.length);
    expect(found.items.every((a) => `${a.rule} ${a.summary}`.toLowerCase().includes(word))).toBe(true);
    const none = await ok<ListResult<ClusterAlert>>('GET', `${C}/${clusterId}/alerts?search=no-such-alert-text`);
    expect(none).toEqual({ items: [], total: 0 });
  });

  it('refuses bad queries with a 400 and answers 404 for an unknown cluster', async () => {
    for (const q of ['severity=fatal', 'status=open', 'sort=rule', 'per_page=0', 'page=0']) {
      const res = await call('GET', `${C}/${clusterId}/alerts?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('request.invalid');
    }
    const missing = await call('GET', `${C}/424242/alerts`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('cluster.notFound');
    expect((await call('GET', `${C}/424242/alert-summary`)).statusCode).toBe(404);
  });

  it('sums up what fires now and the last 7 days, as the rows say', async () => {
    const now = Date.now();
    const s = await ok<ClusterAlertSummary>('GET', `${C}/${clusterId}/alert-summary`);
    const all = await rows<{
      severity: 'critical' | 'warning' | 'info';
      status: string;
      starts_at: string;
      acknowledged_at: string | null;
      silenced_until: string | null;
    }>(
      sql`select severity, status, starts_at::text, acknowledged_at::text, silenced_until::text from cluster_alerts
          where cluster_id = ${clusterId}`,
    );
    const firing = all.filter((a) => a.status === 'firing');
    expect(s.firing).toEqual({
      critical: firing.filter((a) => a.severity === 'critical').length,
      warning: firing.filter((a) => a.severity === 'warning').length,
      info: firing.filter((a) => a.severity === 'info').length,
      total: firing.length,
    });
    const silenced = (a: (typeof all)[number]) => a.silenced_until !== null && Date.parse(a.silenced_until) > now;
    expect(s.silenced).toBe(firing.filter(silenced).length);
    expect(s.acknowledged).toBe(firing.filter((a) => a.acknowledged_at && !silenced(a)).length);
    const from = Math.floor(now / DAY) * DAY - 6 * DAY;
    const week = all.filter((a) => Date.parse(a.starts_at) >= from);
    expect(s.last_7_days.total).toBe(week.length);
    expect(s.last_7_days.critical).toBe(week.filter((a) => a.severity === 'critical').length);
    expect(s.last_7_days.resolved).toBe(week.filter((a) => a.status === 'resolved').length);
    expect(s.daily).toHaveLength(7);
    expect(s.daily[0]!.date).toBe(new Date(from).toISOString().slice(0, 10));
    expect(s.daily[6]!.date).toBe(new Date(now).toISOString().slice(0, 10));
    expect(s.daily.reduce((n, d) => n + d.critical + d.warning + d.info, 0)).toBe(week.length);
  });

  it('answers an empty summary for a cluster without alerts', async () => {
    const [quiet] = await rows<{ id: string }>(
      sql`select id from clusters c where not exists (select 1 from cluster_alerts a where a.cluster_id = c.id)
          order by id limit 1`,
    );
    const s = await ok<ClusterAlertSummary>('GET', `${C}/${quiet!.id}/alert-summary`);
    expect(s.firing.total + s.last_7_days.total + s.acknowledged + s.silenced).toBe(0);
    expect(s.daily.every((d) => d.critical + d.warning + d.info === 0)).toBe(true);
    expect(await ok('GET', `${C}/${quiet!.id}/alerts`)).toEqual({ items: [], total: 0 });
  });
});

describe('acknowledge, silence, lift a silence', () => {
  const act = (a: { id: string; cluster_id: string }, action: string, body?: object, who = OPERATOR) =>
    call('POST', `${C}/${a.cluster_id}/alerts/${a.id}/${action}`, who, body);

  it('acknowledges a firing alert once, with its audit row', async () => {
    const a = await freshFiring('warning');
    const res = await act(a, 'acknowledge', { comment: '  on it  ' });
    expect(res.statusCode).toBe(200);
    const alert = res.json().alert as ClusterAlert;
    expect(alert).toMatchObject({
      id: a.id,
      state: 'acknowledged',
      status: 'firing',
      acknowledged_by: OPERATOR,
      acknowledge_comment: 'on it',
    });
    expect(Date.now() - Date.parse(alert.acknowledged_at!)).toBeLessThan(60_000);
    const again = await act(a, 'acknowledge');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'clusterAlert.actionNotAllowed',
      message: 'The alert is acknowledged: it cannot be acknowledged',
    });
    expect(await audit(a.id)).toEqual([
      {
        operation: 'acknowledge',
        operator: OPERATOR,
        details: expect.objectContaining({
          cluster_id: a.cluster_id,
          comment: 'on it',
          before: expect.objectContaining({ state: 'firing' }),
          after: expect.objectContaining({ state: 'acknowledged', acknowledged_by: OPERATOR }),
        }),
      },
    ]);
  });

  it('validates a silence: a duration within bounds and a comment', async () => {
    const a = await freshFiring('warning');
    const cases: [object, string, string][] = [
      [{ duration_minutes: 5, comment: 'x' }, 'duration_minutes', CLUSTER_ALERT_MESSAGES.durationRange],
      [{ duration_minutes: 20_000, comment: 'x' }, 'duration_minutes', CLUSTER_ALERT_MESSAGES.durationRange],
      [{ duration_minutes: 60.5, comment: 'x' }, 'duration_minutes', CLUSTER_ALERT_MESSAGES.durationRange],
      [{ comment: 'x' }, 'duration_minutes', CLUSTER_ALERT_MESSAGES.durationRequired],
      [{ duration_minutes: 60, comment: '   ' }, 'comment', CLUSTER_ALERT_MESSAGES.commentRequired],
      [{ duration_minutes: 60 }, 'comment', CLUSTER_ALERT_MESSAGES.commentRequired],
      [{ duration_minutes: 60, comment: 'x'.repeat(501) }, 'comment', CLUSTER_ALERT_MESSAGES.commentTooLong],
    ];
    for (const [body, field, message] of cases) {
      const res = await act(a, 'silence', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details).toContainEqual({ field: `body.${field}`, message });
    }
    expect(await audit(a.id)).toEqual([]);
  });

  it('silences a critical alert (left out of the fleet list) until its silence is lifted', async () => {
    const a = await freshFiring('critical');
    const inList = async () => {
      const page = await ok<ListResult<CriticalAlert>>('GET', `${CRITICAL}?per_page=1000`);
      return page.items.some((x) => x.id === a.id);
    };
    expect(await inList()).toBe(true);
    const before = Date.now();
    const res = await act(a, 'silence', { duration_minutes: 240, comment: 'Known issue, fix tonight' });
    expect(res.statusCode).toBe(200);
    const silenced = res.json().alert as ClusterAlert;
    expect(silenced).toMatchObject({
      state: 'silenced',
      silenced_by: OPERATOR,
      silence_comment: 'Known issue, fix tonight',
    });
    const until = Date.parse(silenced.silenced_until!);
    expect(until - before).toBeGreaterThanOrEqual(240 * 60_000 - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(240 * 60_000);
    expect(await inList()).toBe(false);
    // Silenced: it can be neither acknowledged nor silenced again, only lifted.
    expect((await act(a, 'acknowledge')).statusCode).toBe(409);
    expect((await act(a, 'silence', { duration_minutes: 60, comment: 'again' })).statusCode).toBe(409);
    const lifted = await act(a, 'unsilence');
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().alert).toMatchObject({ state: 'firing', silenced_by: OPERATOR });
    expect(Date.parse(lifted.json().alert.silenced_until)).toBeLessThanOrEqual(Date.now());
    expect(await inList()).toBe(true);
    expect((await act(a, 'unsilence')).statusCode).toBe(409);
    expect((await audit(a.id)).map((r) => r.operation)).toEqual(['silence', 'unsilence']);
    const [silence] = await audit(a.id);
    expect(silence!.details).toMatchObject({
      duration_minutes: 240,
      comment: 'Known issue, fix tonight',
      before: { state: 'firing' },
      after: { state: 'silenced' },
    });
  });

  it('lets an acknowledged alert be silenced, and takes nothing on a resolved one', async () => {
    const a = await freshFiring('info');
    expect((await act(a, 'acknowledge')).statusCode).toBe(200);
    const s = await act(a, 'silence', { duration_minutes: 60, comment: 'noisy' });
    expect(s.json().alert.state).toBe('silenced');
    expect((await act(a, 'unsilence')).json().alert.state).toBe('acknowledged');
    const [resolved] = await rows<{ id: string; cluster_id: string }>(
      sql`select id::text, cluster_id from cluster_alerts where status = 'resolved' order by id limit 1`,
    );
    for (const action of ['acknowledge', 'unsilence']) {
      const res = await act(resolved!, action);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().message).toContain('The alert is resolved');
    }
    expect((await act(resolved!, 'silence', { duration_minutes: 60, comment: 'x' })).statusCode).toBe(409);
  });

  it('answers 404 for an unknown alert, one of another cluster, or an unknown cluster', async () => {
    const a = await freshFiring('warning');
    const [other] = await rows<{ id: string }>(sql`select id from clusters where id <> ${a.cluster_id} limit 1`);
    for (const url of [
      `${C}/${a.cluster_id}/alerts/99999999/acknowledge`,
      `${C}/${a.cluster_id}/alerts/not-a-number/acknowledge`,
      `${C}/${other!.id}/alerts/${a.id}/acknowledge`,
    ]) {
      const res = await call('POST', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('clusterAlert.notFound');
    }
    const res = await call('POST', `${C}/424242/alerts/${a.id}/acknowledge`);
    expect(res.json().code).toBe('cluster.notFound');
  });

  it('lets a viewer read but not act (403)', async () => {
    const a = await freshFiring('warning');
    expect((await call('GET', `${C}/${a.cluster_id}/alerts`, VIEWER)).statusCode).toBe(200);
    expect((await call('GET', CRITICAL, VIEWER)).statusCode).toBe(200);
    for (const [action, body] of [
      ['acknowledge', {}],
      ['silence', { duration_minutes: 60, comment: 'x' }],
      ['unsilence', {}],
    ] as const) {
      expect((await act(a, action, body, VIEWER)).statusCode, action).toBe(403);
    }
    expect(await audit(a.id)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: CRITICAL })).statusCode).toBe(401);
  });
});

describe('the fleet critical alerts', () => {
  it('lists the critical alerts firing and not silenced, newest first, paged in SQL, with their cluster', async () => {
    const expected = await rows<{ id: string; cluster_id: string; name: string; tenant_id: string }>(
      sql`select a.id::text, a.cluster_id, c.name, c.tenant_id from cluster_alerts a join clusters c on c.id = a.cluster_id
          where a.severity = 'critical' and a.status = 'firing' and (a.silenced_until is null or a.silenced_until <= now())
          order by a.starts_at desc, a.id desc`,
    );
    const first = await ok<ListResult<CriticalAlert>>('GET', `${CRITICAL}?per_page=5`);
    expect(first.total).toBe(expected.length);
    expect(first.items.map((a) => a.id)).toEqual(expected.slice(0, 5).map((e) => e.id));
    expect(first.items[0]).toMatchObject({
      severity: 'critical',
      status: 'firing',
      cluster_id: expected[0]!.cluster_id,
      cluster_name: expected[0]!.name,
      tenant_id: expected[0]!.tenant_id,
    });
    expect(first.items[0]!.tenant_name).not.toBe('');
    const second = await ok<ListResult<CriticalAlert>>('GET', `${CRITICAL}?per_page=5&page=2`);
    expect(second.items.map((a) => a.id)).toEqual(expected.slice(5, 10).map((e) => e.id));
    const oldest = await ok<ListResult<CriticalAlert>>('GET', `${CRITICAL}?per_page=1&sort=starts_at`);
    expect(oldest.items[0]!.id).toBe(expected[expected.length - 1]!.id);
    // The seed silenced some critical ones: they are not here.
    const [silenced] = await rows<{ n: number }>(
      sql`select count(*)::int as n from cluster_alerts where severity = 'critical' and status = 'firing'
          and silenced_until > now()`,
    );
    expect(silenced!.n).toBeGreaterThan(0);
    for (const q of ['per_page=0', 'sort=severity', 'page=-1']) {
      expect((await call('GET', `${CRITICAL}?${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe('topology', () => {
  it('places the components over the zones of the region, with the stores PD reports', async () => {
    const [c] = await rows<{ id: string; provider: string; region: string; tikv: number; tiflash: number }>(
      sql`select c.id, c.provider, c.region, k.replicas as tikv, f.replicas as tiflash from clusters c
          join cluster_components k on k.cluster_id = c.id and k.component = 'TIKV'
          join cluster_components f on f.cluster_id = c.id and f.component = 'TIFLASH'
          where c.status = 'USER_CLUSTER_STATUS_AVAILABLE' and k.replicas >= 6 order by c.id limit 1`,
    );
    const topo = await ok<ClusterTopology>('GET', `${C}/${c!.id}/topology`);
    // The embedded store source (no PD_URL_TEMPLATE): the stored stores, never an error.
    expect(topo.stores_error).toBeNull();
    const zones = availabilityZones(c!.provider, c!.region);
    expect(zones).toHaveLength(3);
    expect(topo.zones.map((z) => z.zone)).toEqual(zones);
    const tikv = topo.components.find((x) => x.component === 'TIKV')!;
    expect(tikv.instances).toHaveLength(c!.tikv);
    expect(tikv.instances[0]).toEqual({
      name: 'db-tikv-0',
      address: `db-tikv-0.db-tikv-peer.tidb${c!.id}.svc:20160`,
      zone: zones[0],
    });
    expect(tikv.instances.map((i) => i.zone)).toEqual(tikv.instances.map((_, i) => zones[i % 3]));
    expect(topo.components.map((x) => x.component)[0]).toBe('PD');

    const live = topo.stores.filter((s) => s.state !== 'Tombstone');
    expect(live.filter((s) => s.kind === 'tikv')).toHaveLength(c!.tikv);
    expect(live.filter((s) => s.kind === 'tiflash')).toHaveLength(c!.tiflash);
    // Store ids as the simulated pd-ctl prints them: TiKV replica i is store i + 1, the TiFlash stores follow.
    const ids = (kind: string) => live.filter((s) => s.kind === kind).map((s) => s.store_id);
    expect(ids('tikv')).toEqual(Array.from({ length: c!.tikv }, (_, i) => i + 1));
    expect(ids('tiflash')).toEqual(Array.from({ length: c!.tiflash }, (_, i) => c!.tikv + 1 + i));
    expect(topo.stores.map((s) => s.kind)).toEqual(
      [...topo.stores.map((s) => s.kind)].sort((a, b) => (a === b ? 0 : a === 'tikv' ? -1 : 1)),
    );
    for (const s of live) {
      const inst = topo.components
        .find((x) => x.component === s.kind.toUpperCase())!
        .instances.find((i) => i.address === s.address);
      expect(inst?.zone, s.address).toBe(s.zone);
      expect(s.used_bytes).toBeLessThanOrEqual(s.capacity_bytes);
    }
    expect(live.filter((s) => s.kind === 'tiflash').every((s) => s.leader_count === 0)).toBe(true);
    // Each zone counts its instances and its stores' regions.
    for (const z of topo.zones) {
      const inZone = live.filter((s) => s.zone === z.zone);
      expect(z.stores).toBe(inZone.length);
      expect(z.region_count).toBe(inZone.reduce((n, s) => n + s.region_count, 0));
      expect(z.components.find((x) => x.component === 'TIKV')?.count).toBe(
        tikv.instances.filter((i) => i.zone === z.zone).length,
      );
    }
    expect(topo.zones.reduce((n, z) => n + z.stores_up, 0)).toBe(live.filter((s) => s.state === 'Up').length);
  });

  it('shows the down store of an unavailable cluster and names zones by provider', async () => {
    const downs = await rows<{ id: string; tikv: number }>(
      sql`select c.id, k.replicas as tikv from clusters c join cluster_components k on k.cluster_id = c.id
          and k.component = 'TIKV' where c.errmsg like 'TiKV store 4 is down%' order by c.id`,
    );
    for (const down of downs) {
      // Store 4 (tikv-3), or the last one of a cluster with fewer: Down, and the alert names its instance.
      const id = Math.min(4, down.tikv);
      const topo = await ok<ClusterTopology>('GET', `${C}/${down.id}/topology`);
      const store = topo.stores.find((s) => s.store_id === id && s.kind === 'tikv')!;
      expect(store).toMatchObject({ state: 'Down', address: expect.stringContaining(`db-tikv-${id - 1}.`) });
      expect(topo.stores.filter((s) => s.state === 'Down')).toHaveLength(1);
      const alerts = await ok<ListResult<ClusterAlert>>(
        'GET',
        `${C}/${down.id}/alerts?status=firing&severity=critical`,
      );
      expect(alerts.items.find((a) => a.rule === 'TiKV_server_is_down')?.labels.instance).toBe(store.address);
    }
    expect(availabilityZones('AWS', 'us-east-1')).toEqual(['us-east-1a', 'us-east-1b', 'us-east-1c']);
    expect(availabilityZones('GCP', 'us-central1')).toEqual(['us-central1-a', 'us-central1-b', 'us-central1-c']);
    expect(availabilityZones('AZURE', 'eastus')).toEqual(['eastus-1', 'eastus-2', 'eastus-3']);
    expect(availabilityZones('ALICLOUD', 'cn-hangzhou')).toEqual(['cn-hangzhou-b', 'cn-hangzhou-c', 'cn-hangzhou-d']);
  });

  it('answers an empty topology for a cluster without components, 404 for an unknown one', async () => {
    const [cdc] = await rows<{ id: string }>(
      sql`select id from clusters c where cluster_type = 'CHANGEFEED'
          and not exists (select 1 from cluster_components x where x.cluster_id = c.id) order by id limit 1`,
    );
    const topo = await ok<ClusterTopology>('GET', `${C}/${cdc!.id}/topology`);
    expect(topo.components).toEqual([]);
    expect(topo.stores).toEqual([]);
    expect(topo.zones.every((z) => z.components.length === 0 && z.stores === 0)).toBe(true);
    const res = await call('GET', `${C}/424242/topology`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('cluster.notFound');
  });
});

describe('DM namespaces', () => {
  it('lists a cluster’s DM namespaces with their tasks; none elsewhere; 404 for an unknown cluster', async () => {
    const seeded = await rows<{ cluster_id: string; n: number }>(
      sql`select cluster_id, count(*)::int as n from cluster_dm_namespaces group by cluster_id order by cluster_id`,
    );
    expect(seeded).toHaveLength(5);
    expect(seeded.reduce((n, r) => n + r.n, 0)).toBe(6);
    const all = (
      await Promise.all(seeded.map((r) => ok<DmNamespaceList>('GET', `${C}/${r.cluster_id}/dm-ns`)))
    ).flatMap((l) => l.items);
    expect(all.map((n) => n.status).sort()).toEqual([
      'Degraded',
      'Healthy',
      'Healthy',
      'Healthy',
      'Healthy',
      'Stopped',
    ]);
    const degraded = all.find((n) => n.status === 'Degraded')!;
    expect(degraded.worker_ready).toBeLessThan(degraded.worker_replicas);
    expect(degraded.tasks.find((x) => x.stage === 'Paused')).toMatchObject({
      name: 'crm-sync',
      unit: 'Sync',
      error: expect.stringContaining('Duplicate entry'),
    });
    const two = seeded.find((r) => r.n === 2)!;
    const list = await ok<DmNamespaceList>('GET', `${C}/${two.cluster_id}/dm-ns`);
    expect(list.total).toBe(2);
    expect(list.items.map((n) => n.name)).toEqual([`dm-${two.cluster_id}`, `dm-${two.cluster_id}-2`]);
    expect(list.items[0]!.tasks[0]).toMatchObject({
      name: 'analytics-events',
      task_mode: 'incremental',
      sync_lag_seconds: 4,
    });

    const [none] = await rows<{ id: string }>(
      sql`select id from clusters c where not exists (select 1 from cluster_dm_namespaces d where d.cluster_id = c.id)
          order by id limit 1`,
    );
    expect(await ok('GET', `${C}/${none!.id}/dm-ns`)).toEqual({ items: [], total: 0 });
    expect((await call('GET', `${C}/424242/dm-ns`)).statusCode).toBe(404);
  });
});
