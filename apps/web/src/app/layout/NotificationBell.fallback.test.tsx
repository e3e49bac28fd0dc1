import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../shared/lib/browser';
import { mockFetch } from '../../test/fetchMock';
import { operatorProfile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { NotificationBell } from './NotificationBell';

// The panel's chunk is gone (a new deploy replaced it).
vi.mock('../../features/notifications/bell/InboxPopover', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('notification bell', () => {
  it('whose panel cannot load offers a fresh load of the console, and leaves the page and the count alone', async () => {
    mockFetch({ 'GET /api/v1/devops/notification/inbox/unread_count': { body: { unread: 1 } } });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <>
        <NotificationBell profile={operatorProfile} />
        <p>page</p>
      </>,
    );
    const bell = await screen.findByRole('button', { name: 'Notifications: 1 unread' });
    await userEvent.click(bell);
    await waitFor(() => expect(warn).toHaveBeenCalledWith('The notifications could not be loaded:', expect.anything()));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(panel).toHaveTextContent('The notifications could not be loaded.');
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications: 1 unread' })).toBe(bell);
    await userEvent.click(within(panel).getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
