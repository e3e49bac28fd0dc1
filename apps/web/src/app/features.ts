import type { FeatureManifest } from '../shared/lib/feature';
import { accessFeature } from '../features/access';
import { aiopsFeature } from '../features/aiops';
import { auditsFeature } from '../features/audits';
import { billingFeature } from '../features/billing';
import { billingAccountsFeature } from '../features/billingaccounts';
import { clusterMonitoringFeature } from '../features/clustermonitoring';
import { configcenterFeature } from '../features/configcenter';
import { configChangeFeature } from '../features/configchange';
import { ctlFeature } from '../features/ctl';
import { dashboardFeature } from '../features/dashboard';
import { gitopsFeature } from '../features/gitops';
import { iamFeature } from '../features/iam';
import { incidentsFeature } from '../features/incidents';
import { jumpsFeature } from '../features/jumps';
import { maintenanceFeature } from '../features/maintenance';
import { metricsFeature } from '../features/metrics';
import { monitoringFeature } from '../features/monitoring';
import { notificationsFeature } from '../features/notifications';
import { k8sFeature } from '../features/k8s';
import { operationsFeature } from '../features/operations';
import { orgsFeature } from '../features/orgs';
import { overviewFeature } from '../features/overview';
import { partnersFeature } from '../features/partners';
import { privilegesFeature } from '../features/privileges';
import { settingsFeature } from '../features/settings';
import { skuServiceFeature } from '../features/skuservice';
import { providersFeature } from '../features/providers';
import { rbacFeature } from '../features/rbac';
import { releaseFeature } from '../features/release';
import { remediationFeature } from '../features/remediation';
import { skuEditorFeature } from '../features/skueditor';
import { slaFeature } from '../features/sla';
import { ticdcFeature } from '../features/ticdc';
import { userbehaviorFeature } from '../features/userbehavior';

/** Every feature of the console. Router, sidebar, breadcrumb and titles all derive from this list. */
export const features: readonly FeatureManifest[] = [
  overviewFeature,
  orgsFeature,
  providersFeature,
  rbacFeature,
  billingFeature,
  auditsFeature,
  accessFeature,
  iamFeature,
  privilegesFeature,
  settingsFeature,
  configChangeFeature,
  operationsFeature,
  ticdcFeature,
  ctlFeature,
  gitopsFeature,
  configcenterFeature,
  jumpsFeature,
  maintenanceFeature,
  k8sFeature,
  releaseFeature,
  userbehaviorFeature,
  incidentsFeature,
  remediationFeature,
  notificationsFeature,
  aiopsFeature,
  dashboardFeature,
  metricsFeature,
  clusterMonitoringFeature,
  monitoringFeature,
  slaFeature,
  billingAccountsFeature,
  partnersFeature,
  skuEditorFeature,
  skuServiceFeature,
];
