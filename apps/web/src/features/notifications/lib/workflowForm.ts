import { PORTAL_EVENT_LABELS } from '@portal/contract';
import type {
  NotificationChannel,
  NotificationTemplateValues,
  NotificationTrigger,
  NotificationWorkflow,
  NotificationWorkflowBody,
  PortalRole,
} from '@portal/contract';

/** The workflow form's values: the body's fields, with the audience's flattened and the webhook as typed. */
export interface WorkflowFormValues {
  name: string;
  description?: string;
  trigger?: NotificationTrigger;
  channels: NotificationChannel[];
  subject: string;
  body: string;
  users: string[];
  roles: PortalRole[];
  event_recipients: boolean;
  /** Empty on an edit: keep the stored webhook (the form only ever sees it masked). */
  chat_webhook_url?: string;
  chat_name?: string;
  /** On an edit with a stored webhook: remove it (the configured chat then). */
  remove_webhook?: boolean;
  enabled: boolean;
}

/** What a new workflow starts with: the event's own title and summary, with its link. */
export const NEW_WORKFLOW_VALUES: WorkflowFormValues = {
  name: '',
  description: '',
  trigger: undefined,
  channels: ['in_portal'],
  subject: '{{title}}',
  body: '{{summary}}\n\n{{link}}',
  users: [],
  roles: [],
  event_recipients: false,
  chat_webhook_url: '',
  chat_name: '',
  remove_webhook: false,
  enabled: true,
};

export function formValuesOf(w: NotificationWorkflow): WorkflowFormValues {
  return {
    name: w.name,
    description: w.description,
    trigger: w.trigger,
    channels: [...w.channels],
    subject: w.subject,
    body: w.body,
    users: [...w.audience.users],
    roles: [...w.audience.roles],
    event_recipients: w.audience.event_recipients,
    chat_webhook_url: '',
    chat_name: w.chat_name ?? '',
    remove_webhook: false,
    enabled: w.enabled,
  };
}

/** The request body (POST or PUT) from the form's values; `editing` is the stored workflow on an edit. */
export function bodyOf(v: WorkflowFormValues, editing?: NotificationWorkflow): NotificationWorkflowBody {
  const typed = v.chat_webhook_url?.trim() ?? '';
  // A new URL replaces; on an edit, nothing typed keeps the stored one unless asked to remove it.
  const chat_webhook_url = typed ? typed : editing ? (v.remove_webhook ? null : undefined) : null;
  return {
    name: v.name,
    description: v.description ?? '',
    trigger: v.trigger as NotificationTrigger,
    channels: v.channels,
    subject: v.subject,
    body: v.body,
    audience: { users: v.users, roles: v.roles, event_recipients: v.event_recipients },
    ...(chat_webhook_url === undefined ? {} : { chat_webhook_url }),
    chat_name: v.chat_name?.trim() || null,
    enabled: v.enabled,
  };
}

/** Whether these channels need people to send to (email and in-portal do; a chat is its own audience). */
export const needsAudience = (channels: readonly string[] | undefined) =>
  (channels ?? []).some((c) => c === 'email' || c === 'in_portal');

const SAMPLE: Record<NotificationTrigger, { title: string; summary: string; subject: string; link: string }> = {
  'incident.opened': {
    title: 'INC-1042 opened: elevated TiKV latency in us-east-1',
    summary: 'Severity SEV-2, commander alice@example.com.',
    subject: 'incident INC-1042',
    link: '/incidents/INC-1042',
  },
  'incident.resolved': {
    title: 'INC-1042 resolved',
    summary: 'Resolved after 47 minutes.',
    subject: 'incident INC-1042',
    link: '/incidents/INC-1042',
  },
  'approval.pending': {
    title: 'Config change 42 awaits your approval',
    summary: 'operator@example.com asks for approval (SRE lead review, approval 17).',
    subject: 'change 42',
    link: '/confighistories/42',
  },
  'maintenance.scheduled': {
    title: 'Maintenance 12 scheduled for 2024-06-01 02:00 UTC',
    summary: 'TiKV rolling restart on 3 clusters, until 04:00 UTC.',
    subject: 'cluster_maintenance 12',
    link: '/maintenance/12',
  },
  'release.deployed': {
    title: 'Release 2024.22.1 deployed to prod',
    summary: 'Change "TiDB 8.1.1 images" deployed to 12 clusters.',
    subject: 'release 7',
    link: '/release/7',
  },
  'remediation.completed': {
    title: 'Remediation RT-88 completed',
    summary: 'Scale out TiKV on orders-prod: the operation succeeded.',
    subject: 'remediation_ticket RT-88',
    link: '/remediation_tickets/RT-88',
  },
  'invoice.confirmed': {
    title: 'Invoice INV-2024-0612 confirmed',
    summary: 'Acme Corp, $12,480.00.',
    subject: 'invoice INV-2024-0612',
    link: '/business',
  },
};

/** Example values for the form's preview: an event of the chosen kind, as the template would see it. */
export function sampleValues(
  trigger: NotificationTrigger | undefined,
  workflow: string,
  origin: string,
): NotificationTemplateValues {
  const s = SAMPLE[trigger ?? 'approval.pending'];
  return {
    ...s,
    link: `${origin}${s.link}`,
    actor: 'operator@example.com',
    event: PORTAL_EVENT_LABELS[trigger ?? 'approval.pending'],
    occurred_at: '2024-06-01T08:00:00.000Z',
    workflow: workflow || 'This workflow',
    recipient: 'admin@example.com',
  };
}
