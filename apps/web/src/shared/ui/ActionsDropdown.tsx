import { useState } from 'react';
import { Button, Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { ActionsMenuProps } from './ActionsMenu';

/** The loaded Actions menu (see ActionsMenu). */
export function ActionsDropdown({
  items,
  onClick,
  label = 'Actions',
  autoOpen,
}: ActionsMenuProps & { autoOpen: boolean }) {
  const [open, setOpen] = useState(autoOpen);
  return (
    <Dropdown
      menu={{
        items,
        onClick: (info) => {
          setOpen(false);
          onClick?.(info);
        },
      }}
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
    >
      <Button type="primary" autoFocus={autoOpen}>
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
