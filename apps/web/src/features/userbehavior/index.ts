import type { FeatureManifest } from '../../shared/lib/feature';
import { subscriptionPath, userbehaviorAuditPath } from './paths';

export { userbehaviorKeys } from './keys';

/**
 * User-behaviour subscriptions (spec §2 /userbehavior_subscriptions): tenant events (sign-up, cluster created,
 * payment failed) delivered to Lark/Feishu chats.
 */
export const userbehaviorFeature: FeatureManifest = {
  key: 'userbehavior',
  requires: 'userbehavior.read',
  routes: [
    {
      path: '/userbehavior_subscriptions',
      title: 'User-behavior Subscriptions',
      page: () => import('./pages/SubscriptionListPage').then((m) => m.SubscriptionListPage),
    },
    {
      path: '/userbehavior_subscriptions/:subscriptionId',
      page: () => import('./pages/SubscriptionDetailPage').then((m) => m.SubscriptionDetailPage),
    },
  ],
  menu: {
    section: 'userbehavior',
    key: 'userbehavior_subscriptions',
    label: 'User-behavior Subscriptions',
    path: '/userbehavior_subscriptions',
    order: 1,
  },
  objectLinks: [{ kind: 'userbehavior_subscription', path: subscriptionPath }],
  auditLinks: [{ type: 'userbehavior_subscription', path: userbehaviorAuditPath }],
};
