import type { FeatureManifest } from '../../shared/lib/feature';
import { workflowPath } from './paths';

export { notificationKeys } from './keys';

/**
 * Notifications (spec §2 /notification, /notification/detail/{workflow_id}, /notification/{workflow_id}/statistics):
 * workflows that deliver a message on email, a chat webhook or the in-portal inbox when a portal event happens. The
 * header's bell (app/layout/NotificationBell) shows the signed-in user's inbox.
 */
export const notificationsFeature: FeatureManifest = {
  key: 'notification',
  requires: 'notifications.read',
  routes: [
    {
      path: '/notification',
      title: 'Notification',
      page: () => import('./pages/WorkflowListPage').then((m) => m.WorkflowListPage),
    },
    {
      path: '/notification/detail/:workflowId',
      page: () => import('./pages/WorkflowDetailPage').then((m) => m.WorkflowDetailPage),
    },
    {
      path: '/notification/:workflowId/statistics',
      page: () => import('./pages/WorkflowStatisticsPage').then((m) => m.WorkflowStatisticsPage),
    },
  ],
  menu: { section: 'notification', key: 'notification', label: 'Notification', path: '/notification', order: 1 },
  objectLinks: [{ kind: 'notification_workflow', path: workflowPath }],
  auditLinks: [{ type: 'notification_workflow', path: workflowPath }],
};
