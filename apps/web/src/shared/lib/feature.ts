import type { ComponentType } from 'react';

/** Sidebar sections, in the order of spec §2. `root` entries sit at the top level. */
export const MENU_SECTIONS = [
  { key: 'root', label: '' },
  { key: 'devops', label: 'DevOps' },
  { key: 'eventCenter', label: 'Event Center' },
  { key: 'monitor', label: 'Monitor' },
  { key: 'settings', label: 'DBaaS Settings' },
  { key: 'partner', label: 'Partner' },
  { key: 'configcenter', label: 'Config Center' },
  { key: 'notification', label: 'Notification' },
  { key: 'skus', label: 'SKUs' },
  { key: 'userbehavior', label: 'User Behavior' },
  { key: 'aiops', label: 'AIOps' },
  { key: 'admin', label: 'Admin', adminOnly: true },
  { key: 'iam', label: 'IAM', adminOnly: true },
] as const satisfies readonly { key: string; label: string; adminOnly?: boolean }[];

export type MenuSectionKey = (typeof MENU_SECTIONS)[number]['key'];

export interface FeatureRoute {
  /** A react-router path, e.g. "/orgs/:orgId". */
  path: string;
  /** Lazy import of the page component (route-level code splitting). */
  page: () => Promise<ComponentType>;
  /** Breadcrumb label of this exact path; the path segment otherwise. */
  title?: string;
  /** Only users with the admin role may open it (others get a 403 page). */
  adminOnly?: boolean;
}

export interface FeatureMenu {
  section: MenuSectionKey;
  key: string;
  label: string;
  icon?: ComponentType;
  path: string;
  /** Position within the section, ascending. */
  order: number;
}

/** What a feature registers with the shell: its routes and its sidebar entry. */
export interface FeatureManifest {
  key: string;
  routes: FeatureRoute[];
  menu?: FeatureMenu;
  /** The whole feature (routes and menu) is for the admin role only. */
  adminOnly?: boolean;
}
