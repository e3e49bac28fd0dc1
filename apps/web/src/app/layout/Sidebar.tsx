import { createElement, useMemo, useState } from 'react';
import type { ComponentType } from 'react';
import { Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { AppstoreOutlined, SafetyCertificateOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import type { FeatureManifest, MenuSectionKey } from '../../shared/lib/feature';
import { menuGroups, selectedMenu } from './navigation';

type MenuItem = NonNullable<MenuProps['items']>[number];

// Few icons on purpose: each one is in the first download (budget ≤ 250 KB gzip).
const SECTION_ICONS: Partial<Record<MenuSectionKey, ComponentType>> = {
  settings: SettingOutlined,
  admin: SafetyCertificateOutlined,
  iam: TeamOutlined,
};

export const SIDEBAR_COLLAPSED_KEY = 'portal.sidebarCollapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export interface SidebarProps {
  features: readonly FeatureManifest[];
  /** The signed-in user's privileges: entries needing others are left out. */
  privileges: readonly string[];
}

/** The collapsible sidebar; the collapsed state survives reloads. */
export function Sidebar({ features, privileges }: SidebarProps) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const location = useLocation();
  const navigate = useNavigate();
  const groups = useMemo(() => menuGroups(features, privileges), [features, privileges]);
  const selected = selectedMenu(location.pathname, groups);
  const [openKeys, setOpenKeys] = useState<string[]>(() =>
    selected && selected.group !== 'root' ? [selected.group] : [],
  );
  // Navigating into a closed section (a link elsewhere on the page) opens it, so the current entry shows.
  const [shownGroup, setShownGroup] = useState(selected?.group);
  if (selected?.group !== shownGroup) {
    setShownGroup(selected?.group);
    if (selected && selected.group !== 'root' && !openKeys.includes(selected.group))
      setOpenKeys([...openKeys, selected.group]);
  }

  const items = groups.flatMap<MenuItem>((group) => {
    const entries = group.entries.map((entry) => ({
      key: entry.key,
      icon: entry.icon ? createElement(entry.icon) : undefined,
      label: entry.label,
      onClick: () => void navigate(entry.path),
    }));
    if (group.key === 'root') return entries;
    return [
      {
        key: group.key,
        label: group.label,
        icon: createElement(SECTION_ICONS[group.key] ?? AppstoreOutlined),
        children: entries,
      },
    ];
  });

  return (
    <Layout.Sider
      collapsible
      collapsed={collapsed}
      onCollapse={(next) => {
        setCollapsed(next);
        try {
          window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(next));
        } catch {
          // not persisted; still collapses
        }
      }}
      theme="light"
      width={220}
      collapsedWidth={56}
      className="app-sider"
    >
      <nav aria-label="Main menu">
        <Menu
          mode="inline"
          items={items}
          selectedKeys={selected ? [selected.key] : []}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={(keys) => setOpenKeys(keys)}
        />
      </nav>
    </Layout.Sider>
  );
}
