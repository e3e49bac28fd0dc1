import { useEffect, useId, useRef, useState } from 'react';
import { Button } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { Profile } from '@portal/contract';
import { Spinner } from '../../shared/ui/Spinner';

export interface UserMenuProps {
  profile: Profile | undefined;
  /** The sign-in email, shown until the profile arrives. */
  email: string | undefined;
  loading: boolean;
  onLogout(): void;
}

/**
 * The header's user menu: name, email, roles and Logout (spec §2). A disclosure: the trigger button is one element for
 * the page's whole life and the panel renders next to it, in the shell's own code. An earlier version loaded antd's
 * Dropdown on first hover and swapped the trigger for the dropdown's: a click whose press and release straddled the
 * swap was lost (the release hit a new node), and the end-to-end logout test failed now and then.
 */
export function UserMenu({ profile, email, loading, onLogout }: UserMenuProps) {
  const name = profile?.name ?? email ?? 'User';
  const roles = profile?.roles ?? [];
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!anchor.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <span className="user-menu-anchor" ref={anchor}>
      <Button
        ref={trigger}
        type="text"
        className="user-menu-trigger"
        aria-label={`User menu: ${name}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <UserOutlined />
        <span className="user-menu-name">{name}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
      {open && (
        <div id={panelId} className="user-menu" role="dialog" aria-label="User menu">
          {loading ? (
            <Spinner size="small" />
          ) : (
            <>
              <strong className="user-menu-title">{name}</strong>
              <span className="user-menu-email">{profile?.email ?? email}</span>
              <div aria-label="Roles">
                {roles.length ? (
                  roles.map((role) => (
                    <span key={role} className={role === 'admin' ? 'role-chip role-chip-admin' : 'role-chip'}>
                      {role}
                    </span>
                  ))
                ) : (
                  <span className="user-menu-email">No roles</span>
                )}
              </div>
              <Button block icon={<LogoutOutlined />} onClick={onLogout}>
                Logout
              </Button>
            </>
          )}
        </div>
      )}
    </span>
  );
}
