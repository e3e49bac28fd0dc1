import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { Button, Spin } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime, notificationsApi } from '@portal/contract';
import type { InboxItem, InboxListQuery } from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { notificationKeys } from '../keys';
import { useSubjectPath } from '../lib/subjectPath';
import { timeAgo } from '../lib/timeAgo';
import './inbox.css';

/** How many of the latest notifications the panel lists. */
export const INBOX_PANEL_SIZE = 10;
const PANEL_QUERY: InboxListQuery = { page: 1, per_page: INBOX_PANEL_SIZE };

export interface InboxPopoverProps {
  /** The panel's element id (the bell's `aria-controls`). */
  id?: string;
  open: boolean;
  onClose(): void;
  /** The bell: a click on it is not a click outside, and Escape gives it the focus back. */
  trigger: RefObject<HTMLElement | null>;
}

/**
 * The bell's panel: the signed-in user's latest notifications, newest first (unread ones marked), Mark all as read;
 * clicking one marks it read and opens its object's page. Closes on Escape or a click outside.
 */
export function InboxPopover({ open, ...props }: InboxPopoverProps) {
  return open ? <InboxPanelContent {...props} /> : null;
}

function InboxPanelContent({ id, onClose, trigger }: Omit<InboxPopoverProps, 'open'>) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const client = useQueryClient();
  const pathOf = useSubjectPath();
  const query = useQuery({
    queryKey: notificationKeys.inboxList(PANEL_QUERY),
    queryFn: ({ signal }) => api(notificationsApi.inbox, { query: PANEL_QUERY }, { signal }),
    // Each opening shows what is there now.
    staleTime: 0,
  });
  const setUnread = (unread: number) => client.setQueryData(notificationKeys.unread(), { unread });
  const data = query.data;
  useEffect(() => {
    if (data) client.setQueryData(notificationKeys.unread(), { unread: data.unread });
  }, [client, data]);

  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (panel.current?.contains(target) || trigger.current?.contains(target)) return;
      close.current();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      close.current();
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [trigger]);

  const markRead = useMutation({
    mutationFn: (id: string) => api(notificationsApi.markRead, { params: { id } }),
    onSuccess: (r) => {
      setUnread(r.unread);
      void client.invalidateQueries({ queryKey: [...notificationKeys.inbox, 'list'] });
    },
  });
  const markAll = useMutation({
    mutationFn: () => api(notificationsApi.markAllRead),
    onSuccess: (r) => {
      setUnread(r.unread);
      void client.invalidateQueries({ queryKey: [...notificationKeys.inbox, 'list'] });
    },
  });

  const unread = data?.unread ?? 0;
  const openItem = (item: InboxItem) => {
    if (!item.read_at) markRead.mutate(item.id);
    onClose();
  };
  const now = Date.now();

  return (
    <div ref={panel} id={id} className="bell-panel inbox-panel" role="dialog" aria-label="Notifications">
      <div className="inbox-head">
        <strong>Notifications</strong>
        <Button
          type="link"
          size="small"
          disabled={!unread}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </Button>
      </div>
      {query.isLoading ? (
        <div className="inbox-state">
          <Spin size="small" />
        </div>
      ) : !data ? (
        <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />
      ) : data.items.length === 0 ? (
        <div className="inbox-state">No notifications</div>
      ) : (
        <ul className="inbox-list" aria-label="Latest notifications">
          {data.items.map((item) => {
            const path = pathOf(item);
            const body = (
              <>
                <span className="inbox-title">
                  {item.read_at ? null : <span className="inbox-dot" aria-label="Unread" />}
                  {item.title}
                </span>
                {item.body ? <span className="inbox-body">{item.body}</span> : null}
                <time
                  className="inbox-time"
                  dateTime={item.created_at}
                  title={`${formatDateTime(item.created_at)} UTC`}
                >
                  {timeAgo(item.created_at, now)}
                </time>
              </>
            );
            const className = item.read_at ? 'inbox-item' : 'inbox-item inbox-item-unread';
            return (
              <li key={item.id}>
                {path ? (
                  <Link to={path} className={className} onClick={() => openItem(item)}>
                    {body}
                  </Link>
                ) : (
                  <button type="button" className={className} onClick={() => openItem(item)}>
                    {body}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {data && data.total > data.items.length ? (
        <div className="inbox-foot">
          The latest {data.items.length} of {data.total}
        </div>
      ) : null}
    </div>
  );
}
