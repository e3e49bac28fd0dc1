import { Flex } from 'antd';
import { BookOutlined, DatabaseFilled } from '@ant-design/icons';
import { Link } from 'react-router';
import { PORTAL_NAME, USER_MANUAL_URL } from '@portal/contract';
import { NotificationBell } from './NotificationBell';
import type { UserMenuProps } from './UserMenu';
import { UserMenu } from './UserMenu';

/** Title, User Manual link, the notification bell and the user dropdown (spec §2). */
export function AppHeader(props: UserMenuProps) {
  return (
    <header className="app-header">
      <Link to="/overview" className="app-title">
        <DatabaseFilled className="app-logo" />
        <h1 className="app-title-text">{PORTAL_NAME}</h1>
      </Link>
      <Flex align="center" gap={8}>
        <a href={USER_MANUAL_URL} target="_blank" rel="noreferrer" className="app-header-link">
          <BookOutlined /> User Manual
        </a>
        <NotificationBell profile={props.profile} />
        <UserMenu {...props} />
      </Flex>
    </header>
  );
}
