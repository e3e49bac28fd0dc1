import type { z } from 'zod';
import {
  canNotificationWorkflow,
  NOTIFICATION_DELIVERY_MAX_ATTEMPTS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_STATS_DEFAULT_DAYS,
  NOTIFICATION_STATS_MAX_DAYS,
  notificationRangeDays,
  PORTAL_EVENT_LABELS,
  renderNotificationTemplate,
  type EmailOutboxMessage,
  type emailOutboxListQuery,
  type InboxItem,
  type inboxListQuery,
  type InboxPage,
  type ListResult,
  type NotificationChannel,
  type NotificationDelivery,
  type notificationDeliveryListQuery,
  type NotificationStatistics,
  type notificationStatisticsQuery,
  type NotificationTemplateValues,
  type NotificationTrigger,
  type NotificationWorkflow,
  type NotificationWorkflowAction,
  type notificationWorkflowBody,
  type notificationWorkflowListQuery,
  type PortalEvent,
  type PortalEventType,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit, type AuditEntry } from '../../platform/audit.js';
import { maskWebhookUrl, sendChatMessage } from '../../platform/chat.js';
import { enqueueJob } from '../../platform/jobs.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import type { EmailSender } from './email.js';
import * as repo from './repo.js';

export const AUDIT_TYPE = 'notification_workflow' as const;
/** A delivery's durable job (email and in-portal; the chat channel's is platform/chat's `chat.send`). */
export const DELIVER_JOB = 'notification.deliver';
/** The chat messages of workflows are recorded with this source type (and the workflow's id). */
export const CHAT_SOURCE_TYPE = 'notification_workflow';
/** Who sends a workflow's messages, in the chat outbox. */
export const SYSTEM = 'system';

export interface DeliverPayload {
  deliveryId: number;
}

// ---- mapping ------------------------------------------------------------------------------------------------------
const masked = (url: string | null) => (url ? maskWebhookUrl(url) : null);

export function toWorkflow(r: repo.WorkflowRow): NotificationWorkflow {
  return {
    id: String(r.id),
    name: r.name,
    description: r.description,
    trigger: r.trigger as NotificationTrigger,
    channels: r.channels as NotificationChannel[],
    subject: r.subject,
    body: r.body,
    audience: {
      users: r.audienceUsers,
      roles: r.audienceRoles as NotificationWorkflow['audience']['roles'],
      event_recipients: r.audienceEventRecipients,
    },
    chat_webhook_url: masked(r.chatWebhookUrl),
    chat_name: r.chatName,
    enabled: r.enabled,
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    updated_by: r.updatedBy,
    updated_at: iso(r.updatedAt),
    last_triggered_at: isoOrNull(r.lastTriggeredAt),
  };
}

/** What the audit trail keeps of a workflow (the webhook URL masked: its secret never reaches the trail). */
function snapshot(r: repo.WorkflowRow) {
  const {
    id: _id,
    created_at: _c,
    created_by: _cb,
    updated_at: _u,
    updated_by: _ub,
    last_triggered_at: _l,
    ...rest
  } = toWorkflow(r);
  return rest;
}

function toDelivery(v: repo.DeliveryView): NotificationDelivery {
  const r = v.delivery;
  const chat = r.channel === 'chat';
  return {
    id: String(r.id),
    workflow_id: String(r.workflowId),
    event_id: String(r.eventId),
    event_type: r.eventType as PortalEventType,
    event_title: r.eventTitle,
    subject_type: r.subjectType,
    subject_id: r.subjectId,
    link: r.link,
    channel: r.channel as NotificationChannel,
    recipient: r.recipient,
    subject: r.subject,
    status: v.status,
    attempts: chat ? (v.chatAttempts ?? 0) : r.attempts,
    error: chat ? v.chatError : r.error,
    created_at: iso(r.createdAt),
    sent_at: isoOrNull(chat ? v.chatSentAt : r.sentAt),
    opened_at: isoOrNull(r.openedAt),
    chat_message_id: r.chatMessageId === null ? null : String(r.chatMessageId),
  };
}

