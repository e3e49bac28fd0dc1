import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  NOTIFICATION_DELIVERY_MAX_ATTEMPTS,
  type NotificationDelivery,
  type NotificationWorkflow,
  type NotificationWorkflowBody,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { CHAT_MAX_ATTEMPTS } from '../../platform/chat.js';
import { publishEvent } from '../../platform/events.js';

/*
 * Delivery through the real adapters, failing: email through SMTP (SMTP_URL → nodemailer, against a minimal SMTP
 * server in this file that refuses until told otherwise), retried with back-off and sent once the server takes it, or
 * failed after its last attempt; the chat channel through a webhook that cannot be reached (CHAT_WEBHOOK_URL), failed
 * after the chat job's attempts. Each retry is made due by moving its job's run time, as the clock would.
 */

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** An SMTP server just good enough for nodemailer: refuses every connection (421) while `failing`. */
function fakeSmtp() {
  const received: Received[] = [];
  const state = { failing: true };
  const server = net.createServer((socket) => {
    if (state.failing) {
      socket.end('421 4.3.2 Service not available\r\n');
      return;
    }
    socket.write('220 fake ESMTP\r\n');
    let buf = '';
    let inData = false;
    let cur: Received = { from: '', to: [], data: '' };
    socket.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          cur.data = buf.slice(0, end);
          buf = buf.slice(end + 5);
          inData = false;
          received.push(cur);
          cur = { from: '', to: [], data: '' };
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const nl = buf.indexOf('\r\n');
        if (nl < 0) return;
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 2);
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (cmd === 'MAIL') {
          cur.from = line;
          socket.write('250 OK\r\n');
        } else if (cmd === 'RCPT') {
          cur.to.push(line);
          socket.write('250 OK\r\n');
        } else if (cmd === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return { server, received, state };
}

const N = '/api/v1/devops/notification';
const OPERATOR = 'operator@example.com';
const LIN = 'lin.wei@example.com';

const smtp = fakeSmtp();
let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as net.AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SMTP_FROM: 'Portal Alerts <alerts@example.com>',
    // Nothing listens on port 1: every webhook call is refused.
    CHAT_WEBHOOK_URL: 'http://127.0.0.1:1/hook',
  });
  await t.jobs.drain();
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => smtp.server.close(resolve));
});

const ok = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await t.app.inject({
    method,
    url,
    headers: await t.as(OPERATOR),
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const create = async (over: Partial<NotificationWorkflowBody>): Promise<NotificationWorkflow> =>
  (
    await ok('POST', `${N}/workflows`, {
      trigger: 'incident.opened',
      subject: '{{title}}',
      body: '{{summary}}',
      audience: { users: [LIN] },
      ...over,
    })
  ).workflow;
let seq = 0;
const publish = () =>
  t.database.db.transaction((tx) =>
    publishEvent(tx, { type: 'incident.opened', subjectType: 'incident', subjectId: `INC-D${++seq}`, title: 'Down' }),
  );
const deliveriesOf = async (wf: NotificationWorkflow): Promise<NotificationDelivery[]> =>
  (await ok('GET', `${N}/workflows/${wf.id}/deliveries`)).items;
/** Makes the queued retry of a delivery (or of its chat message) due now, then runs what is due. */
const retryNow = async (d: NotificationDelivery) => {
  await t.database.db.execute(
    d.channel === 'chat'
      ? sql`update jobs set run_at = now() where kind = 'chat.send' and payload->>'messageId' = ${d.chat_message_id}`
      : sql`update jobs set run_at = now() where kind = 'notification.deliver' and payload->>'deliveryId' = ${d.id}`,
  );
  await t.jobs.drain();
};
const queuedJobs = async (d: NotificationDelivery) =>
  (
    await t.database.rows<{ n: number }>(sql`select count(*)::int n from jobs
      where kind = 'notification.deliver' and payload->>'deliveryId' = ${d.id}`)
  )[0]!.n;

describe('email through SMTP', () => {
  it('retries while the server refuses, then sends through it (not into the outbox)', async () => {
    const wf = await create({ name: 'smtp retry', channels: ['email'] });
    smtp.state.failing = true;
    await publish();
    await t.jobs.drain();
    let [d] = await deliveriesOf(wf);
    expect(d).toMatchObject({ channel: 'email', recipient: LIN, status: 'pending', attempts: 1 });
    expect(d!.error).toMatch(/421|Service not available/);
    expect(await queuedJobs(d!)).toBe(1);

    await retryNow(d!);
    [d] = await deliveriesOf(wf);
    expect(d).toMatchObject({ status: 'pending', attempts: 2 });

    smtp.state.failing = false;
    await retryNow(d!);
    [d] = await deliveriesOf(wf);
    expect(d).toMatchObject({ status: 'sent', attempts: 3, error: null });
    expect(d!.sent_at).not.toBeNull();
    expect(await queuedJobs(d!)).toBe(0);
    const mail = smtp.received.find((m) => m.data.includes(`INC-D${seq}`) || m.to.some((r) => r.includes(LIN)))!;
    expect(mail.from).toContain('alerts@example.com');
    expect(mail.to).toEqual([`RCPT TO:<${LIN}>`]);
    expect(mail.data).toContain('Subject: Down');
    expect((await ok('GET', `${N}/email_outbox?workflow_id=${wf.id}`)).total).toBe(0);
  });

  it(`fails a delivery after ${NOTIFICATION_DELIVERY_MAX_ATTEMPTS} refused attempts, and counts it`, async () => {
    const wf = await create({ name: 'smtp down', channels: ['email'] });
    smtp.state.failing = true;
    await publish();
    await t.jobs.drain();
    let [d] = await deliveriesOf(wf);
    for (let i = 1; i < NOTIFICATION_DELIVERY_MAX_ATTEMPTS; i++) {
      expect(d).toMatchObject({ status: 'pending', attempts: i });
      await retryNow(d!);
      [d] = await deliveriesOf(wf);
    }
    expect(d).toMatchObject({ status: 'failed', attempts: NOTIFICATION_DELIVERY_MAX_ATTEMPTS });
    expect(await queuedJobs(d!)).toBe(0);
    const stats = await ok('GET', `${N}/workflows/${wf.id}/statistics`);
    expect(stats.totals).toEqual({ sent: 0, failed: 1, opened: 0, pending: 0 });
  });
});

describe('chat through a webhook', () => {
  it(`fails the chat delivery once its message failed after ${CHAT_MAX_ATTEMPTS} attempts`, async () => {
    const wf = await create({ name: 'chat down', channels: ['chat'], audience: { users: [] } });
    await publish();
    await t.jobs.drain();
    let [d] = await deliveriesOf(wf);
    expect(d).toMatchObject({ channel: 'chat', recipient: 'default chat', status: 'pending', attempts: 1 });
    expect(d!.error).toBeTruthy();
    for (let i = 1; i < CHAT_MAX_ATTEMPTS; i++) {
      await retryNow(d!);
      [d] = await deliveriesOf(wf);
    }
    expect(d).toMatchObject({ status: 'failed', attempts: CHAT_MAX_ATTEMPTS });
    expect((await ok('GET', `${N}/workflows/${wf.id}/deliveries?status=failed&channel=chat`)).total).toBe(1);
    expect((await ok('GET', `${N}/workflows/${wf.id}/statistics`)).totals.failed).toBe(1);
  });
});
