import { createElement, useMemo, useState } from 'react';
import type { ComponentType, KeyboardEvent, ReactNode } from 'react';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import {
  AppstoreOutlined,
  DownOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import type { FeatureManifest, FeatureMenu, MenuSectionKey } from '../../shared/lib/feature';
import type { MenuGroup } from './navigation';
import { menuGroups, selectedMenu } from './navigation';

// Few icons on purpose: each one is in the first download.
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

function writeCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(collapsed));
  } catch {
    // not persisted; still collapses
  }
}

/**
 * An entry's icon. A top-level entry without one shows its initial, so the collapsed sidebar still tells entries
 * apart; an entry in a section shows nothing.
 */
function EntryIcon({ entry, nested }: { entry: FeatureMenu; nested: boolean }) {
  if (entry.icon) return <MenuIcon icon={entry.icon} />;
  if (nested) return null;
  return (
    <span className="side-menu-initial" aria-hidden="true">
      {entry.label.slice(0, 1)}
    </span>
  );
}

/** Decoration: the entry's name is its label alone. */
function MenuIcon({ icon }: { icon: ComponentType }) {
  return (
    <span className="side-menu-icon" aria-hidden="true">
      {createElement(icon)}
    </span>
  );
}

/** Arrow keys move between the visible entries and sections; Left and Right close and open a section. */
function onMenuKey(event: KeyboardEvent<HTMLElement>, toggle: (section: string, open: boolean) => void): void {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  if (at < 0) return;
  const current = items[at] as HTMLElement;
  const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
  const section = current.dataset.section ?? current.closest<HTMLElement>('[data-section-list]')?.dataset.sectionList;
  switch (event.key) {
    case 'ArrowDown':
      focus(at + 1);
      break;
    case 'ArrowUp':
      focus(at - 1);
      break;
    case 'Home':
      focus(0);
      break;
    case 'End':
      focus(items.length - 1);
      break;
    case 'ArrowRight':
      if (!current.dataset.section) return;
      toggle(current.dataset.section, true);
      break;
    case 'ArrowLeft':
      if (!section) return;
      toggle(section, false);
      event.currentTarget.querySelector<HTMLElement>(`[data-section="${section}"]`)?.focus();
      break;
    default:
      return;
  }
  event.preventDefault();
}

export interface SidebarProps {
  features: readonly FeatureManifest[];
  /** The signed-in user's privileges: entries needing others are left out. */
  privileges: readonly string[];
}

/**
 * The collapsible sidebar (spec §2); the collapsed state survives reloads. Plain links in an `<aside>` (global.css),
 * with the roles and keys of a menu: antd's Menu would bring its own engine, popups and tooltips (and a large
 * stylesheet) into every page's first download.
 */
export function Sidebar({ features, privileges }: SidebarProps) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const { pathname } = useLocation();
  const groups = useMemo(() => menuGroups(features, privileges), [features, privileges]);
  const selected = selectedMenu(pathname, groups);
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

  const collapse = (next: boolean) => {
    setCollapsed(next);
    writeCollapsed(next);
  };
  const toggle = (section: string, open: boolean) =>
    setOpenKeys((keys) => (open ? [...new Set([...keys, section])] : keys.filter((k) => k !== section)));

  const entry = (item: FeatureMenu, nested: boolean): ReactNode => {
    const active = selected?.key === item.key;
    const className = ['side-menu-item', nested && 'side-menu-item-nested', active && 'side-menu-item-selected'];
    return (
      <li key={item.key} role="none">
        <Link
          to={item.path}
          role="menuitem"
          aria-current={active ? 'page' : undefined}
          title={collapsed ? item.label : undefined}
          className={className.filter(Boolean).join(' ')}
        >
          <EntryIcon entry={item} nested={nested} />
          <span className="side-menu-label">{item.label}</span>
        </Link>
      </li>
    );
  };

  const section = (group: MenuGroup): ReactNode => {
    const open = !collapsed && openKeys.includes(group.key);
    const holdsSelected = selected?.group === group.key;
    return (
      <li key={group.key} role="none">
        <button
          type="button"
          role="menuitem"
          aria-expanded={open}
          aria-haspopup="true"
          data-section={group.key}
          title={collapsed ? group.label : undefined}
          className={`side-menu-item side-menu-section${holdsSelected ? ' side-menu-section-selected' : ''}`}
          onClick={() => {
            // Collapsed, a section has no room for its entries: widen the sidebar with the section open.
            if (collapsed) {
              collapse(false);
              toggle(group.key, true);
            } else toggle(group.key, !open);
          }}
        >
          <MenuIcon icon={SECTION_ICONS[group.key] ?? AppstoreOutlined} />
          <span className="side-menu-label">{group.label}</span>
          <DownOutlined className={`side-menu-arrow${open ? ' side-menu-arrow-open' : ''}`} aria-hidden="true" />
        </button>
        {open ? (
          <ul role="menu" aria-label={group.label} data-section-list={group.key} className="side-menu-sub">
            {group.entries.map((item) => entry(item, true))}
          </ul>
        ) : null}
      </li>
    );
  };

  return (
    <aside className={collapsed ? 'app-sider app-sider-collapsed' : 'app-sider'}>
      <nav aria-label="Main menu">
        <ul
          role="menu"
          className={`side-menu${collapsed ? ' side-menu-collapsed' : ''}`}
          onKeyDown={(event) => onMenuKey(event, toggle)}
        >
          {groups.flatMap((group) =>
            group.key === 'root' ? group.entries.map((item) => entry(item, false)) : [section(group)],
          )}
        </ul>
      </nav>
      <button
        type="button"
        className="app-sider-trigger"
        aria-label={collapsed ? 'Expand the menu' : 'Collapse the menu'}
        aria-expanded={!collapsed}
        onClick={() => collapse(!collapsed)}
      >
        {collapsed ? <RightOutlined /> : <LeftOutlined />}
      </button>
    </aside>
  );
}