function toInboxItem(r: repo.InboxRow): InboxItem {
  return {
    id: String(r.id),
    title: r.title,
    body: r.body,
    event_id: r.eventId === null ? null : String(r.eventId),
    event_type: r.eventType as PortalEventType | null,
    subject_type: r.subjectType,
    subject_id: r.subjectId,
    link: r.link,
    workflow_id: r.workflowId === null ? null : String(r.workflowId),
    created_at: iso(r.createdAt),
    read_at: isoOrNull(r.readAt),
  };
}

function toOutbox(r: repo.OutboxRow): EmailOutboxMessage {
  return {
    id: String(r.id),
    delivery_id: r.deliveryId === null ? null : String(r.deliveryId),
    workflow_id: r.workflowId === null ? null : String(r.workflowId),
    from: r.fromAddress,
    to: r.toAddress,
    subject: r.subject,
    body: r.body,
    created_at: iso(r.createdAt),
  };
}

// ---- helpers ------------------------------------------------------------------------------------------------------
function parseId(id: string): number | undefined {
  return /^\d{1,15}$/.test(id) ? Number(id) : undefined;
}

const notFound = (id: string) => new AppError('notification.notFound', `Notification workflow ${id} not found`);

function audit(tx: Db, id: number, operator: string, operation: string, details: AuditEntry['details']) {
  return writeAudit(tx, { type: AUDIT_TYPE, instanceId: String(id), operator, operation, details });
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

const nameTaken = (name: string) => {
  const message = `A workflow named “${name}” already exists`;
  return new AppError('notification.nameTaken', message, [{ field: 'body.name', message }]);
};

async function lockWorkflow(tx: Db, id: string): Promise<repo.WorkflowRow> {
  const n = parseId(id);
  const row = n === undefined ? undefined : await repo.findWorkflow(tx, n, true);
  if (!row) throw notFound(id);
  return row;
}

function ensureAllowed(row: repo.WorkflowRow, action: NotificationWorkflowAction): void {
  if (canNotificationWorkflow(row.enabled, action)) return;
  const state = row.enabled ? 'enabled' : 'disabled';
  const message =
    action === 'delete'
      ? `Workflow “${row.name}” is enabled: disable it before deleting it`
      : `Workflow “${row.name}” is already ${state}`;
  throw new AppError('notification.statusForbids', message, { state, action });
}

type WorkflowBody = z.output<typeof notificationWorkflowBody>;

function workflowValues(b: WorkflowBody) {
  return {
    name: b.name,
    description: b.description,
    trigger: b.trigger,
    channels: [...b.channels],
    subject: b.subject,
    body: b.body,
    audienceUsers: [...b.audience.users],
    audienceRoles: [...b.audience.roles],
    audienceEventRecipients: b.audience.event_recipients,
    chatName: b.chat_name || null,
    enabled: b.enabled,
  };
}

// ---- workflows ----------------------------------------------------------------------------------------------------
export async function listWorkflows(
  db: Db,
  q: z.output<typeof notificationWorkflowListQuery>,
): Promise<ListResult<NotificationWorkflow>> {
  const page = await listPage(repo.selectWorkflows(db, q, pageWindow(q)), repo.countWorkflows(db, q));
  return { total: page.total, items: page.items.map(toWorkflow) };
}

export async function getWorkflow(db: Db, id: string): Promise<NotificationWorkflow> {
  const n = parseId(id);
  const row = n === undefined ? undefined : await repo.findWorkflow(db, n);
  if (!row) throw notFound(id);
  return toWorkflow(row);
}

export async function createWorkflow(db: Db, who: string, body: WorkflowBody): Promise<NotificationWorkflow> {
  const email = who.toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      if (await repo.findByName(tx, body.name)) throw nameTaken(body.name);
      const now = new Date();
      const row = await repo.insertWorkflow(tx, {
        ...workflowValues(body),
        chatWebhookUrl: body.chat_webhook_url || null,
        createdBy: email,
        createdAt: now,
        updatedBy: email,
        updatedAt: now,
      });
      await audit(tx, row.id, email, 'create', { after: snapshot(row) });
      return toWorkflow(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(body.name);
    throw err;
  }
}

/** Edit (PUT): the whole workflow; the chat webhook is kept when the body leaves it out (the form sees it masked). */
export async function updateWorkflow(
  db: Db,
  id: string,
  who: string,
  body: WorkflowBody,
): Promise<NotificationWorkflow> {
  const email = who.toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      const before = await lockWorkflow(tx, id);
      ensureAllowed(before, 'edit');
      if (await repo.findByName(tx, body.name, before.id)) throw nameTaken(body.name);
      const after = await repo.updateWorkflow(tx, before.id, {
        ...workflowValues(body),
        chatWebhookUrl: body.chat_webhook_url === undefined ? before.chatWebhookUrl : body.chat_webhook_url || null,
        updatedBy: email,
        updatedAt: new Date(),
      });
      await audit(tx, before.id, email, 'update', {
        before: snapshot(before),
        after: snapshot(after),
        // A changed secret shows only as "changed": both sides are masked alike.
        ...(after.chatWebhookUrl !== before.chatWebhookUrl ? { chat_webhook_changed: true } : {}),
      });
      return toWorkflow(after);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(body.name);
    throw err;
  }
}

