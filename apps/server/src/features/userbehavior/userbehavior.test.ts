import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  TENANT_EVENT_TYPES,
  USERBEHAVIOR_MESSAGES,
  USERBEHAVIOR_STATE_ACTIONS,
  USERBEHAVIOR_TEST_PREFIX,
  type ChatMessage,
  type LarkChat,
  type ListResult,
  type UserbehaviorSubscription,
} from '@portal/contract';
import { findEvent, publishEvent, type PublishedEvent } from '../../platform/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { SEED_CHATS } from '../../seed/userbehavior.js';
import { deliverEvent } from './service.js';

/*
 * User-behaviour subscriptions through the API: the seeded list and its filters, chats (add_chat, larkchat_options,
 * the webhook never shown), create/update/delete/enable/disable with their validation and audit rows, mock (a test
 * message recorded once the jobs ran), and the delivery of tenant events (matching, once per event).
 */

const P = '/api/v1/devops/userbehavior/subscriptions';
const OPERATOR = 'operator@example.com';
const VIEWER = 'sam.okafor@example.com';
const M = USERBEHAVIOR_MESSAGES;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (method: Method, url: string, payload?: object, who = OPERATOR) =>
  t.app.inject({
    method,
    url,
    headers: await t.as(who),
    ...(method === 'POST' || method === 'PUT' ? { payload: payload ?? {} } : {}),
  });
