import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A chat user-behaviour subscriptions deliver to: a Lark/Feishu group's incoming webhook, registered once (`add_chat`)
 * under the name people know it by. The URL carries the webhook's secret: it never leaves the server unmasked.
 */
export const userbehaviorChats = pgTable(
  'userbehavior_chats',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    webhookUrl: text('webhook_url').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('userbehavior_chats_name_idx').on(sql`lower(${t.name})`)],
);

/** A subscription: the tenant events (of one tenant, or of every tenant: null) one chat hears. */
export const userbehaviorSubscriptions = pgTable(
  'userbehavior_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    tenantId: text('tenant_id'),
    eventTypes: text('event_types').array().notNull(),
    chatId: bigint('chat_id', { mode: 'number' })
      .notNull()
      .references(() => userbehaviorChats.id, { onDelete: 'restrict' }),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('userbehavior_subscriptions_created_idx').on(t.createdAt, t.id),
    index('userbehavior_subscriptions_name_idx').on(t.name, t.id),
    index('userbehavior_subscriptions_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('userbehavior_subscriptions_enabled_created_idx').on(t.enabled, t.createdAt, t.id),
    index('userbehavior_subscriptions_chat_idx').on(t.chatId),
    index('userbehavior_subscriptions_event_types_idx').using('gin', t.eventTypes),
    index('userbehavior_subscriptions_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * Which event each subscription has sent (and as which chat message): the unique key makes a delivery happen once per
 * event and subscription, however often the event's delivery job runs.
 */
export const userbehaviorDeliveries = pgTable(
  'userbehavior_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => userbehaviorSubscriptions.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    chatMessageId: bigint('chat_message_id', { mode: 'number' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('userbehavior_deliveries_event_idx').on(t.subscriptionId, t.eventId),
    index('userbehavior_deliveries_delivered_idx').on(t.subscriptionId, t.deliveredAt),
  ],
);
