import { eventsApi } from '@portal/contract';
import { chatSenderFor, chatSendJob, CHAT_SEND_JOB, listChatMessages } from '../../platform/chat.js';
import { defineFeature } from '../../platform/context.js';
import { eventJobs, listEvents } from '../../platform/events.js';

/**
 * The event center's plumbing (issue 13): the portal's event log and its fan-out to subscribers
 * (platform/events.ts), and chat notices with their delivery (platform/chat.ts). Areas publish events and send chat
 * messages through those platform modules; this feature runs their durable jobs and serves what they recorded.
 */
export const eventsFeature = defineFeature({
  name: 'events',
  jobs: (ctx) => ({
    ...eventJobs(ctx.registry),
    [CHAT_SEND_JOB]: chatSendJob(chatSenderFor(ctx.config)),
  }),
  routes: (r, ctx) => {
    r.add(eventsApi.list, (req) => listEvents(ctx.db, req.query));
    r.add(eventsApi.chatMessages, (req) => listChatMessages(ctx.db, req.query));
  },
});
