import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationChannel, NotificationTrigger, PortalEvent, PortalEventType } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { auditLogs, chatMessages, jobs, portalEvents, portalUsers } from '../platform/schema.js';
import { maskWebhookUrl } from '../platform/chat.js';
import { approvals } from '../features/approvals/index.js';
import { incidentId, incidentPath, incidents } from '../features/incidents/index.js';
import { clusterMaintenances } from '../features/maintenance/index.js';
import { relChanges, relReleases } from '../features/release/index.js';
import {
  emailOutbox,
  inboxItems,
  notificationDeliveries,
  notificationWorkflows,
} from '../features/notifications/schema.js';
import { AUDIT_TYPE, DELIVER_JOB, renderMessage, SYSTEM } from '../features/notifications/service.js';
import { prng } from './catalogue.js';

/*
 * Notifications' demo data: eight workflows over several triggers and channels (three disabled), and for the enabled
 * ones the events of the last 30 days they delivered, with their deliveries in every status (sent, failed after its
 * retries, opened, pending with a retry queued), the emails of the embedded outbox, the chat messages and the inbox
 * items they left, so the statistics chart, the deliveries and the header's bell show real data on a fresh start.
 * Dated relative to the hour the database is seeded in (the chart ends today); every choice comes from a seeded PRNG.
 * The events are about real seeded objects (incidents, approvals, maintenances, deployed release changes).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ADMIN = 'admin@example.com';
const OPERATOR = 'operator@example.com';
const FROM = 'Management Portal <portal@localhost>';

interface SeedWorkflow {
  name: string;
  description: string;
  trigger: NotificationTrigger;
  channels: NotificationChannel[];
  subject: string;
  body: string;
  users?: string[];
  roles?: string[];
  eventRecipients?: boolean;
  chatWebhookUrl?: string;
  chatName?: string;
  enabled: boolean;
  createdBy: string;
  /** Events per day: 0..max. */
  perDay: number;
}

const DEFAULT_BODY = '{{summary}}\n\nOpen it in the portal: {{link}}\n— {{workflow}}';

export const SEED_WORKFLOWS: SeedWorkflow[] = [
  {
    name: 'On-call: incident opened',
    description: 'Pages the SRE on-call chat and mails the operators when an incident is opened.',
    trigger: 'incident.opened',
    channels: ['chat', 'email'],
    subject: '[{{event}}] {{title}}',
    body: '{{summary}}\nOpened by {{actor}} at {{occurred_at}}.\n\n{{link}}',
    users: ['sre-oncall@example.com'],
    roles: ['operator'],
    chatWebhookUrl: 'https://open.feishu.cn/open-apis/bot/v2/hook/5c1e9a7e-2f43-4d1b-9b8e-oncall0001',
    chatName: '#sre-oncall',
    enabled: true,
    createdBy: ADMIN,
    perDay: 2,
  },
  {
    name: 'Incident resolved digest',
    description: 'Tells the admins when an incident is resolved.',
    trigger: 'incident.resolved',
    channels: ['email', 'in_portal'],
    subject: 'Resolved: {{title}}',
    body: DEFAULT_BODY,
    roles: ['admin'],
    enabled: true,
    createdBy: ADMIN,
    perDay: 1,
  },
  {
    name: 'Approvals waiting for me',
    description: 'Mails each approver whose turn it is, beside the portal’s own inbox notice.',
    trigger: 'approval.pending',
    channels: ['email', 'in_portal'],
    subject: 'Waiting for your approval: {{title}}',
    body: '{{summary}}\n\nDecide it in the portal (only the approvers of the current step may).\n{{link}}',
    eventRecipients: true,
    enabled: true,
    createdBy: OPERATOR,
    perDay: 2,
  },
  {
    name: 'Maintenance announcements',
    description: 'Announces every new maintenance window to the operators and viewers.',
    trigger: 'maintenance.scheduled',
    channels: ['chat', 'in_portal'],
    subject: '{{title}}',
    body: DEFAULT_BODY,
    roles: ['operator', 'viewer'],
    chatWebhookUrl: 'https://open.feishu.cn/open-apis/bot/v2/hook/0d7b3c55-81aa-4f6e-a3f2-maint000002',
    chatName: '#maintenance',
    enabled: true,
    createdBy: OPERATOR,
    perDay: 1,
  },
  {
    name: 'Production deploys',
    description: 'Release managers hear about every deployed release change.',
    trigger: 'release.deployed',
    channels: ['chat', 'email'],
    subject: 'Deployed: {{title}}',
    body: DEFAULT_BODY,
    users: ['release-managers@example.com'],
    roles: ['admin'],
    chatName: '#releases',
    enabled: true,
    createdBy: ADMIN,
    perDay: 2,
  },
  {
    name: 'Remediation completed',
    description: 'Paused until the remediation runbooks are reviewed.',
    trigger: 'remediation.completed',
    channels: ['in_portal'],
    subject: '{{title}}',
    body: DEFAULT_BODY,
    roles: ['operator'],
    enabled: false,
    createdBy: OPERATOR,
    perDay: 0,
  },
  {
    name: 'Invoice confirmed (finance)',
    description: 'Finance is told when an invoice is confirmed. Disabled: finance reads the billing reports instead.',
    trigger: 'invoice.confirmed',
    channels: ['email'],
    subject: 'Invoice confirmed: {{title}}',
    body: '{{summary}}\n{{link}}',
    users: ['finance@example.com'],
    enabled: false,
    createdBy: ADMIN,
    perDay: 0,
  },
  {
    name: 'Legacy incident pager (Slack)',
    description: 'The old Slack channel, kept for reference; replaced by the on-call workflow.',
    trigger: 'incident.opened',
    channels: ['chat'],
    subject: '{{title}}',
    body: '{{summary}} {{link}}',
    chatWebhookUrl: 'https://hooks.slack.com/services/T0000000/B0000000/legacyPagerToken000000',
    enabled: false,
    createdBy: ADMIN,
    perDay: 0,
  },
];

