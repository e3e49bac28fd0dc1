import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  canTransitionIncident,
  INCIDENT_LOG_TEXT_MAX,
  INCIDENT_MESSAGES,
  INCIDENT_STATUSES,
  INCIDENT_TRANSITIONS,
  type ChatMessage,
  type Incident,
  type IncidentChanges,
  type IncidentLog,
  type IncidentStatus,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';

/*
 * Incidents end to end through the API: the list and its filters, create and its validation, PUT edits and every
 * allowed and refused status move with their audit rows, timeline entries and events, the timeline routes, the chat
 * notice (recorded by the outbox once the jobs ran), "what changed here" over the demo's changes, and who may do what.
 */

const P = '/api/v1/devops/incidents';
const OPERATOR = 'operator@example.com';
const LIN = 'lin.wei@example.com';
const VIEWER = 'sam.okafor@example.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (method: Method, url: string, payload?: object, who = OPERATOR) =>
  t.app.inject({ method, url, headers: await t.as(who), ...(method === 'GET' ? {} : { payload: payload ?? {} }) });
const ok = async (method: Method, url: string, payload?: object, who = OPERATOR) => {
  const res = await call(method, url, payload, who);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const list = (query = ''): Promise<{ items: Incident[]; total: number }> => ok('GET', `${P}${query}`);
const get = async (id: string): Promise<Incident> => (await ok('GET', `${P}/${id}`)).incident;
const put = (id: string, body: object, who = OPERATOR) => call('PUT', `${P}/${id}`, body, who);
const logs = async (id: string, query = '?per_page=100'): Promise<IncidentLog[]> =>
  (await ok('GET', `${P}/${id}/logs${query}`)).items;

const audit = (id: string) =>
  t.database.rows<{ operation: string; operator: string; details: Record<string, unknown> }>(
    sql`select operation, operator, details from audit_logs
        where type = 'incident' and instance_id = ${id} order by id`,
  );
const events = (id: string) =>
  t.database.rows<{ type: string; link: string; cluster_ids: string[]; tenant_id: string | null; actor: string }>(
    sql`select type, link, cluster_ids, tenant_id, actor from portal_events
        where subject_type = 'incident' and subject_id = ${id} order by id`,
  );

/** Available dedicated clusters, first by id, with their tenants. */
let clusters: { id: string; name: string; tenant_id: string }[] = [];
beforeAll(async () => {
  clusters = await t.database.rows(sql`
    select id, name, tenant_id from clusters
    where status = 'USER_CLUSTER_STATUS_AVAILABLE' and cluster_type = 'DEDICATED_TIDB' order by id limit 10`);
});

async function open(extra: object = {}): Promise<Incident> {
  const res = await call('POST', P, {
    title: 'TiKV write stalls',
    severity: 'major',
    cluster_ids: [clusters[0]!.id],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().incident;
}

/** An incident brought to `status` along allowed moves. */
async function incidentIn(status: IncidentStatus): Promise<Incident> {
  const i = await open({ title: `Incident brought to ${status}` });
  const path: Record<IncidentStatus, IncidentStatus[]> = {
    open: [],
    acknowledged: ['acknowledged'],
    mitigated: ['acknowledged', 'mitigated'],
    resolved: ['resolved'],
  };
  for (const s of path[status]) expect((await put(i.id, { status: s })).statusCode).toBe(200);
  return get(i.id);
}

describe('the state machine (contract)', () => {
  it('moves forward (skipping allowed), back only mitigated → acknowledged and resolved → open', () => {
    expect(INCIDENT_TRANSITIONS).toEqual({
      open: ['acknowledged', 'mitigated', 'resolved'],
      acknowledged: ['mitigated', 'resolved'],
      mitigated: ['resolved', 'acknowledged'],
      resolved: ['open'],
    });
    expect(canTransitionIncident('open', 'resolved')).toBe(true);
    expect(canTransitionIncident('resolved', 'mitigated')).toBe(false);
    expect(canTransitionIncident('bogus', 'open')).toBe(false);
  });

  it('pins the spec §8 messages', () => {
    expect(INCIDENT_MESSAGES.created).toBe('Create successful!');
    expect(INCIDENT_MESSAGES.saved).toBe('Save successful!');
    expect(INCIDENT_MESSAGES.sent).toBe('Sent.');
  });
});

describe('GET /incidents', () => {
  it('lists the demo incidents 10 per page, newest start first', async () => {
    const page = await list();
    expect(page.total).toBeGreaterThanOrEqual(30);
    expect(page.items).toHaveLength(10);
    const starts = page.items.map((i) => i.started_at);
    expect([...starts].sort().reverse()).toEqual(starts);
    expect(page.items[0]!.id).toMatch(/^INC-\d+$/);
    const asc = await list('?sort=started_at');
    expect(asc.items[0]!.started_at <= asc.items[9]!.started_at).toBe(true);
    const seen = new Set((await list('?per_page=100')).items.flatMap((i) => [i.status, i.severity]));
    for (const s of [...INCIDENT_STATUSES, 'critical', 'major', 'minor']) expect(seen, s).toContain(s);
  });

  it('filters by status, severity, tenant, cluster, start time and title or id', async () => {
    const mine = await open({ title: 'Unique zebra incident', severity: 'minor', cluster_ids: [clusters[5]!.id] });
    const byStatus = await list('?status=open&status=acknowledged&per_page=100');
    expect(byStatus.items.every((i) => ['open', 'acknowledged'].includes(i.status))).toBe(true);
    expect(byStatus.items.map((i) => i.id)).toContain(mine.id);
    const bySeverity = await list('?severity=critical&per_page=100');
    expect(bySeverity.total).toBeGreaterThan(0);
    expect(bySeverity.items.every((i) => i.severity === 'critical')).toBe(true);
    const byCluster = await list(`?cluster_id=${clusters[5]!.id}&per_page=100`);
    expect(byCluster.items.map((i) => i.id)).toContain(mine.id);
    expect(byCluster.items.every((i) => i.clusters.some((c) => c.id === clusters[5]!.id))).toBe(true);
    const byTenant = await list(`?tenant_id=${clusters[5]!.tenant_id}&per_page=100`);
    expect(byTenant.items.map((i) => i.id)).toContain(mine.id);
    expect((await list('?search=zebra')).items.map((i) => i.id)).toEqual([mine.id]);
    expect((await list(`?search=${mine.id.toLowerCase()}`)).items.map((i) => i.id)).toEqual([mine.id]);
    const day = mine.started_at.slice(0, 10);
    expect((await list(`?started_from=${day}&started_to=${day}&per_page=100`)).items.map((i) => i.id)).toContain(
      mine.id,
    );
    expect((await list(`?started_to=2000-01-01`)).total).toBe(0);
    const bad = await call('GET', `${P}?started_from=2026-11-02&started_to=2026-11-01`);
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', `${P}?status=closed`)).statusCode).toBe(400);
    expect((await call('GET', `${P}?sort=title`)).statusCode).toBe(400);
  });
});

describe('POST /incidents', () => {
  it('opens an incident: id, derived tenants, timeline, audit row and the incident.opened event', async () => {
    const c = clusters[1]!;
    const i = await open({ cluster_ids: [c.id], commander: LIN, description: 'p99 up 10x' });
    expect(i).toMatchObject({
      status: 'open',
      severity: 'major',
      commander: LIN,
      description: 'p99 up 10x',
      created_by: OPERATOR,
      clusters: [{ id: c.id, name: c.name, tenant_id: c.tenant_id }],
      acknowledged_at: null,
      mitigated_at: null,
      resolved_at: null,
    });
    expect(i.tenants.map((x) => x.id)).toEqual([c.tenant_id]);
    expect(i.tenants[0]!.name).not.toBe(c.tenant_id);
    expect(await get(i.id)).toEqual(i);
    const a = await audit(i.id);
    expect(a.map((r) => r.operation)).toEqual(['create']);
    expect(a[0]!.details.after).toMatchObject({ status: 'open', cluster_ids: [c.id], commander: LIN });
    const tl = await logs(i.id);
    expect(tl).toHaveLength(1);
    expect(tl[0]).toMatchObject({ kind: 'system', author: OPERATOR });
    expect(tl[0]!.text).toContain('Incident opened by operator@example.com');
    expect(await events(i.id)).toEqual([
      {
        type: 'incident.opened',
        link: `/incidents/${i.id}`,
        cluster_ids: [c.id],
        tenant_id: c.tenant_id,
        actor: OPERATOR,
      },
    ]);
  });

  it('numbers incidents in sequence', async () => {
    const a = await open();
    const b = await open();
    expect(Number(b.id.slice(4))).toBe(Number(a.id.slice(4)) + 1);
  });

  it('refuses invalid input with clear codes and messages, never a 500', async () => {
    const post = (body: object) => call('POST', P, body);
    const missing = await post({ severity: 'major' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toContainEqual({ field: 'body.title', message: INCIDENT_MESSAGES.titleRequired });
    const sev = await post({ title: 'x', severity: 'sev0' });
    expect(sev.statusCode).toBe(400);
    expect(sev.json().details).toContainEqual({ field: 'body.severity', message: INCIDENT_MESSAGES.severityRequired });
    const long = await post({ title: 'x'.repeat(201), severity: 'minor' });
    expect(long.json().details).toContainEqual({ field: 'body.title', message: INCIDENT_MESSAGES.titleTooLong });
    const cluster = await post({ title: 'x', severity: 'minor', cluster_ids: ['no-such-cluster'] });
    expect(cluster.statusCode).toBe(400);
    expect(cluster.json()).toMatchObject({ code: 'incident.unknownCluster' });
    expect(cluster.json().message).toContain('no-such-cluster');
    const tenant = await post({ title: 'x', severity: 'minor', tenant_ids: ['no-such-tenant'] });
    expect(tenant.statusCode).toBe(400);
    expect(tenant.json()).toMatchObject({ code: 'incident.unknownTenant' });
    const user = await post({ title: 'x', severity: 'minor', commander: 'nobody@example.com' });
    expect(user.statusCode).toBe(400);
    expect(user.json()).toMatchObject({ code: 'incident.unknownUser' });
    const future = await post({ title: 'x', severity: 'minor', started_at: '2999-01-01T00:00:00Z' });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      code: 'incident.invalidStartTime',
      message: INCIDENT_MESSAGES.startInFuture,
    });
    expect((await post({ title: 'x', severity: 'minor', started_at: 'yesterday' })).statusCode).toBe(400);
    expect((await post({ title: 'x', severity: 'minor', cluster_ids: 'abc' })).statusCode).toBe(400);
    // Nothing of the refused requests was written.
    expect((await list('?search=x&per_page=100')).items.filter((i) => i.title === 'x')).toEqual([]);
  });

  it('takes a start time in the past and keeps named tenants beside the derived ones', async () => {
    const other = clusters[3]!.tenant_id;
    const i = await open({ started_at: '2026-10-01T08:00:00Z', tenant_ids: [other], cluster_ids: [clusters[2]!.id] });
    expect(i.started_at).toBe('2026-10-01T08:00:00.000Z');
    expect(i.tenants.map((x) => x.id)).toEqual([...new Set([other, clusters[2]!.tenant_id])]);
  });
});

describe('GET /incidents/{id}', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['INC-999999', 'abc', '1001']) {
      const res = await call('GET', `${P}/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('incident.notFound');
    }
    expect((await put('INC-999999', { title: 'x' })).statusCode).toBe(404);
  });
});

describe('PUT /incidents/{id}: edits', () => {
  it('edits fields: one audit row of what changed and a system timeline entry; a no-op writes nothing', async () => {
    const i = await open();
    const res = await put(i.id, {
      title: 'TiKV write stalls on az-b',
      severity: 'critical',
      commander: LIN,
      cluster_ids: [clusters[4]!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().incident as Incident;
    expect(after).toMatchObject({ title: 'TiKV write stalls on az-b', severity: 'critical', commander: LIN });
    expect(after.clusters.map((c) => c.id)).toEqual([clusters[4]!.id]);
    expect(after.tenants.map((x) => x.id)).toEqual([clusters[4]!.tenant_id]);
    const a = await audit(i.id);
    expect(a.map((r) => r.operation)).toEqual(['create', 'update']);
    expect(a[1]!.details.before).toMatchObject({ title: 'TiKV write stalls', severity: 'major', commander: null });
    expect(a[1]!.details.after).toMatchObject({
      title: 'TiKV write stalls on az-b',
      severity: 'critical',
      commander: LIN,
    });
    expect(a[1]!.details.before).not.toHaveProperty('status');
    const tl = await logs(i.id);
    expect(tl.at(-1)).toMatchObject({ kind: 'system' });
    expect(tl.at(-1)!.text).toContain('severity major → critical');

    // The same values again: nothing changes, no audit row.
    expect(
      (await put(i.id, { title: 'TiKV write stalls on az-b', severity: 'critical', status: 'open' })).statusCode,
    ).toBe(200);
    expect(await audit(i.id)).toHaveLength(2);
    // Commander removed.
    expect((await put(i.id, { commander: null })).json().incident.commander).toBeNull();
  });

  it('refuses unknown clusters, tenants, users and impossible start times, changing nothing', async () => {
    const i = await incidentIn('acknowledged');
    const before = await audit(i.id);
    expect((await put(i.id, { cluster_ids: ['nope'] })).json().code).toBe('incident.unknownCluster');
    expect((await put(i.id, { tenant_ids: ['nope'] })).json().code).toBe('incident.unknownTenant');
    expect((await put(i.id, { commander: 'ghost@example.com' })).json().code).toBe('incident.unknownUser');
    const late = await put(i.id, { started_at: new Date(Date.now() + 60_000).toISOString() });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'incident.invalidStartTime',
      message: INCIDENT_MESSAGES.startAfterStatus,
    });
    expect((await put(i.id, { title: '' })).statusCode).toBe(400);
    expect(await audit(i.id)).toEqual(before);
    expect(await get(i.id)).toEqual(i);
    // An earlier start is fine.
    const earlier = await put(i.id, { started_at: '2026-11-01T00:00:00Z' });
    expect(earlier.statusCode, earlier.body).toBe(200);
  });
});

describe('PUT /incidents/{id}: status', () => {
  const pairs = INCIDENT_STATUSES.flatMap((from) =>
    INCIDENT_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const),
  );

  it.each(pairs)('%s → %s follows INCIDENT_TRANSITIONS, with its audit row and timeline entry', async (from, to) => {
    const i = await incidentIn(from);
    const before = await audit(i.id);
    const res = await put(i.id, { status: to, note: 'checked the dashboards' });
    if (!INCIDENT_TRANSITIONS[from].includes(to)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'incident.statusForbids', details: { status: from, to } });
      expect(await audit(i.id)).toEqual(before);
      expect((await get(i.id)).status).toBe(from);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().incident as Incident;
    expect(after.status).toBe(to);
    const a = (await audit(i.id)).slice(before.length);
    expect(a).toHaveLength(1);
    const verb =
      to === 'open'
        ? 'reopen'
        : from === 'mitigated' && to === 'acknowledged'
          ? 'mitigation_failed'
          : { acknowledged: 'acknowledge', mitigated: 'mitigate', resolved: 'resolve' }[to];
    expect(a[0]).toMatchObject({
      operation: verb,
      operator: OPERATOR,
      details: { before: { status: from }, after: { status: to }, note: 'checked the dashboards' },
    });
    const tl = await logs(i.id);
    expect(tl.at(-1)).toMatchObject({
      kind: 'status_change',
      author: OPERATOR,
      text: `status changed to ${to} by ${OPERATOR}: checked the dashboards`,
    });
    const ev = (await events(i.id)).map((e) => e.type);
    if (to === 'resolved') expect(ev.at(-1)).toBe('incident.resolved');
    else if (to === 'open') expect(ev.filter((e) => e === 'incident.opened')).toHaveLength(2);
    else expect(ev).not.toContain('incident.resolved');
  });

  it('keeps skipped timestamps null and clears those undone by going back', async () => {
    const skipped = (await put((await open()).id, { status: 'resolved' })).json().incident as Incident;
    expect(skipped.acknowledged_at).toBeNull();
    expect(skipped.mitigated_at).toBeNull();
    expect(skipped.resolved_at).not.toBeNull();

    const m = await incidentIn('mitigated');
    expect(m.acknowledged_at).not.toBeNull();
    expect(m.mitigated_at).not.toBeNull();
    const back = (await put(m.id, { status: 'acknowledged' })).json().incident as Incident;
    expect(back.mitigated_at).toBeNull();
    expect(back.acknowledged_at! >= m.acknowledged_at!).toBe(true);

    const r = await incidentIn('resolved');
    const reopened = (await put(r.id, { status: 'open' })).json().incident as Incident;
    expect(reopened).toMatchObject({ status: 'open', acknowledged_at: null, mitigated_at: null, resolved_at: null });
  });

  it('refuses an unknown status value with 400', async () => {
    const i = await open();
    expect((await put(i.id, { status: 'closed' })).statusCode).toBe(400);
  });
});

describe('the timeline: GET and POST /incidents/{id}/logs', () => {
  it('appends notes (oldest first), filters by kind, and has no route to edit or delete one', async () => {
    const i = await open();
    const res = await call('POST', `${P}/${i.id}/logs`, { text: '  Rolled back the PD change  ' });
    expect(res.statusCode, res.body).toBe(201);
    const log = res.json().log as IncidentLog;
    expect(log).toMatchObject({ incident_id: i.id, kind: 'note', text: 'Rolled back the PD change', author: OPERATOR });
    await put(i.id, { status: 'acknowledged' });
    const all = await logs(i.id);
    expect(all.map((l) => l.kind)).toEqual(['system', 'note', 'status_change']);
    expect((await logs(i.id, '?kind=note')).map((l) => l.id)).toEqual([log.id]);
    expect((await ok('GET', `${P}/${i.id}/logs?sort=-at`)).items[0].kind).toBe('status_change');
    expect((await audit(i.id)).map((a) => a.operation)).toContain('add_log');
    const a = (await audit(i.id)).find((x) => x.operation === 'add_log')!;
    expect(a.details).toMatchObject({ log_id: log.id, after: { kind: 'note', text: 'Rolled back the PD change' } });

    expect((await call('PUT', `${P}/${i.id}/logs/${log.id}`, { text: 'x' })).json().code).toBe('route.notFound');
    expect((await call('DELETE', `${P}/${i.id}/logs/${log.id}`)).json().code).toBe('route.notFound');
  });

  it('validates the text and the incident', async () => {
    const i = await open();
    const empty = await call('POST', `${P}/${i.id}/logs`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toContainEqual({ field: 'body.text', message: INCIDENT_MESSAGES.logTextRequired });
    const long = await call('POST', `${P}/${i.id}/logs`, { text: 'x'.repeat(INCIDENT_LOG_TEXT_MAX + 1) });
    expect(long.json().details).toContainEqual({ field: 'body.text', message: INCIDENT_MESSAGES.logTextTooLong });
    expect((await call('POST', `${P}/${i.id}/logs`, { text: 'x'.repeat(INCIDENT_LOG_TEXT_MAX) })).statusCode).toBe(201);
    expect((await call('POST', `${P}/INC-999999/logs`, { text: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `${P}/INC-999999/logs`)).statusCode).toBe(404);
    expect((await call('GET', `${P}/${i.id}/logs?kind=chat`)).statusCode).toBe(400);
  });
});

describe('POST /incidents/{id}/feishu_message', () => {
  it('sends the notice through the chat outbox, with a notice timeline entry and an audit row', async () => {
    const i = await open({ severity: 'critical', commander: LIN });
    await put(i.id, { status: 'acknowledged' });
    const res = await call('POST', `${P}/${i.id}/feishu_message`, { text: 'Customers in eu-west affected' });
    expect(res.statusCode, res.body).toBe(200);
    const { message, log } = res.json() as { message: ChatMessage; log: IncidentLog };
    expect(message).toMatchObject({ source_type: 'incident', source_id: i.id, status: 'queued', sender: OPERATOR });
    expect(message.title).toBe(`[SEV1 · Critical] ${i.id}: TiKV write stalls`);
    expect(message.text).toContain('Status: Acknowledged');
    expect(message.text).toContain(`Commander: ${LIN}`);
    expect(message.text).toContain(`http://portal.test/incidents/${i.id}`);
    expect(message.text).toContain('Customers in eu-west affected');
    expect(log).toMatchObject({ kind: 'notice', author: OPERATOR });
    expect(log.text).toContain('Customers in eu-west affected');

    await t.jobs.drain();
    const sent = await ok('GET', `/api/v1/devops/chat_messages?source_type=incident&source_id=${i.id}`);
    expect(sent.total).toBe(1);
    expect(sent.items[0]).toMatchObject({ id: message.id, status: 'recorded', attempts: 1 });
    const a = (await audit(i.id)).at(-1)!;
    expect(a).toMatchObject({ operation: 'send_notice', details: { message_id: message.id } });

    // Without extra text; an empty body works too.
    expect((await call('POST', `${P}/${i.id}/feishu_message`)).statusCode).toBe(200);
    const tooLong = await call('POST', `${P}/${i.id}/feishu_message`, { text: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details).toContainEqual({ field: 'body.text', message: INCIDENT_MESSAGES.noticeTextTooLong });
    expect((await call('POST', `${P}/INC-999999/feishu_message`, {})).statusCode).toBe(404);
  });

  it('lists the seeded notices of the demo', async () => {
    const seeded = await ok('GET', '/api/v1/devops/chat_messages?source_type=incident&per_page=100');
    expect(seeded.total).toBeGreaterThanOrEqual(3);
  });
});

describe('GET /incidents/{id}/changes: what changed here', () => {
  /** The first failed release deploy of the demo: its first target cluster and when it started. */
  let deploy: { id: string; cluster: string; started: Date; finished: Date };
  beforeAll(async () => {
    const [row] = await t.database.rows<{ id: string; cluster: string; started_at: string; finished_at: string }>(sql`
      select id::text, params->'target_cluster_ids'->>0 as cluster,
        (extract(epoch from started_at) * 1000)::bigint::text as started_at,
        (extract(epoch from finished_at) * 1000)::bigint::text as finished_at
      from operations where type = 'release.deploy' and status = 'failed'
        and jsonb_array_length(params->'target_cluster_ids') > 0 order by id limit 1`);
    deploy = {
      id: row!.id,
      cluster: row!.cluster,
      started: new Date(Number(row!.started_at)),
      finished: new Date(Number(row!.finished_at)),
    };
  });
  const at = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000).toISOString();
  const changes = async (id: string, q = ''): Promise<IncidentChanges> => ok('GET', `${P}/${id}/changes${q}`);

  it('lists a release deploy on the cluster in the hours before the start, not one outside the window', async () => {
    const i = await open({ cluster_ids: [deploy.cluster], started_at: at(deploy.started, 30) });
    const found = await changes(i.id);
    expect(found).toMatchObject({ hours: 24, to: at(deploy.started, 30), from: at(deploy.started, 30 - 24 * 60) });
    const item = found.items.find((x) => x.kind === 'release');
    expect(item).toMatchObject({ cluster_id: deploy.cluster, status: 'failed', at: deploy.started.toISOString() });
    expect(item!.link).toMatch(/^\/release\/\d+\/change\/\d+$/);

    // One hour back from a start 3 hours later: the deploy had ended before the window.
    const later = await open({ cluster_ids: [deploy.cluster], started_at: at(deploy.finished, 180) });
    expect((await changes(later.id, '?hours=1')).items.filter((x) => x.kind === 'release')).toEqual([]);
    expect((await changes(later.id, '?hours=24')).items.some((x) => x.kind === 'release')).toBe(true);
    // A start before the deploy: it had not happened yet.
    const before = await open({ cluster_ids: [deploy.cluster], started_at: at(deploy.started, -60) });
    expect((await changes(before.id)).items.filter((x) => x.id === item!.id && x.kind === 'release')).toEqual([]);
    // No affected cluster: nothing to look at.
    expect((await changes((await open({ cluster_ids: [] })).id)).items).toEqual([]);
  });

  it('shows the seeded incidents their config change, k8s upgrade, maintenance and operation', async () => {
    const all = (await list('?per_page=1000')).items;
    const kinds = new Set<string>();
    for (const i of all) for (const c of (await changes(i.id)).items) kinds.add(c.kind);
    for (const k of ['config_change', 'release', 'maintenance', 'k8s_upgrade', 'operation'])
      expect(kinds, k).toContain(k);
  });

  it('validates hours and the incident', async () => {
    const i = await open();
    expect((await call('GET', `${P}/${i.id}/changes?hours=0`)).statusCode).toBe(400);
    expect((await call('GET', `${P}/${i.id}/changes?hours=169`)).statusCode).toBe(400);
    expect((await changes(i.id, '?hours=168')).hours).toBe(168);
    expect((await call('GET', `${P}/INC-999999/changes`)).statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  it('lets a viewer read but not write', async () => {
    const i = await open();
    for (const url of [P, `${P}/${i.id}`, `${P}/${i.id}/logs`, `${P}/${i.id}/changes`, `${P}/${i.id}/todo_actions`])
      expect((await call('GET', url, undefined, VIEWER)).statusCode, url).toBe(200);
    const writes: [Method, string, object][] = [
      ['POST', P, { title: 'x', severity: 'minor' }],
      ['PUT', `${P}/${i.id}`, { status: 'resolved' }],
      ['POST', `${P}/${i.id}/logs`, { text: 'x' }],
      ['POST', `${P}/${i.id}/feishu_message`, {}],
      ['POST', `${P}/${i.id}/todo_actions`, { title: 'x' }],
      ['POST', `${P}/${i.id}/todo_actions/sync`, {}],
    ];
    for (const [method, url, body] of writes) {
      const res = await call(method, url, body, VIEWER);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await get(i.id)).status).toBe('open');
    expect((await audit(i.id)).map((a) => a.operation)).toEqual(['create']);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: P })).statusCode).toBe(401);
  });
});
