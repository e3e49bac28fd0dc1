import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../shared/lib/browser';
import { UserMenu } from './UserMenu';

// The dropdown's chunk is gone (a new deploy replaced it).
vi.mock('./UserMenuDropdown', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('user menu', () => {
  it('whose dropdown cannot load offers a fresh load of the console, instead of breaking it', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <p>page</p>
        <UserMenu profile={undefined} email="olivia@example.com" loading={false} onLogout={() => undefined} />
      </div>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'User menu: olivia@example.com' }));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('The user menu could not be loaded:', expect.anything()));
    expect(screen.getByText('page')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'User menu: olivia@example.com' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
