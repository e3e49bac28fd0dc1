import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { FeatureSlots } from '../shared/lib/slots';
import { SlotsProvider } from '../shared/lib/slots';
import { FeedbackBridge } from './FeedbackBridge';
import { documentTitle } from './layout/navigation';

/** The root route: the features' slots, toasts and dialogs, the document title, then the matched route. */
export function RootFrame({ slots }: { slots: FeatureSlots }) {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  return (
    <SlotsProvider value={slots}>
      <FeedbackBridge />
      <Outlet />
    </SlotsProvider>
  );
}
