import { userbehaviorApi } from '@portal/contract';
import { principalOf } from '../../platform/auth.js';
import { defineFeature } from '../../platform/context.js';
import { eventSubscribers } from '../../platform/events.js';
import * as service from './service.js';

export { userbehaviorChats, userbehaviorDeliveries, userbehaviorSubscriptions } from './schema.js';

/**
 * User-behaviour subscriptions (spec §2 /userbehavior_subscriptions, §7 "userbehavior subscriptions: CRUD, add_chat,
 * larkchat_options, mock"): tenant events (sign-up, cluster created, payment failed) delivered to Lark/Feishu chats,
 * through the portal's events (an `eventSubscribers` contribution) and chat messages (platform/chat.ts).
 */
export const userbehaviorFeature = defineFeature({
  name: 'userbehavior',
  provides: (ctx) => [eventSubscribers.provide(service.userbehaviorSubscriber(ctx.config.publicUrl))],
  routes: (r, ctx) => {
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email;
    const deps: service.DeliveryContext = { db: ctx.db, publicUrl: ctx.config.publicUrl };
    r.add(userbehaviorApi.list, (req) => service.listSubscriptions(ctx.db, req.query));
    r.add(userbehaviorApi.create, async (req) => ({
      subscription: await service.createSubscription(ctx.db, who(req), req.body),
    }));
    r.add(userbehaviorApi.larkchatOptions, () => service.listChats(ctx.db));
    r.add(userbehaviorApi.addChat, (req) => service.addChat(ctx.db, who(req), req.body));
    r.add(userbehaviorApi.detail, async (req) => ({
      subscription: await service.getSubscription(ctx.db, req.params.id),
    }));
    r.add(userbehaviorApi.update, async (req) => ({
      subscription: await service.updateSubscription(ctx.db, req.params.id, who(req), req.body),
    }));
    r.add(userbehaviorApi.remove, (req) => service.deleteSubscription(ctx.db, req.params.id, who(req)));
    r.add(userbehaviorApi.enable, async (req) => ({
      subscription: await service.setEnabled(ctx.db, req.params.id, who(req), true),
    }));
    r.add(userbehaviorApi.disable, async (req) => ({
      subscription: await service.setEnabled(ctx.db, req.params.id, who(req), false),
    }));
    r.add(userbehaviorApi.mock, async (req) => {
      const answer = await service.mockSubscription(deps, req.params.id, who(req), req.body ?? {});
      // Deliver the test message now rather than at the runner's next poll.
      ctx.jobs.wake();
      return answer;
    });
  },
});
