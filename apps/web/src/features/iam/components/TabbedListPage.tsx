import { lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { Spinner } from '../../../shared/ui/Spinner';
import { TabSet } from '../../../shared/ui/TabSet';

export interface ListTab {
  key: string;
  label: string;
  content: ComponentType;
}

/** A tab whose code loads when it first opens. */
export const lazyTab = (load: () => Promise<ComponentType>) =>
  lazy(() => load().then((component) => ({ default: component })));

const later = (content: ReactNode) => (
  <Suspense
    fallback={
      <div style={{ padding: 24, textAlign: 'center' }}>
        <Spinner />
      </div>
    }
  >
    {content}
  </Suspense>
);

/**
 * /iam/entity and /iam/role: a page of lists, one per tab, the tab in the URL (`?tab=`). A tab's search and page live
 * in the URL beside it; switching tabs starts the other list afresh.
 */
export function TabbedListPage({
  title,
  description,
  tabs,
}: {
  title: string;
  description: ReactNode;
  tabs: readonly ListTab[];
}) {
  const [search, setSearch] = useSearchParams();
  const active = tabs.find((t) => t.key === search.get('tab'))?.key ?? tabs[0]!.key;
  return (
    <>
      <PageHeader title={title} description={description} />
      <Panel>
        <TabSet
          aria-label={title}
          activeKey={active}
          onChange={(tab) => setSearch({ tab })}
          destroyOnHidden
          items={tabs.map(({ key, label, content: Content }) => ({ key, label, children: later(<Content />) }))}
        />
      </Panel>
    </>
  );
}
