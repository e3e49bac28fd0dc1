import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { message, notification } from 'antd';
import { setDialogRequester, setFeedbackApi } from '../shared/lib/feedback';

const ModalHolder = lazy(() => import('./ModalHolder').then((m) => ({ default: m.ModalHolder })));

/**
 * Hands antd's context-aware message/notification (and, on first use, modal) APIs to code outside
 * React, such as the HTTP client. Render it once, above the routes.
 */
export function FeedbackBridge() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [dialogsWanted, setDialogsWanted] = useState(false);
  // Layout effects: registered before any page's effects can raise a notice.
  useLayoutEffect(() => {
    setFeedbackApi({ message: messageApi, notification: notificationApi });
    return () => setFeedbackApi(null);
  }, [messageApi, notificationApi]);
  useLayoutEffect(() => {
    setDialogRequester(() => setDialogsWanted(true));
    return () => setDialogRequester(null);
  }, []);
  return (
    <>
      {messageHolder}
      {notificationHolder}
      {dialogsWanted ? (
        <Suspense fallback={null}>
          <ModalHolder />
        </Suspense>
      ) : null}
    </>
  );
}