const ok = async <T = Record<string, unknown>>(method: Method, url: string, payload?: object): Promise<T> => {
  const res = await call(method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};
const list = (query = '') => ok<ListResult<UserbehaviorSubscription>>('GET', `${P}${query ? `?${query}` : ''}`);
const chats = async () => (await ok<{ items: LarkChat[] }>('GET', `${P}/larkchat_options`)).items;
const messagesOf = async (id: string) =>
  (
    await ok<ListResult<ChatMessage>>(
      'GET',
      `/api/v1/devops/chat_messages?source_type=userbehavior_subscription&source_id=${id}&per_page=100`,
    )
  ).items;
const audit = (instanceId: string) =>
  t.database.rows<{ operation: string; operator: string; details: Record<string, unknown> }>(
    sql`select operation, operator, details from audit_logs
        where type = 'userbehavior_subscription' and instance_id = ${instanceId} order by id`,
  );
const firstTenants = () =>
  t.database.rows<{ id: string; name: string }>(sql`select id, name from tenants order by id limit 10`);
const messageFields = (res: { json(): unknown }) =>
  ((res.json() as { details?: { field: string; message: string }[] }).details ?? []).map(
    (d) => `${d.field}: ${d.message}`,
  );

async function createChat(name: string): Promise<LarkChat> {
  const res = await call('POST', `${P}/add_chat`, {
    name,
    webhook_url: `https://open.feishu.cn/open-apis/bot/v2/hook/secret-${name.replace(/\W/g, '')}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { chat: LarkChat }).chat;
}

async function createSubscription(body: Record<string, unknown>): Promise<UserbehaviorSubscription> {
  const res = await call('POST', P, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { subscription: UserbehaviorSubscription }).subscription;
}

describe('the list', () => {
  it('shows the seeded subscriptions, 10 per page, newest first, with tenant, chat and what they sent', async () => {
    const page = await list();
    expect(page.total).toBeGreaterThanOrEqual(10);
    expect(page.items).toHaveLength(10);
    const created = page.items.map((s) => s.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const all = page.items.find((s) => s.name === 'All sign-ups to growth')!;
    expect(all).toMatchObject({ tenant_id: null, tenant_name: null, chat_name: '#growth-alerts', enabled: true });
    expect(all.message_count).toBeGreaterThan(0);
    expect(all.last_message_at).not.toBeNull();
    const keyAccount = page.items.find((s) => s.name === 'Key account: everything')!;
    expect(keyAccount.tenant_name).toBeTruthy();
    expect(keyAccount.event_types).toEqual([...TENANT_EVENT_TYPES]);
  });

  it('filters by scope, tenant, event type, enabled, chat and name, and sorts by name', async () => {
    const allScope = await list('scope=all&per_page=100');
    expect(allScope.items.length).toBeGreaterThan(0);
    expect(allScope.items.every((s) => s.tenant_id === null)).toBe(true);
    const oneScope = await list('scope=one&per_page=100');
    expect(oneScope.items.every((s) => s.tenant_id !== null)).toBe(true);
    expect(allScope.total + oneScope.total).toBe((await list()).total);

    const tenant = oneScope.items[0]!.tenant_id!;
    const byTenant = await list(`tenant_id=${tenant}`);
    expect(byTenant.total).toBeGreaterThan(0);
    expect(byTenant.items.every((s) => s.tenant_id === tenant)).toBe(true);

    const payments = await list('event_type=payment.failed&per_page=100');
    expect(payments.items.length).toBeGreaterThan(0);
    expect(payments.items.every((s) => s.event_types.includes('payment.failed'))).toBe(true);
    const either = await list('event_type=payment.failed&event_type=cluster.created&per_page=100');
    expect(either.total).toBeGreaterThan(payments.total);

    const disabled = await list('enabled=false&per_page=100');
    expect(disabled.total).toBeGreaterThanOrEqual(2);
    expect(disabled.items.every((s) => !s.enabled)).toBe(true);

    const chat = (await chats()).find((c) => c.name === '#billing-oncall')!;
    const byChat = await list(`chat_id=${chat.id}&per_page=100`);
    expect(byChat.items.length).toBeGreaterThan(0);
    expect(byChat.items.every((s) => s.chat_name === '#billing-oncall')).toBe(true);
    expect((await list('chat_id=not-a-number')).total).toBe(0);

    const search = await list('search=KEY%20ACCOUNT');
    expect(search.items.map((s) => s.name).sort()).toEqual(['Key account: everything', 'Key account: payments']);

    const byName = (await list('sort=name&per_page=100')).items.map((s) => s.id);
    const byNameDesc = (await list('sort=-name&per_page=100')).items.map((s) => s.id);
    expect(byNameDesc).toEqual([...byName].reverse());
    const names = (await list('sort=name&per_page=100')).items.map((s) => s.name);
    expect(names.indexOf('All sign-ups to growth')).toBeLessThan(names.indexOf('Trial conversions (paused)'));
    expect((await call('GET', `${P}?sort=tenant`)).statusCode).toBe(400);
    expect((await call('GET', `${P}?event_type=incident.opened`)).statusCode).toBe(400);
  });

  it('is readable by any role; changes need userbehavior.write', async () => {
    expect((await call('GET', P, undefined, VIEWER)).statusCode).toBe(200);
    expect((await call('GET', `${P}/larkchat_options`, undefined, VIEWER)).statusCode).toBe(200);
    const [first] = (await list()).items;
    const refused = await call('POST', `${P}/${first!.id}/mock`, {}, VIEWER);
    expect(refused.statusCode).toBe(403);
    expect((await call('POST', `${P}/add_chat`, { name: '#x', webhook_url: 'https://a.b/c' }, VIEWER)).statusCode).toBe(
      403,
    );
  });
});

describe('chats', () => {
  it('lists the registered chats by name with their webhooks masked (the secret never leaves the server)', async () => {
    const items = await chats();
    for (const seeded of SEED_CHATS) {
      const chat = items.find((c) => c.name === seeded.name)!;
      expect(chat).toBeDefined();
      expect(chat.webhook).toMatch(/…$/);
      expect(seeded.webhookUrl.startsWith(chat.webhook.slice(0, -1))).toBe(true);
      expect(JSON.stringify(items)).not.toContain(seeded.webhookUrl.split('/').pop());
    }
    expect(items.every((c) => c.subscriptions >= 0)).toBe(true);
  });

  it('add_chat validates the name and an https webhook URL, refuses a taken name, and is audited without the secret', async () => {
    const bad = async (body: object) => {
      const res = await call('POST', `${P}/add_chat`, body);
      expect(res.statusCode, res.body).toBe(400);
      return messageFields(res).join(' | ');
    };
    expect(await bad({ webhook_url: 'https://open.feishu.cn/x' })).toContain(M.chatNameRequired);
    expect(await bad({ name: '   ', webhook_url: 'https://open.feishu.cn/x' })).toContain(M.chatNameRequired);
    expect(await bad({ name: 'x'.repeat(81), webhook_url: 'https://open.feishu.cn/x' })).toContain(M.chatNameTooLong);
    expect(await bad({ name: '#a' })).toContain(M.webhookRequired);
    expect(await bad({ name: '#a', webhook_url: 'http://open.feishu.cn/hook/x' })).toContain(M.webhookInvalid);
    expect(await bad({ name: '#a', webhook_url: 'not a url' })).toContain(M.webhookInvalid);
    expect(await bad({ name: '#a', webhook_url: 'https://user:pw@open.feishu.cn/hook/x' })).toContain(M.webhookInvalid);
    expect(await bad({ name: '#a', webhook_url: `https://a.b/${'x'.repeat(2000)}` })).toContain(M.webhookTooLong);

    const res = await call('POST', `${P}/add_chat`, {
      name: '  #infra-growth  ',
      webhook_url: 'https://open.feishu.cn/open-apis/bot/v2/hook/very-secret-token',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { chat } = res.json() as { chat: LarkChat };
    expect(chat).toMatchObject({
      name: '#infra-growth',
      webhook: 'https://open.feishu.cn/open-apis/…',
      created_by: OPERATOR,
      subscriptions: 0,
    });
    expect(res.body).not.toContain('very-secret-token');
    expect((await chats()).map((c) => c.name)).toContain('#infra-growth');

    const rows = await audit(`chat-${chat.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operation: 'add_chat', operator: OPERATOR });
    expect(JSON.stringify(rows[0]!.details)).not.toContain('very-secret-token');

    const taken = await call('POST', `${P}/add_chat`, { name: '#INFRA-growth', webhook_url: 'https://a.example/h' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'userbehavior.chatExists' });
    expect(await audit(`chat-${chat.id}`)).toHaveLength(1);
  });
});

describe('create, update, enable, disable, delete', () => {
  it('validates the fields with the contract messages and checks the tenant and the chat', async () => {
    const [chat] = await chats();
    const [tenant] = await firstTenants();
    const valid = { name: 'Watch', tenant_id: tenant!.id, event_types: ['tenant.signed_up'], chat_id: chat!.id };
    const bad = async (body: object) => {
      const res = await call('POST', P, body);
      expect(res.statusCode, res.body).toBe(400);
      return { code: (res.json() as { code: string }).code, fields: messageFields(res).join(' | ') };
    };
    expect((await bad({ ...valid, name: ' ' })).fields).toContain(M.nameRequired);
    expect((await bad({ ...valid, name: 'n'.repeat(101) })).fields).toContain(M.nameTooLong);
    expect((await bad({ ...valid, event_types: [] })).fields).toContain(M.eventTypesRequired);
    expect((await bad({ ...valid, event_types: undefined })).fields).toContain(M.eventTypesRequired);
    expect((await bad({ ...valid, event_types: ['incident.opened'] })).code).toBe('request.invalid');
    expect((await bad({ ...valid, chat_id: '' })).fields).toContain(M.chatRequired);

    const noTenant = await bad({ ...valid, tenant_id: '999' });
    expect(noTenant).toEqual({
      code: 'userbehavior.tenantNotFound',
      fields: 'body.tenant_id: Tenant 999 does not exist',
    });
    const noChat = await bad({ ...valid, chat_id: '424242' });
    expect(noChat.code).toBe('userbehavior.chatNotFound');
    expect(noChat.fields).toContain('body.chat_id');
    expect((await bad({ ...valid, chat_id: 'abc' })).code).toBe('userbehavior.chatNotFound');
  });

  it('create (one tenant, or every tenant), update, disable/enable per the state table, delete — each audited', async () => {
    const chat = await createChat('#lifecycle');
    const [tenant, other] = await firstTenants();
    const before = (await list()).total;

    const created = await createSubscription({
      name: '  Lifecycle  ',
      tenant_id: tenant!.id,
      event_types: ['payment.failed', 'tenant.signed_up', 'payment.failed'],
      chat_id: chat.id,
    });
    expect(created).toMatchObject({
      name: 'Lifecycle',
      tenant_id: tenant!.id,
      tenant_name: tenant!.name,
      // Deduplicated, in the contract's order.
      event_types: ['tenant.signed_up', 'payment.failed'],
      chat_id: chat.id,
      chat_name: '#lifecycle',
      enabled: true,
      created_by: OPERATOR,
      message_count: 0,
      last_message_at: null,
    });
    expect((await list()).total).toBe(before + 1);
    expect(await ok('GET', `${P}/${created.id}`)).toEqual({ subscription: created });
    expect((await chats()).find((c) => c.id === chat.id)!.subscriptions).toBe(1);

    const everyTenant = await createSubscription({
      name: 'All',
      tenant_id: '',
      event_types: ['cluster.created'],
      chat_id: chat.id,
    });
    expect(everyTenant.tenant_id).toBeNull();
    expect(
      (await createSubscription({ name: 'All 2', event_types: ['cluster.created'], chat_id: chat.id })).tenant_id,
    ).toBeNull();

    const updated = (
      await ok<{ subscription: UserbehaviorSubscription }>('PUT', `${P}/${created.id}`, {
        name: 'Lifecycle (renamed)',
        tenant_id: other!.id,
        event_types: ['cluster.created'],
        chat_id: chat.id,
        enabled: true,
      })
    ).subscription;
    expect(updated).toMatchObject({
      name: 'Lifecycle (renamed)',
      tenant_id: other!.id,
      event_types: ['cluster.created'],
    });

    // enabled → disable → disabled: disable again is refused, enable is allowed (USERBEHAVIOR_STATE_ACTIONS).
    expect(USERBEHAVIOR_STATE_ACTIONS.enabled).not.toContain('enable');
    const refusedEnable = await call('POST', `${P}/${created.id}/enable`);
    expect(refusedEnable.statusCode).toBe(409);
    expect(refusedEnable.json()).toMatchObject({ code: 'userbehavior.stateForbids' });
    expect(
      (await ok<{ subscription: UserbehaviorSubscription }>('POST', `${P}/${created.id}/disable`)).subscription.enabled,
    ).toBe(false);
    const refusedDisable = await call('POST', `${P}/${created.id}/disable`);
    expect(refusedDisable.statusCode).toBe(409);
    expect(refusedDisable.json()).toMatchObject({ code: 'userbehavior.stateForbids' });
    expect(
      (await ok<{ subscription: UserbehaviorSubscription }>('POST', `${P}/${created.id}/enable`)).subscription.enabled,
    ).toBe(true);

    expect(await ok('DELETE', `${P}/${created.id}`)).toEqual({ id: created.id, deleted: true });
    expect((await call('GET', `${P}/${created.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${P}/${created.id}`)).statusCode).toBe(404);

    const rows = await audit(created.id);
    expect(rows.map((r) => r.operation)).toEqual(['create', 'update', 'disable', 'enable', 'delete']);
    expect(rows.every((r) => r.operator === OPERATOR)).toBe(true);
    expect(rows[0]!.details).toEqual({
      after: {
        name: 'Lifecycle',
        tenant_id: tenant!.id,
        event_types: ['tenant.signed_up', 'payment.failed'],
        chat_id: chat.id,
        enabled: true,
      },
    });
    expect(rows[1]!.details).toMatchObject({
      before: { name: 'Lifecycle', tenant_id: tenant!.id },
      after: { name: 'Lifecycle (renamed)', tenant_id: other!.id, event_types: ['cluster.created'] },
    });
    expect(rows[2]!.details).toEqual({ before: { enabled: true }, after: { enabled: false } });
    expect(rows[4]!.details).toMatchObject({ before: { name: 'Lifecycle (renamed)' } });
  });

  it('answers 404 for an unknown or malformed id on every route', async () => {
    const body = { name: 'x', event_types: ['tenant.signed_up'], chat_id: '1' };
    for (const id of ['999999', 'abc', '1'.repeat(20)]) {
      for (const [method, suffix, payload] of [
        ['GET', '', undefined],
        ['PUT', '', body],
        ['DELETE', '', undefined],
        ['POST', '/enable', {}],
        ['POST', '/disable', {}],
        ['POST', '/mock', {}],
      ] as const) {
        const res = await call(method, `${P}/${id}${suffix}`, payload);
        expect(res.statusCode, `${method} ${id}${suffix}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'userbehavior.notFound' });
      }
    }
  });
});

