import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PortalEvent } from '@portal/contract';
import { defineFeature } from './context.js';
import { CHAT_MAX_ATTEMPTS, chatSendJob, maskWebhookUrl, sendChatMessage, webhookChatSender } from './chat.js';
import { eventSubscribers, publishEvent } from './events.js';
import { createTestApp, type TestApp } from '../test/app.js';

/*
 * The event center's plumbing: an event published in a transaction reaches each subscriber of its type once (and
 * not at all when the transaction rolls back); a failing subscriber retries alone; chat messages are recorded and
 * delivered by the chat job, retried, and failed after the last attempt; the webhook sender's request shapes.
 */

const seen: { subscriber: string; event: PortalEvent }[] = [];
let failuresLeft = 0;

const testSubscribers = defineFeature({
  name: 'test-event-subscribers',
  provides: () => [
    eventSubscribers.provide(
      {
        name: 'test.incidents',
        types: ['incident.opened'],
        deliver: async (_tx, event) => {
          seen.push({ subscriber: 'test.incidents', event });
        },
      },
      {
        name: 'test.flaky',
        types: ['incident.opened', 'release.deployed'],
        deliver: async (_tx, event) => {
          if (failuresLeft > 0) {
            failuresLeft--;
            throw new Error('subscriber down');
          }
          seen.push({ subscriber: 'test.flaky', event });
        },
      },
    ),
  ],
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(undefined, { extraFeatures: [testSubscribers] });
  await t.jobs.drain();
});
afterAll(() => t?.close());

const delivered = (subscriber: string, subjectId: string) =>
  seen.filter((s) => s.subscriber === subscriber && s.event.subject_id === subjectId);

