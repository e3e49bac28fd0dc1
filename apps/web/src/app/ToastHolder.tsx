import { useLayoutEffect } from 'react';
import { message, notification } from 'antd';
import { setToastApi } from '../shared/lib/feedback';

/** Loaded on the first toast: mounts antd's message and notification hooks and hands their APIs to feedback(). */
export function ToastHolder() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useLayoutEffect(() => {
    setToastApi({ message: messageApi, notification: notificationApi });
    return () => setToastApi(null);
  }, [messageApi, notificationApi]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
