import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { InboxItem } from '@portal/contract';
import { inboxItem, P } from '../../features/notifications/testing';
import { mockFetch } from '../../test/fetchMock';
import { operatorProfile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { NotificationBell, UNREAD_POLL_MS } from './NotificationBell';

vi.setConfig({ testTimeout: 60_000 });

const UNREAD = `${P}/inbox/unread_count`;
const INBOX = `${P}/inbox`;

/** A user's inbox on the server: two unread items (one without an object to open) and a read one. */
function serve() {
  let items: InboxItem[] = [
    inboxItem(),
    inboxItem({
      id: '70',
      title: 'Maintenance 12 scheduled',
      body: '',
      subject_type: null,
      subject_id: null,
      link: null,
      workflow_id: '4',
    }),
    inboxItem({ id: '69', title: 'An older one', read_at: '2024-06-01T00:00:00.000Z' }),
  ];
  const unread = () => items.filter((i) => !i.read_at).length;
  return mockFetch({
    [`GET ${UNREAD}`]: () => ({ body: { unread: unread() } }),
    [`GET ${INBOX}`]: () => ({ body: { items, total: items.length, unread: unread() } }),
    [`POST ${INBOX}/read_all`]: () => {
      const updated = unread();
      items = items.map((i) => ({ ...i, read_at: i.read_at ?? '2024-06-02T00:00:00.000Z' }));
      return { body: { updated, unread: 0 } };
    },
    [`POST ${INBOX}/:id/read`]: (req) => {
      const id = req.url.pathname.split('/').at(-2);
      items = items.map((i) => (i.id === id ? { ...i, read_at: '2024-06-02T00:00:00.000Z' } : i));
      return { body: { item: items.find((i) => i.id === id), unread: unread() } };
    },
  });
}

const render = (path = '/overview') =>
  renderWithProviders(
    <>
      <NotificationBell profile={operatorProfile} />
      <p>page</p>
    </>,
    { path },
  );

describe('notification bell', () => {
  it("shows the signed-in user's unread count, and reads it again every minute and on the window's focus", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = serve();
    render();
    const bell = await screen.findByRole('button', { name: 'Notifications: 2 unread' });
    expect(bell).toHaveTextContent('2');
    expect(calls('GET', UNREAD)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS - 2000));
    expect(calls('GET', UNREAD)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(calls('GET', UNREAD)).toHaveLength(2));

    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(calls('GET', UNREAD)).toHaveLength(3));
    focusManager.setFocused(undefined);
  });

  it('opens the latest notifications on click (the same button throughout), and Mark all as read clears the count', async () => {
    const { calls } = serve();
    render();
    const bell = await screen.findByRole('button', { name: 'Notifications: 2 unread' });
    // The panel's code is not part of the first paint: nothing asks for the inbox before the user reaches for it.
    expect(calls('GET', INBOX)).toHaveLength(0);
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    // The click that loaded the panel's code also opened it, on the very same button.
    expect(screen.getByRole('button', { name: /^Notifications/ })).toBe(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const list = await within(panel).findByRole('list', { name: 'Latest notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Jump access to cluster orders-prod awaits your approval');
    expect(items[0]).toHaveTextContent('5 min ago');
    expect(within(items[0]!).getByLabelText('Unread')).toBeInTheDocument();
    expect(within(items[2]!).queryByLabelText('Unread')).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls('POST', `${INBOX}/read_all`)).toHaveLength(1));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications'));
    expect(bell.querySelector('.bell-count')).toBeNull();
    await waitFor(() => expect(within(panel).queryByLabelText('Unread')).not.toBeInTheDocument());
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it("clicking one marks it read and opens its object's page; Escape and a click outside close the panel", async () => {
    const { calls } = serve();
    const { router } = render();
    const bell = await screen.findByRole('button', { name: 'Notifications: 2 unread' });
    // Reaching for the bell loads the panel's code; the click then opens it.
    fireEvent.pointerEnter(bell);
    await userEvent.click(bell);
    await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();

    await userEvent.click(bell);
    await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(screen.getByText('page'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();

    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    // The jumps area's audit link: subject `jump` 12 → /jumps/12.
    const link = await within(panel).findByRole('link', { name: /awaits your approval/ });
    expect(link).toHaveAttribute('href', '/jumps/12');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/jumps/12'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls('POST', `${INBOX}/71/read`)).toHaveLength(1));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications: 1 unread'));
  });
});
