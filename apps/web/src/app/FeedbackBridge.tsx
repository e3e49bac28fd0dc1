import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { setDialogRequester, setToastRequester } from '../shared/lib/feedback';
import { OptionalPart } from '../shared/ui/OptionalPart';

const ToastHolder = lazy(() => import('./ToastHolder').then((m) => ({ default: m.ToastHolder })));
const ModalHolder = lazy(() => import('./ModalHolder').then((m) => ({ default: m.ModalHolder })));

/**
 * Hands antd's context-aware message/notification and modal APIs to code outside React, such as the HTTP client.
 * Each holder (and antd's code for it) loads on its first use: the first paint needs neither. Render it once,
 * above the routes.
 */
export function FeedbackBridge() {
  const [toastsWanted, setToastsWanted] = useState(false);
  const [dialogsWanted, setDialogsWanted] = useState(false);
  // Layout effects: registered before any page's effects can raise a notice.
  useLayoutEffect(() => {
    setToastRequester(() => setToastsWanted(true));
    return () => setToastRequester(null);
  }, []);
  useLayoutEffect(() => {
    setDialogRequester(() => setDialogsWanted(true));
    return () => setDialogRequester(null);
  }, []);
  return (
    <>
      {toastsWanted ? (
        <OptionalPart what="The toasts" fallback={null}>
          <Suspense fallback={null}>
            <ToastHolder />
          </Suspense>
        </OptionalPart>
      ) : null}
      {dialogsWanted ? (
        <Suspense fallback={null}>
          <ModalHolder />
        </Suspense>
      ) : null}
    </>
  );
}
