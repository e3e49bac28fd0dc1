import { Button, Dropdown, Flex, Spin } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { Profile } from '@portal/contract';

export interface UserMenuProps {
  profile: Profile | undefined;
  /** The sign-in email, shown until the profile arrives. */
  email: string | undefined;
  loading: boolean;
  onLogout(): void;
}

/** The header's user dropdown: name, email, roles and Logout (spec §2). */
export function UserMenu({ profile, email, loading, onLogout }: UserMenuProps) {
  const name = profile?.name ?? email ?? 'User';
  const roles = profile?.roles ?? [];
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
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
      <Button type="text" className="user-menu-trigger" aria-label={`User menu: ${name}`}>
        <UserOutlined />
        <span className="user-menu-name">{name}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
