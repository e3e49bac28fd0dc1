/** The list of user-behaviour subscriptions. */
export const USERBEHAVIOR_LIST_PATH = '/userbehavior_subscriptions';
/** The page of a subscription. */
export const subscriptionPath = (id: string) => `${USERBEHAVIOR_LIST_PATH}/${encodeURIComponent(id)}`;
/** Where an audit row of the area leads: a subscription's page, or the list for a chat's row (`chat-<id>`). */
export const userbehaviorAuditPath = (instanceId: string) =>
  instanceId.startsWith('chat-') ? USERBEHAVIOR_LIST_PATH : subscriptionPath(instanceId);
