import type { ReactNode } from 'react';
import { Descriptions, Skeleton } from 'antd';
import type { DescriptionsProps } from 'antd';

import { ErrorState } from './ErrorState';
import { PageHeader } from './PageHeader';
import { useSearchUpdate } from '../lib/useSearchUpdate';
import { Panel } from './Panel';
import { TabSet } from './TabSet';

export interface DetailTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

export interface DetailLayoutProps {
  title: ReactNode;
  /** Next to the title: status tag, badges. */
  tags?: ReactNode;
  /** Action buttons, right of the title. */
  extra?: ReactNode;
  /** Facts of the object, shown as an antd Descriptions card. */
  descriptions?: DescriptionsProps['items'];
  /** Descriptions columns per breakpoint; defaults to 3 on wide screens. */
  column?: DescriptionsProps['column'];
  /** The object is still loading (shows a skeleton). */
  loading?: boolean;
  /** The object failed to load (replaces the page with an error state). */
  error?: unknown;
  onRetry?: () => void;
  /** Anything between the facts and the tabs (alerts, charts). */
  children?: ReactNode;
  tabs?: DetailTab[];
  /** The URL search key holding the active tab, so a reload keeps it. Default "tab". */
  tabParam?: string;
}

/** The frame of every detail page: header with actions, facts, then tabs (active tab kept in the URL). */
export function DetailLayout({
  title,
  tags,
  extra,
  descriptions,
  column = { xs: 1, sm: 2, lg: 3 },
  loading,
  error,
  onRetry,
  children,
  tabs,
  tabParam = 'tab',
}: DetailLayoutProps) {
  const [search, updateSearch] = useSearchUpdate();
  if (error && !loading) {
    return (
      <>
        <PageHeader title={title} />
        <Panel>
          <ErrorState error={error} onRetry={onRetry} />
        </Panel>
      </>
    );
  }
  const firstKey = tabs?.[0]?.key;
  const activeKey = tabs?.some((t) => t.key === search.get(tabParam)) ? (search.get(tabParam) ?? firstKey) : firstKey;

  return (
    <>
      <PageHeader title={title} tags={loading ? null : tags} extra={loading ? null : extra} />
      {descriptions || loading ? (
        <Panel className="detail-facts">
          {loading ? (
            <Skeleton active paragraph={{ rows: 3 }} title={false} />
          ) : (
            <Descriptions size="small" column={column} items={descriptions} />
          )}
        </Panel>
      ) : null}
      {!loading && children}
      {!loading && tabs && tabs.length > 0 ? (
        <Panel className="detail-tabs">
          <TabSet
            activeKey={activeKey}
            items={tabs}
            destroyOnHidden
            onChange={(key) =>
              updateSearch((next) => {
                if (key === firstKey) next.delete(tabParam);
                else next.set(tabParam, key);
              }, true)
            }
          />
        </Panel>
      ) : null}
    </>
  );
}
