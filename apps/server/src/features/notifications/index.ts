import { NOTIFICATION_TRIGGERS, notificationsApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { eventSubscribers } from '../../platform/events.js';
import { emailSenderFor } from './email.js';
import * as service from './service.js';

export { emailSenderFor, outboxEmailSender, smtpEmailSender, type EmailSender } from './email.js';
export { emailOutbox, inboxItems, notificationDeliveries, notificationWorkflows } from './schema.js';

/** The subscriber names (part of the event delivery jobs' keys). */
export const WORKFLOW_SUBSCRIBER = 'notifications.workflows';
export const APPROVAL_INBOX_SUBSCRIBER = 'notifications.approval_inbox';

/**
 * Notifications (spec §2 /notification, /notification/detail/{workflow_id}, /notification/{workflow_id}/statistics):
 * notification workflows that turn portal events into email, chat and in-portal messages, their deliveries and
 * statistics, the embedded email outbox, and each user's in-portal inbox (with the approval notice every
 * `approval.pending` event leaves there, workflows or not).
 */
export const notificationsFeature = defineFeature({
  name: 'notifications',
  provides: (ctx) => [
    eventSubscribers.provide({
      name: WORKFLOW_SUBSCRIBER,
      types: NOTIFICATION_TRIGGERS,
      deliver: (tx, event) => service.deliverEvent({ publicUrl: ctx.config.publicUrl }, tx, event),
    }),
    eventSubscribers.provide({
      name: APPROVAL_INBOX_SUBSCRIBER,
      types: ['approval.pending'],
      deliver: service.approvalInbox,
    }),
  ],
  jobs: (ctx) => ({ [service.DELIVER_JOB]: service.deliverJob(emailSenderFor(ctx.config)) }),
  routes: (r, ctx) => {
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email;
    const api = notificationsApi;
    r.add(api.list, (req) => service.listWorkflows(ctx.db, req.query));
    r.add(api.create, async (req) => ({ workflow: await service.createWorkflow(ctx.db, who(req), req.body) }));
    r.add(api.detail, async (req) => ({ workflow: await service.getWorkflow(ctx.db, req.params.workflow_id) }));
    r.add(api.update, async (req) => ({
      workflow: await service.updateWorkflow(ctx.db, req.params.workflow_id, who(req), req.body),
    }));
    r.add(api.remove, async (req) => {
      await service.deleteWorkflow(ctx.db, req.params.workflow_id, who(req));
      return { deleted: true as const };
    });
    r.add(api.enable, async (req) => ({
      workflow: await service.setEnabled(ctx.db, req.params.workflow_id, who(req), true),
    }));
    r.add(api.disable, async (req) => ({
      workflow: await service.setEnabled(ctx.db, req.params.workflow_id, who(req), false),
    }));
    r.add(api.deliveries, (req) => service.listDeliveries(ctx.db, req.params.workflow_id, req.query));
    r.add(api.statistics, (req) => service.statistics(ctx.db, req.params.workflow_id, req.query));
    r.add(api.emailOutbox, (req) => service.listEmailOutbox(ctx.db, req.query));
    r.add(api.inbox, (req) => service.inbox(ctx.db, who(req), req.query));
    r.add(api.inboxUnread, (req) => service.unreadCount(ctx.db, who(req)));
    r.add(api.markRead, (req) => service.markRead(ctx.db, who(req), req.params.id));
    r.add(api.markAllRead, (req) => service.markAllRead(ctx.db, who(req)));
  },
});
