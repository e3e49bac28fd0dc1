import type { ComponentType, ReactNode } from 'react';
import type { AuditType, Cluster, Privilege, Tenant } from '@portal/contract';

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
  // Spec §6: the admin menus. Who sees them is data (/rbac): each entry needs its feature's admin.* privilege.
  { key: 'admin', label: 'Admin' },
  { key: 'iam', label: 'IAM' },
] as const satisfies readonly { key: string; label: string }[];

export type MenuSectionKey = (typeof MENU_SECTIONS)[number]['key'];

interface FeatureRouteBase {
  /** A react-router path, e.g. "/orgs/:orgId". */
  path: string;
  /** Breadcrumb label of this exact path; the path segment otherwise. */
  title?: string;
  /** The privilege needed to open it (others get a 403 page); the feature's `requires` when absent. */
  requires?: Privilege;
}

/**
 * A page of the feature — lazily imported (route-level code splitting) — or a path that only forwards to another
 * (spec §2: /sku_service redirects to /sku_service/spu), which loads no code at all.
 */
export type FeatureRoute = FeatureRouteBase &
  ({ page: () => Promise<ComponentType>; redirectTo?: undefined } | { redirectTo: string; page?: undefined });

export interface FeatureMenu {
  section: MenuSectionKey;
  key: string;
  label: string;
  /** Top-level (`root`) entries only: every icon is in every route's first download; a section's entries have none. */
  icon?: ComponentType;
  path: string;
  /** Position within the section, ascending. */
  order: number;
}

// ---- extension slots: what an area adds to pages and widgets it does not own --------------------------------------

/** What a tab or action contributed to the cluster detail page receives. */
export interface ClusterSlotProps {
  cluster: Cluster;
}

/** What a tab contributed to the tenant (org) detail page receives. */
export interface TenantSlotProps {
  tenant: Tenant;
}

/** A tab an area adds to another area's detail page. */
export interface PageTabSlot<P> {
  /** Unique on the page; also the value of its `?tab=` search param. */
  key: string;
  label: string;
  /** Position among the page's tabs, ascending; the page's own tabs sit at 0, 10, 20, … */
  order: number;
  /** Shown only when this holds for the page's object (e.g. a cluster type); always when absent. */
  when?: (props: P) => boolean;
  /** Lazy import of the tab's content: its code loads when the tab first opens. */
  load: () => Promise<ComponentType<P>>;
}

/** A header action (a button or link) an area adds to another area's detail page. */
export interface PageActionSlot<P> {
  key: string;
  /** Position among the page's actions, ascending. */
  order: number;
  when?: (props: P) => boolean;
  /** Rendered as is (keep it small: it is part of the first download). */
  component: ComponentType<P>;
}

export type ClusterTabSlot = PageTabSlot<ClusterSlotProps>;
export type ClusterActionSlot = PageActionSlot<ClusterSlotProps>;
export type TenantTabSlot = PageTabSlot<TenantSlotProps>;

/** What an object link is given: the object's id, its tenant when known, and optional link text. */
export interface ObjectLinkProps {
  id: string;
  tenantId?: string | null;
  children?: ReactNode;
}

/**
 * How an object of one kind links to its page wherever another area shows it (an operation's target, a change's
 * target): the plain path when the id alone tells it, and/or a richer link (hover card, a look-up) loaded lazily.
 * Without either, the id shows as text.
 */
export interface ObjectLinkSlot {
  /** The object kind, e.g. 'cluster', 'tenant', 'ticdc_cluster', 'changefeed' (an operation's `target_type`). */
  kind: string;
  /** The object's page; shown at once (and while `load` is still loading). */
  path?: (id: string, tenantId?: string | null) => string;
  /** The richer link component, loaded on first use. */
  load?: () => Promise<ComponentType<ObjectLinkProps>>;
}

/** The page of an audited object, for an audit type the area owns (the audit list links the instance id there). */
export interface AuditLinkSlot {
  type: AuditType;
  path: (instanceId: string) => string;
}

/** An antd Tag colour: a preset (`success`, `processing`, `warning`, `error`, `default`) or a colour name. */
export type StatusColor = string;

/**
 * A panel an area adds to /overview (spec §7 dashboard: on-call, critical alerts, SLA, top QPS…). Each loads its code
 * on its own and runs its own query, so one that fails shows its own error and the rest of the page stays.
 */
export interface OverviewPanelSlot {
  /** Unique on the page. */
  key: string;
  /** The panel's heading. */
  title: string;
  /** Position among the panels, ascending. */
  order: number;
  /** Columns it spans on a wide screen (of 2); 1 when absent. */
  span?: 1 | 2;
  /** Shown only to those with this privilege; to every signed-in user when absent. */
  requires?: Privilege;
  /** Lazy import of the panel's content (everything under its heading: loading, error and empty states included). */
  load: () => Promise<ComponentType>;
}

/** What a feature registers with the shell: its routes, its sidebar entry and what it adds to other pages. */
export interface FeatureManifest {
  key: string;
  routes: FeatureRoute[];
  /** Its sidebar entry, or entries (an area with several pages in its section, e.g. the config center). */
  menu?: FeatureMenu | readonly FeatureMenu[];
  /** The privilege every route (and the menu entry) of the feature needs, unless a route names its own. */
  requires: Privilege;
  /** Tabs it adds to the cluster detail page (/orgs/:orgId/clusters/:clusterId). */
  clusterTabs?: readonly ClusterTabSlot[];
  /** Header actions it adds to the cluster detail page. */
  clusterActions?: readonly ClusterActionSlot[];
  /** Tabs it adds to the tenant detail page (/orgs/:orgId). */
  tenantTabs?: readonly TenantTabSlot[];
  /** Panels it adds to /overview. */
  overviewPanels?: readonly OverviewPanelSlot[];
  /** How its objects link back wherever others show them (operation targets, change targets). */
  objectLinks?: readonly ObjectLinkSlot[];
  /** Where the audit list links the instance id of its audit types. */
  auditLinks?: readonly AuditLinkSlot[];
  /**
   * Tag colours of its statuses, keyed by the status as shown (case-insensitive; cluster statuses without their
   * USER_CLUSTER_STATUS_ prefix). The shell merges every feature's; StatusTag falls back to a few generic words.
   */
  statusColors?: Readonly<Record<string, StatusColor>>;
}
