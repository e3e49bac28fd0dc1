import { lazy, Suspense } from 'react';
import type { AuditLogTabProps } from './AuditLogTab';
import { Spinner } from './Spinner';

const Tab = lazy(() => import('./AuditLogTab').then((m) => ({ default: m.AuditLogTab })));

/**
 * The audit trail tab of a detail page, loaded when the tab first opens: its list is not part of the page's first
 * paint, so its code is not part of the page's first download either (every detail page has one).
 */
export function AuditLogTab(props: AuditLogTabProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <Tab {...props} />
    </Suspense>
  );
}
