/*
 * The privilege catalogue: every privilege a route can declare (`access`), named `<area>.<verb>` like Kubernetes
 * RBAC verbs on a resource. `read` sees an area's pages and lists, `write` makes the changes an operator makes,
 * `manage` the changes the spec keeps for administrators (prices, partner API keys, providers, SKUs, tenants).
 * `admin.*` are the admin menus of spec §6 (users, audits, privilege grants, IAM, system settings).
 *
 * Privileges are code, not data: a route names one, so the catalogue changes with the routes. Roles — which
 * privileges each grants — are data (`rbac_roles`), managed on /rbac. This file holds no schemas: the server seeds
 * and checks against it; the web shows the descriptions on /rbac (lazy) only.
 */

export const PRIVILEGE_AREAS = {
  overview: 'Overview',
  orgs: 'Tenants and clusters',
  providers: 'Providers',
  operations: 'Operations',
  approvals: 'Approvals',
  audit: 'Audit trails',
  configchange: 'Configuration changes',
  ticdc: 'TiCDC',
  ctl: 'Cluster control',
  gitops: 'GitOps',
  configcenter: 'Config center',
  release: 'Releases',
  maintenance: 'Maintenance',
  jumps: 'Jump authorizations',
  k8s: 'Kubernetes upgrades',
  incidents: 'Incidents',
  remediation: 'Remediation tickets',
  notifications: 'Notifications',
  userbehavior: 'User behavior',
  monitoring: 'Monitoring',
  sla: 'SLA',
  aiops: 'AIOps',
  billing: 'Billing',
  partners: 'Partners',
  skus: 'SKUs',
  rbac: 'RBAC',
  settings: 'System settings',
  admin: 'Administration',
} as const;
export type PrivilegeArea = keyof typeof PRIVILEGE_AREAS;

