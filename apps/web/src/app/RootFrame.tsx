import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FeedbackBridge } from './FeedbackBridge';
import { documentTitle } from './layout/navigation';

/** The root route: toasts and dialogs, the document title, then the matched route. */
export function RootFrame() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  return (
    <>
      <FeedbackBridge />
      <Outlet />
    </>
  );
}
