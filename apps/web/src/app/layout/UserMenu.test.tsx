import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UserMenu } from './UserMenu';

const profile = { email: 'ada@example.com', name: 'Ada Admin', roles: ['admin', 'operator'] } as never;

describe('user menu', () => {
  it('opens from one trigger element that never changes, and closes on Escape (focus back) or a click outside', async () => {
    const onLogout = vi.fn();
    render(
      <div>
        <p>page</p>
        <UserMenu profile={profile} email="ada@example.com" loading={false} onLogout={onLogout} />
      </div>,
    );
    const trigger = screen.getByRole('button', { name: 'User menu: Ada Admin' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    const menu = screen.getByRole('dialog', { name: 'User menu' });
    expect(menu).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('button', { name: 'User menu: Ada Admin' })).toBe(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', menu.id);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'User menu' })).toBeNull();
    expect(trigger).toHaveFocus();

    await userEvent.click(trigger);
    fireEvent.pointerDown(screen.getByText('page'));
    expect(screen.queryByRole('dialog', { name: 'User menu' })).toBeNull();

    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('button', { name: /Logout/ }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner while the profile loads, and "No roles" for a user without any', async () => {
    const { rerender } = render(<UserMenu profile={undefined} email="x@example.com" loading onLogout={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'User menu: x@example.com' }));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    rerender(
      <UserMenu
        profile={{ ...(profile as object), roles: [] } as never}
        email="x@example.com"
        loading={false}
        onLogout={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'User menu' })).toHaveTextContent('No roles');
  });
});
