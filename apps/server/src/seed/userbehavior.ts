import { asc, eq } from 'drizzle-orm';
import { USERBEHAVIOR_MESSAGE_SOURCE, type PortalEvent, type TenantEventType } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { auditLogs, chatMessages, portalEvents } from '../platform/schema.js';
import { toPortalEvent } from '../platform/events.js';
import { clusters, tenants } from '../features/orgs/index.js';
import {
  userbehaviorChats,
  userbehaviorDeliveries,
  userbehaviorSubscriptions,
} from '../features/userbehavior/schema.js';
import { matchingSubscriptions } from '../features/userbehavior/repo.js';
import { AUDIT_TYPE, chatAuditId, eventMessage, sampleEvent, SYSTEM } from '../features/userbehavior/service.js';
import { maskWebhookUrl } from '../platform/chat.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * User-behaviour subscriptions' demo data: four registered chats, ten subscriptions (to every tenant and to single
 * tenants, two of them disabled) over the first seeded tenants, and a history of tenant events (sign-ups, clusters
 * created, failed payments) already delivered to the subscriptions that matched them — each a `portal_events` row, a
 * `userbehavior_deliveries` row and a `recorded` chat message, as the event's delivery job would have left them (no
 * job is left queued). One chat's webhook was revoked: its messages failed after five attempts. Everything is dated
 * before DEMO_BASE_TIME, so reruns produce identical data.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (daysBefore: number, hour = 0) => new Date(DEMO_BASE_TIME - daysBefore * DAY + hour * HOUR);

const OPERATOR = 'operator@example.com';
const ADMIN = 'admin@example.com';
const MARIA = 'maria.garcia@example.com';

/** Webhook tokens are fixed fakes (the demo sends nothing: the embedded outbox records). */
export const SEED_CHATS = [
  {
    name: '#growth-alerts',
    webhookUrl: 'https://open.feishu.cn/open-apis/bot/v2/hook/5f0c2b1e-8a4d-4c61-9a7e-1d2f3b4c5a60',
    createdBy: ADMIN,
    createdAt: at(120),
  },
  {
    name: '#billing-oncall',
    webhookUrl: 'https://open.feishu.cn/open-apis/bot/v2/hook/0b7e9d3c-2f1a-4e85-b6c4-7a8d9e0f1a22',
    createdBy: OPERATOR,
    createdAt: at(110),
  },
  {
    name: '#sales-apac',
    webhookUrl: 'https://open.larksuite.com/open-apis/bot/v2/hook/c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
    createdBy: MARIA,
    createdAt: at(90),
  },
  {
    // Its webhook was revoked in Lark: the messages sent to it fail (see below).
    name: '#customer-success',
    webhookUrl: 'https://open.larksuite.com/open-apis/bot/v2/hook/9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
    createdBy: MARIA,
    createdAt: at(60),
  },
] as const;
type ChatName = (typeof SEED_CHATS)[number]['name'];

interface SeedSubscription {
  name: string;
  /** Index into the first seeded tenants, or null: every tenant. */
  tenant: number | null;
  types: TenantEventType[];
  chat: ChatName;
  enabled: boolean;
  by: string;
  daysBefore: number;
}

const SUBSCRIPTIONS: SeedSubscription[] = [
  {
    name: 'All sign-ups to growth',
    tenant: null,
    types: ['tenant.signed_up'],
    chat: '#growth-alerts',
    enabled: true,
    by: ADMIN,
    daysBefore: 100,
  },
  {
    name: 'Failed payments (all tenants)',
    tenant: null,
    types: ['payment.failed'],
    chat: '#billing-oncall',
    enabled: true,
    by: OPERATOR,
    daysBefore: 95,
  },
  {
    name: 'New clusters, every tenant',
    tenant: null,
    types: ['cluster.created'],
    chat: '#growth-alerts',
    enabled: true,
    by: ADMIN,
    daysBefore: 80,
  },
  {
    name: 'Key account: everything',
    tenant: 0,
    types: ['tenant.signed_up', 'cluster.created', 'payment.failed'],
    chat: '#sales-apac',
    enabled: true,
    by: MARIA,
    daysBefore: 75,
  },
  {
    name: 'Key account: payments',
    tenant: 1,
    types: ['payment.failed'],
    chat: '#billing-oncall',
    enabled: true,
    by: OPERATOR,
    daysBefore: 70,
  },
  {
    name: 'Expansion watch',
    tenant: 2,
    types: ['cluster.created'],
    chat: '#sales-apac',
    enabled: true,
    by: MARIA,
    daysBefore: 65,
  },
  {
    name: 'Onboarding follow-up',
    tenant: 3,
    types: ['tenant.signed_up', 'cluster.created'],
    chat: '#customer-success',
    enabled: true,
    by: MARIA,
    daysBefore: 55,
  },
  {
    name: 'Churn risk: payments',
    tenant: 4,
    types: ['payment.failed'],
    chat: '#customer-success',
    enabled: true,
    by: MARIA,
    daysBefore: 50,
  },
  {
    name: 'Trial conversions (paused)',
    tenant: null,
    types: ['tenant.signed_up', 'payment.failed'],
    chat: '#sales-apac',
    enabled: false,
    by: MARIA,
    daysBefore: 45,
  },
  {
    name: 'Legacy cluster feed (off)',
    tenant: 5,
    types: ['cluster.created'],
    chat: '#growth-alerts',
    enabled: false,
    by: OPERATOR,
    daysBefore: 40,
  },
];

