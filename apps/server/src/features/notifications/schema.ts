import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A notification workflow (spec §2 /notification): on each portal event of its trigger, a message rendered from its
 * template goes to its audience on each of its channels.
 */
export const notificationWorkflows = pgTable(
  'notification_workflows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    trigger: text('trigger').notNull(),
    channels: text('channels').array().notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    audienceUsers: text('audience_users').array().notNull().default([]),
    audienceRoles: text('audience_roles').array().notNull().default([]),
    audienceEventRecipients: boolean('audience_event_recipients').notNull().default(false),
    /** The chat's incoming-webhook URL, secret included: never returned unmasked. */
    chatWebhookUrl: text('chat_webhook_url'),
    chatName: text('chat_name'),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastTriggeredAt: timestamp('last_triggered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // Names are unique whatever their case.
    uniqueIndex('notification_workflows_name_idx').on(sql`lower(${t.name})`),
    index('notification_workflows_trigger_idx').on(t.trigger, t.enabled),
    index('notification_workflows_name_sort_idx').on(t.name, t.id),
    index('notification_workflows_updated_idx').on(t.updatedAt, t.id),
    index('notification_workflows_created_idx').on(t.createdAt, t.id),
    index('notification_workflows_triggered_idx').on(t.lastTriggeredAt, t.id),
  ],
);

/**
 * One delivery: a workflow's message for one event on one channel to one recipient (an email address; the chat).
 * Unique per workflow, event, channel and recipient, so a repeated event delivery adds nothing. The chat channel's
 * outcome is its chat message's (platform/chat.ts), read through `chat_message_id`; `status` stays `pending` there.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workflowId: bigint('workflow_id', { mode: 'number' })
      .notNull()
      .references(() => notificationWorkflows.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    eventType: text('event_type').notNull(),
    eventTitle: text('event_title').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    link: text('link'),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }),
    chatMessageId: bigint('chat_message_id', { mode: 'number' }),
    inboxItemId: bigint('inbox_item_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('notification_deliveries_once_idx').on(t.workflowId, t.eventId, t.channel, t.recipient),
    index('notification_deliveries_workflow_created_idx').on(t.workflowId, t.createdAt, t.id),
    index('notification_deliveries_workflow_status_idx').on(t.workflowId, t.status, t.createdAt),
    index('notification_deliveries_workflow_channel_idx').on(t.workflowId, t.channel, t.createdAt),
    index('notification_deliveries_inbox_idx').on(t.inboxItemId),
  ],
);

/**
 * A user's in-portal inbox (the header's bell). One item per user and event: a workflow's in-portal message and the
 * portal's own approval notice for the same event are one item.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userEmail: text('user_email').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    eventId: bigint('event_id', { mode: 'number' }),
    eventType: text('event_type'),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    link: text('link'),
    workflowId: bigint('workflow_id', { mode: 'number' }).references(() => notificationWorkflows.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('inbox_items_user_event_idx')
      .on(t.userEmail, t.eventId)
      .where(sql`${t.eventId} is not null`),
    index('inbox_items_user_created_idx').on(t.userEmail, t.createdAt, t.id),
    index('inbox_items_user_unread_idx')
      .on(t.userEmail, t.createdAt, t.id)
      .where(sql`${t.readAt} is null`),
  ],
);

/** The embedded email outbox (SMTP_URL unset): each email the portal would have sent. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' }),
    workflowId: bigint('workflow_id', { mode: 'number' }),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_outbox_delivery_idx')
      .on(t.deliveryId)
      .where(sql`${t.deliveryId} is not null`),
    index('email_outbox_created_idx').on(t.createdAt, t.id),
    index('email_outbox_workflow_idx').on(t.workflowId, t.createdAt, t.id),
    index('email_outbox_to_idx').on(t.toAddress, t.createdAt, t.id),
  ],
);
