import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, importJWK, type JWK } from 'jose';
import {
  ADMIN_AUDIT_TYPES,
  AUDIT_TYPES,
  PORTAL_ROLES,
  PRIVILEGES,
  ROLE_PRIVILEGES,
  allows,
  type Privilege,
  type RouteAccess,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../test/app.js';
import { auditLogs, iamApiKeys, idpKeys, portalUsers, rbacRolePrivileges, rbacRoles } from '../platform/schema.js';
import { hashApiKey, newApiKeySecret } from '../platform/access-control.js';
import { contractDescriptors, envelopeProblem, fillParams, routeKey, StatusTally } from './probe.js';

/*
 * The authorization matrix: every API route the app registers × every kind of identity, with the status each must
 * get. The route list comes from the built app (its `onRoute` build option, told of every route), the
 * privileges from the contract's descriptors; `ROUTE_ACCESS` below pins each route's privilege, so a new route
 * without a descriptor or without a row here, or a changed privilege, fails this test.
 */

const registered: { method: string; url: string; access: unknown }[] = [];

/**
 * Each API route's declared privilege, pinned (the matrix's rows): a privilege of the catalogue (contract
 * privileges.ts), `authenticated` (any portal user) or `public`. Adding a route means adding its row here.
 */
const ROUTE_ACCESS: Record<string, RouteAccess> = {
  'GET /api/v1/admin/users': 'admin.users',
  'POST /api/v1/admin/users': 'admin.users',
  'PUT /api/v1/admin/users/:email/roles': 'admin.users',
  'PUT /api/v1/admin/users/:email/disabled': 'admin.users',
  'GET /api/v1/devops/aiops/issues': 'aiops.read',
  'GET /api/v1/devops/aiops/issues/:issue_key': 'aiops.read',
  'GET /api/v1/devops/aiops/issues/:issue_key/evidence': 'aiops.read',
  'POST /api/v1/devops/aiops/issues/:issue_key/acknowledge': 'aiops.write',
  'POST /api/v1/devops/aiops/issues/:issue_key/resolve': 'aiops.write',
  'GET /api/v1/devops/aiops/reports': 'aiops.read',
  'GET /api/v1/devops/aiops/reports/:report_id': 'aiops.read',
  'GET /api/v1/devops/approval/approvals/:id': 'approvals.read',
  'POST /api/v1/devops/approval/approvals/:id/approve': 'approvals.write',
  'POST /api/v1/devops/approval/approvals/:id/reject': 'approvals.write',
  'GET /api/v1/devops/audit': 'audit.read',
  'GET /api/v1/admin/audits': 'admin.audits',
  'GET /api/v1/public/auth-config': 'public',
  'GET /api/v1/devops/me': 'authenticated',
  'POST /api/v1/admin/profile/query': 'authenticated',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/billing_company': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/tenants/:id/billing_company': 'billing.read',
  'PUT /api/v1/devops/billing-proxy/api/v1/billing/tenants/:id/billing_company': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/tenants/:id/closing': 'billing.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/tenants/:id/closing/actions/cancel': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/tenants/:id/closing/reasons': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/tenants/:id/closing/reasons/:reason/policies': 'billing.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/tenants/:id/closing/reasons/:reason/actions/run': 'billing.manage',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/tenants/:id/billing_info': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/tenants/:id/billing_configs': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/billing_configs/managed_tenants/:id': 'billing.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/cppo_billing_config': 'billing.write',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/mcpo_billing_config': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/subscriptions': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/subscriptions/:id': 'billing.read',
  'DELETE /api/v1/devops/billing-proxy/api/v1/billing/subscriptions/:id': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/contracts': 'billing.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/contracts': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/contracts/:cid': 'billing.read',
  'PUT /api/v1/devops/billing-proxy/api/v1/billing/contracts/:cid': 'billing.write',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/contracts/:cid/actions/:action': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/contracts/:cid/download': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/budgets': 'billing.read',
  'DELETE /api/v1/devops/billing-proxy/api/v1/billing/budgets/:id': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/payments': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/payments/active': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/payments/types': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/payments/stripe/invoices': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/payments/stripe/payment_methods': 'billing.read',
  'PUT /api/v1/devops/billing-proxy/api/v1/billing/payments/:tenant_id/code': 'billing.write',
  'PUT /api/v1/devops/billing-proxy/api/v1/billing/payments/:tenant_id/invoiceable': 'billing.write',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/payments/setup/:type': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/credit_risk_levels': 'billing.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/credit_risk_levels': 'billing.write',
  'PUT /api/v1/devops/billing-proxy/api/v1/billing/credit_risk_levels/:id': 'billing.write',
  'DELETE /api/v1/devops/billing-proxy/api/v1/billing/credit_risk_levels/:id': 'billing.write',
  'PUT /api/v1/devops/billing-proxy/api/v1/billing/credit_risk_levels/:id/cost_quota': 'billing.manage',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/tenants/:tenant_id/credit_risk_level': 'billing.read',
  'PUT /api/v1/devops/billing-proxy/api/v1/billing/tenants/:tenant_id/credit_risk_level': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/unit_filters': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/unit_filters/quick_selections/:name': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/credit_types': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/units': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/fx_rates': 'billing.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/fx_rates': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/global-discounts': 'billing.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/global-discounts': 'billing.manage',
  'DELETE /api/v1/devops/billing-proxy/api/v1/billing/global-discounts': 'billing.manage',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/invoices': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/tenants/:tenant_id/billing_config_id/:billing_config_id/invoices':
    'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/invoices/:invoice_id': 'billing.read',
  'PUT /api/v1/devops/billing-proxy/api/v1/billing/invoices/:invoice_id/confirm': 'billing.manage',
  'PUT /api/v1/devops/billing-proxy/api/v1/billing/invoices/:invoice_id/suspend': 'billing.write',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/tenants/:tenant_id/billing_config_id/:billing_config_id/commitment_invoices':
    'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/credits': 'billing.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/credits': 'billing.write',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/credits/:id/actions/reclaim': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/discounts': 'billing.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/discounts': 'billing.write',
  'DELETE /api/v1/devops/billing-proxy/api/v1/billing/discounts/:id': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/support_plan': 'billing.read',
  'PUT /api/v1/devops/billing-proxy/api/v1/billing/support_plan/:id': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/binded_support_plan': 'billing.read',
  'DELETE /api/v1/devops/billing-proxy/api/v1/billing/binded_support_plan': 'billing.write',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/binded_support_plan/private': 'billing.write',
  'DELETE /api/v1/devops/billing-proxy/api/v1/billing/binded_support_plan/:id': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/binded_support_plan/list': 'billing.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/tax_rates': 'billing.write',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/cr_tables/init': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/ar_tables/year/:year/month/:month': 'billing.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/measures': 'billing.write',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/measures/dryrun': 'billing.write',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/costexplorer/trends': 'billing.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/costexplorer/trends/csv': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/costexplorer/args': 'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/costexplorer/bills_details/year/:year/month/:month': 'billing.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/costexplorer/monthly_bills/year/:year/month/:month/export':
    'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/costexplorer/monthly_cost/year/:year/month/:month': 'billing.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/costexplorer/monthly_cost/year/:year/month/:month/export':
    'billing.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/sku_groups': 'skus.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/sku_groups/category': 'skus.read',
  'GET /api/v1/devops/billing-proxy/api/v1/billing/sku_groups/preview_tree': 'skus.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/sku_groups': 'skus.write',
  'PUT /api/v1/devops/billing-proxy/api/v1/billing/sku_groups/:id': 'skus.write',
  'DELETE /api/v1/devops/billing-proxy/api/v1/billing/sku_groups/:id': 'skus.write',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/sku_groups/:id/price_preview': 'skus.read',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/units/_create_by_group/dryrun': 'skus.write',
  'POST /api/v1/devops/billing-proxy/api/v1/billing/units/_create_by_group': 'skus.write',
  'DELETE /api/v1/devops/billing-proxy/api/v1/billing/units/:key': 'skus.write',
  'GET /api/v1/devops/cluster/clusters/:id/alerts': 'monitoring.read',
  'GET /api/v1/devops/cluster/clusters/:id/alert-summary': 'monitoring.read',
  'POST /api/v1/devops/cluster/clusters/:id/alerts/:alert_id/acknowledge': 'monitoring.write',
  'POST /api/v1/devops/cluster/clusters/:id/alerts/:alert_id/silence': 'monitoring.write',
  'POST /api/v1/devops/cluster/clusters/:id/alerts/:alert_id/unsilence': 'monitoring.write',
  'GET /api/v1/devops/cluster/clusters/:id/topology': 'monitoring.read',
  'GET /api/v1/devops/cluster/clusters/:id/dm-ns': 'monitoring.read',
  'GET /api/v1/devops/dashboard/critical-alert': 'monitoring.read',
  'GET /api/v1/devops/codehost': 'release.read',
  'GET /api/v1/devops/codehost/labels': 'release.read',
  'GET /api/v1/devops/codehost/pulls': 'release.read',
  'GET /api/v1/devops/codehost/pulls/:number': 'release.read',
  'GET /api/v1/devops/codehost/releases': 'release.read',
  'GET /api/v1/devops/cloudconfig/templates': 'configcenter.read',
  'GET /api/v1/devops/cloudconfig/templates/:template_id': 'configcenter.read',
  'POST /api/v1/devops/cloudconfig/templates': 'configcenter.write',
  'GET /api/v1/devops/cloudconfig/templates/diff': 'configcenter.read',
  'GET /api/v1/devops/cloudconfig/default_cases': 'configcenter.read',
  'GET /api/v1/devops/cloudconfig/instance_types': 'configcenter.read',
  'GET /api/v1/devops/cloudconfig/config_types': 'configcenter.read',
  'GET /api/v1/devops/cloudconfig/defaults/resolve': 'configcenter.read',
  'GET /api/v1/devops/cloudconfig/default_config/changes': 'configcenter.read',
  'POST /api/v1/devops/cloudconfig/default_config/changes': 'configcenter.write',
  'GET /api/v1/devops/cloudconfig/default_config/changes/:change_id': 'configcenter.read',
  'GET /api/v1/devops/cloudconfig/default_config/changes/:change_id/items': 'configcenter.read',
  'POST /api/v1/devops/cloudconfig/default_config/changes/:change_id/items/batchUpdate': 'configcenter.write',
  'POST /api/v1/devops/cloudconfig/default_config/changes/:change_id/components/batchUpdate': 'configcenter.write',
  'GET /api/v1/devops/cloudconfig/default_config/changes/:change_id/components': 'configcenter.read',
  'POST /api/v1/devops/cloudconfig/default_config/changes/:change_id/close': 'configcenter.write',
  'GET /api/v1/devops/cloudconfig/default_config/changes/:change_id/releases': 'configcenter.read',
  'POST /api/v1/devops/cloudconfig/default_config/changes/:change_id/releases': 'configcenter.write',
  'GET /api/v1/devops/cloudconfig/default_config/changes/:change_id/releases/:release_id': 'configcenter.read',
  'POST /api/v1/devops/cloudconfig/default_config/changes/:change_id/releases/:release_id/cancel': 'configcenter.write',
  'GET /api/v1/devops/cloudconfig/versions': 'configcenter.read',
  'GET /api/v1/devops/cloudconfig/versions/rules': 'configcenter.read',
  'POST /api/v1/devops/cloudconfig/versions/default': 'configcenter.write',
  'POST /api/v1/devops/cloudconfig/versions/release': 'configcenter.write',
  'POST /api/v1/devops/cloudconfig/versions/sync': 'configcenter.write',
  'GET /api/v1/devops/cloudconfig/components': 'configcenter.read',
  'GET /api/v1/devops/cloudconfig/components/versions': 'configcenter.read',
  'GET /api/v1/devops/cloudconfig/parameters': 'configchange.read',
  'GET /api/v1/devops/cloudconfig/clusters/:cluster_id/config': 'configchange.read',
  'POST /api/v1/devops/cloudconfig/clusters/:cluster_id/changes/preview': 'configchange.write',
  'POST /api/v1/devops/cloudconfig/clusters/:cluster_id/changes': 'configchange.write',
  'GET /api/v1/devops/cloudconfig/clusters/:cluster_id/changes': 'configchange.read',
  'GET /api/v1/devops/cloudconfig/changes': 'configchange.read',
  'GET /api/v1/devops/cloudconfig/changes/:id': 'configchange.read',
  'POST /api/v1/devops/cloudconfig/changes/:id/apply': 'configchange.write',
  'POST /api/v1/devops/cloudconfig/changes/:id/cancel': 'configchange.write',
  'GET /api/v1/devops/cluster/ctl/commands': 'ctl.read',
  'POST /api/v1/devops/cluster/ctl': 'ctl.write',
  'GET /api/v1/devops/dashboard/cloud-oncall': 'overview.read',
  'GET /api/v1/devops/dashboard/incident': 'overview.read',
  'GET /api/v1/devops/dashboard/release': 'overview.read',
  'GET /api/v1/devops/dashboard/top-qps': 'overview.read',
  'GET /api/v1/devops/dashboard/tikv-tenants': 'overview.read',
  'GET /api/v1/devops/dashboard/tiflash-tenants': 'overview.read',
  'GET /api/v1/devops/events': 'notifications.read',
  'GET /api/v1/devops/chat_messages': 'notifications.read',
  'POST /api/v1/devops/secondaryconfirm/list': 'gitops.read',
  'POST /api/v1/devops/secondaryconfirm/diff': 'gitops.read',
  'POST /api/v1/devops/secondaryconfirm/apply': 'gitops.write',
  'GET /api/v1/devops/incidents': 'incidents.read',
  'POST /api/v1/devops/incidents': 'incidents.write',
  'GET /api/v1/devops/incidents/:id': 'incidents.read',
  'PUT /api/v1/devops/incidents/:id': 'incidents.write',
  'GET /api/v1/devops/incidents/:id/logs': 'incidents.read',
  'POST /api/v1/devops/incidents/:id/logs': 'incidents.write',
  'POST /api/v1/devops/incidents/:id/feishu_message': 'incidents.write',
  'GET /api/v1/devops/incidents/:id/changes': 'incidents.read',
  'GET /api/v1/devops/incidents/:id/todo_actions': 'incidents.read',
  'POST /api/v1/devops/incidents/:id/todo_actions': 'incidents.write',
  'POST /api/v1/devops/incidents/:id/todo_actions/sync': 'incidents.write',
  'PUT /api/v1/devops/incidents/:id/todo_actions/:todo_id': 'incidents.write',
  'DELETE /api/v1/devops/incidents/:id/todo_actions/:todo_id': 'incidents.write',
  'GET /api/v1/devops/issues': 'incidents.read',
  'GET /api/v1/devops/issues/tracker': 'incidents.read',
  'GET /api/v1/devops/issues/:key': 'incidents.read',
  'POST /api/v1/devops/issues': 'incidents.write',
  'POST /api/v1/devops/issues/links': 'incidents.write',
  'DELETE /api/v1/devops/issues/links/:id': 'incidents.write',
  'GET /api/v1/devops/jump/authorizations': 'jumps.read',
  'POST /api/v1/devops/jump/authorizations': 'jumps.write',
  'GET /api/v1/devops/jump/authorizations/:id': 'jumps.read',
  'POST /api/v1/devops/jump/authorizations/:id/cancel': 'jumps.write',
  'GET /api/v1/devops/jump/users': 'jumps.read',
  'GET /api/v1/devops/cluster/k8sInfos': 'k8s.read',
  'GET /api/v1/devops/cluster/k8sInfos/:k8s_name': 'k8s.read',
  'GET /api/v1/devops/cluster/k8sUpgradeTasks': 'k8s.read',
  'POST /api/v1/devops/cluster/k8sUpgradeTasks': 'k8s.write',
  'POST /api/v1/devops/cluster/k8sUpgradeTasks/autoGeneration': 'k8s.write',
  'GET /api/v1/devops/cluster/k8sUpgradeTasks/:task_id': 'k8s.read',
  'PUT /api/v1/devops/cluster/k8sUpgradeTasks/:task_id': 'k8s.write',
  'DELETE /api/v1/devops/cluster/k8sUpgradeTasks/:task_id': 'k8s.write',
  'POST /api/v1/devops/cluster/k8sUpgradeTasks/:task_id/submit': 'k8s.write',
  'POST /api/v1/devops/cluster/k8sUpgradeTasks/:task_id/cancel': 'k8s.write',
  'POST /api/v1/devops/cluster/k8sUpgradeTasks/:task_id/close': 'k8s.write',
  'POST /api/v1/devops/cluster/k8sUpgradeTasks/:task_id/exclude': 'k8s.write',
  'GET /api/v1/devops/cluster/k8sUpgradeTasks/:task_id/k8sClusters/:k8s_name': 'k8s.read',
  'GET /api/v1/devops/cluster/maintenances': 'maintenance.read',
  'POST /api/v1/devops/cluster/maintenances': 'maintenance.write',
  'GET /api/v1/devops/cluster/maintenances/:id': 'maintenance.read',
  'POST /api/v1/devops/cluster/maintenances/:id/close': 'maintenance.write',
  'POST /api/v1/devops/cluster/maintenances/:id/executions/:execution_id/start': 'maintenance.write',
  'POST /api/v1/devops/cluster/maintenances/:id/executions/:execution_id/finish': 'maintenance.write',
  'POST /api/v1/devops/cluster/maintenances/:id/executions/:execution_id/cancel': 'maintenance.write',
  'GET /api/v1/devops/metrics/query_range': 'monitoring.read',
  'GET /api/v1/devops/monitoring/certificate/regions': 'monitoring.read',
  'GET /api/v1/devops/monitoring/certificate/regions/:id': 'monitoring.read',
  'GET /api/v1/devops/monitoring/component-diff/reports': 'monitoring.read',
  'POST /api/v1/devops/monitoring/component-diff/reports': 'monitoring.write',
  'GET /api/v1/devops/monitoring/component-diff/reports/:id': 'monitoring.read',
  'GET /api/v1/devops/monitoring/component-diff/reports/:id/diffs': 'monitoring.read',
  'POST /api/v1/devops/monitoring/component-diff/reports/:id/cancel': 'monitoring.write',
  'GET /api/v1/devops/monitoring/o11y/clusters': 'monitoring.read',
  'GET /api/v1/devops/monitoring/o11y/clusters/:name': 'monitoring.read',
  'GET /api/v1/devops/monitoring/o11y/clusters/:name/clusters': 'monitoring.read',
  'GET /api/v1/devops/notification/workflows': 'notifications.read',
  'POST /api/v1/devops/notification/workflows': 'notifications.write',
  'GET /api/v1/devops/notification/workflows/:workflow_id': 'notifications.read',
  'PUT /api/v1/devops/notification/workflows/:workflow_id': 'notifications.write',
  'DELETE /api/v1/devops/notification/workflows/:workflow_id': 'notifications.write',
  'POST /api/v1/devops/notification/workflows/:workflow_id/enable': 'notifications.write',
  'POST /api/v1/devops/notification/workflows/:workflow_id/disable': 'notifications.write',
  'GET /api/v1/devops/notification/workflows/:workflow_id/deliveries': 'notifications.read',
  'GET /api/v1/devops/notification/workflows/:workflow_id/statistics': 'notifications.read',
  'GET /api/v1/devops/notification/email_outbox': 'notifications.read',
  'GET /api/v1/devops/notification/inbox': 'notifications.read',
  'GET /api/v1/devops/notification/inbox/unread_count': 'notifications.read',
  'POST /api/v1/devops/notification/inbox/:id/read': 'notifications.read',
  'POST /api/v1/devops/notification/inbox/read_all': 'notifications.read',
  'GET /api/v1/devops/operations': 'operations.read',
  'GET /api/v1/devops/operations/:id': 'operations.read',
  'POST /api/v1/devops/operations/:id/submit': 'operations.write',
  'POST /api/v1/devops/operations/:id/cancel': 'operations.write',
  'POST /api/v1/devops/operations/:id/steps/:seq/start': 'operations.write',
  'POST /api/v1/devops/operations/:id/steps/:seq/finish': 'operations.write',
  'GET /api/v1/admin/orgs': 'orgs.read',
  'GET /api/v1/admin/orgs/:id': 'orgs.read',
  'GET /api/v1/admin/orgs/:id/data-resource': 'orgs.read',
  'GET /api/v1/admin/orgs/:id/projects': 'orgs.read',
  'GET /api/v1/admin/orgs/:id/projects/:pid': 'orgs.read',
  'GET /api/v1/admin/orgs/:id/projects/:pid/data-resource': 'orgs.read',
  'GET /api/v1/devops/cluster/clusters': 'orgs.read',
  'GET /api/v1/devops/cluster/clusters/:id': 'orgs.read',
  'GET /api/v1/devops/cluster/clusters/:id/components': 'orgs.read',
  'GET /api/v1/devops/tenants': 'orgs.read',
  'POST /api/v1/devops/tenants': 'orgs.manage',
  'GET /api/v1/devops/tenants/:id': 'orgs.read',
  'DELETE /api/v1/devops/tenants/:id': 'orgs.manage',
  'GET /api/v1/devops/tenants/:id/impersonate': 'orgs.read',
  'POST /api/v1/devops/tenants/:id/impersonate': 'orgs.manage',
  'DELETE /api/v1/devops/tenants/:id/impersonate': 'orgs.manage',
  'GET /api/v1/devops/tenants/:id/accountusers': 'orgs.read',
  'GET /api/v1/devops/tenants/:id/credits': 'orgs.read',
  'GET /api/v1/devops/tenants/:id/projects': 'orgs.read',
  'GET /api/v1/devops/tenants/:id/vpc_cidr': 'orgs.read',
  'PUT /api/v1/devops/tenants/:id/vpc_cidr': 'orgs.manage',
  'GET /api/v1/devops/tenants/:id/quota': 'orgs.read',
  'PUT /api/v1/devops/tenants/:id/quota': 'orgs.manage',
  'GET /api/v1/devops/ping': 'orgs.read',
  'GET /api/v1/devops/ping/orgs': 'orgs.read',
  'GET /api/v1/devops/ping/clusters': 'orgs.read',
  'GET /api/v1/admin/dashboard/stats': 'overview.read',
  'POST /api/v1/admin/partner/cppo/create': 'partners.write',
  'POST /api/v1/admin/partner/mcpo/create': 'partners.write',
  'POST /api/v1/admin/partner/resale/create': 'partners.write',
  'POST /api/v1/admin/partner/msp/create': 'partners.write',
  'POST /api/v1/admin/partner/msp/update': 'partners.write',
  'GET /api/v1/admin/partner/msp/:id': 'partners.read',
  'GET /api/v1/admin/partner/msp/:id/signup-url': 'partners.read',
  'GET /api/v1/admin/partner/resale/:id/signup-url': 'partners.read',
  'GET /api/v1/admin/partner/:id': 'partners.read',
  'GET /api/v1/admin/partner/:id/customers': 'partners.read',
  'POST /api/v1/admin/partner/partner-customer/create': 'partners.write',
  'GET /api/v1/admin/partner/partner-customer/:id': 'partners.read',
  'DELETE /api/v1/admin/partner/partner-customer/delete': 'partners.write',
  'POST /api/v1/admin/partner/msp/:orgId/create-apikey': 'partners.manage',
  'POST /api/v1/admin/partner/msp/:orgId/resend-apikey': 'partners.write',
  'DELETE /api/v1/admin/partner/msp/:orgId/apikeys/:keyId': 'partners.manage',
  'POST /api/v1/admin/partner/msp/upload-logo': 'partners.write',
  'GET /api/v1/admin/partner/msp/logo/:logoId': 'public',
  'GET /api/v1/admin/providers': 'providers.read',
  'POST /api/v1/admin/providers': 'providers.manage',
  'GET /api/v1/admin/providers/:id': 'providers.read',
  'GET /api/v1/admin/providers/:id/regions': 'providers.read',
  'POST /api/v1/admin/providers/:id/regions': 'providers.manage',
  'PUT /api/v1/admin/providers/:id/regions/:rid': 'providers.manage',
  'GET /api/v1/admin/rbac/privilege/list': 'rbac.read',
  'POST /api/v1/admin/rbac/role-privilege/create': 'rbac.manage',
  'GET /api/v1/admin/rbac/role-privilege/list/:id': 'rbac.read',
  'GET /api/v1/admin/rbac/role/list': 'rbac.read',
  'POST /api/v1/admin/rbac/role/update': 'rbac.manage',
  'DELETE /api/v1/admin/rbac/role/:id': 'rbac.manage',
  'GET /api/v1/devops/iam/users': 'admin.iam',
  'GET /api/v1/devops/iam/users/:email': 'admin.iam',
  'GET /api/v1/devops/iam/usergroups': 'admin.iam',
  'POST /api/v1/devops/iam/usergroups': 'admin.iam',
  'GET /api/v1/devops/iam/usergroups/:name': 'admin.iam',
  'PUT /api/v1/devops/iam/usergroups/:name': 'admin.iam',
  'DELETE /api/v1/devops/iam/usergroups/:name': 'admin.iam',
  'POST /api/v1/devops/iam/usergroups/:name/members': 'admin.iam',
  'DELETE /api/v1/devops/iam/usergroups/:name/members/:email': 'admin.iam',
  'GET /api/v1/devops/iam/apikeys': 'admin.iam',
  'POST /api/v1/devops/iam/apikeys': 'admin.iam',
  'GET /api/v1/devops/iam/apikeys/:name': 'admin.iam',
  'POST /api/v1/devops/iam/apikeys/:name/revoke': 'admin.iam',
  'GET /api/v1/devops/iam/policies': 'admin.iam',
  'POST /api/v1/devops/iam/policies': 'admin.iam',
  'GET /api/v1/devops/iam/policies/:name': 'admin.iam',
  'PUT /api/v1/devops/iam/policies/:name': 'admin.iam',
  'DELETE /api/v1/devops/iam/policies/:name': 'admin.iam',
  'GET /api/v1/devops/iam/policybindings': 'admin.iam',
  'POST /api/v1/devops/iam/policybindings': 'admin.iam',
  'DELETE /api/v1/devops/iam/policybindings/:id': 'admin.iam',
  'GET /api/v1/devops/iam/roles': 'admin.iam',
  'GET /api/v1/devops/iam/roles/:name': 'admin.iam',
  'GET /api/v1/devops/iam/rolebindings': 'admin.iam',
  'POST /api/v1/devops/iam/rolebindings': 'admin.iam',
  'DELETE /api/v1/devops/iam/rolebindings/:id': 'admin.iam',
  'GET /api/v1/devops/usergroups': 'admin.iam',
  'GET /api/v1/devops/usergroups/:name/mappings': 'admin.iam',
  'GET /api/v1/devops/privilege/privileges': 'admin.privileges',
  'POST /api/v1/devops/privilege/privileges': 'admin.privileges',
  'GET /api/v1/devops/privilege/privileges/:id': 'admin.privileges',
  'POST /api/v1/devops/privilege/privileges/:id/approve': 'admin.privileges',
  'POST /api/v1/devops/privilege/privileges/:id/reject': 'admin.privileges',
  'POST /api/v1/devops/privilege/privileges/:id/revoke': 'admin.privileges',
  'GET /api/v1/admin/system-settings': 'settings.read',
  'PUT /api/v1/admin/system-settings': 'admin.settings',
  'GET /api/v1/devops/users': 'admin.users',
  'GET /api/v1/devops/users/:email': 'admin.users',
  'PUT /api/v1/devops/users/:email/roles': 'admin.users',
  'POST /api/v1/devops/users/sync': 'admin.users',
  'GET /api/v1/devops/releases': 'release.read',
  'POST /api/v1/devops/releases': 'release.write',
  'GET /api/v1/devops/releases/:release_id': 'release.read',
  'PUT /api/v1/devops/releases/:release_id': 'release.write',
  'POST /api/v1/devops/releases/:release_id/request_approval': 'release.write',
  'POST /api/v1/devops/releases/:release_id/cancel_approval': 'release.write',
  'GET /api/v1/devops/releases/:release_id/changes': 'release.read',
  'POST /api/v1/devops/releases/:release_id/changes': 'release.write',
  'GET /api/v1/devops/releases/:release_id/changes/:change_id': 'release.read',
  'PUT /api/v1/devops/releases/:release_id/changes/:change_id': 'release.write',
  'GET /api/v1/devops/releases/:release_id/changes/:change_id/pulls': 'release.read',
  'POST /api/v1/devops/releases/:release_id/changes/:change_id/submit': 'release.write',
  'POST /api/v1/devops/releases/:release_id/changes/:change_id/cancel': 'release.write',
  'POST /api/v1/devops/releases/:release_id/changes/:change_id/close': 'release.write',
  'POST /api/v1/devops/releases/:release_id/changes/:change_id/check_ready': 'release.write',
  'POST /api/v1/devops/releases/:release_id/changes/:change_id/deploy': 'release.write',
  'POST /api/v1/devops/releases/:release_id/changes/:change_id/verify': 'release.write',
  'GET /api/v1/devops/releases/:release_id/tickets': 'release.read',
  'POST /api/v1/devops/releases/:release_id/tickets': 'release.write',
  'GET /api/v1/devops/releases/:release_id/tickets/:name': 'release.read',
  'PUT /api/v1/devops/releases/:release_id/tickets/:name/status': 'release.write',
  'GET /api/v1/devops/remediationtickets': 'remediation.read',
  'POST /api/v1/devops/remediationtickets': 'remediation.write',
  'GET /api/v1/devops/remediationtickets/:id': 'remediation.read',
  'PUT /api/v1/devops/remediationtickets/:id': 'remediation.write',
  'POST /api/v1/devops/remediationtickets/:id/submit': 'remediation.write',
  'POST /api/v1/devops/remediationtickets/:id/approve': 'remediation.write',
  'POST /api/v1/devops/remediationtickets/:id/reject': 'remediation.write',
  'POST /api/v1/devops/remediationtickets/:id/cancel': 'remediation.write',
  'POST /api/v1/devops/remediationtickets/:id/run': 'remediation.write',
  'GET /api/v1/devops/mgmt-portal/spus': 'skus.read',
  'POST /api/v1/devops/mgmt-portal/spus': 'skus.manage',
  'PATCH /api/v1/devops/mgmt-portal/spus/:id': 'skus.manage',
  'GET /api/v1/devops/mgmt-portal/skus': 'skus.read',
  'POST /api/v1/devops/mgmt-portal/skus': 'skus.manage',
  'PATCH /api/v1/devops/mgmt-portal/skus/:id': 'skus.manage',
  'GET /api/v1/devops/mgmt-portal/computeMus': 'skus.read',
  'GET /api/v1/devops/mgmt-portal/storageMus': 'skus.read',
  'GET /api/v1/devops/mgmt-portal/whitelist': 'skus.read',
  'POST /api/v1/devops/mgmt-portal/whitelist': 'skus.manage',
  'DELETE /api/v1/devops/mgmt-portal/whitelist/:id': 'skus.manage',
  'GET /api/v1/devops/mgmt-portal/changelog': 'skus.read',
  'GET /api/v1/devops/dashboard/sla': 'sla.read',
  'GET /api/v1/devops/dashboard/sla/dedicated': 'sla.read',
  'GET /api/v1/devops/dashboard/sla/dedicated/:clusterId': 'sla.read',
  'GET /api/v1/devops/dashboard/sla/dedicated/:clusterId/monthly': 'sla.read',
  'GET /api/v1/devops/dashboard/slo': 'sla.read',
  'GET /api/v1/devops/cloudconfig/tenantinit/:tenant_id/config': 'configchange.read',
  'POST /api/v1/devops/cloudconfig/tenantinit/:tenant_id/changes/preview': 'configchange.write',
  'POST /api/v1/devops/cloudconfig/tenantinit/:tenant_id/changes': 'configchange.write',
  'GET /api/v1/devops/ticdc/clusters': 'ticdc.read',
  'GET /api/v1/devops/ticdc/clusters/:id': 'ticdc.read',
  'POST /api/v1/devops/ticdc/clusters/:id/upgrade': 'ticdc.write',
  'POST /api/v1/devops/ticdc/clusters/:id/images': 'ticdc.write',
  'POST /api/v1/devops/ticdc/clusters/:id/restart': 'ticdc.write',
  'POST /api/v1/devops/ticdc/clusters/:id/shutdown': 'ticdc.write',
  'GET /api/v1/devops/ticdc/changefeeds': 'ticdc.read',
  'GET /api/v1/devops/ticdc/changefeeds/:id': 'ticdc.read',
  'POST /api/v1/devops/ticdc/changefeeds/:id/restart': 'ticdc.write',
  'GET /api/v1/devops/ticdc-meta/internal/changefeeds': 'ticdc.read',
  'GET /api/v1/devops/userbehavior/subscriptions': 'userbehavior.read',
  'POST /api/v1/devops/userbehavior/subscriptions': 'userbehavior.write',
  'GET /api/v1/devops/userbehavior/subscriptions/larkchat_options': 'userbehavior.read',
  'POST /api/v1/devops/userbehavior/subscriptions/add_chat': 'userbehavior.write',
  'GET /api/v1/devops/userbehavior/subscriptions/:id': 'userbehavior.read',
  'PUT /api/v1/devops/userbehavior/subscriptions/:id': 'userbehavior.write',
  'DELETE /api/v1/devops/userbehavior/subscriptions/:id': 'userbehavior.write',
  'POST /api/v1/devops/userbehavior/subscriptions/:id/enable': 'userbehavior.write',
  'POST /api/v1/devops/userbehavior/subscriptions/:id/disable': 'userbehavior.write',
  'POST /api/v1/devops/userbehavior/subscriptions/:id/mock': 'userbehavior.write',
};

/** Not contract routes, and documented as such: the API document and its viewer (public, no data). */
const UNDESCRIBED = [/^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/];

/** Identities that must be refused with 401 whatever the route, and the code each gets. */
type BadIdentity = { name: string; code: 'auth.invalidToken' | 'auth.unauthenticated'; header: () => Promise<string> };

let t: TestApp;
const tally = new StatusTally();
const descriptors = contractDescriptors();
const roleUser = (role: string) => `matrix-${role}@example.test`;

let badIdentities: BadIdentity[] = [];
const roleHeaders = new Map<string, string>();

/** A custom role made on /rbac with one privilege, and an API key scoped by the operator role (issue 18). */
const CUSTOM_ROLE = 'matrix-custom';
const CUSTOM_PRIVILEGE: Privilege = 'billing.read';
const API_KEY = 'apikey';
/** Every identity of the matrix that is not refused outright, and what it is granted. */
const IDENTITIES: Record<string, readonly Privilege[]> = {
  ...ROLE_PRIVILEGES,
  none: [],
  [CUSTOM_ROLE]: [CUSTOM_PRIVILEGE],
  [API_KEY]: ROLE_PRIVILEGES.operator ?? [],
};

beforeAll(async () => {
  registered.length = 0;
  // BENCH_ROUTES=1: the bench-only twins are API routes too (registered only then), so they are in the matrix.
  t = await createTestApp(
    { BENCH_ROUTES: '1' },
    {
      onRoute: (r) => {
        for (const method of [r.method].flat()) registered.push({ method, url: r.url, access: r.config?.access });
      },
    },
  );

  // One user per built-in role (whatever the seed has), one with no role, and a disabled admin.
  await t.database.db
    .insert(portalUsers)
    .values([
      ...PORTAL_ROLES.map((role) => ({ email: roleUser(role), name: `Matrix ${role}`, roles: [role] })),
      { email: roleUser('none'), name: 'Matrix no role', roles: [] },
      { email: roleUser('disabled'), name: 'Matrix disabled', roles: ['admin'], disabled: true },
    ]);
  const [custom] = await t.database.db
    .insert(rbacRoles)
    .values({ name: CUSTOM_ROLE, description: 'one privilege' })
    .returning();
  await t.database.db.insert(rbacRolePrivileges).values({ roleId: custom!.id, privilege: CUSTOM_PRIVILEGE });
  await t.database.db
    .insert(portalUsers)
    .values({ email: roleUser(CUSTOM_ROLE), name: 'Matrix custom', roles: [CUSTOM_ROLE] });
  for (const role of [...PORTAL_ROLES, 'none', CUSTOM_ROLE])
    roleHeaders.set(role, `Bearer ${await t.token({ email: roleUser(role) })}`);
  const secret = newApiKeySecret();
  await t.database.db.insert(iamApiKeys).values({
    name: 'matrix-key',
    role: 'operator',
    prefix: secret.slice(0, 8),
    secretHash: hashApiKey(secret),
    createdBy: 'matrix',
  });
  roleHeaders.set(API_KEY, `Bearer ${secret}`);
  const revoked = newApiKeySecret();
  await t.database.db.insert(iamApiKeys).values({
    name: 'matrix-revoked-key',
    role: 'admin',
    prefix: revoked.slice(0, 8),
    secretHash: hashApiKey(revoked),
    createdBy: 'matrix',
    revokedAt: new Date(),
  });

  const [key] = await t.database.db.select().from(idpKeys).limit(1);
  const jwk = key!.privateJwk as JWK;
  const admin = roleUser('admin');
  const publicPem = crypto
    .createPublicKey({ key: { kty: jwk.kty!, n: jwk.n!, e: jwk.e! }, format: 'jwk' })
    .export({ type: 'spki', format: 'pem' });
  const tokens = {
    expired: await t.token({ email: admin, expiresIn: -120 }),
    forged: await t.token({ email: admin, foreignKey: true }),
    algNone: await t.token({ email: admin, unsigned: true }),
    audience: await t.token({ email: admin, audience: 'another-client' }),
    issuer: await t.token({ email: admin, issuer: 'https://evil.example/oidc' }),
    // Algorithm confusion: HS256 keyed with the issuer's public key.
    hmac: await new SignJWT({ email: admin })
      .setProtectedHeader({ alg: 'HS256', kid: key!.kid })
      .setIssuer(t.config.oidc.issuer)
      .setAudience(t.config.oidc.clientId)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(String(publicPem))),
    noEmail: await new SignJWT({})
      .setProtectedHeader({ alg: jwk.alg ?? 'RS256', kid: key!.kid })
      .setSubject(admin)
      .setIssuer(t.config.oidc.issuer)
      .setAudience(t.config.oidc.clientId)
      .setExpirationTime('10m')
      .sign(await importJWK(jwk, jwk.alg ?? 'RS256')),
    stranger: await t.token({ email: 'stranger@example.test' }),
    disabled: await t.token({ email: roleUser('disabled') }),
  };
  const invalid = (name: string, header: string): BadIdentity => ({
    name,
    code: 'auth.invalidToken',
    header: async () => header,
  });
  badIdentities = [
    invalid('anonymous', ''),
    invalid('another scheme', 'Basic YWRtaW46cG9ydGFsLWRlbW8='),
    invalid('not a JWT', 'Bearer not-a-jwt'),
    invalid('expired', `Bearer ${tokens.expired}`),
    invalid('forged signature', `Bearer ${tokens.forged}`),
    invalid('alg none', `Bearer ${tokens.algNone}`),
    invalid('HS256 with the public key', `Bearer ${tokens.hmac}`),
    invalid('wrong audience', `Bearer ${tokens.audience}`),
    invalid('wrong issuer', `Bearer ${tokens.issuer}`),
    invalid('no email claim', `Bearer ${tokens.noEmail}`),
    invalid('revoked API key', `Bearer ${revoked}`),
    invalid('unknown API key', `Bearer ${newApiKeySecret()}`),
    { name: 'not a portal user', code: 'auth.unauthenticated', header: async () => `Bearer ${tokens.stranger}` },
    { name: 'disabled admin', code: 'auth.unauthenticated', header: async () => `Bearer ${tokens.disabled}` },
  ];
});

