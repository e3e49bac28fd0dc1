import { z } from 'zod';
import { route } from './api.js';
import { TENANT_EVENT_TYPES, chatMessageSchema } from './events.js';
import { listQuery, listResult, repeated } from './list.js';

/*
 * User-behaviour subscriptions (spec §2 /userbehavior_subscriptions; §7 devops "userbehavior subscriptions: CRUD,
 * add_chat, larkchat_options, mock"): who in the company hears, in which chat, when a tenant's users do something
 * worth knowing (sign up, create a cluster, fail a payment).
 *
 * A subscription names the tenant it watches (one tenant, or every tenant), the tenant events it wants
 * (TENANT_EVENT_TYPES) and the chat that hears them: a Lark/Feishu group registered once with `add_chat` (its
 * incoming-webhook URL is kept by the server and only ever shown masked). An enabled subscription sends each matching
 * event to its chat, once per event; `mock` sends a sample event at once, to test the chat.
 */

const BASE = '/api/v1/devops/userbehavior/subscriptions';

// ---- states -------------------------------------------------------------------------------------------------------
/** A subscription is enabled (delivers) or disabled (delivers nothing; still editable and testable). */
export const USERBEHAVIOR_STATES = ['enabled', 'disabled'] as const;
export type UserbehaviorState = (typeof USERBEHAVIOR_STATES)[number];
export const USERBEHAVIOR_ACTIONS = ['edit', 'enable', 'disable', 'mock', 'delete'] as const;
export type UserbehaviorAction = (typeof USERBEHAVIOR_ACTIONS)[number];

/** Which actions each state allows: the server enforces it (409 `userbehavior.stateForbids`), the web reads it. */
export const USERBEHAVIOR_STATE_ACTIONS: Record<UserbehaviorState, readonly UserbehaviorAction[]> = {
  enabled: ['edit', 'disable', 'mock', 'delete'],
  disabled: ['edit', 'enable', 'mock', 'delete'],
};
export const userbehaviorState = (enabled: boolean): UserbehaviorState => (enabled ? 'enabled' : 'disabled');
export const canUserbehavior = (enabled: boolean, action: UserbehaviorAction): boolean =>
  USERBEHAVIOR_STATE_ACTIONS[userbehaviorState(enabled)].includes(action);

// ---- limits and messages ------------------------------------------------------------------------------------------
export const USERBEHAVIOR_NAME_MAX = 100;
export const USERBEHAVIOR_CHAT_NAME_MAX = 80;
export const USERBEHAVIOR_WEBHOOK_MAX = 2000;
/** How a test message's title starts (the chat then knows it is not a real event). */
export const USERBEHAVIOR_TEST_PREFIX = '[Test]';
/** The `source_type` of the chat messages a subscription sends (with `source_id` the subscription's id). */
export const USERBEHAVIOR_MESSAGE_SOURCE = 'userbehavior_subscription';

/** Every message of the area, shown by the forms and returned by the server alike. */
export const USERBEHAVIOR_MESSAGES = {
  nameRequired: 'name is required',
  nameTooLong: `name must be at most ${USERBEHAVIOR_NAME_MAX} characters`,
  eventTypesRequired: 'choose at least one event type',
  chatRequired: 'chat is required',
  chatNameRequired: 'chat name is required',
  chatNameTooLong: `chat name must be at most ${USERBEHAVIOR_CHAT_NAME_MAX} characters`,
  webhookRequired: 'webhook URL is required',
  webhookInvalid: 'the webhook URL must be an https:// URL without a user name or password',
  webhookTooLong: `the webhook URL must be at most ${USERBEHAVIOR_WEBHOOK_MAX} characters`,
  /** Spec §8 success messages, verbatim. */
  created: 'Create successful!',
  saved: 'Save successful!',
  sent: 'Sent.',
  /** Not in spec §8 (it names no delete message). */
  deleted: 'Deleted.',
} as const;

/**
 * An https URL of a named host, without a user name or password (what a Lark/Feishu or Slack webhook is). Every part
 * is a distinct character class, so matching is linear whatever the input.
 */
const WEBHOOK_URL = /^https:\/\/[A-Za-z0-9][A-Za-z0-9.-]*(?::\d{1,5})?(?:[/?#]\S*)?$/;
export const isWebhookUrl = (value: string): boolean => WEBHOOK_URL.test(value);

// ---- entities -----------------------------------------------------------------------------------------------------
/** A chat subscriptions deliver to (a Lark/Feishu group's incoming webhook). */
export const larkChatSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The webhook URL with its secret part masked. */
  webhook: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  /** How many subscriptions deliver to it. */
  subscriptions: z.number().int(),
});
export type LarkChat = z.infer<typeof larkChatSchema>;

export const userbehaviorSubscriptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The tenant it watches; null: every tenant. */
  tenant_id: z.string().nullable(),
  /** The tenant's name (null for every tenant, or when the tenant is gone). */
  tenant_name: z.string().nullable(),
  event_types: z.array(z.enum(TENANT_EVENT_TYPES)),
  chat_id: z.string(),
  chat_name: z.string(),
  enabled: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Chat messages it sent (events and tests), and when it last sent one. */
  message_count: z.number().int(),
  last_message_at: z.string().nullable(),
});
export type UserbehaviorSubscription = z.infer<typeof userbehaviorSubscriptionSchema>;
export const userbehaviorSubscriptionResponse = z.object({ subscription: userbehaviorSubscriptionSchema });

