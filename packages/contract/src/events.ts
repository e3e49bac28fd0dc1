import { z } from 'zod';
import { route } from './api.js';
import { listQuery, listResult, repeated } from './list.js';

/*
 * Portal events and chat messages: the two cross-cutting pieces of the event center (issue 13).
 *
 * An event is something that happened in the portal that people may want to hear about: an incident opened, a change
 * awaiting someone's approval, a maintenance scheduled, a release deployed. The area where it happens publishes it in
 * its own transaction (server `platform/events.ts`: `publishEvent`); a durable job hands it to every subscriber
 * (notification workflows, user-behaviour subscriptions, the in-portal inbox). Publishers do not know who listens.
 *
 * A chat message is one notice sent to a chat through an incoming webhook (Feishu/Lark, Slack-compatible), by
 * whichever area sends it (an incident's notice, a notification workflow, a user-behaviour subscription). Every
 * message is kept in the `chat_messages` table with its delivery status: the embedded default (no webhook
 * configured) records it there and nowhere else, so the page that sent it can show it.
 */

// ---- events -------------------------------------------------------------------------------------------------------
/** Portal-wide events (staff-facing). */
export const PORTAL_EVENT_TYPES = [
  'incident.opened',
  'incident.resolved',
  'approval.pending',
  'maintenance.scheduled',
  'release.deployed',
  'remediation.completed',
  'invoice.confirmed',
  /** Issue 14: the AIOps detector opened an issue. */
  'aiops.issue_opened',
  /** Tenants' user-behaviour events (what user-behaviour subscriptions deliver). */
  'tenant.signed_up',
  'cluster.created',
  'payment.failed',
] as const;
export type PortalEventType = (typeof PORTAL_EVENT_TYPES)[number];

export const PORTAL_EVENT_LABELS: Record<PortalEventType, string> = {
  'incident.opened': 'Incident opened',
  'incident.resolved': 'Incident resolved',
  'approval.pending': 'Change awaiting my approval',
  'maintenance.scheduled': 'Maintenance scheduled',
  'release.deployed': 'Release deployed',
  'remediation.completed': 'Remediation completed',
  'invoice.confirmed': 'Invoice confirmed',
  'aiops.issue_opened': 'AIOps issue opened',
  'tenant.signed_up': 'Tenant signed up',
  'cluster.created': 'Cluster created',
  'payment.failed': 'Payment failed',
};

/** The events that concern a tenant's users (user-behaviour subscriptions choose among these). */
export const TENANT_EVENT_TYPES = [
  'tenant.signed_up',
  'cluster.created',
  'payment.failed',
] as const satisfies readonly PortalEventType[];
export type TenantEventType = (typeof TENANT_EVENT_TYPES)[number];

export const portalEventSchema = z.object({
  id: z.string(),
  type: z.enum(PORTAL_EVENT_TYPES),
  /** The object it is about (an audit type, e.g. `incident`, `change`) and its id. */
  subject_type: z.string(),
  subject_id: z.string(),
  title: z.string(),
  summary: z.string(),
  /** The portal path of the object, e.g. `/incidents/INC-1042`. */
  link: z.string().nullable(),
  /** Users it is addressed to (e.g. the approvers whose turn it is); empty when it is for whoever subscribes. */
  recipients: z.array(z.string()),
  tenant_id: z.string().nullable(),
  cluster_ids: z.array(z.string()),
  actor: z.string().nullable(),
  occurred_at: z.string(),
});
export type PortalEvent = z.infer<typeof portalEventSchema>;

export const eventListQuery = listQuery(
  {
    type: repeated(z.enum(PORTAL_EVENT_TYPES)).optional(),
    subject_type: z.string().trim().max(100).optional(),
    subject_id: z.string().trim().max(200).optional(),
  },
  ['occurred_at'],
  '-occurred_at',
);
export type EventListQuery = z.infer<typeof eventListQuery>;

// ---- chat messages ------------------------------------------------------------------------------------------------
/** queued → sent (a webhook took it) | recorded (embedded default: kept here only) | failed (after retries). */
export const CHAT_MESSAGE_STATUSES = ['queued', 'sent', 'recorded', 'failed'] as const;
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUSES)[number];
export const CHAT_MESSAGE_STATUS_COLORS: Record<ChatMessageStatus, string> = {
  queued: 'processing',
  sent: 'success',
  recorded: 'default',
  failed: 'error',
};

export const chatMessageSchema = z.object({
  id: z.string(),
  /** What sent it: e.g. `incident` / `INC-1042`, `notification_workflow` / `wf-3`. */
  source_type: z.string(),
  source_id: z.string(),
  /** The chat it went to: a webhook URL with its secret part masked, or a chat name. */
  target: z.string(),
  title: z.string(),
  text: z.string(),
  status: z.enum(CHAT_MESSAGE_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  sender: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatMessageListQuery = listQuery(
  {
    source_type: z.string().trim().min(1).max(100).optional(),
    source_id: z.string().trim().min(1).max(200).optional(),
    status: repeated(z.enum(CHAT_MESSAGE_STATUSES)).optional(),
  },
  ['created_at'],
  '-created_at',
);
export type ChatMessageListQuery = z.infer<typeof chatMessageListQuery>;

export const eventsApi = {
  /** The event log (newest first): what the subscribers were handed. */
  list: route({
    method: 'GET',
    path: '/api/v1/devops/events',
    access: 'notifications.read',
    query: eventListQuery,
    response: listResult(portalEventSchema),
  }),
  /** Chat messages sent by the portal (the embedded outbox), filtered by what sent them. */
  chatMessages: route({
    method: 'GET',
    path: '/api/v1/devops/chat_messages',
    access: 'notifications.read',
    query: chatMessageListQuery,
    response: listResult(chatMessageSchema),
  }),
};