describe('mock (send a test event)', () => {
  it('sends a sample of the first (or the chosen) event type to the chat now, marked as a test, audited', async () => {
    const chat = await createChat('#mock-target');
    const [tenant] = await firstTenants();
    const sub = await createSubscription({
      name: 'Mocked',
      tenant_id: tenant!.id,
      event_types: ['cluster.created', 'payment.failed'],
      chat_id: chat.id,
      enabled: false,
    });

    const res = await call('POST', `${P}/${sub.id}/mock`, {});
    expect(res.statusCode, res.body).toBe(202);
    const { message } = res.json() as { message: ChatMessage };
    expect(message).toMatchObject({
      source_type: 'userbehavior_subscription',
      source_id: sub.id,
      target: '#mock-target',
      status: 'queued',
      sender: OPERATOR,
    });
    expect(message.title).toBe(`${USERBEHAVIOR_TEST_PREFIX} ${tenant!.name} created cluster sample-cluster`);
    expect(message.text).toContain('Event: Cluster created');
    expect(message.text).toContain(`Tenant: ${tenant!.name} (${tenant!.id})`);
    expect(message.text).toContain('Subscription: Mocked');

    await t.jobs.drain();
    const [recorded] = await messagesOf(sub.id);
    expect(recorded).toMatchObject({ id: message.id, status: 'recorded', attempts: 1, error: null });
    expect(recorded!.sent_at).not.toBeNull();

    const chosen = await call('POST', `${P}/${sub.id}/mock`, { event_type: 'payment.failed' });
    expect(chosen.statusCode).toBe(202);
    expect((chosen.json() as { message: ChatMessage }).message.title).toBe(
      `${USERBEHAVIOR_TEST_PREFIX} Payment failed for ${tenant!.name}`,
    );
    const notSubscribed = await call('POST', `${P}/${sub.id}/mock`, { event_type: 'tenant.signed_up' });
    expect(notSubscribed.statusCode).toBe(400);
    expect(notSubscribed.json()).toMatchObject({ code: 'userbehavior.eventTypeNotSubscribed' });

    await t.jobs.drain();
    expect((await messagesOf(sub.id)).map((m) => m.status)).toEqual(['recorded', 'recorded']);
    const detail = (await ok<{ subscription: UserbehaviorSubscription }>('GET', `${P}/${sub.id}`)).subscription;
    expect(detail.message_count).toBe(2);
    expect(detail.last_message_at).not.toBeNull();

    const rows = (await audit(sub.id)).filter((r) => r.operation === 'mock');
    expect(rows.map((r) => r.details.event_type)).toEqual(['cluster.created', 'payment.failed']);
    expect(rows[0]!.details).toMatchObject({ chat_id: chat.id, chat_message_id: message.id });
  });

  it('a subscription to every tenant samples an example tenant', async () => {
    const chat = await createChat('#mock-all');
    const sub = await createSubscription({ name: 'Every', event_types: ['tenant.signed_up'], chat_id: chat.id });
    const { message } = await ok<{ message: ChatMessage }>('POST', `${P}/${sub.id}/mock`, {});
    expect(message.title).toBe(`${USERBEHAVIOR_TEST_PREFIX} Example Tenant signed up`);
    expect(message.text).toContain('Tenant: Example Tenant');
  });
});