describe('portal events', () => {
  it('hands a committed event to each subscriber of its type, once', async () => {
    await t.database.db.transaction((tx) =>
      publishEvent(tx, {
        type: 'incident.opened',
        subjectType: 'incident',
        subjectId: 'EVT-1',
        title: 'TiKV down',
        recipients: ['Lin.Wei@example.com', 'lin.wei@example.com'],
        clusterIds: ['c-1'],
      }),
    );
    await t.jobs.drain();
    expect(delivered('test.incidents', 'EVT-1')).toHaveLength(1);
    expect(delivered('test.flaky', 'EVT-1')).toHaveLength(1);
    const event = delivered('test.incidents', 'EVT-1')[0]!.event;
    expect(event).toMatchObject({ type: 'incident.opened', title: 'TiKV down', cluster_ids: ['c-1'] });
    expect(event.recipients).toEqual(['lin.wei@example.com']);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/devops/events?subject_type=incident&subject_id=EVT-1',
      headers: await t.as('operator@example.com'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, items: [{ id: event.id, type: 'incident.opened' }] });
  });

  it('does not reach subscribers of other types, nor any when the transaction rolls back', async () => {
    await t.database.db.transaction((tx) =>
      publishEvent(tx, { type: 'release.deployed', subjectType: 'release', subjectId: 'EVT-2', title: 'r' }),
    );
    await expect(
      t.database.db.transaction(async (tx) => {
        await publishEvent(tx, { type: 'incident.opened', subjectType: 'incident', subjectId: 'EVT-3', title: 'x' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.jobs.drain();
    expect(delivered('test.incidents', 'EVT-2')).toHaveLength(0);
    expect(delivered('test.flaky', 'EVT-2')).toHaveLength(1);
    expect(seen.filter((s) => s.event.subject_id === 'EVT-3')).toHaveLength(0);
  });

  it('retries a failing subscriber alone', async () => {
    failuresLeft = 1;
    await t.database.db.transaction((tx) =>
      publishEvent(tx, { type: 'incident.opened', subjectType: 'incident', subjectId: 'EVT-4', title: 'y' }),
    );
    await t.jobs.drain();
    expect(delivered('test.incidents', 'EVT-4')).toHaveLength(1);
    expect(delivered('test.flaky', 'EVT-4')).toHaveLength(0);
    // The failed delivery job is queued again with back-off: make it due, as the clock would.
    await t.database.db.execute(sql`update jobs set run_at = now() where kind = 'event.deliver' and status = 'queued'`);
    await t.jobs.drain();
    expect(delivered('test.flaky', 'EVT-4')).toHaveLength(1);
    expect(delivered('test.incidents', 'EVT-4')).toHaveLength(1);
  });
});

describe('chat messages', () => {
  it('records a message, delivers it through the outbox and lists it with its source', async () => {
    const message = await t.database.db.transaction((tx) =>
      sendChatMessage(tx, {
        sourceType: 'incident',
        sourceId: 'CHAT-1',
        targetUrl: 'https://open.feishu.cn/open-apis/bot/v2/hook/secret-token',
        title: 'INC',
        text: 'hello',
        sender: 'operator@example.com',
      }),
    );
    expect(message).toMatchObject({ status: 'queued', target: 'https://open.feishu.cn/open-apis/…' });
    await t.jobs.drain();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/devops/chat_messages?source_type=incident&source_id=CHAT-1',
      headers: await t.as('operator@example.com'),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({ id: message.id, status: 'recorded', attempts: 1, error: null });
    expect(JSON.stringify(body)).not.toContain('secret-token');
  });

  it('retries a failing webhook with back-off and fails after the last attempt', async () => {
    let calls = 0;
    const failing = chatSendJob({
      name: 'webhook',
      send: async () => {
        calls++;
        throw new Error('HTTP 502');
      },
    });
    const message = await t.database.db.transaction((tx) =>
      sendChatMessage(tx, { sourceType: 'test', sourceId: 'CHAT-2', title: 't', text: 'x', sender: 'system' }),
    );
    const id = Number(message.id);
    const job = { id: 0, kind: 'chat.send', payload: {}, attempts: 0, max_attempts: 5 };
    for (let i = 1; i < CHAT_MAX_ATTEMPTS; i++) {
      const outcome = await t.database.db.transaction((tx) => failing(tx, { messageId: id }, job));
      expect(outcome?.rerunAt).toBeInstanceOf(Date);
    }
    const last = await t.database.db.transaction((tx) => failing(tx, { messageId: id }, job));
    expect(last).toBeUndefined();
    expect(calls).toBe(CHAT_MAX_ATTEMPTS);
    const [row] = await t.database.rows<{ status: string; attempts: number; error: string }>(
      sql`select status, attempts, error from chat_messages where id = ${id}`,
    );
    expect(row).toEqual({ status: 'failed', attempts: CHAT_MAX_ATTEMPTS, error: 'HTTP 502' });
  });
});

describe('webhook sender', () => {
  const fakeFetch = (status: number, answer: string, sent: { url: string; body: unknown }[]) =>
    (async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(answer, { status });
    }) as unknown as typeof fetch;

  it('posts Feishu and Slack shapes, to the message URL or the default one', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const feishu = webhookChatSender({
      defaultUrl: 'https://hooks/default',
      format: 'feishu',
      fetch: fakeFetch(200, '{"code":0}', sent),
    });
    await feishu.send({ url: undefined, title: 'T', text: 'body' });
    await feishu.send({ url: 'https://hooks/own', title: '', text: 'only' });
    const slack = webhookChatSender({
      defaultUrl: 'https://hooks/s',
      format: 'slack',
      fetch: fakeFetch(200, 'ok', sent),
    });
    await slack.send({ url: undefined, title: 'T', text: 'b' });
    expect(sent).toEqual([
      { url: 'https://hooks/default', body: { msg_type: 'text', content: { text: 'T\nbody' } } },
      { url: 'https://hooks/own', body: { msg_type: 'text', content: { text: 'only' } } },
      { url: 'https://hooks/s', body: { text: 'T\nb' } },
    ]);
  });

  it('fails on an HTTP error, a Feishu refusal, or no URL at all', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const down = webhookChatSender({ defaultUrl: 'https://h', format: 'feishu', fetch: fakeFetch(500, 'boom', sent) });
    await expect(down.send({ url: undefined, title: '', text: 'x' })).rejects.toThrow('HTTP 500');
    const refusing = webhookChatSender({
      defaultUrl: 'https://h',
      format: 'feishu',
      fetch: fakeFetch(200, '{"code":19001,"msg":"param invalid"}', sent),
    });
    await expect(refusing.send({ url: undefined, title: '', text: 'x' })).rejects.toThrow('param invalid');
    const none = webhookChatSender({ defaultUrl: undefined, format: 'feishu', fetch: fakeFetch(200, '', sent) });
    await expect(none.send({ url: undefined, title: '', text: 'x' })).rejects.toThrow('no webhook URL');
  });

  it('masks the secret part of a webhook URL', () => {
    expect(maskWebhookUrl('https://hooks.slack.com/services/T0/B0/XYZ')).toBe('https://hooks.slack.com/services/…');
    expect(maskWebhookUrl('not a url')).toBe('…');
  });
});