afterAll(async () => {
  console.log(`authorization matrix: ${tally.summary()}`);
  await t?.close();
});

async function send(method: string, url: string, authorization: string) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: authorization ? { authorization } : {},
  });
  tally.add(res.statusCode);
  return res;
}

/** What is wrong with the caching of an authenticated route's answer (issue 9 item 5: never stored). */
const uncached = (res: { headers: Record<string, unknown> }) =>
  /\bno-store\b/.test(String(res.headers['cache-control'] ?? ''))
    ? undefined
    : `Cache-Control ${String(res.headers['cache-control'])}, not no-store`;

/** A request URL for a route: each path param a placeholder (`x`), no query, no body — enough to pass auth. */
const placeholderUrl = (path: string) => fillParams(path, () => 'x');

describe('route table', () => {
  const apiRoutes = () =>
    registered.filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !UNDESCRIBED.some((re) => re.test(r.url)),
    );

  it('finds the registered routes and the contract descriptors', () => {
    expect(apiRoutes().length).toBeGreaterThan(40);
    expect(descriptors.length).toBeGreaterThan(40);
    // The documented exceptions are registered (else the list above is stale).
    for (const re of UNDESCRIBED) expect(registered.some((r) => re.test(r.url))).toBe(true);
  });

  it('has a descriptor for every registered /api route, with the access the route declares', () => {
    const byKey = new Map(descriptors.map((x) => [routeKey(x.d.method, x.d.path), x.d]));
    const missing = apiRoutes()
      .filter((r) => !byKey.has(routeKey(r.method, r.url)))
      .map((r) => routeKey(r.method, r.url));
    expect(missing, 'registered /api routes without a contract descriptor').toEqual([]);
    const mismatched = apiRoutes()
      .filter((r) => byKey.get(routeKey(r.method, r.url))?.access !== r.access)
      .map((r) => `${routeKey(r.method, r.url)}: registered ${String(r.access)}`);
    expect(mismatched).toEqual([]);
  });

  it('registers every descriptor (none is dead)', () => {
    const keys = new Set(apiRoutes().map((r) => routeKey(r.method, r.url)));
    expect(
      descriptors.filter((x) => !keys.has(routeKey(x.d.method, x.d.path))).map((x) => `${x.name}.${x.key}`),
    ).toEqual([]);
  });

  it('has one matrix row per descriptor, with the same privilege, and no row without a descriptor', () => {
    const seen = new Map<string, string>();
    for (const x of descriptors) {
      const k = routeKey(x.d.method, x.d.path);
      expect(seen.get(k), `${k} is described twice`).toBeUndefined();
      seen.set(k, `${x.name}.${x.key}`);
    }
    const rowsMissing = descriptors
      .filter((x) => ROUTE_ACCESS[routeKey(x.d.method, x.d.path)] === undefined)
      .map((x) => `'${routeKey(x.d.method, x.d.path)}': '${x.d.access}', (${x.name}.${x.key})`);
    expect(rowsMissing, 'descriptors without a row in ROUTE_ACCESS').toEqual([]);
    const differs = descriptors
      .map((x) => ({ k: routeKey(x.d.method, x.d.path), access: x.d.access }))
      .filter(({ k, access }) => ROUTE_ACCESS[k] !== undefined && ROUTE_ACCESS[k] !== access)
      .map(({ k, access }) => `${k}: row ${ROUTE_ACCESS[k]}, descriptor ${access}`);
    expect(differs, 'rows whose privilege differs from the descriptor').toEqual([]);
    expect(
      Object.keys(ROUTE_ACCESS).filter((k) => !seen.has(k)),
      'rows without a descriptor',
    ).toEqual([]);
  });

  it('knows what every built-in role grants', () => {
    expect(Object.keys(ROLE_PRIVILEGES)).toEqual([...PORTAL_ROLES]);
  });

  it('declares on every route a privilege of the catalogue, and every privilege guards a route', () => {
    const declared = new Set(descriptors.map((x) => x.d.access));
    const known = new Set<string>([...PRIVILEGES, 'public', 'authenticated']);
    expect([...declared].filter((a) => !known.has(a))).toEqual([]);
    // settings.read and admin.settings guard the system settings; the rest each guard at least one route.
    expect(PRIVILEGES.filter((p) => !declared.has(p))).toEqual([]);
  });
});