export async function setEnabled(db: Db, id: string, who: string, enabled: boolean): Promise<NotificationWorkflow> {
  const email = who.toLowerCase();
  return db.transaction(async (tx) => {
    const before = await lockWorkflow(tx, id);
    ensureAllowed(before, enabled ? 'enable' : 'disable');
    const after = await repo.updateWorkflow(tx, before.id, { enabled, updatedBy: email, updatedAt: new Date() });
    await audit(tx, before.id, email, enabled ? 'enable' : 'disable', {
      before: { enabled: before.enabled },
      after: { enabled: after.enabled },
    });
    return toWorkflow(after);
  });
}

/** Delete a disabled workflow with its deliveries (the inbox items, emails and chat messages it sent stay). */
export async function deleteWorkflow(db: Db, id: string, who: string): Promise<void> {
  const email = who.toLowerCase();
  await db.transaction(async (tx) => {
    const before = await lockWorkflow(tx, id);
    ensureAllowed(before, 'delete');
    const deliveries = await repo.countDeliveries(tx, before.id);
    await repo.deleteWorkflow(tx, before.id);
    await audit(tx, before.id, email, 'delete', { before: snapshot(before), deliveries_deleted: deliveries });
  });
}

// ---- deliveries and statistics ------------------------------------------------------------------------------------
async function existingWorkflowId(db: Db, id: string): Promise<number> {
  const n = parseId(id);
  if (n === undefined || !(await repo.findWorkflow(db, n))) throw notFound(id);
  return n;
}

export async function listDeliveries(
  db: Db,
  id: string,
  q: z.output<typeof notificationDeliveryListQuery>,
): Promise<ListResult<NotificationDelivery>> {
  const n = await existingWorkflowId(db, id);
  const page = await listPage(repo.selectDeliveries(db, n, q, pageWindow(q)), repo.countDeliveriesWhere(db, n, q));
  return { total: page.total, items: page.items.map(toDelivery) };
}

