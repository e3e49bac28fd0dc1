import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PLACEHOLDERS,
  type InboxPage,
  type NotificationDelivery,
  type NotificationStatistics,
  type NotificationWorkflow,
  type NotificationWorkflowBody,
  type PortalEvent,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { publishEvent, type PublishedEvent } from '../../platform/events.js';
import { enqueueJob } from '../../platform/jobs.js';

/*
 * Notification workflows end to end through the API: create / edit / enable / disable / delete with their validation
 * messages, states and audit rows; an event → deliveries (per channel and recipient) → the delivery jobs drained →
 * sent (email in the outbox, in-portal items, chat messages), opened when the inbox item is read; a repeated event
 * delivery adds nothing; the statistics per day; the inbox (approval notices without any workflow, read / unread);
 * the events the maintenance and release areas now publish. Retries and SMTP are in delivery.test.ts.
 */

const N = '/api/v1/devops/notification';
const ADMIN = 'admin@example.com';
const OPERATOR = 'operator@example.com';
const LIN = 'lin.wei@example.com';
const VIEWER = 'sam.okafor@example.com';
const WEBHOOK = 'https://open.feishu.cn/open-apis/bot/v2/hook/very-secret-token-123';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // What the seed queued (e.g. the seeded approvals' events) runs first, so each test sees only its own work.
  await t.jobs.drain();
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (method: Method, url: string, who = OPERATOR, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: await t.as(who),
    ...(method === 'POST' || method === 'PUT' ? { payload: payload ?? {} } : {}),
  });
