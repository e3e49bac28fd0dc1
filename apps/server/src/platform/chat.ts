import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { ChatMessage, ChatMessageListQuery, ChatMessageStatus, ListResult } from '@portal/contract';
import type { Config } from '../config.js';
import type { Db } from './db.js';
import { enqueueJob, type Job } from './jobs.js';
import { answerText, callOut } from './outbound.js';
import { listOrder, listPage, pageWindow } from './list-query.js';
import { chatMessages } from './schema.js';

/*
 * Chat notices through incoming webhooks (Feishu/Lark custom bots, Slack-compatible): the one way any area sends a
 * message to a chat (an incident's notice, a notification workflow's chat channel, a user-behaviour subscription).
 *
 * `sendChatMessage(tx, …)` records the message (status `queued`) and queues its delivery in the caller's transaction;
 * the `chat.send` job hands it to the configured sender and records the outcome, retrying with back-off up to
 * `CHAT_MAX_ATTEMPTS` times before `failed`. Senders (README, configuration):
 * - `outbox` (default, offline; what the demo and tests use): the row in `chat_messages` is the delivery (`recorded`).
 * - `webhook` (CHAT_DELIVERY=webhook, or CHAT_WEBHOOK_URL set): POSTs to the message's own webhook URL, else to
 *   CHAT_WEBHOOK_URL, in CHAT_WEBHOOK_FORMAT (`feishu`: `{msg_type:'text',content:{text}}`; `slack`: `{text}`).
 */

export const CHAT_SEND_JOB = 'chat.send';
export const CHAT_MAX_ATTEMPTS = 5;

export interface ChatDelivery {
  /** The webhook URL, or undefined for the configured default. */
  url: string | undefined;
  title: string;
  text: string;
}

export interface ChatSender {
  readonly name: 'outbox' | 'webhook';
  /** Delivers or throws (the message is retried). */
  send(message: ChatDelivery): Promise<void>;
}

export const outboxChatSender: ChatSender = { name: 'outbox', send: async () => {} };

export function webhookChatSender(opts: {
  defaultUrl: string | undefined;
  format: 'feishu' | 'slack';
  fetch?: typeof fetch;
  timeoutMs?: number;
}): ChatSender {
  return {
    name: 'webhook',
    async send(m) {
      const url = m.url ?? opts.defaultUrl;
      if (!url) throw new Error('no webhook URL: set CHAT_WEBHOOK_URL or give the chat a webhook');
      const text = m.title ? `${m.title}\n${m.text}` : m.text;
      const body = opts.format === 'slack' ? { text } : { msg_type: 'text', content: { text } };
      const req = { timeoutMs: opts.timeoutMs ?? 10_000, unavailable: (why: string) => new Error(`webhook ${why}`) };
      const res = await callOut(url, { ...req, method: 'POST', json: body, fetch: opts.fetch });
      const answer = await answerText(res, req);
      if (!res.ok) throw new Error(`webhook answered HTTP ${res.status}: ${answer.slice(0, 200)}`);
      // Feishu answers 200 with a non-zero `code` when it refuses a message.
      try {
        const parsed = JSON.parse(answer) as { code?: unknown; msg?: unknown; StatusCode?: unknown };
        const code = parsed.code ?? parsed.StatusCode;
        if (typeof code === 'number' && code !== 0) throw new Error(`webhook refused: ${String(parsed.msg ?? code)}`);
      } catch (err) {
        if (err instanceof SyntaxError) return; // Slack answers plain "ok".
        throw err;
      }
    },
  };
}

export function chatSenderFor(config: Config): ChatSender {
  return config.chat.delivery === 'webhook'
    ? webhookChatSender({ defaultUrl: config.chat.url, format: config.chat.format })
    : outboxChatSender;
}

/** A webhook URL as shown to people: scheme, host and the path's first segment; the secret token is masked. */
export function maskWebhookUrl(url: string): string {
  try {
    const u = new URL(url);
    const first = u.pathname.split('/').filter(Boolean)[0];
    return `${u.protocol}//${u.host}/${first ? `${first}/` : ''}…`;
  } catch {
    return '…';
  }
}