const DAY_MS = 86_400_000;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/** The range asked for, or the last 30 days up to today (UTC); 400 beyond 90 days or reversed. */
export function statisticsRange(q: z.output<typeof notificationStatisticsQuery>, now = new Date()) {
  const to =
    q.to ??
    (q.from
      ? utcDay(new Date(dayStart(q.from).getTime() + (NOTIFICATION_STATS_DEFAULT_DAYS - 1) * DAY_MS))
      : utcDay(now));
  const from = q.from ?? utcDay(new Date(dayStart(to).getTime() - (NOTIFICATION_STATS_DEFAULT_DAYS - 1) * DAY_MS));
  const days = notificationRangeDays(from, to);
  const refuse = (field: string, message: string) =>
    new AppError('request.invalid', `querystring.${field}: ${message}`, [{ field: `querystring.${field}`, message }]);
  if (days < 1) throw refuse('to', NOTIFICATION_MESSAGES.rangeOrder);
  if (days > NOTIFICATION_STATS_MAX_DAYS) throw refuse('from', NOTIFICATION_MESSAGES.rangeTooLong);
  return { from, to, days };
}

export async function statistics(
  db: Db,
  id: string,
  q: z.output<typeof notificationStatisticsQuery>,
  now = new Date(),
): Promise<NotificationStatistics> {
  const n = await existingWorkflowId(db, id);
  const { from, to, days } = statisticsRange(q, now);
  const start = dayStart(from);
  const rows = await repo.statistics(db, n, start, new Date(dayStart(to).getTime() + DAY_MS));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const totals = { sent: 0, failed: 0, opened: 0, pending: 0 };
  const out: NotificationStatistics['days'] = [];
  for (let i = 0; i < days; i++) {
    const day = utcDay(new Date(start.getTime() + i * DAY_MS));
    const r = byDay.get(day);
    const v = { sent: r?.sent ?? 0, failed: r?.failed ?? 0, opened: r?.opened ?? 0, pending: r?.pending ?? 0 };
    out.push({ day, ...v });
    totals.sent += v.sent;
    totals.failed += v.failed;
    totals.opened += v.opened;
    totals.pending += v.pending;
  }
  return { workflow_id: String(n), from, to, days: out, totals };
}

export async function listEmailOutbox(
  db: Db,
  q: z.output<typeof emailOutboxListQuery>,
): Promise<ListResult<EmailOutboxMessage>> {
  const page = await listPage(repo.selectOutbox(db, q, pageWindow(q)), repo.countOutbox(db, q));
  return { total: page.total, items: page.items.map(toOutbox) };
}

// ---- inbox --------------------------------------------------------------------------------------------------------
export async function inbox(db: Db, who: string, q: z.output<typeof inboxListQuery>): Promise<InboxPage> {
  const email = who.toLowerCase();
  const [items, total, unread] = await Promise.all([
    repo.selectInbox(db, email, q, pageWindow(q)),
    repo.countInbox(db, email, q),
    repo.countUnread(db, email),
  ]);
  return { items: items.map(toInboxItem), total, unread };
}

export async function unreadCount(db: Db, who: string): Promise<{ unread: number }> {
  return { unread: await repo.countUnread(db, who.toLowerCase()) };
}

/**
 * Marks one of the caller's items read (again: no change), and the in-portal deliveries it carries opened. Another
 * user's item is a 404, as if it did not exist. Personal state, not audited (README).
 */
export async function markRead(db: Db, who: string, id: string): Promise<{ item: InboxItem; unread: number }> {
  const email = who.toLowerCase();
  const n = parseId(id);
  return db.transaction(async (tx) => {
    const now = new Date();
    const marked = await repo.markRead(tx, email, now, n ?? -1);
    const item = n === undefined ? undefined : await repo.findInboxItem(tx, email, n);
    if (!item) throw new AppError('notification.inboxItemNotFound', `Notification ${id} not found`);
    await repo.markDeliveriesOpened(tx, marked, now);
    return { item: toInboxItem(item), unread: await repo.countUnread(tx, email) };
  });
}

export async function markAllRead(db: Db, who: string): Promise<{ updated: number; unread: number }> {
  const email = who.toLowerCase();
  return db.transaction(async (tx) => {
    const now = new Date();
    const marked = await repo.markRead(tx, email, now);
    await repo.markDeliveriesOpened(tx, marked, now);
    return { updated: marked.length, unread: await repo.countUnread(tx, email) };
  });
}