interface SeedEvent {
  type: TenantEventType;
  tenant: number;
  daysBefore: number;
  hour: number;
}

/** The tenant events of the last weeks, oldest first (after every subscription was created). */
const EVENTS: SeedEvent[] = [
  { type: 'tenant.signed_up', tenant: 3, daysBefore: 30, hour: 9 },
  { type: 'cluster.created', tenant: 3, daysBefore: 29, hour: 14 },
  { type: 'cluster.created', tenant: 0, daysBefore: 26, hour: 11 },
  { type: 'payment.failed', tenant: 1, daysBefore: 21, hour: 3 },
  { type: 'tenant.signed_up', tenant: 6, daysBefore: 18, hour: 16 },
  { type: 'cluster.created', tenant: 2, daysBefore: 15, hour: 10 },
  { type: 'payment.failed', tenant: 4, daysBefore: 12, hour: 7 },
  { type: 'payment.failed', tenant: 0, daysBefore: 9, hour: 22 },
  { type: 'cluster.created', tenant: 5, daysBefore: 6, hour: 13 },
  { type: 'tenant.signed_up', tenant: 7, daysBefore: 3, hour: 8 },
  { type: 'cluster.created', tenant: 2, daysBefore: 1, hour: 17 },
];

/** What the chat webhook of #customer-success answers since it was revoked. */
const REVOKED =
  'webhook answered HTTP 200: {"code":19001,"msg":"param invalid: incoming webhook access token invalid"}';

