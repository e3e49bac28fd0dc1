import { lazy, startTransition, Suspense, useState } from 'react';
import { Button } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import type { Profile } from '@portal/contract';
import { browser } from '../../shared/lib/browser';
import { OptionalPart } from '../OptionalPart';

const UserMenuDropdown = lazy(() => import('./UserMenuDropdown').then((m) => ({ default: m.UserMenuDropdown })));

export interface UserMenuProps {
  profile: Profile | undefined;
  /** The sign-in email, shown until the profile arrives. */
  email: string | undefined;
  loading: boolean;
  onLogout(): void;
}

/**
 * The header's user dropdown: name, email, roles and Logout (spec §2). The dropdown's code (antd's Dropdown and its
 * popup engine) loads when the pointer or the focus reaches the button, or on the first click, which opens it once
 * loaded: the first paint does not need it.
 */
export function UserMenu(props: UserMenuProps) {
  const name = props.profile?.name ?? props.email ?? 'User';
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  // A transition: the plain button stays (and takes the click) until the dropdown's code has arrived.
  const want = () => startTransition(() => setWanted(true));
  const trigger = (loaded: boolean, onClick?: () => void) => (
    <Button
      type="text"
      className="user-menu-trigger"
      aria-label={`User menu: ${name}`}
      aria-haspopup="dialog"
      aria-expanded={open}
      // The loaded dropdown replaces this button: keep the keyboard user's focus on it.
      autoFocus={loaded && focused}
      onPointerEnter={want}
      onFocus={() => {
        setFocused(true);
        want();
      }}
      onBlur={() => setFocused(false)}
      onClick={
        onClick ??
        (loaded
          ? undefined
          : () => {
              want();
              setOpen(true);
            })
      }
    >
      <UserOutlined />
      <span className="user-menu-name">{name}</span>
      <DownOutlined style={{ fontSize: 10 }} />
    </Button>
  );
  return (
    // The dropdown's code did not arrive (most likely a new deploy): a click loads the console afresh.
    <OptionalPart what="The user menu" fallback={trigger(false, () => browser.reload())}>
      <Suspense fallback={trigger(false)}>
        {wanted ? (
          <UserMenuDropdown {...props} name={name} open={open} onOpenChange={setOpen}>
            {trigger(true)}
          </UserMenuDropdown>
        ) : (
          trigger(false)
        )}
      </Suspense>
    </OptionalPart>
  );
}