// ---- requests -----------------------------------------------------------------------------------------------------
const M = USERBEHAVIOR_MESSAGES;

export const userbehaviorSubscriptionBody = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(USERBEHAVIOR_NAME_MAX, M.nameTooLong),
  /** A tenant's id; null, empty or omitted: every tenant. */
  tenant_id: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
  event_types: z
    .array(z.enum(TENANT_EVENT_TYPES), { error: M.eventTypesRequired })
    .min(1, M.eventTypesRequired)
    .max(TENANT_EVENT_TYPES.length * 4)
    .transform((types) => TENANT_EVENT_TYPES.filter((t) => types.includes(t))),
  chat_id: z.string({ error: M.chatRequired }).trim().min(1, M.chatRequired).max(20),
  enabled: z.boolean().default(true),
});
export type UserbehaviorSubscriptionBody = z.input<typeof userbehaviorSubscriptionBody>;

export const addChatBody = z.object({
  name: z
    .string({ error: M.chatNameRequired })
    .trim()
    .min(1, M.chatNameRequired)
    .max(USERBEHAVIOR_CHAT_NAME_MAX, M.chatNameTooLong),
  webhook_url: z
    .string({ error: M.webhookRequired })
    .trim()
    .min(1, M.webhookRequired)
    .max(USERBEHAVIOR_WEBHOOK_MAX, M.webhookTooLong)
    .refine(isWebhookUrl, M.webhookInvalid),
});
export type AddChatBody = z.input<typeof addChatBody>;

/** Which event type the test message samples; the subscription's first when omitted. */
export const mockSubscriptionBody = z.object({ event_type: z.enum(TENANT_EVENT_TYPES).optional() }).default({});
export type MockSubscriptionBody = z.input<typeof mockSubscriptionBody>;
export const mockSubscriptionResponse = z.object({ message: chatMessageSchema });

/** `all`: subscriptions to every tenant; `one`: to a single tenant. */
export const USERBEHAVIOR_SCOPES = ['all', 'one'] as const;
export type UserbehaviorScope = (typeof USERBEHAVIOR_SCOPES)[number];

export const userbehaviorListQuery = listQuery(
  {
    /** Part of the name, case-insensitive. */
    search: z.string().trim().max(200).optional(),
    /** Subscriptions to this tenant (exactly). */
    tenant_id: z.string().trim().max(64).optional(),
    scope: z.enum(USERBEHAVIOR_SCOPES).optional(),
    /** Subscriptions that want any of these event types. */
    event_type: repeated(z.enum(TENANT_EVENT_TYPES)),
    enabled: z.enum(['true', 'false']).optional(),
    chat_id: z.string().trim().max(20).optional(),
  },
  ['created_at', 'name'],
  '-created_at',
);
export type UserbehaviorListQuery = z.input<typeof userbehaviorListQuery>;

/** A subscription's id: digits in practice; anything else is a 404 (`userbehavior.notFound`), not a 400. */
const idParams = z.object({ id: z.string().trim().min(1).max(20) });

/** User-behaviour subscriptions and their chats (spec §7 "userbehavior subscriptions"). */
export const userbehaviorApi = {
  list: route({
    method: 'GET',
    path: BASE,
    access: 'userbehavior.read',
    query: userbehaviorListQuery,
    response: listResult(userbehaviorSubscriptionSchema),
  }),
  create: route({
    method: 'POST',
    path: BASE,
    access: 'userbehavior.write',
    status: 201,
    body: userbehaviorSubscriptionBody,
    response: userbehaviorSubscriptionResponse,
  }),
  /** The registered chats, for the chat select (and the Add chat dialog's list). */
  larkchatOptions: route({
    method: 'GET',
    path: `${BASE}/larkchat_options`,
    access: 'userbehavior.read',
    response: z.object({ items: z.array(larkChatSchema) }),
  }),
  addChat: route({
    method: 'POST',
    path: `${BASE}/add_chat`,
    access: 'userbehavior.write',
    status: 201,
    body: addChatBody,
    response: z.object({ chat: larkChatSchema }),
  }),
  detail: route({
    method: 'GET',
    path: `${BASE}/:id`,
    access: 'userbehavior.read',
    params: idParams,
    response: userbehaviorSubscriptionResponse,
  }),
  update: route({
    method: 'PUT',
    path: `${BASE}/:id`,
    access: 'userbehavior.write',
    params: idParams,
    body: userbehaviorSubscriptionBody,
    response: userbehaviorSubscriptionResponse,
  }),
  remove: route({
    method: 'DELETE',
    path: `${BASE}/:id`,
    access: 'userbehavior.write',
    params: idParams,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
  }),
  enable: route({
    method: 'POST',
    path: `${BASE}/:id/enable`,
    access: 'userbehavior.write',
    params: idParams,
    response: userbehaviorSubscriptionResponse,
  }),
  disable: route({
    method: 'POST',
    path: `${BASE}/:id/disable`,
    access: 'userbehavior.write',
    params: idParams,
    response: userbehaviorSubscriptionResponse,
  }),
  /** Sends a sample event to the subscription's chat now (202: the message is queued for delivery). */
  mock: route({
    method: 'POST',
    path: `${BASE}/:id/mock`,
    access: 'userbehavior.write',
    status: 202,
    params: idParams,
    body: mockSubscriptionBody,
    response: mockSubscriptionResponse,
  }),
};