// ---- delivery -----------------------------------------------------------------------------------------------------
export interface DeliveryDeps {
  /** The portal's URL, to make an event's link absolute in email and chat. */
  publicUrl: string;
}

function absoluteLink(publicUrl: string, link: string | null): string {
  if (!link) return '';
  return link.startsWith('/') ? `${publicUrl}${link}` : link;
}

function templateValues(
  deps: DeliveryDeps,
  wf: Pick<repo.WorkflowRow, 'name'>,
  event: PortalEvent,
  recipient: string,
): NotificationTemplateValues {
  return {
    title: event.title,
    summary: event.summary,
    link: absoluteLink(deps.publicUrl, event.link),
    actor: event.actor ?? SYSTEM,
    event: PORTAL_EVENT_LABELS[event.type],
    subject: `${event.subject_type} ${event.subject_id}`,
    occurred_at: event.occurred_at,
    workflow: wf.name,
    recipient,
  };
}

/** A workflow's subject (one line) and body for one event and recipient. */
export function renderMessage(
  deps: DeliveryDeps,
  wf: Pick<repo.WorkflowRow, 'name' | 'subject' | 'body'>,
  event: PortalEvent,
  recipient: string,
): { subject: string; body: string } {
  const values = templateValues(deps, wf, event, recipient);
  return {
    subject: renderNotificationTemplate(wf.subject, values, { singleLine: true }).slice(0, 500),
    body: renderNotificationTemplate(wf.body, values).slice(0, 10_000),
  };
}

/**
 * Who a workflow's email and in-portal messages go to for this event: its users, the enabled portal users with its
 * roles, and the event's recipients when it says so. A disabled portal user gets nothing; in-portal items only go to
 * portal users (an address of a mailing list gets email only).
 */
async function audienceOf(tx: Db, wf: repo.WorkflowRow, event: PortalEvent) {
  const all = new Set<string>(wf.audienceUsers.map((u) => u.toLowerCase()));
  for (const u of await repo.usersWithRoles(tx, wf.audienceRoles)) all.add(u.toLowerCase());
  if (wf.audienceEventRecipients) for (const u of event.recipients) all.add(u.toLowerCase());
  const users = await repo.portalUsersAmong(tx, [...all]);
  const email = [...all].filter((u) => users.get(u) !== true).sort();
  const inPortal = email.filter((u) => users.get(u) === false);
  return { email, inPortal };
}

/**
 * The workflows' subscriber: for each enabled workflow of the event's type, one delivery per channel and recipient
 * (the chat: one), each made once (a unique index: a repeated event delivery adds nothing), then delivered by a
 * durable job (email, in-portal) or handed to the chat outbox (`sendChatMessage`).
 */
export async function deliverEvent(deps: DeliveryDeps, tx: Db, event: PortalEvent): Promise<void> {
  const eventId = Number(event.id);
  const occurred = new Date(event.occurred_at);
  for (const wf of await repo.workflowsFor(tx, event.type, occurred)) {
    const audience = await audienceOf(tx, wf, event);
    const rows: repo.NewDelivery[] = [];
    const add = (channel: NotificationChannel, recipient: string) => {
      rows.push({
        workflowId: wf.id,
        eventId,
        eventType: event.type,
        eventTitle: event.title,
        subjectType: event.subject_type,
        subjectId: event.subject_id,
        link: event.link,
        channel,
        recipient,
        ...renderMessage(deps, wf, event, recipient),
        createdAt: occurred,
      });
    };
    for (const channel of wf.channels as NotificationChannel[]) {
      if (channel === 'chat')
        add('chat', wf.chatName ?? (wf.chatWebhookUrl ? maskWebhookUrl(wf.chatWebhookUrl) : 'default chat'));
      else for (const r of channel === 'email' ? audience.email : audience.inPortal) add(channel, r);
    }
    const made = await repo.insertDeliveries(tx, rows);
    for (const dl of made) {
      if (dl.channel === 'chat') {
        const message = await sendChatMessage(tx, {
          sourceType: CHAT_SOURCE_TYPE,
          sourceId: String(wf.id),
          targetUrl: wf.chatWebhookUrl,
          targetName: wf.chatName,
          title: dl.subject,
          text: dl.body,
          sender: SYSTEM,
        });
        await repo.updateDelivery(tx, dl.id, { chatMessageId: Number(message.id) });
      } else {
        await enqueueJob(tx, DELIVER_JOB, { deliveryId: dl.id } satisfies DeliverPayload, {
          dedupeKey: `notification.deliver:${dl.id}`,
        });
      }
    }
    await repo.touchTriggered(tx, wf.id, occurred);
  }
}

