import type {
  EmailOutboxListQuery,
  InboxListQuery,
  NotificationDeliveryListQuery,
  NotificationStatisticsQuery,
  NotificationWorkflowListQuery,
} from '@portal/contract';

/**
 * Every query key of the notifications area (re-exported by api.ts). A module of its own so that the header's bell
 * (in the shell of every page) and the area's manifest use them without bundling the hooks.
 */
export const notificationKeys = {
  all: ['notification'] as const,
  workflows: () => ['notification', 'workflows'] as const,
  list: (params: NotificationWorkflowListQuery) => ['notification', 'workflows', 'list', params] as const,
  detail: (id: string) => ['notification', 'workflows', 'detail', id] as const,
  deliveries: (id: string, params?: NotificationDeliveryListQuery) =>
    params
      ? (['notification', 'workflows', 'deliveries', id, params] as const)
      : (['notification', 'workflows', 'deliveries', id] as const),
  statistics: (id: string, params?: NotificationStatisticsQuery) =>
    params
      ? (['notification', 'workflows', 'statistics', id, params] as const)
      : (['notification', 'workflows', 'statistics', id] as const),
  emailOutboxes: () => ['notification', 'email_outbox'] as const,
  emailOutbox: (params: EmailOutboxListQuery) => ['notification', 'email_outbox', params] as const,
  /** The signed-in user's inbox: the bell's unread count and its latest items. */
  inbox: ['notification', 'inbox'] as const,
  unread: () => ['notification', 'inbox', 'unread'] as const,
  inboxList: (params: InboxListQuery) => ['notification', 'inbox', 'list', params] as const,
};
