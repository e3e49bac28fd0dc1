import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';

const LazyTab = lazy(() => import('./components/ClusterTicdcTab').then((m) => ({ default: m.ClusterTicdcTab })));

/** The cluster page's TiCDC tab (its TiCDC clusters and changefeeds); loads when the tab first opens. */
export function ClusterTicdcTab({ clusterId }: { clusterId: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <LazyTab clusterId={clusterId} />
    </Suspense>
  );
}