const retryDelayMs = (attempt: number) => Math.min(10 * 60_000, 5_000 * 2 ** (attempt - 1));

/**
 * The delivery job: one attempt. Email through the configured sender; in-portal as the recipient's inbox item (one
 * per user and event: an item already there, e.g. the approval notice, carries it, and if it was read the delivery
 * is opened at once). A failure is recorded and retried with back-off; after NOTIFICATION_DELIVERY_MAX_ATTEMPTS it is
 * failed.
 */
export function deliverJob(email: EmailSender) {
  return async (tx: Db, p: DeliverPayload): Promise<{ rerunAt?: Date } | void> => {
    const row = await repo.findDelivery(tx, p.deliveryId, true);
    if (!row || row.status !== 'pending' || row.channel === 'chat') return;
    const attempts = row.attempts + 1;
    const now = new Date();
    try {
      if (row.channel === 'email') {
        await email.send(tx, {
          to: row.recipient,
          subject: row.subject,
          text: row.body,
          deliveryId: row.id,
          workflowId: row.workflowId,
        });
        await repo.updateDelivery(tx, row.id, { status: 'sent', attempts, error: null, sentAt: now });
      } else {
        const item = await repo.putInboxItem(tx, {
          userEmail: row.recipient,
          title: row.subject,
          body: row.body,
          eventId: row.eventId,
          eventType: row.eventType,
          subjectType: row.subjectType,
          subjectId: row.subjectId,
          link: row.link,
          workflowId: row.workflowId,
          createdAt: now,
        });
        await repo.updateDelivery(tx, row.id, {
          status: item.readAt ? 'opened' : 'sent',
          attempts,
          error: null,
          sentAt: now,
          openedAt: item.readAt,
          inboxItemId: item.id,
        });
      }
    } catch (err) {
      const failed = attempts >= NOTIFICATION_DELIVERY_MAX_ATTEMPTS;
      await repo.updateDelivery(tx, row.id, {
        attempts,
        error: String((err as Error).message ?? err).slice(0, 500),
        status: failed ? 'failed' : 'pending',
      });
      if (!failed) return { rerunAt: new Date(now.getTime() + retryDelayMs(attempts)) };
    }
  };
}

/**
 * The portal's own approval notice, whatever the workflows: every `approval.pending` event puts an item in the inbox
 * of each of its recipients who is an enabled portal user ("… awaits your approval").
 */
export async function approvalInbox(tx: Db, event: PortalEvent): Promise<void> {
  const users = await repo.portalUsersAmong(tx, event.recipients);
  for (const email of [...users.keys()].sort()) {
    if (users.get(email)) continue;
    await repo.putInboxItem(tx, {
      userEmail: email,
      title: event.title,
      body: event.summary,
      eventId: Number(event.id),
      eventType: event.type,
      subjectType: event.subject_type,
      subjectId: event.subject_id,
      link: event.link,
      createdAt: new Date(event.occurred_at),
    });
  }
}
