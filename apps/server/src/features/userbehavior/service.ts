import type { z } from 'zod';
import {
  canUserbehavior,
  formatDateTime,
  PORTAL_EVENT_LABELS,
  TENANT_EVENT_TYPES,
  USERBEHAVIOR_MESSAGE_SOURCE,
  USERBEHAVIOR_TEST_PREFIX,
  userbehaviorState,
  type addChatBody,
  type ChatMessage,
  type LarkChat,
  type ListResult,
  type mockSubscriptionBody,
  type PortalEvent,
  type TenantEventType,
  type UserbehaviorAction,
  type userbehaviorListQuery,
  type UserbehaviorSubscription,
  type userbehaviorSubscriptionBody,
} from '@portal/contract';
import { writeAudit, type AuditEntry } from '../../platform/audit.js';
import { maskWebhookUrl, sendChatMessage } from '../../platform/chat.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { EventSubscriber } from '../../platform/events.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import * as repo from './repo.js';

export const AUDIT_TYPE = 'userbehavior_subscription' as const;
/** Who delivers events, in the chat messages' `sender`. */
export const SYSTEM = 'system';
/** The audit instance of a chat (chats share the subscriptions' audit type): `chat-<id>`. */
export const chatAuditId = (id: number | string) => `chat-${id}`;

type Body = z.output<typeof userbehaviorSubscriptionBody>;

export function toSubscription(r: repo.SubscriptionView): UserbehaviorSubscription {
  return {
    id: String(r.id),
    name: r.name,
    tenant_id: r.tenantId,
    tenant_name: r.tenantName,
    event_types: r.eventTypes as TenantEventType[],
    chat_id: String(r.chatId),
    chat_name: r.chatName,
    enabled: r.enabled,
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    message_count: Number(r.messageCount),
    last_message_at: isoOrNull(r.lastMessageAt),
  };
}

function toChat(r: repo.ChatRow, subscriptions: number): LarkChat {
  return {
    id: String(r.id),
    name: r.name,
    webhook: maskWebhookUrl(r.webhookUrl),
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    subscriptions,
  };
}

/** What the audit trail keeps of a subscription: its settings (not its message counts). */
function auditValues(r: repo.SubscriptionRow) {
  return {
    name: r.name,
    tenant_id: r.tenantId,
    event_types: r.eventTypes,
    chat_id: String(r.chatId),
    enabled: r.enabled,
  };
}

function parseId(id: string): number | undefined {
  return /^\d{1,15}$/.test(id) ? Number(id) : undefined;
}

const notFound = (id: string) => new AppError('userbehavior.notFound', `User-behaviour subscription ${id} not found`);

