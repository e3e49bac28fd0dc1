import { startTransition, Suspense, useId, useRef, useState } from 'react';
import { Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { notificationsApi } from '@portal/contract';
import type { Profile } from '@portal/contract';
import { InboxPanel } from '../../features/notifications/lazy';
import { notificationKeys } from '../../features/notifications';
import { api } from '../../shared/lib/api';
import { browser } from '../../shared/lib/browser';
import { can } from '../../shared/lib/useCan';
import { OptionalPart } from '../../shared/ui/OptionalPart';
import './NotificationBell.css';

/** The bell re-reads the unread count this often, and whenever the window regains the focus. */
export const UNREAD_POLL_MS = 60_000;

/**
 * The header's in-portal notification bell: the signed-in user's unread count, and on click their latest
 * notifications (features/notifications: InboxPanel). Only the icon and the count are in the shell; the panel's code
 * loads when the pointer or the focus reaches the bell (or on the first click, which opens it once loaded). The
 * button stays the same element throughout: the panel is its sibling, never a wrapper that would replace it (a click
 * whose mousedown and mouseup hit different nodes is lost).
 */
export function NotificationBell({ profile }: { profile: Profile | undefined }) {
  const allowed = can(profile, notificationsApi.inboxUnread);
  const count = useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => api(notificationsApi.inboxUnread, {}, { signal }),
    enabled: allowed,
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const want = () => startTransition(() => setWanted(true));
  const unread = count.data?.unread ?? 0;
  if (!allowed) return null;
  return (
    <span className="bell-anchor">
      <Button
        ref={trigger}
        type="text"
        className="bell-trigger"
        aria-label={unread ? `Notifications: ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={want}
        onFocus={want}
        onClick={() => {
          want();
          setOpen((o) => !o);
        }}
      >
        <BellOutlined />
        {unread ? (
          <sup className="count-badge count-badge-red bell-count" aria-hidden>
            {unread > 99 ? '99+' : unread}
          </sup>
        ) : null}
      </Button>
      {wanted ? (
        // The panel's code did not arrive (most likely a new deploy): offer a fresh load of the console.
        <OptionalPart
          what="The notifications"
          fallback={
            open ? (
              <div id={panelId} className="bell-panel" role="dialog" aria-label="Notifications">
                The notifications could not be loaded.{' '}
                <Button type="link" size="small" onClick={() => browser.reload()}>
                  Reload
                </Button>
              </div>
            ) : null
          }
        >
          <Suspense fallback={open ? <div id={panelId} className="bell-panel" aria-busy="true" /> : null}>
            <InboxPanel id={panelId} open={open} onClose={() => setOpen(false)} trigger={trigger} />
          </Suspense>
        </OptionalPart>
      ) : null}
    </span>
  );
}
