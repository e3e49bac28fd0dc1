import type { ReactNode } from 'react';
import { Card, Descriptions, Skeleton, Tabs } from 'antd';
import type { DescriptionsProps, TabsProps } from 'antd';

import { ErrorState } from './ErrorState';
import { PageHeader } from './PageHeader';
import { useSearchUpdate } from '../lib/useSearchUpdate';

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
        <Card>
          <ErrorState error={error} onRetry={onRetry} />
        </Card>
      </>
    );
  }
  const firstKey = tabs?.[0]?.key;
  const activeKey = tabs?.some((t) => t.key === search.get(tabParam)) ? (search.get(tabParam) ?? firstKey) : firstKey;
  const items: TabsProps['items'] = tabs?.map((t) => ({ key: t.key, label: t.label, children: t.children }));

  return (
    <>
      <PageHeader title={title} tags={loading ? null : tags} extra={loading ? null : extra} />
      {descriptions || loading ? (
        <Card size="small" className="detail-facts">
          {loading ? (
            <Skeleton active paragraph={{ rows: 3 }} title={false} />
          ) : (
            <Descriptions size="small" column={column} items={descriptions} />
          )}
        </Card>
      ) : null}
      {!loading && children}
      {!loading && items && items.length > 0 ? (
        <Card size="small" className="detail-tabs">
          <Tabs
            activeKey={activeKey}
            items={items}
            destroyOnHidden
            onChange={(key) =>
              updateSearch((next) => {
                if (key === firstKey) next.delete(tabParam);
                else next.set(tabParam, key);
              }, true)
            }
          />
        </Card>
      ) : null}
    </>
  );
}
