import { z } from 'zod';
import { route } from './api.js';
import { PORTAL_ROLES } from './auth.js';
import { PORTAL_EVENT_TYPES, type PortalEventType } from './events.js';
import { listQuery, listResult, repeated } from './list.js';

/*
 * Notifications (spec §2 /notification, /notification/detail/{workflow_id}, /notification/{workflow_id}/statistics;
 * issue 13). The spec names the pages only: the API paths are the portal's own, under
 * /api/v1/devops/notification/….
 *
 * A notification workflow listens to one portal event type (its trigger) and, each time such an event is published,
 * delivers a message rendered from its template on each of its channels: email (SMTP, or the embedded outbox), a chat
 * through an incoming webhook, and the in-portal inbox (the header's bell). Each delivery (workflow × channel ×
 * recipient × event) is a row with its status: pending → sent | failed (after retries); sent → opened (the in-portal
 * item was read). Separately from any workflow, every `approval.pending` event puts an item in the inbox of the
 * approvers whose turn it is ("… awaits your approval").
 */

// ---- triggers, channels, placeholders -----------------------------------------------------------------------------
/** The events a workflow may listen to: the portal's staff-facing events (not the tenants' user-behaviour ones). */
export const NOTIFICATION_TRIGGERS = [
  'incident.opened',
  'incident.resolved',
  'approval.pending',
  'maintenance.scheduled',
  'release.deployed',
  'remediation.completed',
  'invoice.confirmed',
] as const satisfies readonly PortalEventType[];
export type NotificationTrigger = (typeof NOTIFICATION_TRIGGERS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'chat', 'in_portal'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  email: 'Email',
  chat: 'Chat webhook',
  in_portal: 'In-portal',
};

/** What a template may say, `{{name}}` (spaces inside the braces allowed): each with what it becomes. */
export const NOTIFICATION_PLACEHOLDERS = [
  'title',
  'summary',
  'link',
  'actor',
  'event',
  'subject',
  'occurred_at',
  'workflow',
  'recipient',
] as const;
export type NotificationPlaceholder = (typeof NOTIFICATION_PLACEHOLDERS)[number];
export const NOTIFICATION_PLACEHOLDER_HELP: Record<NotificationPlaceholder, string> = {
  title: "the event's title, e.g. “Config change 42 awaits your approval”",
  summary: "the event's summary (one or two sentences)",
  link: "the portal URL of the event's object (empty when it has none)",
  actor: 'who caused the event (an email, or system)',
  event: 'the kind of event, e.g. “Maintenance scheduled”',
  subject: 'the object the event is about, e.g. “incident INC-1042”',
  occurred_at: 'when it happened (UTC, ISO 8601)',
  workflow: "this workflow's name",
  recipient: 'whom this message goes to (an email, or the chat)',
};

export const NOTIFICATION_NAME_MAX = 100;
export const NOTIFICATION_DESCRIPTION_MAX = 1000;
export const NOTIFICATION_SUBJECT_MAX = 200;
export const NOTIFICATION_BODY_MAX = 4000;
export const NOTIFICATION_AUDIENCE_USERS_MAX = 50;
/** The statistics range: at most this many days (both ends included). */
export const NOTIFICATION_STATS_MAX_DAYS = 90;
/** Without `from`/`to`: the last 30 days up to today (UTC). */
export const NOTIFICATION_STATS_DEFAULT_DAYS = 30;

const placeholderList = NOTIFICATION_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ');

/** Every message of the area, shown by the forms and returned by the server alike (pinned by a test). */
export const NOTIFICATION_MESSAGES = {
  nameRequired: 'name is required',
  nameTooLong: `name must be at most ${NOTIFICATION_NAME_MAX} characters`,
  descriptionTooLong: `description must be at most ${NOTIFICATION_DESCRIPTION_MAX} characters`,
  triggerRequired: 'trigger is required: choose the event that starts this workflow',
  channelsRequired: 'choose at least one channel',
  channelTwice: 'a channel is listed twice',
  subjectRequired: 'subject is required',
  subjectTooLong: `subject must be at most ${NOTIFICATION_SUBJECT_MAX} characters`,
  bodyRequired: 'body is required',
  bodyTooLong: `body must be at most ${NOTIFICATION_BODY_MAX} characters`,
  audienceRequired: "email and in-portal messages need an audience: choose users, roles or the event's recipients",
  userEmail: 'a valid email address',
  userTwice: 'a user is listed twice',
  roleTwice: 'a role is listed twice',
  webhookUrl: 'the chat webhook must be an http(s) URL',
  unknownPlaceholder: (names: readonly string[]) =>
    `unknown placeholder${names.length > 1 ? 's' : ''} ${names.map((n) => `{{${n}}}`).join(', ')}: ` +
    `use ${placeholderList}`,
  unclosedPlaceholder: 'a placeholder is not closed: write {{name}}, e.g. {{title}}',
  rangeOrder: '`to` must not be before `from`',
  rangeTooLong: `the range must be at most ${NOTIFICATION_STATS_MAX_DAYS} days`,
  /** Spec §8 success messages, verbatim. */
  created: 'Create successful!',
  saved: 'Save successful!',
  enabled: 'Workflow enabled',
  disabled: 'Workflow disabled',
  deleted: 'Workflow deleted',
} as const;