export async function seedUserbehavior(tx: Db): Promise<void> {
  const firstTenants = await tx
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .orderBy(asc(tenants.id))
    .limit(8);
  if (firstTenants.length < 8) return;

  const chatIds = new Map<string, number>();
  for (const chat of SEED_CHATS) {
    const [row] = await tx.insert(userbehaviorChats).values(chat).returning({ id: userbehaviorChats.id });
    chatIds.set(chat.name, row!.id);
    await tx.insert(auditLogs).values({
      type: AUDIT_TYPE,
      instanceId: chatAuditId(row!.id),
      operator: chat.createdBy,
      operation: 'add_chat',
      details: { after: { id: String(row!.id), name: chat.name, webhook: maskWebhookUrl(chat.webhookUrl) } },
      operateAt: chat.createdAt,
    });
  }

  for (const s of SUBSCRIPTIONS) {
    const createdAt = at(s.daysBefore, 10);
    const values = {
      name: s.name,
      tenantId: s.tenant === null ? null : firstTenants[s.tenant]!.id,
      eventTypes: s.types,
      chatId: chatIds.get(s.chat)!,
      enabled: s.enabled,
    };
    const [row] = await tx
      .insert(userbehaviorSubscriptions)
      .values({ ...values, createdBy: s.by, createdAt, updatedAt: s.enabled ? createdAt : at(s.daysBefore - 20, 10) })
      .returning({ id: userbehaviorSubscriptions.id });
    // Created enabled; the disabled ones were disabled later.
    const settings = {
      name: values.name,
      tenant_id: values.tenantId,
      event_types: values.eventTypes,
      chat_id: String(values.chatId),
      enabled: true,
    };
    await tx.insert(auditLogs).values({
      type: AUDIT_TYPE,
      instanceId: String(row!.id),
      operator: s.by,
      operation: 'create',
      details: { after: settings },
      operateAt: createdAt,
    });
    if (!s.enabled)
      await tx.insert(auditLogs).values({
        type: AUDIT_TYPE,
        instanceId: String(row!.id),
        operator: s.by,
        operation: 'disable',
        details: { before: { enabled: true }, after: { enabled: false } },
        operateAt: at(s.daysBefore - 20, 10),
      });
  }

  // The tenants' events, each delivered to the subscriptions it matched (as the delivery job does).
  for (const e of EVENTS) {
    const tenant = firstTenants[e.tenant]!;
    const occurredAt = at(e.daysBefore, e.hour);
    const [cluster] =
      e.type === 'cluster.created'
        ? await tx
            .select({ id: clusters.id, name: clusters.name })
            .from(clusters)
            .where(eq(clusters.tenantId, tenant.id))
            .orderBy(asc(clusters.id))
            .limit(1)
        : [];
    const content = eventContent(e.type, tenant.name, cluster);
    const [row] = await tx
      .insert(portalEvents)
      .values({
        type: e.type,
        subjectType: e.type === 'cluster.created' && cluster ? 'cluster' : 'tenant',
        subjectId: e.type === 'cluster.created' && cluster ? cluster.id : tenant.id,
        title: content.title,
        summary: content.summary,
        link:
          e.type === 'cluster.created' && cluster ? `/orgs/${tenant.id}/clusters/${cluster.id}` : `/orgs/${tenant.id}/`,
        recipients: [],
        tenantId: tenant.id,
        clusterIds: cluster ? [cluster.id] : [],
        actor: null,
        occurredAt,
      })
      .returning();
    await deliverSeeded(tx, toPortalEvent(row!), tenant.name, occurredAt);
  }

  // Two test messages (mock), as people send them after setting a subscription up.
  const [keyAccount] = await tx
    .select()
    .from(userbehaviorSubscriptions)
    .where(eq(userbehaviorSubscriptions.name, 'Key account: everything'))
    .limit(1);
  if (keyAccount) {
    const sentAt = at(74, 11);
    const content = eventMessage(
      sampleEvent('tenant.signed_up', { id: keyAccount.tenantId, name: firstTenants[0]!.name }, sentAt),
      { subscription: keyAccount.name, tenantName: firstTenants[0]!.name, publicUrl: '', test: true },
    );
    const chat = SEED_CHATS.find((c) => chatIds.get(c.name) === keyAccount.chatId)!;
    const [message] = await tx
      .insert(chatMessages)
      .values({
        sourceType: USERBEHAVIOR_MESSAGE_SOURCE,
        sourceId: String(keyAccount.id),
        targetUrl: chat.webhookUrl,
        targetName: chat.name,
        ...content,
        status: 'recorded',
        attempts: 1,
        sender: MARIA,
        createdAt: sentAt,
        sentAt: new Date(sentAt.getTime() + 1000),
      })
      .returning({ id: chatMessages.id });
    await tx.insert(auditLogs).values({
      type: AUDIT_TYPE,
      instanceId: String(keyAccount.id),
      operator: MARIA,
      operation: 'mock',
      details: {
        event_type: 'tenant.signed_up',
        chat_id: String(keyAccount.chatId),
        chat_message_id: String(message!.id),
      },
      operateAt: sentAt,
    });
  }
}

function eventContent(type: TenantEventType, tenant: string, cluster: { id: string; name: string } | undefined) {
  switch (type) {
    case 'tenant.signed_up':
      return { title: `${tenant} signed up`, summary: `A new organization ${tenant} signed up on the trial plan.` };
    case 'cluster.created':
      return {
        title: `${tenant} created cluster ${cluster?.name ?? ''}`.trim(),
        summary: cluster
          ? `${tenant} created the cluster ${cluster.name} (${cluster.id}).`
          : `${tenant} created a cluster.`,
      };
    case 'payment.failed':
      return {
        title: `Payment failed for ${tenant}`,
        summary: `The card payment of ${tenant}'s monthly invoice was declined by the card issuer.`,
      };
  }
}

/** One event's deliveries, as the delivery job leaves them once the outbox recorded (or the webhook refused) them. */
async function deliverSeeded(tx: Db, event: PortalEvent, tenantName: string, occurredAt: Date): Promise<void> {
  const subs = await matchingSubscriptions(tx, event.type, event.tenant_id);
  for (const sub of subs) {
    const revoked = sub.chatName === '#customer-success';
    const createdAt = new Date(occurredAt.getTime() + 2000);
    const [message] = await tx
      .insert(chatMessages)
      .values({
        sourceType: USERBEHAVIOR_MESSAGE_SOURCE,
        sourceId: String(sub.id),
        targetUrl: sub.webhookUrl,
        targetName: sub.chatName,
        ...eventMessage(event, { subscription: sub.name, tenantName, publicUrl: '' }),
        status: revoked ? 'failed' : 'recorded',
        attempts: revoked ? 5 : 1,
        error: revoked ? REVOKED : null,
        sender: SYSTEM,
        createdAt,
        sentAt: revoked ? null : new Date(createdAt.getTime() + 1000),
      })
      .returning({ id: chatMessages.id });
    await tx.insert(userbehaviorDeliveries).values({
      subscriptionId: sub.id,
      eventId: event.id,
      eventType: event.type,
      chatMessageId: message!.id,
      deliveredAt: createdAt,
    });
  }
}