/** Every privilege, with what it allows (shown on /rbac). Order: by area, then read, write, manage. */
export const PRIVILEGE_CATALOGUE = [
  { name: 'overview.read', description: 'See the overview dashboard and its panels' },
  { name: 'orgs.read', description: 'See tenants, projects and clusters' },
  { name: 'orgs.manage', description: 'Create and delete tenants, start support sessions, change credits and quotas' },
  { name: 'providers.read', description: 'See cloud providers and regions' },
  { name: 'providers.manage', description: 'Add providers and regions, change regions' },
  { name: 'operations.read', description: 'See operation instances' },
  { name: 'operations.write', description: 'Act on operations: retry, skip, cancel steps' },
  { name: 'approvals.read', description: 'See approvals' },
  { name: 'approvals.write', description: 'Approve or reject where named as the approver' },
  { name: 'audit.read', description: "See an object's audit trail on its page" },
  { name: 'configchange.read', description: 'See configuration changes' },
  { name: 'configchange.write', description: 'Prepare, apply and cancel configuration changes' },
  { name: 'ticdc.read', description: 'See TiCDC clusters and changefeeds' },
  { name: 'ticdc.write', description: 'Upgrade, modify and act on TiCDC clusters and changefeeds' },
  { name: 'ctl.read', description: 'See cluster control commands and their history' },
  { name: 'ctl.write', description: 'Run cluster control commands' },
  { name: 'gitops.read', description: 'See gitops and secondary confirmations' },
  { name: 'gitops.write', description: 'Apply secondary confirmations' },
  { name: 'configcenter.read', description: 'See versions, dictionaries, components and templates' },
  { name: 'configcenter.write', description: 'Change the config center: versions, defaults, templates, releases' },
  { name: 'release.read', description: 'See releases, their changes and tickets' },
  { name: 'release.write', description: 'Create and run releases, changes and tickets' },
  { name: 'maintenance.read', description: 'See maintenances' },
  { name: 'maintenance.write', description: 'Create, run and close maintenances' },
  { name: 'jumps.read', description: 'See jump authorizations' },
  { name: 'jumps.write', description: 'Request and cancel jump authorizations' },
  { name: 'k8s.read', description: 'See infrastructure and Kubernetes upgrade tasks' },
  { name: 'k8s.write', description: 'Create and run Kubernetes upgrade tasks' },
  { name: 'incidents.read', description: 'See incidents and tracker issues' },
  { name: 'incidents.write', description: 'Open and update incidents, their logs and tracker issues' },
  { name: 'remediation.read', description: 'See remediation tickets' },
  { name: 'remediation.write', description: 'Create, submit and run remediation tickets' },
  { name: 'notifications.read', description: 'See notification workflows, the inbox and portal events' },
  { name: 'notifications.write', description: 'Change notification workflows' },
  { name: 'userbehavior.read', description: 'See user-behavior subscriptions' },
  { name: 'userbehavior.write', description: 'Change user-behavior subscriptions' },
  { name: 'monitoring.read', description: 'See certificates, infrastructure health, alerts and metrics' },
  { name: 'monitoring.write', description: 'Acknowledge and silence alerts, run component diffs' },
  { name: 'sla.read', description: 'See SLA and SLO reports' },
  { name: 'aiops.read', description: 'See AIOps issues and reports' },
  { name: 'aiops.write', description: 'Act on AIOps issues' },
  { name: 'billing.read', description: 'See invoices, billing accounts, plans and costs' },
  { name: 'billing.write', description: 'Change billing: credits, discounts, plans, risk levels' },
  { name: 'billing.manage', description: 'Confirm invoices and change prices, FX rates and global discounts' },
  { name: 'partners.read', description: 'See partners and their customers' },
  { name: 'partners.write', description: 'Create and change partners and customer links' },
  { name: 'partners.manage', description: 'Issue and revoke partner API keys' },
  { name: 'skus.read', description: 'See SKU groups, units and the SKU service catalogue' },
  { name: 'skus.write', description: 'Change SKU groups and units' },
  { name: 'skus.manage', description: 'Change the SKU service catalogue and its whitelists' },
  { name: 'rbac.read', description: 'See roles and the privileges they grant' },
  { name: 'rbac.manage', description: 'Create roles and change the privileges they grant' },
  { name: 'settings.read', description: 'See the system settings' },
  { name: 'admin.settings', description: 'Change the system settings' },
  { name: 'admin.users', description: 'Manage portal users and their roles' },
  { name: 'admin.audits', description: 'See every audit log row (/audits)' },
  { name: 'admin.privileges', description: 'Grant and revoke time-bound privileges (/privilege)' },
  { name: 'admin.iam', description: 'Manage IAM: user groups, API keys, IAM roles, policies and bindings' },
] as const satisfies readonly { name: `${PrivilegeArea}.${string}`; description: string }[];

export type Privilege = (typeof PRIVILEGE_CATALOGUE)[number]['name'];
export const PRIVILEGES: readonly Privilege[] = /* @__PURE__ */ PRIVILEGE_CATALOGUE.map((p) => p.name);

/** The area of a privilege (the part before the dot). */
export function privilegeArea(p: string): string {
  return p.slice(0, p.indexOf('.'));
}

/**
 * The built-in roles, seeded, never deleted. `admin` always grants every privilege (it cannot be edited, so the
 * portal cannot lock its administrators out); `operator` and `viewer` start as below and can be edited on /rbac.
 */
export const BUILTIN_ROLES = {
  admin: {
    description: 'Administers the portal: every privilege',
    privileges: PRIVILEGES,
  },
  operator: {
    description: 'Runs the platform: sees every area and makes operational changes',
    privileges: /* @__PURE__ */ PRIVILEGES.filter((p) => p.endsWith('.read') || p.endsWith('.write')),
  },
  viewer: {
    description: 'Sees every area, changes nothing',
    privileges: /* @__PURE__ */ PRIVILEGES.filter((p) => p.endsWith('.read')),
  },
} as const satisfies Record<string, { description: string; privileges: readonly Privilege[] }>;