const ok = async (method: Method, url: string, who = OPERATOR, payload?: object) => {
  const res = await call(method, url, who, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

let seq = 0;
const body = (over: Partial<NotificationWorkflowBody> = {}): NotificationWorkflowBody => ({
  name: `Workflow ${++seq}`,
  trigger: 'incident.opened',
  channels: ['email'],
  subject: '[{{event}}] {{title}}',
  body: '{{summary}} — {{link}} (by {{actor}}, to {{recipient}})',
  audience: { users: [LIN] },
  ...over,
});
const create = async (over: Partial<NotificationWorkflowBody> = {}, who = OPERATOR): Promise<NotificationWorkflow> =>
  (await ok('POST', `${N}/workflows`, who, body(over))).workflow;
const audit = (id: string) =>
  t.database.rows<{ operation: string; operator: string; details: Record<string, unknown> }>(
    sql`select operation, operator, details from audit_logs
        where type = 'notification_workflow' and instance_id = ${id} order by id`,
  );
const publish = (e: Partial<PublishedEvent> & Pick<PublishedEvent, 'type'>) =>
  t.database.db.transaction((tx) =>
    publishEvent(tx, { subjectType: 'incident', subjectId: `INC-${++seq}`, title: `Event ${seq}`, ...e }),
  );
const deliveries = async (workflowId: string, query = ''): Promise<NotificationDelivery[]> =>
  (await ok('GET', `${N}/workflows/${workflowId}/deliveries?per_page=100${query}`)).items;
const inbox = (who: string, query = ''): Promise<InboxPage> => ok('GET', `${N}/inbox?per_page=100${query}`, who);

describe('workflow CRUD', () => {
  it('creates a workflow, lists it, shows the chat webhook masked and audits it without the secret', async () => {
    const res = await call(
      'POST',
      `${N}/workflows`,
      OPERATOR,
      body({
        name: 'Pager for incidents',
        channels: ['chat', 'email', 'in_portal'],
        chat_webhook_url: WEBHOOK,
        chat_name: '#oncall',
        audience: { users: ['Lin.Wei@Example.com'], roles: ['admin'], event_recipients: true },
      }),
    );
    expect(res.statusCode).toBe(201);
    const wf = res.json().workflow as NotificationWorkflow;
    expect(wf).toMatchObject({
      name: 'Pager for incidents',
      trigger: 'incident.opened',
      channels: ['chat', 'email', 'in_portal'],
      audience: { users: [LIN], roles: ['admin'], event_recipients: true },
      chat_webhook_url: 'https://open.feishu.cn/open-apis/…',
      chat_name: '#oncall',
      enabled: true,
      created_by: OPERATOR,
      last_triggered_at: null,
    });
    expect(JSON.stringify(await ok('GET', `${N}/workflows/${wf.id}`))).not.toContain('very-secret-token');

    const list = await ok('GET', `${N}/workflows?search=pager%20for&channel=chat&trigger=incident.opened`);
    expect(list.items.map((w: NotificationWorkflow) => w.id)).toEqual([wf.id]);
    expect((await ok('GET', `${N}/workflows?search=pager%20for&enabled=false`)).total).toBe(0);

    const rows = await audit(wf.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operation: 'create', operator: OPERATOR });
    expect(rows[0]!.details.after).toMatchObject({ name: 'Pager for incidents', enabled: true });
    expect(JSON.stringify(rows[0]!.details)).not.toContain('very-secret-token');
  });

  it('refuses invalid workflows with the contract messages', async () => {
    const M = NOTIFICATION_MESSAGES;
    const refused = async (over: object) => {
      const res = await call('POST', `${N}/workflows`, OPERATOR, { ...body(), ...over });
      expect(res.statusCode).toBe(400);
      const { code, details } = res.json() as { code: string; details: { field: string; message: string }[] };
      expect(code).toBe('request.invalid');
      return details;
    };
    expect(await refused({ subject: 'Hi {{titel}} {{ bogus }}' })).toContainEqual({
      field: 'body.subject',
      message: M.unknownPlaceholder(['titel', 'bogus']),
    });
    expect(M.unknownPlaceholder(['titel'])).toBe(
      `unknown placeholder {{titel}}: use ${NOTIFICATION_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}`,
    );
    expect(await refused({ body: 'Open {{link' })).toContainEqual({
      field: 'body.body',
      message: M.unclosedPlaceholder,
    });
    expect(await refused({ channels: [] })).toContainEqual({ field: 'body.channels', message: M.channelsRequired });
    expect(await refused({ channels: ['email', 'email'] })).toContainEqual({
      field: 'body.channels',
      message: M.channelTwice,
    });
    expect(await refused({ name: '  ' })).toContainEqual({ field: 'body.name', message: M.nameRequired });
    expect(await refused({ trigger: 'tenant.signed_up' })).toContainEqual({
      field: 'body.trigger',
      message: M.triggerRequired,
    });
    expect(await refused({ audience: { users: [] } })).toContainEqual({
      field: 'body.audience',
      message: M.audienceRequired,
    });
    expect(await refused({ audience: { users: ['not-an-email'] } })).toContainEqual({
      field: 'body.audience.users.0',
      message: M.userEmail,
    });
    expect(await refused({ channels: ['chat'], chat_webhook_url: 'ftp://example.com/hook' })).toContainEqual({
      field: 'body.chat_webhook_url',
      message: M.webhookUrl,
    });
    // A chat-only workflow needs no audience; an unknown placeholder is refused on edit too.
    const chat = await create({ channels: ['chat'], audience: { users: [] } });
    const edit = await call('PUT', `${N}/workflows/${chat.id}`, OPERATOR, body({ body: '{{nope}}' }));
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(`body.body: ${M.unknownPlaceholder(['nope'])}`);
  });

  it('keeps names unique whatever their case', async () => {
    const wf = await create({ name: 'Unique Name' });
    const res = await call('POST', `${N}/workflows`, OPERATOR, body({ name: 'unique name' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'notification.nameTaken', details: [{ field: 'body.name' }] });
    const other = await create();
    const rename = await call('PUT', `${N}/workflows/${other.id}`, OPERATOR, body({ name: 'UNIQUE NAME' }));
    expect(rename.statusCode).toBe(409);
    // Its own name, unchanged, is fine.
    expect((await call('PUT', `${N}/workflows/${wf.id}`, OPERATOR, body({ name: 'Unique Name' }))).statusCode).toBe(
      200,
    );
  });

  it('edits the whole workflow, keeping the webhook unless the body says otherwise, with before/after', async () => {
    const wf = await create({ channels: ['chat'], chat_webhook_url: WEBHOOK, audience: { users: [] } });
    const kept = (
      await ok(
        'PUT',
        `${N}/workflows/${wf.id}`,
        ADMIN,
        body({ name: wf.name, channels: ['chat', 'in_portal'], audience: { roles: ['operator'] } }),
      )
    ).workflow as NotificationWorkflow;
    expect(kept).toMatchObject({
      channels: ['chat', 'in_portal'],
      audience: { users: [], roles: ['operator'], event_recipients: false },
      chat_webhook_url: 'https://open.feishu.cn/open-apis/…',
      updated_by: ADMIN,
    });
    const [stored] = await t.database.rows<{ url: string | null }>(
      sql`select chat_webhook_url as url from notification_workflows where id = ${Number(wf.id)}`,
    );
    expect(stored!.url).toBe(WEBHOOK);
    const cleared = (
      await ok(
        'PUT',
        `${N}/workflows/${wf.id}`,
        ADMIN,
        body({ name: wf.name, channels: ['chat'], chat_webhook_url: null }),
      )
    ).workflow;
    expect(cleared.chat_webhook_url).toBeNull();

    const rows = await audit(wf.id);
    expect(rows.map((r) => r.operation)).toEqual(['create', 'update', 'update']);
    expect(rows[1]!.details).toMatchObject({
      before: { channels: ['chat'] },
      after: { channels: ['chat', 'in_portal'], audience: { roles: ['operator'] } },
    });
    expect(rows[1]!.details.chat_webhook_changed).toBeUndefined();
    expect(rows[2]!.details).toMatchObject({ chat_webhook_changed: true, after: { chat_webhook_url: null } });
  });

  it('enables, disables and deletes by the state table, each audited', async () => {
    const wf = await create();
    const act = (action: string) => call('POST', `${N}/workflows/${wf.id}/${action}`);
    expect((await act('enable')).json()).toMatchObject({ code: 'notification.statusForbids' });
    expect((await act('enable')).statusCode).toBe(409);
    const del = await call('DELETE', `${N}/workflows/${wf.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('disable it before deleting it');
    expect((await act('disable')).json().workflow.enabled).toBe(false);
    expect((await act('disable')).statusCode).toBe(409);
    expect((await act('enable')).json().workflow.enabled).toBe(true);
    await act('disable');
    expect((await call('DELETE', `${N}/workflows/${wf.id}`)).json()).toEqual({ deleted: true });
    expect((await call('GET', `${N}/workflows/${wf.id}`)).statusCode).toBe(404);
    expect((await call('POST', `${N}/workflows/${wf.id}/enable`)).json().code).toBe('notification.notFound');
    const rows = await audit(wf.id);
    expect(rows.map((r) => r.operation)).toEqual(['create', 'disable', 'enable', 'disable', 'delete']);
    expect(rows[1]!.details).toEqual({ before: { enabled: true }, after: { enabled: false } });
    expect(rows[4]!.details).toMatchObject({ before: { name: wf.name, enabled: false }, deliveries_deleted: 0 });
  });

  it('answers 404 for unknown ids and refuses writes to a viewer', async () => {
    for (const id of ['999999', 'abc'])
      expect((await call('GET', `${N}/workflows/${id}`)).json()).toMatchObject({ code: 'notification.notFound' });
    expect((await call('GET', `${N}/workflows/abc/statistics`)).statusCode).toBe(404);
    expect((await call('POST', `${N}/workflows`, VIEWER, body())).statusCode).toBe(403);
    expect((await call('GET', `${N}/workflows`, VIEWER)).statusCode).toBe(200);
  });
});

describe('delivery', () => {
  it('turns an event into deliveries per channel and recipient, delivered by jobs', async () => {
    // Audience: a user, a role (admin), the event's recipients; a disabled user and a non-user address.
    await t.database.db.execute(
      sql`insert into portal_users (email, name, roles, disabled) values ('gone@example.com', 'Gone', '{operator}', true)`,
    );
    const wf = await create({
      name: 'All channels',
      trigger: 'incident.resolved',
      channels: ['email', 'in_portal', 'chat'],
      chat_webhook_url: WEBHOOK,
      chat_name: '#sre',
      subject: '{{title}}',
      body: 'Hello {{recipient}}: {{summary}} {{link}} ({{event}}, {{subject}}, {{workflow}})',
      audience: { users: ['list@example.com', 'gone@example.com'], roles: ['admin'], event_recipients: true },
    });
    const eventId = await publish({
      type: 'incident.resolved',
      subjectId: 'INC-7001',
      title: 'Resolved: INC-7001 TiKV\r\nBcc: evil@example.com',
      summary: 'Sev 2, {{link}} stays as written',
      link: '/incidents/INC-7001',
      recipients: [LIN],
      actor: OPERATOR,
    });
    await t.jobs.drain();

    const rows = await deliveries(wf.id);
    const key = (d: NotificationDelivery) => `${d.channel}:${d.recipient}`;
    expect(rows.map(key).sort()).toEqual([
      'chat:#sre',
      `email:${ADMIN}`,
      `email:${LIN}`,
      'email:list@example.com',
      `in_portal:${ADMIN}`,
      `in_portal:${LIN}`,
    ]);
    expect(rows.every((d) => d.status === 'sent' && d.event_id === eventId)).toBe(true);
    const email = rows.find((d) => key(d) === `email:${LIN}`)!;
    // The subject is one line (no header injection); a value's own {{…}} is not expanded.
    expect(email.subject).toBe('Resolved: INC-7001 TiKV Bcc: evil@example.com');
    expect(email).toMatchObject({ attempts: 1, error: null, subject_type: 'incident', subject_id: 'INC-7001' });

    const outbox = await ok('GET', `${N}/email_outbox?workflow_id=${wf.id}&to=${LIN}`);
    expect(outbox.items).toHaveLength(1);
    expect(outbox.items[0]).toMatchObject({
      to: LIN,
      from: 'Management Portal <portal@localhost>',
      delivery_id: email.id,
      body: `Hello ${LIN}: Sev 2, {{link}} stays as written http://portal.test/incidents/INC-7001 (Incident resolved, incident INC-7001, All channels)`,
    });

    const chat = rows.find((d) => d.channel === 'chat')!;
    const messages = await ok(
      'GET',
      `/api/v1/devops/chat_messages?source_type=notification_workflow&source_id=${wf.id}`,
    );
    expect(messages.items).toHaveLength(1);
    expect(messages.items[0]).toMatchObject({ id: chat.chat_message_id, target: '#sre', status: 'recorded' });

    const items = (await inbox(LIN)).items.filter((i) => i.event_id === eventId);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ workflow_id: wf.id, link: '/incidents/INC-7001', read_at: null });
    expect((await ok('GET', `${N}/workflows/${wf.id}`)).workflow.last_triggered_at).not.toBeNull();

    // Reading the item opens the delivery it carries.
    await ok('POST', `${N}/inbox/${items[0]!.id}/read`, LIN);
    const opened = await deliveries(wf.id, '&status=opened');
    expect(opened.map(key)).toEqual([`in_portal:${LIN}`]);
    expect(opened[0]!.opened_at).not.toBeNull();
    expect((await deliveries(wf.id, '&channel=email&status=sent')).length).toBe(3);
    expect((await deliveries(wf.id, '&channel=chat&status=failed')).length).toBe(0);
  });

  it('starts only enabled workflows of the event type that existed when it happened', async () => {
    const on = await create({ trigger: 'invoice.confirmed' });
    const off = await create({ trigger: 'invoice.confirmed', enabled: false });
    const other = await create({ trigger: 'incident.opened' });
    await publish({ type: 'invoice.confirmed', subjectType: 'invoice', subjectId: 'INV-1' });
    const later = await create({ trigger: 'invoice.confirmed' });
    await t.jobs.drain();
    expect(await deliveries(on.id)).toHaveLength(1);
    for (const wf of [off, other, later]) expect(await deliveries(wf.id)).toHaveLength(0);
  });

  it('delivers an event once, however often the subscriber is handed it', async () => {
    const wf = await create({ trigger: 'remediation.completed', channels: ['email', 'chat', 'in_portal'] });
    const eventId = await publish({
      type: 'remediation.completed',
      subjectType: 'remediation_ticket',
      subjectId: 'RT-1',
    });
    await t.jobs.drain();
    const count = async () => {
      const [r] = await t.database.rows<{ d: number; o: number; c: number; i: number }>(sql`select
        (select count(*)::int from notification_deliveries where workflow_id = ${Number(wf.id)}) d,
        (select count(*)::int from email_outbox where workflow_id = ${Number(wf.id)}) o,
        (select count(*)::int from chat_messages where source_type = 'notification_workflow'
           and source_id = ${wf.id}) c,
        (select count(*)::int from inbox_items where event_id = ${Number(eventId)}) i`);
      return r;
    };
    const first = await count();
    expect(first).toEqual({ d: 3, o: 1, c: 1, i: 1 });
    // The same event handed to the subscriber again (a retried job): nothing new.
    for (let k = 0; k < 2; k++) {
      await t.database.db.transaction((tx) =>
        enqueueJob(tx, 'event.deliver', { eventId, subscriber: 'notifications.workflows' }),
      );
      await t.jobs.drain();
    }
    expect(await count()).toEqual(first);
  });
});

