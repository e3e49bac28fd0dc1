import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { ConfigChangeTableProps } from './components/ConfigChangeTable';
import type { ConfigEditorProps } from './components/ConfigEditor';
import type { ImageModificationViewProps } from './components/ImageModificationView';

/**
 * The configuration editor and change history as tab contents for other features' pages (the cluster,
 * TiCDC cluster and changefeed pages). Their code loads when the tab first opens.
 */
const LazyEditor = lazy(() => import('./components/ConfigEditor').then((m) => ({ default: m.ConfigEditor })));
const LazyHistory = lazy(() =>
  import('./components/ConfigChangeTable').then((m) => ({ default: m.ConfigChangeTable })),
);

const LazyImages = lazy(() =>
  import('./components/ImageModificationView').then((m) => ({ default: m.ImageModificationView })),
);

/** The image modification view (spec §2) for another feature's page, e.g. the TiCDC cluster's images. */
export function ImageModification(props: ImageModificationViewProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
      <LazyImages {...props} />
    </Suspense>
  );
}

export function CurrentConfigTab(props: ConfigEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <LazyEditor {...props} />
    </Suspense>
  );
}

/** The target's configuration changes (Modification Histories). */
export function ModificationHistoriesTab(props: ConfigChangeTableProps & { targetId: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <LazyHistory prefix="history_" {...props} />
    </Suspense>
  );
}