interface Subject {
  subjectType: string;
  subjectId: string;
  title: string;
  summary: string;
  link: string | null;
  recipients: string[];
  actor: string;
  clusterIds: string[];
}

/** Real seeded objects each trigger's events are about (none: that workflow gets no deliveries). */
async function subjectsFor(tx: Db, trigger: NotificationTrigger): Promise<Subject[]> {
  switch (trigger) {
    case 'incident.opened':
    case 'incident.resolved': {
      const rows = await tx.select().from(incidents).orderBy(asc(incidents.number)).limit(12);
      return rows.map((r) => {
        const id = incidentId(r.number);
        const opened = trigger === 'incident.opened';
        return {
          subjectType: 'incident',
          subjectId: id,
          title: `${opened ? 'Incident opened' : 'Incident resolved'}: ${id} ${r.title}`,
          summary: `${r.severity}${r.commander ? `, commander ${r.commander}` : ''}, ${r.clusterIds.length} affected cluster(s)`,
          link: incidentPath(id),
          recipients: [],
          actor: r.commander ?? r.createdBy,
          clusterIds: r.clusterIds,
        };
      });
    }
    case 'approval.pending': {
      const rows = await tx.select().from(approvals).orderBy(asc(approvals.id)).limit(12);
      return rows.map((r) => {
        const nodes = r.nodes as { name: string; tasks: { user_email: string }[] }[];
        const node = nodes[0];
        return {
          subjectType: r.subjectType,
          subjectId: r.subjectId,
          title: `${r.name} awaits your approval`,
          summary: `${r.applicant} asks for approval (${node?.name ?? 'review'}, approval ${r.id}).`,
          link: null,
          recipients: node?.tasks.map((t) => t.user_email) ?? [ADMIN],
          actor: r.applicant,
          clusterIds: [],
        };
      });
    }
    case 'maintenance.scheduled': {
      const rows = await tx.select().from(clusterMaintenances).orderBy(asc(clusterMaintenances.id)).limit(12);
      return rows.map((r) => ({
        subjectType: 'cluster_maintenance',
        subjectId: String(r.id),
        title: `Maintenance ${r.id} scheduled for project ${r.projectId}`,
        summary: `${r.scheduleTime.toISOString()} – ${r.deadline.toISOString()}${r.description ? `: ${r.description}` : ''}`,
        link: `/maintenance/${r.id}`,
        recipients: [],
        actor: r.createdBy,
        clusterIds: [],
      }));
    }
    case 'release.deployed': {
      const rows = await tx
        .select({ change: relChanges, release: relReleases })
        .from(relChanges)
        .innerJoin(relReleases, eq(relReleases.id, relChanges.releaseId))
        .where(inArray(relChanges.status, ['deployed', 'verified', 'verify_failed', 'closed']))
        .orderBy(asc(relChanges.id))
        .limit(12);
      return rows.map(({ change, release }) => ({
        subjectType: 'release',
        subjectId: String(release.id),
        title: `${change.title} deployed (${release.environment} release ${release.releaseNumber})`,
        summary: `rolled out ${change.component} to ${change.targetClusterIds.length} cluster(s)`,
        link: `/release/${release.id}/change/${change.id}`,
        recipients: [],
        actor: change.createdBy,
        clusterIds: change.targetClusterIds,
      }));
    }
    default:
      return [];
  }
}