function audit(tx: Db, instanceId: string, operator: string, operation: string, details: AuditEntry['details']) {
  return writeAudit(tx, { type: AUDIT_TYPE, instanceId, operator, operation, details });
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

async function view(db: Db, id: number): Promise<UserbehaviorSubscription> {
  const row = await repo.findView(db, id);
  if (!row) throw notFound(String(id));
  return toSubscription(row);
}

export async function getSubscription(db: Db, id: string): Promise<UserbehaviorSubscription> {
  const n = parseId(id);
  if (n === undefined) throw notFound(id);
  return view(db, n);
}

export async function listSubscriptions(
  db: Db,
  q: z.output<typeof userbehaviorListQuery>,
): Promise<ListResult<UserbehaviorSubscription>> {
  const { page: _page, per_page: _perPage, sort, ...filter } = q;
  const page = await listPage(repo.selectPage(db, filter, { ...pageWindow(q), sort }), repo.countPage(db, filter));
  return { total: page.total, items: page.items.map(toSubscription) };
}

/** The tenant (when one is named) and the chat must exist: a refusal lands on the form's field. */
async function checkReferences(tx: Db, body: Body): Promise<void> {
  if (body.tenant_id !== null && (await repo.tenantName(tx, body.tenant_id)) === undefined) {
    const message = `Tenant ${body.tenant_id} does not exist`;
    throw new AppError('userbehavior.tenantNotFound', message, [{ field: 'body.tenant_id', message }]);
  }
  const chatId = parseId(body.chat_id);
  if (chatId === undefined || !(await repo.findChat(tx, chatId))) {
    const message = `Chat ${body.chat_id} is not registered: add it first`;
    throw new AppError('userbehavior.chatNotFound', message, [{ field: 'body.chat_id', message }]);
  }
}

/** Refuses an action the subscription's state does not allow (USERBEHAVIOR_STATE_ACTIONS). */
function allow(row: repo.SubscriptionRow, action: UserbehaviorAction): void {
  if (!canUserbehavior(row.enabled, action))
    throw new AppError(
      'userbehavior.stateForbids',
      `Subscription ${row.id} is ${userbehaviorState(row.enabled)}: it cannot ${action}`,
      { state: userbehaviorState(row.enabled), action },
    );
}

async function locked(tx: Db, id: string): Promise<repo.SubscriptionRow> {
  const n = parseId(id);
  const row = n === undefined ? undefined : await repo.findSubscription(tx, n, true);
  if (!row) throw notFound(id);
  return row;
}

export async function createSubscription(db: Db, who: string, body: Body): Promise<UserbehaviorSubscription> {
  const id = await db.transaction(async (tx) => {
    await checkReferences(tx, body);
    const n = await repo.insertSubscription(tx, {
      name: body.name,
      tenantId: body.tenant_id,
      eventTypes: body.event_types,
      chatId: Number(body.chat_id),
      enabled: body.enabled,
      createdBy: who.toLowerCase(),
    });
    const row = (await repo.findSubscription(tx, n))!;
    await audit(tx, String(n), who, 'create', { after: auditValues(row) });
    return n;
  });
  return view(db, id);
}

export async function updateSubscription(
  db: Db,
  id: string,
  who: string,
  body: Body,
): Promise<UserbehaviorSubscription> {
  const n = await db.transaction(async (tx) => {
    const before = await locked(tx, id);
    allow(before, 'edit');
    await checkReferences(tx, body);
    await repo.updateSubscription(tx, before.id, {
      name: body.name,
      tenantId: body.tenant_id,
      eventTypes: body.event_types,
      chatId: Number(body.chat_id),
      enabled: body.enabled,
    });
    const after = (await repo.findSubscription(tx, before.id))!;
    await audit(tx, id, who, 'update', { before: auditValues(before), after: auditValues(after) });
    return before.id;
  });
  return view(db, n);
}

export async function setEnabled(db: Db, id: string, who: string, enabled: boolean): Promise<UserbehaviorSubscription> {
  const n = await db.transaction(async (tx) => {
    const before = await locked(tx, id);
    allow(before, enabled ? 'enable' : 'disable');
    await repo.updateSubscription(tx, before.id, { enabled });
    await audit(tx, id, who, enabled ? 'enable' : 'disable', {
      before: { enabled: before.enabled },
      after: { enabled },
    });
    return before.id;
  });
  return view(db, n);
}

export async function deleteSubscription(db: Db, id: string, who: string): Promise<{ id: string; deleted: true }> {
  await db.transaction(async (tx) => {
    const before = await locked(tx, id);
    allow(before, 'delete');
    await repo.deleteSubscription(tx, before.id);
    await audit(tx, id, who, 'delete', { before: auditValues(before) });
  });
  return { id, deleted: true };
}

// ---- chats --------------------------------------------------------------------------------------------------------
export async function listChats(db: Db): Promise<{ items: LarkChat[] }> {
  const rows = await repo.selectChats(db);
  return { items: rows.map((r) => toChat(r.chat, Number(r.subscriptions))) };
}

export async function addChat(db: Db, who: string, body: z.output<typeof addChatBody>): Promise<{ chat: LarkChat }> {
  const exists = () =>
    new AppError('userbehavior.chatExists', `A chat named ${body.name} is already registered`, { name: body.name });
  try {
    const chat = await db.transaction(async (tx) => {
      if (await repo.findChatByName(tx, body.name)) throw exists();
      const row = await repo.insertChat(tx, { name: body.name, webhookUrl: body.webhook_url, createdBy: who });
      // The webhook's secret stays out of the audit trail: masked, as everywhere else.
      await audit(tx, chatAuditId(row.id), who, 'add_chat', {
        after: { id: String(row.id), name: row.name, webhook: maskWebhookUrl(row.webhookUrl) },
      });
      return row;
    });
    return { chat: toChat(chat, 0) };
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

// ---- messages -----------------------------------------------------------------------------------------------------
/** The chat message of an event: its title, then its kind and the facts (tenant, clusters, time, link). */
export function eventMessage(
  event: Pick<PortalEvent, 'type' | 'title' | 'summary' | 'tenant_id' | 'cluster_ids' | 'occurred_at' | 'link'>,
  context: { subscription: string; tenantName: string | undefined; publicUrl: string; test?: boolean },
): { title: string; text: string } {
  const title = `${context.test ? `${USERBEHAVIOR_TEST_PREFIX} ` : ''}${event.title}`;
  const tenant = event.tenant_id
    ? context.tenantName
      ? `${context.tenantName} (${event.tenant_id})`
      : event.tenant_id
    : (context.tenantName ?? '-');
  const lines = [
    `Event: ${PORTAL_EVENT_LABELS[event.type]}`,
    event.summary || null,
    `Tenant: ${tenant}`,
    event.cluster_ids.length ? `Clusters: ${event.cluster_ids.join(', ')}` : null,
    `When: ${formatDateTime(event.occurred_at)} UTC`,
    event.link ? `Open: ${context.publicUrl}${event.link}` : null,
    `Subscription: ${context.subscription}`,
    context.test ? 'This is a test message sent from the portal; no tenant did this.' : null,
  ];
  return { title, text: lines.filter((l): l is string => l !== null).join('\n') };
}

/** Who a test message of a subscription to every tenant is about. */
export const EXAMPLE_TENANT = 'Example Tenant';

/** A sample event of a type, about the subscription's tenant (or an example one), for the test message. */
export function sampleEvent(
  type: TenantEventType,
  tenant: { id: string | null; name: string | undefined },
  at: Date,
): Pick<PortalEvent, 'type' | 'title' | 'summary' | 'tenant_id' | 'cluster_ids' | 'occurred_at' | 'link'> {
  const name = tenant.name ?? EXAMPLE_TENANT;
  const common = {
    type,
    tenant_id: tenant.id,
    occurred_at: at.toISOString(),
    link: tenant.id ? `/orgs/${encodeURIComponent(tenant.id)}/` : null,
  };
  switch (type) {
    case 'tenant.signed_up':
      return {
        ...common,
        title: `${name} signed up`,
        summary: `owner@example.com signed up and created the organization ${name} (trial plan).`,
        cluster_ids: [],
      };
    case 'cluster.created':
      return {
        ...common,
        title: `${name} created cluster sample-cluster`,
        summary: `A Dedicated TiDB cluster sample-cluster (AWS us-west-2, 3 TiKV nodes) was created by ${name}.`,
        cluster_ids: ['sample-cluster'],
      };
    case 'payment.failed':
      return {
        ...common,
        title: `Payment failed for ${name}`,
        summary: `The card payment of $1,250.00 for invoice INV-SAMPLE was declined (insufficient funds).`,
        cluster_ids: [],
      };
  }
}

export interface DeliveryContext {
  db: Db;
  publicUrl: string;
}

/** Mock: a sample event of the chosen (else the first) event type, sent to the subscription's chat now. */
export async function mockSubscription(
  deps: DeliveryContext,
  id: string,
  who: string,
  body: z.output<typeof mockSubscriptionBody>,
  at = new Date(),
): Promise<{ message: ChatMessage }> {
  return deps.db.transaction(async (tx) => {
    const row = await locked(tx, id);
    allow(row, 'mock');
    const types = row.eventTypes as TenantEventType[];
    const type = body.event_type ?? types[0]!;
    if (!types.includes(type)) {
      const message = `Subscription ${row.id} does not subscribe to ${type} (it has ${types.join(', ')})`;
      throw new AppError('userbehavior.eventTypeNotSubscribed', message, [{ field: 'body.event_type', message }]);
    }
    const chat = (await repo.findChat(tx, row.chatId))!;
    const tenantName = row.tenantId ? await repo.tenantName(tx, row.tenantId) : EXAMPLE_TENANT;
    const content = eventMessage(sampleEvent(type, { id: row.tenantId, name: tenantName }, at), {
      subscription: row.name,
      tenantName,
      publicUrl: deps.publicUrl,
      test: true,
    });
    const message = await sendChatMessage(tx, {
      sourceType: USERBEHAVIOR_MESSAGE_SOURCE,
      sourceId: String(row.id),
      targetUrl: chat.webhookUrl,
      targetName: chat.name,
      ...content,
      sender: who,
    });
    await audit(tx, id, who, 'mock', { event_type: type, chat_id: String(chat.id), chat_message_id: message.id });
    return { message };
  });
}

/**
 * The events subscriber: an event of a tenant goes to every enabled subscription that wants its type and watches
 * its tenant (or every tenant), through the subscription's chat — once per event and subscription, whatever the
 * number of times the delivery job runs (`userbehavior_deliveries`' unique key).
 */
export function userbehaviorSubscriber(publicUrl: string): EventSubscriber {
  return {
    name: 'userbehavior',
    types: TENANT_EVENT_TYPES,
    deliver: async (tx, event) => {
      await deliverEvent(tx, event, publicUrl);
    },
  };
}

export async function deliverEvent(tx: Db, event: PortalEvent, publicUrl: string): Promise<number> {
  if (!(TENANT_EVENT_TYPES as readonly string[]).includes(event.type)) return 0;
  const subscriptions = await repo.matchingSubscriptions(tx, event.type, event.tenant_id);
  if (!subscriptions.length) return 0;
  const tenantName = event.tenant_id ? await repo.tenantName(tx, event.tenant_id) : undefined;
  let sent = 0;
  for (const sub of subscriptions) {
    const deliveryId = await repo.claimDelivery(tx, sub.id, event.id, event.type);
    if (deliveryId === undefined) continue;
    const message = await sendChatMessage(tx, {
      sourceType: USERBEHAVIOR_MESSAGE_SOURCE,
      sourceId: String(sub.id),
      targetUrl: sub.webhookUrl,
      targetName: sub.chatName,
      ...eventMessage(event, { subscription: sub.name, tenantName, publicUrl }),
      sender: SYSTEM,
    });
    await repo.setDeliveryMessage(tx, deliveryId, Number(message.id));
    sent++;
  }
  return sent;
}
