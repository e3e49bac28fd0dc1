import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from 'antd';

/**
 * An operation's live progress for other features' pages (e.g. a configuration change that is applying). Its code
 * loads when it first shows.
 */
const LazyLiveOperation = lazy(() => import('./components/LiveOperation').then((m) => ({ default: m.LiveOperation })));

export function LiveOperation(props: ComponentProps<typeof LazyLiveOperation>) {
  return (
    <Suspense fallback={<Skeleton.Input active block />}>
      <LazyLiveOperation {...props} />
    </Suspense>
  );
}
