import { matchPath } from 'react-router';
import { PORTAL_NAME } from '@portal/contract';
import type { Privilege } from '@portal/contract';
import type { FeatureManifest, FeatureMenu, MenuSectionKey } from '../../shared/lib/feature';
import { MENU_SECTIONS } from '../../shared/lib/feature';

function segmentsOf(pathname: string): string[] {
  return pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

/** Spec §2: the path segments joined with " / ", then the portal name. */
export function documentTitle(pathname: string): string {
  const segments = segmentsOf(pathname);
  return segments.length ? `${segments.join(' / ')} - ${PORTAL_NAME}` : PORTAL_NAME;
}

export interface Crumb {
  title: string;
  /** Set when the crumb's path is a page of its own (and not the current page). */
  path?: string;
}

function routeAt(features: readonly FeatureManifest[], path: string) {
  for (const feature of features) {
    for (const route of feature.routes) {
      if (matchPath({ path: route.path, end: true }, path)) return route;
    }
  }
  return undefined;
}

/** Spec §2: one crumb per path segment; a crumb links when its path is a route. */
export function breadcrumbs(pathname: string, features: readonly FeatureManifest[]): Crumb[] {
  const raw = pathname.split('/').filter(Boolean);
  const labels = segmentsOf(pathname);
  return raw.map((_, index) => {
    const path = `/${raw.slice(0, index + 1).join('/')}`;
    const route = routeAt(features, path);
    const isStatic = route !== undefined && !route.path.includes(':');
    const title = isStatic && route.title ? route.title : (labels[index] ?? '');
    const last = index === raw.length - 1;
    return route && !last ? { title, path } : { title };
  });
}

export interface MenuGroup {
  key: MenuSectionKey;
  label: string;
  entries: FeatureMenu[];
}

/** The privilege a feature's menu entry and routes need. */
export function featureRequirement(feature: FeatureManifest): Privilege {
  return feature.requires;
}

/**
 * The sidebar (spec §2): registered features' entries, grouped by section in spec order. Sections and features
 * whose required privilege the user lacks are left out (spec §6: the admin menus need the admin.* privileges, which
 * the roles of /rbac grant).
 */
export function menuGroups(features: readonly FeatureManifest[], privileges: readonly string[]): MenuGroup[] {
  const groups: MenuGroup[] = [];
  for (const section of MENU_SECTIONS) {
    const entries = features
      .filter((f) => privileges.includes(featureRequirement(f)))
      .flatMap((f): readonly FeatureMenu[] => (f.menu === undefined ? [] : 'section' in f.menu ? [f.menu] : f.menu))
      .filter((m) => m.section === section.key)
      .sort((a, b) => a.order - b.order);
    if (entries.length) groups.push({ key: section.key, label: section.label, entries });
  }
  return groups;
}

/** The menu entry of the current page: the one whose path is the longest prefix of the location. */
export function selectedMenu(
  pathname: string,
  groups: readonly MenuGroup[],
): { group: MenuSectionKey; key: string } | undefined {
  let best: { group: MenuSectionKey; key: string; length: number } | undefined;
  for (const group of groups) {
    for (const entry of group.entries) {
      const hit = pathname === entry.path || pathname.startsWith(`${entry.path}/`);
      if (hit && (!best || entry.path.length > best.length))
        best = { group: group.key, key: entry.key, length: entry.path.length };
    }
  }
  return best && { group: best.group, key: best.key };
}

/** The privilege needed to open a path: its route's, else its feature's; undefined when no route matches. */
export function pathRequirement(pathname: string, features: readonly FeatureManifest[]): Privilege | undefined {
  for (const f of features)
    for (const r of f.routes)
      if (matchPath({ path: r.path, end: true }, pathname)) return r.requires ?? featureRequirement(f);
  return undefined;
}
