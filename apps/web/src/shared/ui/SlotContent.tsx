import { Suspense } from 'react';
import { Skeleton } from 'antd';
import type { PageActionSlot } from '../lib/feature';
import type { CollectedTab } from '../lib/slots';
import type { DetailTab } from './DetailLayout';

/** A page's own tab with its position among the contributed ones (see `PageTabSlot.order`). */
export interface OrderedTab extends DetailTab {
  order: number;
}

/**
 * A detail page's tabs: its own, plus those other areas contribute for this object (`clusterTabs`, `tenantTabs` in
 * their manifests), merged by order. Without the object (still loading) only the page's own tabs.
 */
export function withContributedTabs<P extends object>(
  own: readonly OrderedTab[],
  contributed: readonly CollectedTab<P>[],
  props: P | undefined,
): DetailTab[] {
  const extra: OrderedTab[] = props
    ? contributed
        .filter((tab) => !tab.when || tab.when(props))
        .map(({ key, label, order, Content }) => ({
          key,
          label,
          order,
          children: (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
              <Content {...props} />
            </Suspense>
          ),
        }))
    : [];
  // Stable: a contributed tab with the same order as an own tab comes after it.
  return [...own, ...extra]
    .sort((a, b) => a.order - b.order)
    .map(({ key, label, children }) => ({ key, label, children }));
}

/** The header actions other areas contribute to a detail page, in order. */
export function ContributedActions<P extends object>({
  slots,
  props,
}: {
  slots: readonly PageActionSlot<P>[];
  props: P;
}) {
  return (
    <>
      {slots
        .filter((slot) => !slot.when || slot.when(props))
        .map(({ key, component: Action }) => (
          <Action key={key} {...props} />
        ))}
    </>
  );
}