describe('delivery of tenant events', () => {
  const publish = (event: Omit<PublishedEvent, 'subjectType' | 'subjectId'>) =>
    t.ctx.db.transaction((tx) =>
      publishEvent(tx, { subjectType: 'tenant', subjectId: event.tenantId ?? 'none', ...event }),
    );

  it('sends each event to the enabled subscriptions of its type and tenant (or every tenant), once per event', async () => {
    // Events queued by others (the demo seed's) are delivered first: only this test's event is in flight below.
    await t.jobs.drain();
    const chat = await createChat('#delivery');
    const tenants = await firstTenants();
    const [watched, other] = [tenants[8]!, tenants[9]!];
    const mine = await createSubscription({
      name: 'Mine',
      tenant_id: watched.id,
      event_types: ['payment.failed'],
      chat_id: chat.id,
    });
    const everyone = await createSubscription({ name: 'Everyone', event_types: ['payment.failed'], chat_id: chat.id });
    const otherTenant = await createSubscription({
      name: 'Other tenant',
      tenant_id: other.id,
      event_types: ['payment.failed'],
      chat_id: chat.id,
    });
    const otherType = await createSubscription({
      name: 'Other type',
      tenant_id: watched.id,
      event_types: ['tenant.signed_up'],
      chat_id: chat.id,
    });
    const disabled = await createSubscription({
      name: 'Disabled',
      tenant_id: watched.id,
      event_types: ['payment.failed'],
      chat_id: chat.id,
      enabled: false,
    });
    await t.jobs.drain();

    const eventId = await publish({
      type: 'payment.failed',
      title: `Payment failed for ${watched.name}`,
      summary: 'The card was declined.',
      tenantId: watched.id,
      link: `/orgs/${watched.id}/`,
    });
    await t.jobs.drain();

    for (const s of [mine, everyone]) {
      const messages = await messagesOf(s.id);
      expect(messages, s.name).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        title: `Payment failed for ${watched.name}`,
        target: '#delivery',
        status: 'recorded',
        sender: 'system',
      });
      expect(messages[0]!.text).toContain(`Open: ${t.config.publicUrl}/orgs/${watched.id}/`);
      expect(messages[0]!.text).toContain(`Subscription: ${s.name}`);
    }
    for (const s of [otherTenant, otherType, disabled]) expect(await messagesOf(s.id), s.name).toHaveLength(0);
    // The seeded subscriptions to every tenant that want failed payments heard it too.
    const seededAll = (await list('scope=all&event_type=payment.failed&enabled=true&per_page=100')).items.find(
      (s) => s.name === 'Failed payments (all tenants)',
    )!;
    expect((await messagesOf(seededAll.id)).some((m) => m.title === `Payment failed for ${watched.name}`)).toBe(true);

    // Delivered again (a retried job): nothing more is sent.
    const event = (await findEvent(t.ctx.db, eventId))!;
    expect(event.type).toBe('payment.failed');
    expect(await t.ctx.db.transaction((tx) => deliverEvent(tx, event, t.config.publicUrl))).toBe(0);
    expect(await messagesOf(mine.id)).toHaveLength(1);
    const deliveries = await t.database.rows<{ subscription_id: string }>(
      sql`select subscription_id::text from userbehavior_deliveries where event_id = ${eventId}
          order by userbehavior_deliveries.subscription_id`,
    );
    expect(deliveries.map((d) => d.subscription_id)).toEqual(
      [seededAll.id, mine.id, everyone.id].sort((a, b) => Number(a) - Number(b)),
    );
  });

  it('an event without a tenant goes only to the subscriptions to every tenant; other events are ignored', async () => {
    await t.jobs.drain();
    const chat = await createChat('#no-tenant');
    const [tenant] = await firstTenants();
    const all = await createSubscription({ name: 'All sign-ups', event_types: ['tenant.signed_up'], chat_id: chat.id });
    const one = await createSubscription({
      name: 'One sign-up',
      tenant_id: tenant!.id,
      event_types: ['tenant.signed_up'],
      chat_id: chat.id,
    });
    await publish({ type: 'tenant.signed_up', title: 'Someone signed up', tenantId: null });
    await publish({ type: 'incident.opened', title: 'Not a tenant event', tenantId: tenant!.id });
    await t.jobs.drain();
    expect((await messagesOf(all.id)).map((m) => m.title)).toEqual(['Someone signed up']);
    expect(await messagesOf(one.id)).toHaveLength(0);
  });
});