export interface NewChatMessage {
  sourceType: string;
  sourceId: string;
  /** An incoming-webhook URL; omitted → the configured default chat. */
  targetUrl?: string | null;
  /** What people call the chat (e.g. `#oncall-tidb`). */
  targetName?: string | null;
  title: string;
  text: string;
  /** Who sent it (an email, or `system`). */
  sender: string;
}

const toChatMessage = (r: typeof chatMessages.$inferSelect): ChatMessage => ({
  id: String(r.id),
  source_type: r.sourceType,
  source_id: r.sourceId,
  target: r.targetName ?? (r.targetUrl ? maskWebhookUrl(r.targetUrl) : 'default chat'),
  title: r.title,
  text: r.text,
  status: r.status as ChatMessageStatus,
  attempts: r.attempts,
  error: r.error,
  sender: r.sender,
  created_at: r.createdAt.toISOString(),
  sent_at: r.sentAt?.toISOString() ?? null,
});

/** Records a chat message and queues its delivery, in the caller's transaction. */
export async function sendChatMessage(tx: Db, m: NewChatMessage): Promise<ChatMessage> {
  const [row] = await tx
    .insert(chatMessages)
    .values({
      sourceType: m.sourceType,
      sourceId: m.sourceId,
      targetUrl: m.targetUrl ?? null,
      targetName: m.targetName ?? null,
      title: m.title,
      text: m.text,
      sender: m.sender,
    })
    .returning();
  await enqueueJob(tx, CHAT_SEND_JOB, { messageId: row!.id }, { dedupeKey: `chat.send:${row!.id}` });
  return toChatMessage(row!);
}

export async function listChatMessages(db: Db, q: ChatMessageListQuery): Promise<ListResult<ChatMessage>> {
  const where: SQL[] = [];
  if (q.source_type) where.push(eq(chatMessages.sourceType, q.source_type));
  if (q.source_id) where.push(eq(chatMessages.sourceId, q.source_id));
  if (q.status?.length) where.push(inArray(chatMessages.status, q.status));
  const cond = where.length ? and(...where) : undefined;
  const { limit, offset } = pageWindow(q);
  return listPage(
    db
      .select()
      .from(chatMessages)
      .where(cond)
      .orderBy(...listOrder(q.sort, { created_at: chatMessages.createdAt }, chatMessages.id))
      .limit(limit)
      .offset(offset)
      .then((rows) => rows.map(toChatMessage)),
    db
      .select({ n: count() })
      .from(chatMessages)
      .where(cond)
      .then(([r]) => r?.n ?? 0),
  );
}

const retryDelayMs = (attempt: number) => Math.min(10 * 60_000, 5_000 * 2 ** (attempt - 1));

/** The `chat.send` job: one delivery attempt; a failure is recorded on the message and retried by re-running. */
export function chatSendJob(sender: ChatSender) {
  return async (tx: Db, p: { messageId: number }, _job: Job): Promise<{ rerunAt?: Date } | void> => {
    const [row] = await tx.select().from(chatMessages).where(eq(chatMessages.id, p.messageId)).for('update').limit(1);
    if (!row || row.status !== 'queued') return;
    const attempts = row.attempts + 1;
    try {
      await sender.send({ url: row.targetUrl ?? undefined, title: row.title, text: row.text });
      await tx
        .update(chatMessages)
        .set({ status: sender.name === 'outbox' ? 'recorded' : 'sent', attempts, error: null, sentAt: new Date() })
        .where(eq(chatMessages.id, row.id));
    } catch (err) {
      const failed = attempts >= CHAT_MAX_ATTEMPTS;
      await tx
        .update(chatMessages)
        .set({
          attempts,
          error: String((err as Error).message ?? err).slice(0, 500),
          status: failed ? 'failed' : 'queued',
        })
        .where(eq(chatMessages.id, row.id));
      if (!failed) return { rerunAt: new Date(Date.now() + retryDelayMs(attempts)) };
    }
  };
}
