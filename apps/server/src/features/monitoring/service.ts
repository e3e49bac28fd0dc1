import type { z } from 'zod';
import {
  canDoOnComponentDiff,
  certificateDaysLeft,
  certificateStatus,
  type Certificate,
  type CertificateRegion,
  type certificateListQuery,
  type certificateRegionsQuery,
  type ComponentDiffReport,
  type componentDiffReportListQuery,
  type ComponentDiffRow,
  type componentDiffRowListQuery,
  type generateComponentDiffBody,
  type ListResult,
  type O11yCluster,
  type O11yClusterDetail,
  type o11yClusterListQuery,
  type O11yComponent,
  type O11yCoveredCluster,
  type o11yCoveredListQuery,
  type RegionCertificates,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { enqueueJob, type Job } from '../../platform/jobs.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { compareComponent, loadDefaults } from './diff.js';
import * as repo from './repo.js';

export const AUDIT_TYPE = 'component_diff_report' as const;
/** The durable job that generates a report, one batch of clusters per run (it reschedules itself until done). */
export const REPORT_JOB = 'monitoring.component_diff';
/** Clusters compared per run of the job: one transaction each, so a restart loses at most one batch's work. */
export const REPORT_BATCH = 500;
/** Who finishes a report, in the audit trail. */
export const SYSTEM = 'system';

export interface ReportJobPayload {
  report_id: string;
}

// ---------------------------------------------------------------- certificates

function toRegion(r: repo.RegionSummaryRow): CertificateRegion {
  return {
    region_id: r.regionId,
    provider: r.provider,
    region: r.region,
    display_name: r.displayName,
    enabled: r.enabled,
    total: r.total,
    valid: r.total - r.expired - r.expiring,
    expiring: r.expiring,
    expired: r.expired,
    next_expiry: isoOrNull(r.nextExpiry),
    o11y_cluster: r.o11yCluster,
  };
}

function toCertificate(r: repo.CertificateRow, region: CertificateRegion, now: Date): Certificate {
  return {
    id: String(r.id),
    region_id: r.regionId,
    provider: region.provider,
    region: region.region,
    component: r.component as Certificate['component'],
    name: r.name,
    subject: r.subject,
    issuer: r.issuer,
    serial_number: r.serialNumber,
    dns_names: r.dnsNames,
    key_algorithm: r.keyAlgorithm,
    fingerprint_sha256: r.fingerprintSha256,
    not_before: iso(r.notBefore),
    not_after: iso(r.notAfter),
    days_left: certificateDaysLeft(r.notAfter, now),
    status: certificateStatus(r.notAfter, now),
  };
}

export async function listCertificateRegions(
  db: Db,
  q: z.output<typeof certificateRegionsQuery>,
  now = new Date(),
): Promise<ListResult<CertificateRegion>> {
  const rows = await repo.selectRegionSummaries(db, now, { providers: q.provider });
  return { items: rows.map(toRegion), total: rows.length };
}

export async function regionCertificates(
  db: Db,
  regionId: string,
  q: z.output<typeof certificateListQuery>,
  now = new Date(),
): Promise<RegionCertificates> {
  const [summary] = await repo.selectRegionSummaries(db, now, { regionId });
  if (!summary) throw new AppError('region.notFound', `Region ${regionId} not found`);
  const region = toRegion(summary);
  const { rows, total } = await repo.selectCertificates(db, regionId, q, now);
  return { region, items: rows.map((r) => toCertificate(r, region, now)), total };
}

// ---------------------------------------------------------------- component-diff reports

export function toReport(r: repo.ReportRow): ComponentDiffReport {
  return {
    id: String(r.id),
    status: r.status as ComponentDiffReport['status'],
    scope: {
      provider: r.scopeProvider as ComponentDiffReport['scope']['provider'],
      tenant_id: r.scopeTenantId,
      tenant_name: r.scopeTenantName,
    },
    note: r.note,
    requested_by: r.requestedBy,
    clusters_scanned: r.clustersScanned,
    components_scanned: r.componentsScanned,
    clusters_with_diff: r.clustersWithDiff,
    diff_rows: r.diffRows,
    version_diffs: r.versionDiffs,
    image_diffs: r.imageDiffs,
    reason: r.reason,
    cancelled_by: r.cancelledBy,
    created_at: iso(r.createdAt),
    started_at: isoOrNull(r.startedAt),
    finished_at: isoOrNull(r.finishedAt),
  };
}

function toRow(r: repo.DiffRow): ComponentDiffRow {
  return {
    id: String(r.id),
    cluster_id: r.clusterId,
    cluster_name: r.clusterName,
    cluster_type: r.clusterType,
    cluster_version: r.clusterVersion,
    tenant_id: r.tenantId,
    tenant_name: r.tenantName,
    provider: r.provider,
    region: r.region,
    component: r.component,
    difference: r.difference as ComponentDiffRow['difference'],
    expected_version: r.expectedVersion,
    expected_version_source: r.expectedVersionSource as ComponentDiffRow['expected_version_source'],
    actual_version: r.actualVersion,
    base_image: r.baseImage,
    expected_image_tag: r.expectedImageTag,
    expected_image_source: r.expectedImageSource as ComponentDiffRow['expected_image_source'],
    actual_image_tag: r.actualImageTag,
  };
}

/** Report ids are bigserials: anything that is not one is simply not found. */
function parseReportId(id: string): number {
  if (!/^\d{1,15}$/.test(id)) throw new AppError('monitoring.reportNotFound');
  return Number(id);
}

async function reportRow(db: Db, id: string, forUpdate = false): Promise<repo.ReportRow> {
  const row = await repo.findReport(db, parseReportId(id), forUpdate);
  if (!row) throw new AppError('monitoring.reportNotFound');
  return row;
}

export async function listReports(
  db: Db,
  q: z.output<typeof componentDiffReportListQuery>,
): Promise<ListResult<ComponentDiffReport>> {
  const { rows, total } = await repo.selectReports(db, q);
  return { items: rows.map(toReport), total };
}

export async function getReport(db: Db, id: string): Promise<ComponentDiffReport> {
  return toReport(await reportRow(db, id));
}

export async function listReportRows(
  db: Db,
  id: string,
  q: z.output<typeof componentDiffRowListQuery>,
): Promise<ListResult<ComponentDiffRow>> {
  const report = await reportRow(db, id);
  const { rows, total } = await repo.selectDiffRows(db, report.id, q);
  return { items: rows.map(toRow), total };
}

export const scopeKeyOf = (provider: string | null, tenantId: string | null) => `${provider ?? ''}|${tenantId ?? ''}`;

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

/** Queues a report of the scope (one in progress per scope) with its job and audit row, in one transaction. */
export async function generateReport(
  db: Db,
  operator: string,
  body: z.output<typeof generateComponentDiffBody>,
): Promise<ComponentDiffReport> {
  const provider = body.provider ?? null;
  const tenantId = body.tenant_id ?? null;
  const scopeKey = scopeKeyOf(provider, tenantId);
  try {
    return await db.transaction(async (tx) => {
      const tenantName = tenantId === null ? null : await repo.findTenantName(tx, tenantId);
      if (tenantName === undefined)
        throw new AppError('monitoring.unknownTenant', `The report's tenant ${tenantId} does not exist`);
      const open = await repo.findOpenReport(tx, scopeKey);
      if (open) throw inProgress(open.id);
      const row = await repo.insertReport(tx, {
        status: 'queued',
        scopeProvider: provider,
        scopeTenantId: tenantId,
        scopeTenantName: tenantName,
        scopeKey,
        note: body.note,
        requestedBy: operator,
      });
      await enqueueJob(tx, REPORT_JOB, { report_id: String(row.id) } satisfies ReportJobPayload, {
        dedupeKey: `${REPORT_JOB}:${row.id}`,
      });
      const report = toReport(row);
      await writeAudit(tx, {
        type: AUDIT_TYPE,
        instanceId: report.id,
        operator,
        operation: 'generate',
        details: { before: null, after: { status: report.status, scope: report.scope, note: report.note } },
      });
      return report;
    });
  } catch (err) {
    // Two requests for one scope at once: the database's unique index refuses the second.
    if (isUniqueViolation(err)) throw inProgress();
    throw err;
  }
}

const inProgress = (id?: number) =>
  new AppError(
    'monitoring.reportInProgress',
    id === undefined
      ? undefined
      : `Report ${id} of the same scope is still being generated: cancel it or wait for it to end`,
  );

export async function cancelReport(db: Db, id: string, operator: string): Promise<ComponentDiffReport> {
  return db.transaction(async (tx) => {
    const before = await reportRow(tx, id, true);
    if (!canDoOnComponentDiff(before.status, 'cancel'))
      throw new AppError(
        'monitoring.reportActionNotAllowed',
        `Report ${before.id} is ${before.status}: only a queued or running report can be cancelled`,
      );
    const after = await repo.updateReport(tx, before.id, {
      status: 'cancelled',
      reason: `Cancelled by ${operator}`,
      cancelledBy: operator,
      finishedAt: new Date(),
    });
    await writeAudit(tx, {
      type: AUDIT_TYPE,
      instanceId: String(before.id),
      operator,
      operation: 'cancel',
      details: {
        before: { status: before.status },
        after: { status: after.status, clusters_scanned: after.clustersScanned, diff_rows: after.diffRows },
      },
    });
    return toReport(after);
  });
}

/**
 * Compares the next batch of a report's clusters and records the diff rows and counters; completes the report after
 * the last batch. Returns whether more clusters are left.
 */
export async function runReportBatch(
  tx: Db,
  report: repo.ReportRow,
  { batchSize = REPORT_BATCH, now = new Date() }: { batchSize?: number; now?: Date } = {},
): Promise<boolean> {
  const startedAt = report.startedAt ?? now;
  const scope = { provider: report.scopeProvider, tenantId: report.scopeTenantId };
  const batch = await repo.selectClusterBatch(tx, scope, report.cursor, batchSize);
  const [defaults, components] = await Promise.all([
    loadDefaults(tx),
    repo.selectComponentsOf(
      tx,
      batch.map((c) => c.id),
    ),
  ]);
  const byCluster = new Map(batch.map((c) => [c.id, c]));
  const rows: repo.NewDiffRow[] = [];
  const scanned = new Set<string>();
  const withDiff = new Set<string>();
  for (const running of components) {
    const cluster = byCluster.get(running.clusterId)!;
    scanned.add(cluster.id);
    const diff = compareComponent(defaults, cluster, running);
    if (!diff) continue;
    withDiff.add(cluster.id);
    rows.push({
      reportId: report.id,
      clusterId: cluster.id,
      clusterName: cluster.name,
      clusterType: cluster.clusterType,
      clusterVersion: cluster.version,
      tenantId: cluster.tenantId,
      tenantName: cluster.tenantName,
      provider: cluster.provider,
      region: cluster.region,
      component: running.component,
      difference: diff.difference,
      expectedVersion: diff.expected.version,
      expectedVersionSource: diff.expected.versionSource,
      actualVersion: running.version,
      baseImage: diff.expected.baseImage,
      expectedImageTag: diff.expected.imageTag,
      expectedImageSource: diff.expected.imageSource,
      actualImageTag: running.imageTag,
    });
  }
  await repo.insertDiffRows(tx, rows);
  const more = batch.length === batchSize;
  const after = await repo.updateReport(tx, report.id, {
    status: more ? 'running' : 'completed',
    startedAt,
    cursor: batch.at(-1)?.id ?? report.cursor,
    clustersScanned: report.clustersScanned + scanned.size,
    componentsScanned: report.componentsScanned + components.length,
    clustersWithDiff: report.clustersWithDiff + withDiff.size,
    diffRows: report.diffRows + rows.length,
    versionDiffs: report.versionDiffs + rows.filter((r) => r.difference !== 'image').length,
    imageDiffs: report.imageDiffs + rows.filter((r) => r.difference !== 'version').length,
    ...(more ? {} : { finishedAt: now }),
  });
  if (!more)
    await writeAudit(tx, {
      type: AUDIT_TYPE,
      instanceId: String(report.id),
      operator: SYSTEM,
      operation: 'complete',
      operateAt: now,
      details: {
        before: { status: report.status },
        after: {
          status: after.status,
          clusters_scanned: after.clustersScanned,
          clusters_with_diff: after.clustersWithDiff,
          diff_rows: after.diffRows,
        },
      },
    });
  return more;
}

/**
 * The report job: one batch per run, rescheduled at once while clusters are left. A cancelled report stops it. A
 * batch that keeps failing fails the report on the job's last attempt (its rows so far are kept).
 */
export async function onReportJob(
  tx: Db,
  payload: ReportJobPayload,
  job: Pick<Job, 'attempts' | 'max_attempts'>,
): Promise<{ rerunAt?: Date } | void> {
  const report = await repo.findReport(tx, Number(payload.report_id), true);
  if (!report || !canDoOnComponentDiff(report.status, 'cancel')) return;
  try {
    const more = await tx.transaction((sp) => runReportBatch(sp, report));
    return more ? { rerunAt: new Date() } : undefined;
  } catch (err) {
    if (job.attempts + 1 < job.max_attempts) throw err;
    const reason = `The comparison failed: ${(err as Error).message ?? String(err)}`.slice(0, 1000);
    await repo.updateReport(tx, report.id, { status: 'failed', reason, finishedAt: new Date() });
    await writeAudit(tx, {
      type: AUDIT_TYPE,
      instanceId: String(report.id),
      operator: SYSTEM,
      operation: 'fail',
      details: { before: { status: report.status }, after: { status: 'failed', reason } },
    });
  }
}

// ---------------------------------------------------------------- o11y clusters

function toO11y(r: repo.O11yWithCoverage): O11yCluster {
  return {
    name: r.name,
    provider: r.provider,
    region_id: r.regionId,
    region: r.region,
    endpoint: r.endpoint,
    version: r.version,
    health: r.health as O11yCluster['health'],
    health_message: r.healthMessage,
    ingestion_rate: r.ingestionRate,
    active_series: r.activeSeries,
    retention_days: r.retentionDays,
    storage_used_gib: r.storageUsedGib,
    storage_capacity_gib: r.storageCapacityGib,
    covered_clusters: r.coveredClusters,
    covered_tenants: r.coveredTenants,
    checked_at: iso(r.checkedAt),
    created_at: iso(r.createdAt),
  };
}

export async function listO11yClusters(
  db: Db,
  q: z.output<typeof o11yClusterListQuery>,
): Promise<ListResult<O11yCluster>> {
  const rows = await repo.selectO11yClusters(db, q);
  return { items: rows.map(toO11y), total: rows.length };
}

async function o11yRow(db: Db, name: string): Promise<repo.O11yWithCoverage> {
  const row = await repo.findO11yCluster(db, name);
  if (!row) throw new AppError('monitoring.o11yClusterNotFound', `O11y cluster ${name} not found`);
  return row;
}

export async function getO11yCluster(db: Db, name: string): Promise<O11yClusterDetail> {
  const row = await o11yRow(db, name);
  return { ...toO11y(row), components: row.components as O11yComponent[] };
}

export async function listCoveredClusters(
  db: Db,
  name: string,
  q: z.output<typeof o11yCoveredListQuery>,
): Promise<ListResult<O11yCoveredCluster>> {
  const o11y = await o11yRow(db, name);
  const { rows, total } = await repo.selectCoveredClusters(db, o11y, q);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      cluster_type: r.clusterType,
      version: r.version,
      tenant_id: r.tenantId,
      tenant_name: r.tenantName,
      created_at: iso(r.createdAt),
    })),
    total,
  };
}
