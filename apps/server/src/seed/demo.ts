import { count } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { AppContext } from '../platform/context.js';
import type { Database, Db } from '../platform/db.js';
import { demoSeedParts, portalUsers } from '../platform/schema.js';
import { buildApp } from '../app.js';
import { ensureApprovalTemplates } from '../features/approvals/index.js';
import { seedAccounts } from './accounts.js';
import { ensureBuiltinRoles } from '../platform/access-control.js';
import { seedPlatform } from './platform.js';
import { seedTicdc } from './ticdc.js';
import { seedDemoConfig, seedParameterCatalogue } from './parameters.js';
import { seedConfigVersions } from './configversions.js';
import { seedConfigCenter } from './configcenter.js';
import { seedReleases } from './release.js';
import { seedMaintenances } from './maintenance.js';
import { seedJumpHistory, seedJumps } from './jumps.js';
import { seedK8s } from './k8s.js';
import { seedIssueTracker } from './issuetracker.js';
import { seedIncidents } from './incidents.js';
import { seedSla } from './sla.js';
import { seedRemediation } from './remediation.js';
import { seedUserbehavior } from './userbehavior.js';
import { seedNotifications } from './notifications.js';
import { seedClusterMonitoring, seedClusterStores } from './clustermonitoring.js';
import { seedTargetChanges } from './configchange-targets.js';
import { seedComponentDiffReports, seedMonitoring } from './monitoring.js';
import { seedDashboard } from './dashboard.js';
import { seedAiops } from './aiops.js';
import { rateSeededChanges, seedBilling } from './billing.js';
import { seedBillingAccounts } from './billingaccounts.js';
import { seedPartners } from './partners.js';
import { seedSkuEditor } from './skueditor.js';
import { seedSkuService } from './skuservice.js';
import { seedIam } from './iam.js';
import { seedGrants, seedSystemSettings } from './privileges.js';
import { seedTenantOperations } from './tenants.js';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.js';

/** What the demo seed needs of an app: its database and the registry of what its features provide. */
export type SeedContext = Pick<AppContext, 'db' | 'registry'>;

/**
 * Reference data the platform needs whatever SEED says: the parameter catalogue (the approval templates are ensured
 * by the approvals feature when the app starts). Idempotent upserts, run at every start so a new release's
 * catalogue reaches existing databases.
 */
export async function seedReferenceData(tx: Db): Promise<void> {
  await ensureBuiltinRoles(tx);
  await seedParameterCatalogue(tx);
}

/**
 * The part of the demo fixed to the demo's own calendar (`DEMO_BASE_TIME`, fixed dates): the same rows whenever it
 * runs, so the build seeds it once into the demo template (pglite-template.ts) and a fresh embedded database starts
 * with it. In this order: later parts read earlier ones.
 */
export async function seedStaticPart(ctx: SeedContext, tx: Db): Promise<void> {
  await seedAccounts(tx);
  await seedPlatform(tx);
  await seedTicdc(tx);
  await seedReferenceData(tx);
  // The demo starts approvals: their templates must exist before the app has ever started.
  await ensureApprovalTemplates(ctx, tx);
  await seedDemoConfig(ctx, tx);
  await seedConfigVersions(tx);
  await seedConfigCenter(tx);
  // Template and tenant-init changes: their targets read the config center's templates and versions.
  await seedTargetChanges(ctx, tx);
  // The Kubernetes fleet, which tenant clusters it hosts, and upgrade tasks in every status.
  await seedK8s(tx);
  // Releases with their changes, tickets, deploys and approvals; the embedded code host's pull requests.
  await seedReleases(ctx, tx);
  // The embedded issue tracker's project (OPS): issues incidents and remediation tickets link to.
  await seedIssueTracker(tx);
  // User-behaviour subscriptions, their chats and the tenant events already delivered to them.
  await seedUserbehavior(tx);
  // The dashboard's on-call rotations and the first pass of its TiKV / TiFlash tenant rollup.
  await seedDashboard(tx);
  // Jump authorizations that ended before the demo's calendar begins (the jump server's users too).
  await seedJumpHistory(tx);
  // The stores PD reports for every cluster running TiKV or TiFlash.
  await seedClusterStores(tx);
  // Component-diff reports over the fleet and the config center's defaults.
  await seedComponentDiffReports(tx);
  // Billing: configs, 13 months of rated usage and the invoices computed from it, support plans, risk levels,
  // discounts, credits, exchange rates (before billing accounts, which reads the configs).
  await seedBilling(tx);
  // Billing accounts: billing companies, payment set-ups and payments, subscriptions, contracts in every status,
  // budgets, CPPO / MCPO customers and tenant closings (a closing under way, closed ones, a cancelled one).
  await seedBillingAccounts(tx);
  // What those two seeds changed through the billing services, rated now rather than by jobs at the first start.
  await rateSeededChanges(tx);
  // Partners: MSPs, the CPPO / MCPO resellers of billing accounts' configs, resellers, and their customer links.
  await seedPartners(tx);
  // The SKU service: compute and storage MUs, SPUs and their SKUs on AWS / GCP / Azure, whitelists, a change log.
  await seedSkuService(tx);
  // The SKU editor: a group priced by a label (volume type) and a threshold group, with units made by group.
  await seedSkuEditor(tx);
  // IAM: user groups and members, API keys (active, revoked, expired), policies and their role / policy bindings.
  await seedIam(tx);
  // System settings changed from their defaults, with the audit rows of the changes.
  await seedSystemSettings(tx);
  // Tenant operations: quotas, VPC CIDRs, account users, support sessions, and a tenant with no clusters to delete
  // (last: a tenant added here is no other seed's target).
  await seedTenantOperations(tx);
}