describe('statistics', () => {
  it('counts sent / failed / opened / pending per UTC day, every day of the range present', async () => {
    const wf = await create({ trigger: 'invoice.confirmed', channels: ['email', 'chat'] });
    const id = Number(wf.id);
    // Chat deliveries take their chat message's outcome: recorded → sent, failed → failed.
    const [m1] = await t.database.rows<{ id: number }>(sql`insert into chat_messages
      (source_type, source_id, title, text, status) values ('notification_workflow', ${wf.id}, 't', 'x', 'failed')
      returning id`);
    const [m2] = await t.database.rows<{ id: number }>(sql`insert into chat_messages
      (source_type, source_id, title, text, status) values ('notification_workflow', ${wf.id}, 't', 'x', 'recorded')
      returning id`);
    const row = (n: number, day: string, time: string, channel: string, status: string, chat: number | null = null) =>
      sql`(${id}, ${n}, 'invoice.confirmed', 'e', 'invoice', 'I', ${channel}, ${`r${n}@x.com`}, 's', 'b', ${status},
           ${`${day}T${time}Z`}::timestamptz, ${chat})`;
    await t.database.db.execute(sql`insert into notification_deliveries (workflow_id, event_id, event_type, event_title,
      subject_type, subject_id, channel, recipient, subject, body, status, created_at, chat_message_id) values
      ${sql.join(
        [
          row(1, '2026-03-01', '00:00:00', 'email', 'sent'),
          row(2, '2026-03-01', '23:59:59', 'in_portal', 'opened'),
          row(3, '2026-03-01', '12:00:00', 'email', 'failed'),
          row(4, '2026-03-03', '08:00:00', 'chat', 'pending', m1!.id),
          row(5, '2026-03-03', '09:00:00', 'chat', 'pending', m2!.id),
          row(6, '2026-03-03', '10:00:00', 'email', 'pending'),
          row(7, '2026-02-28', '23:59:59', 'email', 'sent'),
          row(8, '2026-03-04', '00:00:00', 'email', 'sent'),
        ],
        sql`, `,
      )}`);
    const stats: NotificationStatistics = await ok(
      'GET',
      `${N}/workflows/${wf.id}/statistics?from=2026-03-01&to=2026-03-03`,
    );
    expect(stats).toEqual({
      workflow_id: wf.id,
      from: '2026-03-01',
      to: '2026-03-03',
      days: [
        { day: '2026-03-01', sent: 2, failed: 1, opened: 1, pending: 0 },
        { day: '2026-03-02', sent: 0, failed: 0, opened: 0, pending: 0 },
        { day: '2026-03-03', sent: 1, failed: 1, opened: 0, pending: 1 },
      ],
      totals: { sent: 3, failed: 2, opened: 1, pending: 1 },
    });
    // The deliveries list shows the same outcomes.
    expect((await deliveries(wf.id, '&status=failed')).map((d) => d.recipient).sort()).toEqual([
      'r3@x.com',
      'r4@x.com',
    ]);
  });

  it('defaults to the last 30 days and refuses reversed or longer than 90-day ranges', async () => {
    const wf = await create();
    const stats: NotificationStatistics = await ok('GET', `${N}/workflows/${wf.id}/statistics`);
    expect(stats.days).toHaveLength(30);
    expect(stats.to).toBe(new Date().toISOString().slice(0, 10));
    const fromOnly: NotificationStatistics = await ok('GET', `${N}/workflows/${wf.id}/statistics?from=2026-01-01`);
    expect([fromOnly.from, fromOnly.to, fromOnly.days.length]).toEqual(['2026-01-01', '2026-01-30', 30]);
    const refused = async (q: string) => {
      const res = await call('GET', `${N}/workflows/${wf.id}/statistics?${q}`);
      expect(res.statusCode).toBe(400);
      return res.json().details;
    };
    expect(await refused('from=2026-01-01&to=2026-04-01')).toContainEqual({
      field: 'querystring.from',
      message: NOTIFICATION_MESSAGES.rangeTooLong,
    });
    expect(await refused('from=2026-01-02&to=2026-01-01')).toContainEqual({
      field: 'querystring.to',
      message: NOTIFICATION_MESSAGES.rangeOrder,
    });
    expect(await refused('to=2020-01-01&from=2019-01-01')).toContainEqual({
      field: 'querystring.from',
      message: NOTIFICATION_MESSAGES.rangeTooLong,
    });
    // 90 days, both ends included, is the most.
    expect((await call('GET', `${N}/workflows/${wf.id}/statistics?from=2026-01-01&to=2026-03-31`)).statusCode).toBe(
      200,
    );
    expect(await refused('from=2026-13-01')).toHaveLength(1);
  });
});

