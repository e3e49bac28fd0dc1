import type { ReactElement } from 'react';
import { Button, Dropdown, Flex, Spin } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import type { UserMenuProps } from './UserMenu';

export interface UserMenuDropdownProps extends UserMenuProps {
  name: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The header's trigger button. */
  children: ReactElement;
}

/** The user dropdown itself: name, email, roles and Logout (spec §2). Loaded when the user reaches for it. */
export function UserMenuDropdown({
  profile,
  email,
  loading,
  onLogout,
  name,
  open,
  onOpenChange,
  children,
}: UserMenuDropdownProps) {
  const roles = profile?.roles ?? [];
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      popupRender={() => (
        <div className="user-menu" role="dialog" aria-label="User menu">
          {loading ? (
            <Spin size="small" />
          ) : (
            <Flex vertical gap={8}>
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
            </Flex>
          )}
        </div>
      )}
    >
      {children}
    </Dropdown>
  );
}