describe.each(descriptors.map((x) => [routeKey(x.d.method, x.d.path), x.d] as const))('%s', (_name, d) => {
  const url = placeholderUrl(d.path);

  it('refuses every bad identity with 401, the envelope and no-store', async () => {
    const wrong: string[] = [];
    for (const id of badIdentities) {
      const res = await send(d.method, url, await id.header());
      if (d.access === 'public') {
        if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)
          wrong.push(`${id.name}: ${res.statusCode} on a public route`);
        continue;
      }
      const problem = envelopeProblem(res) ?? uncached(res);
      const code = (res.json() as { code?: string }).code;
      if (res.statusCode !== 401 || problem || code !== id.code)
        wrong.push(`${id.name}: ${res.statusCode} ${code ?? ''} ${problem ?? ''}`.trim());
    }
    expect(wrong).toEqual([]);
  });

  it('answers each role by its privileges: 403 (envelope) without it, neither 401 nor 403 with it; no-store', async () => {
    const wrong: string[] = [];
    for (const [role, privileges] of Object.entries(IDENTITIES)) {
      const res = await send(d.method, url, roleHeaders.get(role)!);
      const granted = allows(privileges, d);
      if (granted) {
        if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)
          wrong.push(`${role}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (d.access !== 'public' && uncached(res)) wrong.push(`${role}: ${res.statusCode} ${uncached(res)}`);
      } else {
        const problem = envelopeProblem(res) ?? uncached(res);
        const code = (res.json() as { code?: string }).code;
        const named = (res.json() as { details?: { privilege?: string } }).details?.privilege;
        if (res.statusCode !== 403 || problem || code !== 'auth.forbidden' || named !== d.access)
          wrong.push(`${role}: ${res.statusCode} ${code ?? ''} ${named ?? ''} ${problem ?? ''}`.trim());
      }
    }
    expect(wrong).toEqual([]);
  });
});

/*
 * Issue 9 item 1: `GET /api/v1/devops/audit` is one object's trail. Without its type and instance_id it is refused
 * (400) to every role that may call it, and the admin-only audit types (user management) are the admin's: 403 for
 * everyone else, whichever way the query is spelled.
 */
describe('GET /api/v1/devops/audit: one object trail, admin-only types for admins', () => {
  const LIST = '/api/v1/devops/audit';
  const readers = PORTAL_ROLES.filter((r) => (ROLE_PRIVILEGES[r] ?? []).includes('audit.read'));
  const admins = readers.filter((r) => (ROLE_PRIVILEGES[r] ?? []).includes('admin.audits'));
  const others = readers.filter((r) => !admins.includes(r));
  const USER = 'lin.wei@example.com';

  beforeAll(async () => {
    // A trail for one object of every type, so each read below has rows to return (or to withhold).
    await t.database.db.insert(auditLogs).values(
      AUDIT_TYPES.map((type) => ({
        type,
        instanceId: (ADMIN_AUDIT_TYPES as readonly string[]).includes(type) ? USER : `matrix-${type}`,
        operator: 'admin@example.com',
        operation: 'update',
        details: { before: { roles: ['operator'] }, after: { roles: ['operator', 'viewer'] } },
      })),
    );
  });

  it('has readers that are not admins, and admin-only types', () => {
    expect(others.length).toBeGreaterThan(0);
    expect(ADMIN_AUDIT_TYPES.length).toBeGreaterThan(0);
  });

  it.each([
    ['no filter', ''],
    ['only a type', '?type=cloud_config_change'],
    ['only an instance id', '?instance_id=matrix-cloud_config_change'],
    ['an empty instance id', '?type=cloud_config_change&instance_id='],
    ['only an operator', '?operator=admin@example.com'],
  ])('refuses %s with 400 to every reader', async (_name, query) => {
    for (const role of readers) {
      const res = await send('GET', `${LIST}${query}`, roleHeaders.get(role)!);
      expect(res.statusCode, `${role} ${query}`).toBe(400);
      expect(envelopeProblem(res), `${role} ${query}`).toBeUndefined();
    }
  });

  it('answers one object trail of a shared type to every reader', async () => {
    for (const type of AUDIT_TYPES.filter((x) => !(ADMIN_AUDIT_TYPES as readonly string[]).includes(x))) {
      for (const role of readers) {
        const res = await send('GET', `${LIST}?type=${type}&instance_id=matrix-${type}`, roleHeaders.get(role)!);
        expect(res.statusCode, `${role} ${type}`).toBe(200);
        const body = res.json() as { items: { type: string; instance_id: string }[] };
        expect(body.items.length, `${role} ${type}`).toBeGreaterThan(0);
        expect(body.items.every((i) => i.type === type && i.instance_id === `matrix-${type}`)).toBe(true);
      }
    }
  });

  it('answers an admin-only trail to admins only: 403 with the envelope for the other roles', async () => {
    for (const type of ADMIN_AUDIT_TYPES) {
      const url = `${LIST}?type=${type}&instance_id=${encodeURIComponent(USER)}`;
      for (const role of admins) {
        const res = await send('GET', url, roleHeaders.get(role)!);
        expect(res.statusCode, `${role} ${type}`).toBe(200);
        expect((res.json() as { items: unknown[] }).items.length).toBeGreaterThan(0);
      }
      for (const role of others) {
        const res = await send('GET', url, roleHeaders.get(role)!);
        expect(res.statusCode, `${role} ${type}`).toBe(403);
        expect(envelopeProblem(res), `${role} ${type}`).toBeUndefined();
      }
    }
  });

  it('never hands an admin-only row to another role, however the query is spelled', async () => {
    const admin = ADMIN_AUDIT_TYPES[0];
    const queries = [
      `type=${admin}&instance_id=${encodeURIComponent(USER)}`,
      `type=${admin.toUpperCase()}&instance_id=${encodeURIComponent(USER)}`,
      `type=${admin}&type=tenant&instance_id=${encodeURIComponent(USER)}`,
      `type=tenant&type=${admin}&instance_id=${encodeURIComponent(USER)}`,
      `type[]=${admin}&instance_id=${encodeURIComponent(USER)}`,
      `type=tenant&instance_id=${encodeURIComponent(USER)}`,
      `type=tenant&instance_id=${encodeURIComponent(USER)}&operator=admin@example.com`,
      `type=${admin}%00&instance_id=${encodeURIComponent(USER)}`,
      `type=%20${admin}&instance_id=${encodeURIComponent(USER)}`,
      `instance_id=${encodeURIComponent(USER)}&per_page=100`,
      `per_page=100`,
    ];
    for (const role of others) {
      for (const q of queries) {
        const res = await send('GET', `${LIST}?${q}`, roleHeaders.get(role)!);
        expect(res.statusCode, `${role} ${q}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(envelopeProblem(res), `${role} ${q}`).toBeUndefined();
        else {
          const items = (res.json() as { items: { type: string }[] }).items;
          expect(
            items.filter((i) => (ADMIN_AUDIT_TYPES as readonly string[]).includes(i.type)),
            `${role} ${q}`,
          ).toEqual([]);
        }
      }
    }
  });
});