type Outcome = 'sent' | 'failed' | 'pending' | 'opened';

export async function seedNotifications(tx: Db, base = Math.floor(Date.now() / HOUR) * HOUR): Promise<void> {
  const r = prng(13_013);
  const users = await tx.select({ email: portalUsers.email, roles: portalUsers.roles }).from(portalUsers);
  const withRoles = (roles: readonly string[]) =>
    users.filter((u) => u.roles.some((x) => roles.includes(x))).map((u) => u.email);
  const portal = new Set(users.map((u) => u.email));

  const events: (typeof portalEvents.$inferInsert)[] = [];
  const plans: { wf: number; eventIndex: number }[] = [];

  // Workflows, oldest first, in one statement; each with the audit rows of its history.
  const createdAtOf = (i: number) => new Date(base - (60 - i * 2) * DAY - 7 * HOUR);
  const disabledAt = (i: number) => new Date(createdAtOf(i).getTime() + 20 * DAY);
  const workflowRows = await tx
    .insert(notificationWorkflows)
    .values(
      SEED_WORKFLOWS.map((w, i) => ({
        name: w.name,
        description: w.description,
        trigger: w.trigger,
        channels: w.channels,
        subject: w.subject,
        body: w.body,
        audienceUsers: w.users ?? [],
        audienceRoles: w.roles ?? [],
        audienceEventRecipients: w.eventRecipients ?? false,
        chatWebhookUrl: w.chatWebhookUrl ?? null,
        chatName: w.chatName ?? null,
        enabled: w.enabled,
        createdBy: w.createdBy,
        createdAt: createdAtOf(i),
        updatedBy: w.createdBy,
        updatedAt: w.enabled ? createdAtOf(i) : disabledAt(i),
      })),
    )
    .returning();
  const made = SEED_WORKFLOWS.map((seed) => ({ seed, row: workflowRows.find((x) => x.name === seed.name)! }));
  await tx.insert(auditLogs).values(
    made.flatMap(({ seed: w, row }, i) => {
      const create = {
        type: AUDIT_TYPE,
        instanceId: String(row.id),
        operator: w.createdBy,
        operation: 'create',
        operateAt: createdAtOf(i),
        details: {
          after: {
            name: w.name,
            trigger: w.trigger,
            channels: w.channels,
            chat_webhook_url: w.chatWebhookUrl ? maskWebhookUrl(w.chatWebhookUrl) : null,
            enabled: true,
          },
        },
      };
      const disable = {
        type: AUDIT_TYPE,
        instanceId: String(row.id),
        operator: w.createdBy,
        operation: 'disable',
        operateAt: disabledAt(i),
        details: { before: { enabled: true }, after: { enabled: false } },
      };
      return w.enabled ? [create] : [create, disable];
    }),
  );

  const subjectsByTrigger = new Map<NotificationTrigger, Subject[]>();
  for (const [i, w] of SEED_WORKFLOWS.entries()) {
    // The events of the last 30 days it heard.
    if (!w.enabled || w.perDay === 0) continue;
    if (!subjectsByTrigger.has(w.trigger)) subjectsByTrigger.set(w.trigger, await subjectsFor(tx, w.trigger));
    const subjects = subjectsByTrigger.get(w.trigger)!;
    if (!subjects.length) continue;
    for (let day = 29; day >= 0; day--) {
      // At least one today, so the newest deliveries include some still pending.
      const n = Math.max(day === 0 ? 1 : 0, r.int(0, w.perDay));
      for (let k = 0; k < n; k++) {
        const s = r.pick(subjects);
        // Today's events are from the hours before the seed; others anywhere in their day.
        const occurredAt = new Date(
          base - day * DAY - r.int(day === 0 ? 1 : 0, day === 0 ? 8 : 23) * HOUR - r.int(0, 59) * 60_000,
        );
        plans.push({ wf: i, eventIndex: events.length });
        events.push({
          type: w.trigger,
          subjectType: s.subjectType,
          subjectId: s.subjectId,
          title: s.title,
          summary: s.summary,
          link: s.link,
          recipients: s.recipients,
          clusterIds: s.clusterIds,
          actor: s.actor,
          occurredAt,
        });
      }
    }
  }
  if (!events.length) return;
  const eventRows = await tx.insert(portalEvents).values(events).returning();

  const deliveries: (typeof notificationDeliveries.$inferInsert & { outcome: Outcome })[] = [];
  for (const plan of plans) {
    const { seed: w, row: wf } = made[plan.wf]!;
    const ev = eventRows[plan.eventIndex]!;
    const event: PortalEvent = {
      id: String(ev.id),
      type: ev.type as PortalEventType,
      subject_type: ev.subjectType,
      subject_id: ev.subjectId,
      title: ev.title,
      summary: ev.summary,
      link: ev.link,
      recipients: ev.recipients,
      tenant_id: ev.tenantId,
      cluster_ids: ev.clusterIds,
      actor: ev.actor,
      occurred_at: ev.occurredAt.toISOString(),
    };
    const audience = [
      ...new Set([...(w.users ?? []), ...withRoles(w.roles ?? []), ...(w.eventRecipients ? ev.recipients : [])]),
    ].sort();
    const age = (base - ev.occurredAt.getTime()) / DAY;
    for (const channel of w.channels) {
      const recipients =
        channel === 'chat'
          ? [w.chatName ?? maskWebhookUrl(w.chatWebhookUrl!)]
          : channel === 'in_portal'
            ? audience.filter((a) => portal.has(a))
            : audience;
      for (const recipient of recipients) {
        const roll = r.next();
        let outcome: Outcome;
        if (age < 0.5 && channel !== 'chat' && roll < 0.4) outcome = 'pending';
        else if (roll < (channel === 'chat' ? 0.06 : 0.08)) outcome = 'failed';
        else if (channel === 'in_portal' && r.next() < (age > 2 ? 0.7 : 0.25)) outcome = 'opened';
        else outcome = 'sent';
        deliveries.push({
          workflowId: wf.id,
          eventId: ev.id,
          eventType: ev.type,
          eventTitle: ev.title,
          subjectType: ev.subjectType,
          subjectId: ev.subjectId,
          link: ev.link,
          channel,
          recipient,
          ...renderMessage({ publicUrl: '' }, wf, event, recipient),
          createdAt: ev.occurredAt,
          outcome,
        });
      }
    }
  }

  // Chat messages first (a chat delivery points at its message), then the deliveries, then what they left.
  const chatIndexes = deliveries.flatMap((d, i) => (d.channel === 'chat' ? [i] : []));
  const byWorkflow = new Map(made.map((m) => [m.row.id, m.row]));
  if (chatIndexes.length) {
    const messages = await tx
      .insert(chatMessages)
      .values(
        chatIndexes.map((i) => {
          const d = deliveries[i]!;
          const wf = byWorkflow.get(d.workflowId)!;
          const failed = d.outcome === 'failed';
          return {
            sourceType: 'notification_workflow',
            sourceId: String(d.workflowId),
            targetUrl: wf.chatWebhookUrl,
            targetName: wf.chatName,
            title: d.subject,
            text: d.body,
            status: failed ? 'failed' : 'recorded',
            attempts: failed ? 5 : 1,
            error: failed ? 'webhook answered HTTP 502: Bad Gateway' : null,
            sender: SYSTEM,
            createdAt: d.createdAt!,
            sentAt: failed ? null : new Date(d.createdAt!.getTime() + 4_000),
          };
        }),
      )
      .returning({ id: chatMessages.id });
    chatIndexes.forEach((i, k) => (deliveries[i]!.chatMessageId = messages[k]!.id));
  }

  const rows = await tx
    .insert(notificationDeliveries)
    .values(
      deliveries.map(({ outcome, ...d }) => {
        const at = d.createdAt!.getTime();
        const chat = d.channel === 'chat';
        const row = { ...d, status: chat ? 'pending' : outcome };
        if (chat) return row;
        if (outcome === 'failed')
          return {
            ...row,
            attempts: 5,
            error:
              d.channel === 'email' ? 'connect ECONNREFUSED 10.0.3.25:587' : 'the inbox could not be written (retried)',
          };
        if (outcome === 'pending')
          return { ...row, attempts: 1, error: '421 4.3.2 Service not available, closing transmission channel' };
        return {
          ...row,
          attempts: 1,
          sentAt: new Date(at + 3_000),
          openedAt: outcome === 'opened' ? new Date(at + r.int(1, 20) * HOUR) : null,
        };
      }),
    )
    .returning();

  // The inbox items the in-portal deliveries left (one per user and event), read when their delivery was opened.
  const inPortal = rows.filter((d) => d.channel === 'in_portal' && (d.status === 'sent' || d.status === 'opened'));
  if (inPortal.length) {
    await tx
      .insert(inboxItems)
      .values(
        inPortal.map((d) => ({
          userEmail: d.recipient,
          title: d.subject,
          body: d.body,
          eventId: d.eventId,
          eventType: d.eventType,
          subjectType: d.subjectType,
          subjectId: d.subjectId,
          link: d.link,
          workflowId: d.workflowId,
          createdAt: d.sentAt!,
          readAt: d.openedAt,
        })),
      )
      .onConflictDoNothing();
    await tx.execute(sql`
      UPDATE ${notificationDeliveries} d SET inbox_item_id = i.id FROM ${inboxItems} i
      WHERE d.channel = 'in_portal' AND d.status IN ('sent', 'opened') AND d.inbox_item_id IS NULL
        AND i.user_email = d.recipient AND i.event_id = d.event_id`);
  }

  // The embedded outbox holds the emails sent.
  const emails = rows.filter((d) => d.channel === 'email' && d.status === 'sent');
  if (emails.length)
    await tx.insert(emailOutbox).values(
      emails.map((d) => ({
        deliveryId: d.id,
        workflowId: d.workflowId,
        fromAddress: FROM,
        toAddress: d.recipient,
        subject: d.subject,
        body: d.body,
        createdAt: d.sentAt!,
      })),
    );

  // A pending delivery is between retries: its next attempt is queued for an hour or so after the seed.
  const pending = rows.filter((d) => d.status === 'pending' && d.channel !== 'chat');
  if (pending.length)
    await tx.insert(jobs).values(
      pending.map((d, i) => ({
        kind: DELIVER_JOB,
        payload: { deliveryId: d.id },
        runAt: new Date(base + HOUR + i * 5 * 60_000),
        dedupeKey: `notification.deliver:${d.id}`,
        attempts: 0,
      })),
    );

  // Each workflow's last trigger.
  await tx.execute(sql`
    UPDATE ${notificationWorkflows} w SET last_triggered_at = x.at
    FROM (SELECT workflow_id, max(created_at) AS at FROM ${notificationDeliveries} GROUP BY workflow_id) x
    WHERE x.workflow_id = w.id`);
}
