import { Button } from 'antd';
import type { MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { deferredControl } from './deferredControl';
import type { StandInProps } from './deferredControl';

export interface ActionsMenuProps {
  items: MenuProps['items'];
  onClick: MenuProps['onClick'];
  /** The button's text; "Actions" when absent. */
  label?: string;
}

function ActionsStandIn({ label = 'Actions', onReach, onActivate }: ActionsMenuProps & StandInProps) {
  return (
    <Button type="primary" aria-haspopup="menu" onPointerEnter={onReach} onFocus={onReach} onClick={onActivate}>
      {label} <DownOutlined />
    </Button>
  );
}

/**
 * A detail page's Actions button and its menu. antd's Dropdown and Menu (≈ 17 KB gzip) load when the pointer or the
 * focus reaches the button; the first click opens the menu as soon as they are there.
 */
export const ActionsMenu = deferredControl<ActionsMenuProps>(
  () => import('./ActionsDropdown').then((m) => m.ActionsDropdown),
  ActionsStandIn,
);
