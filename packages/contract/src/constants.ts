/** Spec §9 business constants. */
export const PORTAL_NAME = 'Management Portal';
export const HTTP_TIMEOUT_MS = 30_000;
export const SEARCH_DEBOUNCE_MS = 300;
export const RELOAD_DEBOUNCE_MS = 200;
/** A list (re)loads this long after its filters, sort or page last changed, so changes made together load once. */
export const LIST_AUTOLOAD_MS = 10;
export const HOVER_CARD_DELAY_S = 0.3;
export const HOVER_CARD_WIDTH = 400;
export const UNLIMITED_QUOTA = -1;
/** The operator's manual, a static page the portal serves (apps/web/public/manual.html); it links the API docs. */
export const USER_MANUAL_URL = '/manual.html';

export const CLOUD_PROVIDERS = ['AWS', 'GCP', 'AZURE', 'ALICLOUD'] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

export const CLUSTER_TYPES = [
  'DEDICATED_TIDB',
  'TICDC',
  'CHANGEFEED',
  'SHARED_POOL',
  'LOGICAL_CLUSTER',
  'TICDC_NG',
  'CHANGEFEED_NG',
] as const;
export type ClusterType = (typeof CLUSTER_TYPES)[number];
export const DEFAULT_CLUSTER_TYPE: ClusterType = 'DEDICATED_TIDB';

/**
 * The kind of object a cluster type names — what operations and links target: a cluster, a TiCDC cluster or a
 * changefeed.
 */
export type ObjectKind = 'cluster' | 'ticdc_cluster' | 'changefeed';
export function objectKindOf(clusterType: ClusterType | string): ObjectKind {
  if (clusterType === 'TICDC' || clusterType === 'TICDC_NG') return 'ticdc_cluster';
  if (clusterType === 'CHANGEFEED' || clusterType === 'CHANGEFEED_NG') return 'changefeed';
  return 'cluster';
}

export const COMPONENTS = ['TIKV', 'TIDB', 'TIFLASH', 'TIFLASH_LEARNER', 'PD', 'TIPROXY'] as const;
export type Component = (typeof COMPONENTS)[number];

export const CPU_ARCHS = ['AMD64', 'ARM64'] as const;

export const AUDIT_TYPES = [
  'change',
  'ctl',
  'gitops_secondary_confirm',
  'cluster_maintenance',
  'operation',
  'jump',
  'cloud_config_change',
  'cloud_config_default_config_change',
  'k8s_upgrade_task',
  'tenant',
  'spu_sku',
  'provider',
  /** Portal users (roles, enabled state); not in the spec §3 list, which names no type for access changes. */
  'user',
  /** Issue 18: roles of /rbac (instance: the role name), privilege grants (the grant id), IAM objects (their name;
   * a binding: `<kind>:<target>:<subject_type>:<subject>`) and system settings (the setting key). */
  'rbac_role',
  'privilege_grant',
  'iam_user_group',
  'iam_api_key',
  'iam_policy',
  'iam_binding',
  'system_setting',
  /** Releases, their changes and tickets (issue 12); not in the spec §3 list, which names no type for them. */
  'release',
  /** Issue 13's event center: incidents, remediation tickets, notification workflows, user-behaviour subscriptions. */
  'incident',
  'remediation_ticket',
  'notification_workflow',
  'userbehavior_subscription',
  /** Issues the portal created in the issue tracker without linking them to an object (instance: the issue key). */
  'tracker_issue',
  /** Issue 14: AIOps issues (acknowledge, resolve; opened by the detector as system). */
  'aiops_issue',
  /** Issue 14: cluster alerts acknowledged, silenced, silence lifted (instance: the alert id). */
  'cluster_alert',
  /** Issue 14: component-diff reports generated and cancelled (instance: the report id). */
  'component_diff_report',
  /** Issue 15: contracts (instance: the contract id); a tenant's payments, closing and the like audit as `tenant`. */
  'billing_contract',
  /** Issue 15, billing: invoices, discounts, global discounts, credits, support plans (and bindings), credit risk
   * levels (and a tenant's), fx rates, tax rates and usage ingested (instance: the object's id). */
  'billing_invoice',
  'billing_discount',
  'billing_global_discount',
  'billing_credit',
  'billing_support_plan',
  'billing_risk_level',
  'billing_fx_rate',
  'billing_config',
  'billing_usage',
  /** Issue 16: partners, their customer links and API keys (instance: the partner's org id). */
  'partner',
] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];