describe('inbox', () => {
  it('gets an approval notice for each approver, without any workflow, and reads them', async () => {
    const before = (await inbox(OPERATOR)).unread;
    const eventId = await publish({
      type: 'approval.pending',
      subjectType: 'jump',
      subjectId: '4242',
      title: 'Jump access to cluster x awaits your approval',
      summary: 'lin asks',
      recipients: [OPERATOR, 'nobody@example.com', 'gone@example.com'],
    });
    await t.jobs.drain();
    const page = await inbox(OPERATOR, '&unread=true');
    expect(page.unread).toBe(before + 1);
    const item = page.items.find((i) => i.event_id === eventId)!;
    expect(item).toMatchObject({
      title: 'Jump access to cluster x awaits your approval',
      body: 'lin asks',
      subject_type: 'jump',
      subject_id: '4242',
      workflow_id: null,
      event_type: 'approval.pending',
      read_at: null,
    });
    // Only enabled portal users get one.
    const [n] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int n from inbox_items where event_id = ${Number(eventId)}`,
    );
    expect(n!.n).toBe(1);
    expect((await ok('GET', `${N}/inbox/unread_count`, OPERATOR)).unread).toBe(before + 1);

    // Another user's item is not theirs to read.
    const foreign = await call('POST', `${N}/inbox/${item.id}/read`, ADMIN);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('notification.inboxItemNotFound');
    expect((await call('POST', `${N}/inbox/nope/read`, OPERATOR)).statusCode).toBe(404);

    const read = await ok('POST', `${N}/inbox/${item.id}/read`, OPERATOR);
    expect(read.unread).toBe(before);
    expect(read.item.read_at).not.toBeNull();
    // Again: still read, same time.
    expect((await ok('POST', `${N}/inbox/${item.id}/read`, OPERATOR)).item.read_at).toBe(read.item.read_at);
    expect((await inbox(OPERATOR, '&unread=false')).items.some((i) => i.id === item.id)).toBe(true);
  });

  it('marks all read, for the caller only, and a viewer may read their own', async () => {
    for (const who of [VIEWER, LIN])
      await publish({ type: 'approval.pending', subjectType: 'jump', subjectId: `J-${++seq}`, recipients: [who] });
    await t.jobs.drain();
    const lin = (await inbox(LIN)).unread;
    expect((await inbox(VIEWER)).unread).toBeGreaterThan(0);
    const res = await ok('POST', `${N}/inbox/read_all`, VIEWER);
    expect(res.updated).toBeGreaterThan(0);
    expect(res.unread).toBe(0);
    expect((await inbox(VIEWER, '&unread=true')).total).toBe(0);
    expect((await inbox(LIN)).unread).toBe(lin);
  });

  it('merges a workflow in-portal message with the approval notice of the same event', async () => {
    const wf = await create({
      trigger: 'approval.pending',
      channels: ['in_portal'],
      audience: { event_recipients: true },
    });
    const eventId = await publish({
      type: 'approval.pending',
      subjectType: 'jump',
      subjectId: 'J-M',
      recipients: [LIN],
    });
    await t.jobs.drain();
    const items = (await inbox(LIN)).items.filter((i) => i.event_id === eventId);
    expect(items).toHaveLength(1);
    const [d] = await deliveries(wf.id);
    expect(d).toMatchObject({ channel: 'in_portal', recipient: LIN, status: 'sent' });
    await ok('POST', `${N}/inbox/${items[0]!.id}/read`, LIN);
    expect((await deliveries(wf.id))[0]!.status).toBe('opened');
  });
});

describe('events other areas publish', () => {
  const eventsOf = async (type: string, subjectId: string): Promise<PortalEvent[]> =>
    (await ok('GET', `/api/v1/devops/events?type=${type}&subject_id=${subjectId}`)).items;

  it('publishes maintenance.scheduled when a maintenance is created', async () => {
    const [project] = await t.database.rows<{ project_id: string; ids: string[] }>(sql`
      select c.project_id, array_agg(c.id order by c.id) as ids from clusters c
      where c.cluster_type = 'DEDICATED_TIDB' and c.status = 'USER_CLUSTER_STATUS_AVAILABLE'
        and not exists (select 1 from cluster_maintenances m where m.project_id = c.project_id)
      group by c.project_id order by c.project_id limit 1`);
    const wf = await create({ trigger: 'maintenance.scheduled', channels: ['in_portal'], audience: { users: [LIN] } });
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const res = await call('POST', '/api/v1/devops/cluster/maintenances', OPERATOR, {
      project_id: project!.project_id,
      cluster_ids: [project!.ids[0]],
      schedule_time: hours(48),
      deadline: hours(50),
      description: 'Kernel patch',
    });
    expect(res.statusCode).toBe(201);
    const id = String(res.json().id);
    const [event] = await eventsOf('maintenance.scheduled', id);
    expect(event).toMatchObject({
      subject_type: 'cluster_maintenance',
      link: `/maintenance/${id}`,
      actor: OPERATOR,
      cluster_ids: [project!.ids[0]],
    });
    expect(event!.summary).toContain('Kernel patch');
    await t.jobs.drain();
    expect((await deliveries(wf.id)).map((d) => [d.recipient, d.status])).toEqual([[LIN, 'sent']]);
  });

  it('publishes release.deployed when a release change is deployed', async () => {
    const R = '/api/v1/devops/releases';
    const release = (await ok('POST', R, OPERATOR, { environment: 'dev', description: 'notify me' })).release;
    const change = (await ok('POST', `${R}/${release.id}/changes`, OPERATOR, { title: 'Bump', component: 'tidb' }))
      .change;
    for (const action of ['submit', 'check_ready', 'deploy'])
      await ok('POST', `${R}/${release.id}/changes/${change.id}/${action}`, OPERATOR, {});
    expect(await eventsOf('release.deployed', release.id)).toHaveLength(0);
    await t.jobs.drain();
    const [event] = await eventsOf('release.deployed', release.id);
    expect(event).toMatchObject({
      subject_type: 'release',
      link: `/release/${release.id}/change/${change.id}`,
    });
    expect(event!.title).toContain('Bump deployed (dev release');
  });
});

describe('the demo seed', () => {
  it('has workflows over several triggers and channels, some disabled, with deliveries in every status', async () => {
    const all = await ok('GET', `${N}/workflows?per_page=100&search=`);
    const seeded = (all.items as NotificationWorkflow[]).filter(
      (w) => w.created_by !== OPERATOR || !/^Workflow \d+$/.test(w.name),
    );
    expect(new Set(seeded.map((w) => w.trigger)).size).toBeGreaterThanOrEqual(5);
    expect(seeded.some((w) => !w.enabled)).toBe(true);
    const [s] = await t.database.rows<{ statuses: string[] }>(sql`
      select array_agg(status order by status) statuses from (select distinct case when d.channel = 'chat'
        then (case m.status when 'failed' then 'failed' else 'sent' end) else d.status end status
      from notification_deliveries d left join chat_messages m on m.id = d.chat_message_id
      where d.workflow_id in (select id from notification_workflows where created_at < now() - interval '7 days')) x`);
    expect(s!.statuses).toEqual(['failed', 'opened', 'pending', 'sent']);
    const [wf] = await t.database.rows<{ id: number }>(
      sql`select id from notification_workflows where name = 'Production deploys'`,
    );
    const stats: NotificationStatistics = await ok('GET', `${N}/workflows/${wf!.id}/statistics`);
    expect(stats.totals.sent).toBeGreaterThan(10);
    expect(stats.days.filter((d) => d.sent + d.failed > 0).length).toBeGreaterThan(10);
  });
});