// ---- templates (pure: the form previews with the same code the server renders with) --------------------------------
const TOKEN = /\{\{([^{}]*)\}\}/g;

/** What is wrong with a template's placeholders (empty when nothing): unknown names, then unclosed braces. */
export function notificationTemplateErrors(text: string): string[] {
  const unknown: string[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const name = m[1]!.trim();
    if (!(NOTIFICATION_PLACEHOLDERS as readonly string[]).includes(name) && !unknown.includes(name)) unknown.push(name);
  }
  const errors: string[] = [];
  if (unknown.length) errors.push(NOTIFICATION_MESSAGES.unknownPlaceholder(unknown));
  const rest = text.replace(TOKEN, '');
  if (rest.includes('{{') || rest.includes('}}')) errors.push(NOTIFICATION_MESSAGES.unclosedPlaceholder);
  return errors;
}

export type NotificationTemplateValues = Record<NotificationPlaceholder, string>;

/* eslint-disable no-control-regex */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const LINE_BREAKS = /[\r\n\u2028\u2029]+/g;
/* eslint-enable no-control-regex */

/**
 * Renders a template as plain text, in one pass: a value is never itself expanded (an event title holding `{{link}}`
 * stays as written), control characters are dropped, and `singleLine` (subjects, titles) folds line breaks into
 * spaces so a value cannot add e.g. a mail header. An unknown placeholder (never stored: validation refuses it) stays
 * as written.
 */
export function renderNotificationTemplate(
  text: string,
  values: Partial<NotificationTemplateValues>,
  opts: { singleLine?: boolean } = {},
): string {
  const out = text.replace(TOKEN, (whole, raw: string) => {
    const name = raw.trim() as NotificationPlaceholder;
    if (!(NOTIFICATION_PLACEHOLDERS as readonly string[]).includes(name)) return whole;
    return (values[name] ?? '').replace(CONTROL, '');
  });
  const clean = out.replace(CONTROL, '');
  return opts.singleLine ? clean.replace(LINE_BREAKS, ' ').trim() : clean;
}

// ---- workflow state -------------------------------------------------------------------------------------------------
export const NOTIFICATION_WORKFLOW_STATES = ['enabled', 'disabled'] as const;
export type NotificationWorkflowState = (typeof NOTIFICATION_WORKFLOW_STATES)[number];
export const NOTIFICATION_WORKFLOW_ACTIONS_LIST = ['enable', 'disable', 'edit', 'delete'] as const;
export type NotificationWorkflowAction = (typeof NOTIFICATION_WORKFLOW_ACTIONS_LIST)[number];
/**
 * What each state allows: the server enforces it (409 `notification.statusForbids`), the web enables from it. A
 * workflow is deleted only once disabled (so a working one is never removed by a slip).
 */
export const NOTIFICATION_WORKFLOW_ACTIONS: Record<NotificationWorkflowState, readonly NotificationWorkflowAction[]> = {
  enabled: ['disable', 'edit'],
  disabled: ['enable', 'edit', 'delete'],
};
export const notificationWorkflowState = (enabled: boolean): NotificationWorkflowState =>
  enabled ? 'enabled' : 'disabled';
export const canNotificationWorkflow = (enabled: boolean, action: NotificationWorkflowAction): boolean =>
  NOTIFICATION_WORKFLOW_ACTIONS[notificationWorkflowState(enabled)].includes(action);

