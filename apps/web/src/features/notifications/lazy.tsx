import { lazy } from 'react';

/**
 * The header bell's panel (the signed-in user's latest notifications, Mark all as read): its code loads when the
 * shell first renders it, i.e. when the user reaches for the bell (app/layout/NotificationBell).
 */
export const InboxPanel = lazy(() => import('./bell/InboxPopover').then((m) => ({ default: m.InboxPopover })));