/**
 * The part of the demo relative to the clock (maintenance windows open now, alerts firing now, certificates expiring
 * soon, this month's SLA, AIOps findings of the last hours): seeded when the database is first started. Runs after
 * the static part, whose rows it reads.
 */
export async function seedLivePart(ctx: SeedContext, tx: Db): Promise<void> {
  await seedMaintenances(tx);
  // Privilege grants for the staff in every status (pending, active, expired, rejected, revoked), ends ahead of now.
  await seedGrants(tx);
  // Jump authorizations in flight over the first available clusters: approving, and active with expiry jobs.
  await seedJumps(tx);
  // Incidents over the fleet in every status, some right after the changes above (their "what changed here").
  await seedIncidents(tx);
  // The SLA's downtime windows: the incidents' start → mitigation on dedicated clusters, plus standalone ones.
  await seedSla(tx);
  // Remediation tickets in every status (after the incidents and tracker issues they link to; one is running).
  await seedRemediation(ctx, tx);
  // Cluster alerts (some firing now, some handled), DM namespaces on a few clusters.
  await seedClusterMonitoring(tx);
  // Region certificates (expiring relative to today) and the o11y clusters (their health as of now).
  await seedMonitoring(tx);
  // AIOps issues as the detector would have found them over the metrics model's anomalies, and daily reports.
  await seedAiops(tx);
  // Notification workflows and 30 days of their deliveries: keep it last, its events are about the objects seeded
  // above (incidents, approvals, maintenances, deployed release changes).
  await seedNotifications(tx);
}

/**
 * Seeds the deterministic demo data, in one transaction, with the operation types, targets and approval templates of
 * the app's features (`ctx.registry`): both parts into an empty database, or the live part into one that holds only
 * the static part (a fresh embedded database copied from the build's demo template). Returns whether it seeded.
 */
export async function seedIfEmpty(ctx: SeedContext): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(portalUsers);
  if ((row?.n ?? 0) === 0) {
    await ctx.db.transaction(async (tx) => {
      await seedStaticPart(ctx, tx);
      await seedLivePart(ctx, tx);
      await tx.insert(demoSeedParts).values([{ part: 'static' }, { part: 'live' }]);
    });
    return true;
  }
  const parts = new Set((await ctx.db.select({ part: demoSeedParts.part }).from(demoSeedParts)).map((r) => r.part));
  if (!parts.has('static') || parts.has('live')) return false;
  await ctx.db.transaction(async (tx) => {
    // Another process sharing the database may have seeded it meanwhile: the marker's key decides (a duplicate
    // rolls this transaction back).
    await tx.insert(demoSeedParts).values({ part: 'live' });
    await seedLivePart(ctx, tx);
  });
  return true;
}

/** `seedIfEmpty` for a tool that has no app of its own (the seed CLI, the test setup): builds one, not started. */
export async function seedDemoDatabase(config: Config, database: Database): Promise<boolean> {
  const { app, ctx } = await buildApp(config, database);
  try {
    return await seedIfEmpty(ctx);
  } finally {
    await app.close();
  }
}
