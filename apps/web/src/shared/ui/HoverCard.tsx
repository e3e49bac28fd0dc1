import type { ReactNode } from 'react';
import { useState } from 'react';
import { Alert, Popover, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { HOVER_CARD_DELAY_S, HOVER_CARD_WIDTH } from '@portal/contract';
import { errorMessage } from '../lib/ApiError';

export interface HoverCardProps<T, K extends QueryKey> {
  /** The trigger (usually a link). */
  children: ReactNode;
  /** What to fetch; it runs only once the card has opened. */
  query: UseQueryOptions<T, Error, T, K>;
  render(data: T): ReactNode;
}

/** Spec §2 hover card: opens after 0.3 s, 400 px wide, fetches on open, shows a failure in an error alert. */
export function HoverCard<T, K extends QueryKey>({ children, query, render }: HoverCardProps<T, K>) {
  const [opened, setOpened] = useState(false);
  const { data, error } = useQuery({ ...query, enabled: opened, retry: false });
  let content: ReactNode;
  if (error) content = <Alert type="error" showIcon title={errorMessage(error)} />;
  else if (data !== undefined) content = render(data);
  else content = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  return (
    <Popover
      onOpenChange={(next) => {
        if (next) setOpened(true);
      }}
      mouseEnterDelay={HOVER_CARD_DELAY_S}
      styles={{ root: { width: HOVER_CARD_WIDTH, maxWidth: HOVER_CARD_WIDTH } }}
      content={<div className="hover-card">{content}</div>}
    >
      <span className="hover-card-trigger">{children}</span>
    </Popover>
  );
}