// ---- deliveries ---------------------------------------------------------------------------------------------------
/** pending → sent | failed (after its retries); sent → opened (in-portal only: the inbox item was read). */
export const NOTIFICATION_DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'opened'] as const;
export type NotificationDeliveryStatus = (typeof NOTIFICATION_DELIVERY_STATUSES)[number];
export const NOTIFICATION_DELIVERY_STATUS_COLORS: Record<NotificationDeliveryStatus, string> = {
  pending: 'processing',
  sent: 'success',
  failed: 'error',
  opened: 'cyan',
};
/** Attempts per delivery (email, in-portal; the chat channel's are platform/chat's): then it is failed. */
export const NOTIFICATION_DELIVERY_MAX_ATTEMPTS = 5;

// ---- entities -----------------------------------------------------------------------------------------------------
export const notificationAudienceSchema = z.object({
  /** People by email (portal users or not: email goes to anyone, in-portal items only to portal users). */
  users: z.array(z.string()),
  /** Every enabled portal user with one of these roles. */
  roles: z.array(z.enum(PORTAL_ROLES)),
  /** The users the event is addressed to (e.g. the approvers whose turn it is, for `approval.pending`). */
  event_recipients: z.boolean(),
});
export type NotificationAudience = z.infer<typeof notificationAudienceSchema>;

export const notificationWorkflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  trigger: z.enum(NOTIFICATION_TRIGGERS),
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  subject: z.string(),
  body: z.string(),
  audience: notificationAudienceSchema,
  /** The chat's incoming-webhook URL, masked (its secret part is never returned); null → the configured chat. */
  chat_webhook_url: z.string().nullable(),
  /** What people call the chat, e.g. `#sre-oncall` (shown in the deliveries instead of the URL). */
  chat_name: z.string().nullable(),
  enabled: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
  updated_by: z.string(),
  updated_at: z.string(),
  /** The last event that started it (null: never). */
  last_triggered_at: z.string().nullable(),
});
export type NotificationWorkflow = z.infer<typeof notificationWorkflowSchema>;
export const notificationWorkflowResponse = z.object({ workflow: notificationWorkflowSchema });

export const notificationDeliverySchema = z.object({
  id: z.string(),
  workflow_id: z.string(),
  event_id: z.string(),
  event_type: z.enum(PORTAL_EVENT_TYPES),
  /** The event's title and object (the web links it through its object links). */
  event_title: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  link: z.string().nullable(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  /** An email address, or the chat (its name or masked webhook). */
  recipient: z.string(),
  /** The rendered subject (email subject, chat title, inbox title). */
  subject: z.string(),
  status: z.enum(NOTIFICATION_DELIVERY_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  /** The chat message that carries a chat delivery (eventsApi.chatMessages lists it). */
  chat_message_id: z.string().nullable(),
});
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

export const notificationStatsDaySchema = z.object({
  /** A UTC day, `YYYY-MM-DD`. */
  day: z.string(),
  sent: z.number().int(),
  failed: z.number().int(),
  opened: z.number().int(),
  pending: z.number().int(),
});
export type NotificationStatsDay = z.infer<typeof notificationStatsDaySchema>;
/**
 * Per UTC day of the range (every day present, zeros included), the deliveries created that day by their outcome:
 * sent (opened ones included), failed, pending; opened counts those of them that were opened since.
 */
export const notificationStatisticsSchema = z.object({
  workflow_id: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(notificationStatsDaySchema),
  totals: notificationStatsDaySchema.omit({ day: true }),
});
export type NotificationStatistics = z.infer<typeof notificationStatisticsSchema>;

/** An item of a user's in-portal inbox (the header's bell). */
export const inboxItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  event_id: z.string().nullable(),
  event_type: z.enum(PORTAL_EVENT_TYPES).nullable(),
  /** The object it is about: the web resolves its page from these (object links), else `link`. */
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  link: z.string().nullable(),
  /** The workflow that sent it; null for the portal's own notices (a change awaiting your approval). */
  workflow_id: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
export const inboxPageSchema = z.object({
  items: z.array(inboxItemSchema),
  total: z.number().int(),
  /** The caller's unread items, whatever the filter. */
  unread: z.number().int(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;
export const inboxUnreadSchema = z.object({ unread: z.number().int() });

/** An email as the embedded outbox kept it (SMTP_URL unset): what would have been sent. */
export const emailOutboxSchema = z.object({
  id: z.string(),
  delivery_id: z.string().nullable(),
  workflow_id: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type EmailOutboxMessage = z.infer<typeof emailOutboxSchema>;

// ---- requests -----------------------------------------------------------------------------------------------------
const M = NOTIFICATION_MESSAGES;
const uniq = (xs: readonly string[]) => new Set(xs).size === xs.length;

const templateField = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .superRefine((text, ctx) => {
      for (const message of notificationTemplateErrors(text)) ctx.addIssue({ code: 'custom', message });
    });

const audienceBody = z
  .object({
    users: z
      .array(z.string({ error: M.userEmail }).trim().toLowerCase().max(254, M.userEmail).pipe(z.email(M.userEmail)))
      .max(NOTIFICATION_AUDIENCE_USERS_MAX)
      .refine(uniq, M.userTwice)
      .default([]),
    roles: z.array(z.enum(PORTAL_ROLES)).max(PORTAL_ROLES.length).refine(uniq, M.roleTwice).default([]),
    event_recipients: z.boolean().default(false),
  })
  .default({ users: [], roles: [], event_recipients: false });

/** Create (POST) and edit (PUT): the whole workflow. */
export const notificationWorkflowBody = z
  .object({
    name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(NOTIFICATION_NAME_MAX, M.nameTooLong),
    description: z.string().trim().max(NOTIFICATION_DESCRIPTION_MAX, M.descriptionTooLong).default(''),
    trigger: z.enum(NOTIFICATION_TRIGGERS, { error: M.triggerRequired }),
    channels: z
      .array(z.enum(NOTIFICATION_CHANNELS), { error: M.channelsRequired })
      .min(1, M.channelsRequired)
      .max(NOTIFICATION_CHANNELS.length)
      .refine(uniq, M.channelTwice),
    subject: templateField(M.subjectRequired, NOTIFICATION_SUBJECT_MAX, M.subjectTooLong),
    body: templateField(M.bodyRequired, NOTIFICATION_BODY_MAX, M.bodyTooLong),
    audience: audienceBody,
    /**
     * The chat's incoming-webhook URL. Omitted on an edit: keep the stored one (the form only ever sees it masked);
     * null or '': none (the configured default chat).
     */
    chat_webhook_url: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .max(500, M.webhookUrl)
          .pipe(z.url({ protocol: /^https?$/, error: M.webhookUrl })),
      ])
      .nullable()
      .optional(),
    chat_name: z.string().trim().max(100).nullable().optional(),
    enabled: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    const a = b.audience;
    const needsAudience = b.channels.some((c) => c === 'email' || c === 'in_portal');
    if (needsAudience && !a.users.length && !a.roles.length && !a.event_recipients)
      ctx.addIssue({ code: 'custom', path: ['audience'], message: M.audienceRequired });
  });
export type NotificationWorkflowBody = z.input<typeof notificationWorkflowBody>;

export const notificationWorkflowListQuery = listQuery(
  {
    /** Matches the name as a case-insensitive substring. */
    search: z.string().trim().max(100).optional(),
    trigger: repeated(z.enum(NOTIFICATION_TRIGGERS)),
    channel: repeated(z.enum(NOTIFICATION_CHANNELS)),
    enabled: z.enum(['true', 'false']).optional(),
  },
  ['name', 'created_at', 'updated_at', 'last_triggered_at'],
  '-updated_at',
);
export type NotificationWorkflowListQuery = z.input<typeof notificationWorkflowListQuery>;

export const notificationDeliveryListQuery = listQuery(
  {
    status: repeated(z.enum(NOTIFICATION_DELIVERY_STATUSES)),
    channel: repeated(z.enum(NOTIFICATION_CHANNELS)),
    /** The recipient, exactly (case-insensitive). */
    recipient: z.string().trim().max(254).optional(),
    event_id: z.string().trim().max(20).optional(),
  },
  ['created_at'],
  '-created_at',
);
export type NotificationDeliveryListQuery = z.input<typeof notificationDeliveryListQuery>;

/** A UTC day; both ends are included. */
const utcDay = z.iso.date({ error: 'a UTC date, YYYY-MM-DD' });
const dayMs = 86_400_000;
/** Days from `from` to `to`, both included (1 for the same day). */
export const notificationRangeDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;

/** `from`/`to` (UTC days, both included); default the last 30 days up to today; at most 90 days. */
export const notificationStatisticsQuery = z
  .object({ from: utcDay.optional(), to: utcDay.optional() })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const days = notificationRangeDays(q.from, q.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: M.rangeOrder });
    else if (days > NOTIFICATION_STATS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: M.rangeTooLong });
  });
export type NotificationStatisticsQuery = z.input<typeof notificationStatisticsQuery>;

export const inboxListQuery = listQuery(
  { unread: z.enum(['true', 'false']).optional() },
  ['created_at'],
  '-created_at',
);
export type InboxListQuery = z.input<typeof inboxListQuery>;

export const emailOutboxListQuery = listQuery(
  {
    workflow_id: z.string().trim().max(20).optional(),
    /** The `to` address, exactly (case-insensitive). */
    to: z.string().trim().max(254).optional(),
  },
  ['created_at'],
  '-created_at',
);
export type EmailOutboxListQuery = z.input<typeof emailOutboxListQuery>;

// ---- routes -------------------------------------------------------------------------------------------------------
const N = '/api/v1/devops/notification';
/** A workflow's id: digits in practice; anything else is a 404 (`notification.notFound`), not a 400. */
const workflowParams = z.object({ workflow_id: z.string().trim().min(1).max(20) });
const inboxParams = z.object({ id: z.string().trim().min(1).max(20) });

const workflowAction = <const A extends string>(action: A) =>
  route({
    method: 'POST',
    path: `${N}/workflows/:workflow_id/${action}`,
    access: 'notifications.write',
    params: workflowParams,
    response: notificationWorkflowResponse,
  });

export const notificationsApi = {
  list: route({
    method: 'GET',
    path: `${N}/workflows`,
    access: 'notifications.read',
    query: notificationWorkflowListQuery,
    response: listResult(notificationWorkflowSchema),
  }),
  create: route({
    method: 'POST',
    path: `${N}/workflows`,
    access: 'notifications.write',
    status: 201,
    body: notificationWorkflowBody,
    response: notificationWorkflowResponse,
  }),
  detail: route({
    method: 'GET',
    path: `${N}/workflows/:workflow_id`,
    access: 'notifications.read',
    params: workflowParams,
    response: notificationWorkflowResponse,
  }),
  update: route({
    method: 'PUT',
    path: `${N}/workflows/:workflow_id`,
    access: 'notifications.write',
    params: workflowParams,
    body: notificationWorkflowBody,
    response: notificationWorkflowResponse,
  }),
  remove: route({
    method: 'DELETE',
    path: `${N}/workflows/:workflow_id`,
    access: 'notifications.write',
    params: workflowParams,
    response: z.object({ deleted: z.literal(true) }),
  }),
  enable: workflowAction('enable'),
  disable: workflowAction('disable'),
  deliveries: route({
    method: 'GET',
    path: `${N}/workflows/:workflow_id/deliveries`,
    access: 'notifications.read',
    params: workflowParams,
    query: notificationDeliveryListQuery,
    response: listResult(notificationDeliverySchema),
  }),
  statistics: route({
    method: 'GET',
    path: `${N}/workflows/:workflow_id/statistics`,
    access: 'notifications.read',
    params: workflowParams,
    query: notificationStatisticsQuery,
    response: notificationStatisticsSchema,
  }),
  /** The embedded email outbox (SMTP_URL unset): the emails the portal would have sent. */
  emailOutbox: route({
    method: 'GET',
    path: `${N}/email_outbox`,
    access: 'notifications.read',
    query: emailOutboxListQuery,
    response: listResult(emailOutboxSchema),
  }),
  /** The caller's in-portal inbox, newest first, with their unread count. */
  inbox: route({
    method: 'GET',
    path: `${N}/inbox`,
    access: 'notifications.read',
    query: inboxListQuery,
    response: inboxPageSchema,
  }),
  /** The caller's unread count alone (what the header's bell polls). */
  inboxUnread: route({
    method: 'GET',
    path: `${N}/inbox/unread_count`,
    access: 'notifications.read',
    response: inboxUnreadSchema,
  }),
  /** Marks one of the caller's items read (idempotent). Anyone who may read the portal reads their own inbox. */
  markRead: route({
    method: 'POST',
    path: `${N}/inbox/:id/read`,
    access: 'notifications.read',
    params: inboxParams,
    response: z.object({ item: inboxItemSchema, unread: z.number().int() }),
  }),
  /** Marks every unread item of the caller read. */
  markAllRead: route({
    method: 'POST',
    path: `${N}/inbox/read_all`,
    access: 'notifications.read',
    response: z.object({ updated: z.number().int(), unread: z.number().int() }),
  }),
};
