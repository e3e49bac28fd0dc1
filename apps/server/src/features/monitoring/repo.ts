import { and, asc, count, eq, gt, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CERTIFICATE_EXPIRING_DAYS,
  type CertificateStatus,
  type certificateListQuery,
  type componentDiffReportListQuery,
  type componentDiffRowListQuery,
  type o11yClusterListQuery,
  type o11yCoveredListQuery,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { insertRows } from '../../platform/bulk.js';
import { containsPattern, listOrder, pageWindow } from '../../platform/list-query.js';
import { clusterComponents, clusters, tenants } from '../orgs/index.js';
import { providers, regions } from '../providers/index.js';
import { monCertificates, monDiffReports, monDiffRows, monO11yClusters } from './schema.js';

export type CertificateRow = typeof monCertificates.$inferSelect;
export type ReportRow = typeof monDiffReports.$inferSelect;
export type NewReport = typeof monDiffReports.$inferInsert;
export type DiffRow = typeof monDiffRows.$inferSelect;
export type NewDiffRow = typeof monDiffRows.$inferInsert;
export type O11yRow = typeof monO11yClusters.$inferSelect;

const DELETED = 'USER_CLUSTER_STATUS_DELETED';
const DAY_MS = 86_400_000;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

// ---------------------------------------------------------------- certificates

export interface RegionSummaryRow {
  regionId: string;
  provider: string;
  region: string;
  displayName: string;
  enabled: boolean;
  total: number;
  expired: number;
  expiring: number;
  nextExpiry: Date | string | null;
  o11yCluster: string | null;
}

/** Every region (or one, or a few providers'), with its certificates counted by status as of `now`. */
export function selectRegionSummaries(
  db: Db,
  now: Date,
  f: { regionId?: string; providers?: string[] | undefined },
): Promise<RegionSummaryRow[]> {
  const c = monCertificates;
  const soon = new Date(now.getTime() + CERTIFICATE_EXPIRING_DAYS * DAY_MS);
  const where: SQL[] = [];
  if (f.regionId !== undefined) where.push(eq(regions.id, f.regionId));
  if (f.providers?.length) where.push(inArray(providers.name, f.providers));
  return db
    .select({
      regionId: regions.id,
      provider: providers.name,
      region: regions.regionCode,
      displayName: regions.displayName,
      enabled: regions.enabled,
      total: sql<number>`count(${c.id})::int`,
      expired: sql<number>`(count(${c.id}) filter (where ${c.notAfter} <= ${at(now)}))::int`,
      expiring: sql<number>`(count(${c.id}) filter (where ${c.notAfter} > ${at(now)} and ${c.notAfter} <= ${at(soon)}))::int`,
      nextExpiry: sql<Date | string | null>`min(${c.notAfter}) filter (where ${c.notAfter} > ${at(now)})`,
      o11yCluster: sql<string | null>`(select o.name from ${monO11yClusters} o where o.region_id = ${regions.id}
        order by o.name limit 1)`,
    })
    .from(regions)
    .innerJoin(providers, eq(providers.id, regions.providerId))
    .leftJoin(c, eq(c.regionId, regions.id))
    .where(where.length ? and(...where) : undefined)
    .groupBy(regions.id, providers.name)
    .orderBy(asc(providers.name), asc(regions.regionCode), asc(regions.id));
}

function certificateWhere(regionId: string, q: z.output<typeof certificateListQuery>, now: Date): SQL {
  const c = monCertificates;
  const soon = new Date(now.getTime() + CERTIFICATE_EXPIRING_DAYS * DAY_MS);
  const parts: SQL[] = [eq(c.regionId, regionId)];
  if (q.status?.length) {
    const ranges: Record<CertificateStatus, SQL> = {
      expired: sql`${c.notAfter} <= ${at(now)}`,
      expiring: sql`(${c.notAfter} > ${at(now)} and ${c.notAfter} <= ${at(soon)})`,
      valid: sql`${c.notAfter} > ${at(soon)}`,
    };
    parts.push(or(...q.status.map((s) => ranges[s]))!);
  }
  if (q.component?.length) parts.push(inArray(c.component, q.component));
  if (q.search) {
    const pattern = containsPattern(q.search);
    parts.push(
      or(
        ilike(c.name, pattern),
        ilike(c.subject, pattern),
        ilike(c.issuer, pattern),
        sql`exists (select 1 from jsonb_array_elements_text(${c.dnsNames}) d where d ilike ${pattern})`,
      )!,
    );
  }
  return and(...parts)!;
}

export async function selectCertificates(
  db: Db,
  regionId: string,
  q: z.output<typeof certificateListQuery>,
  now: Date,
): Promise<{ rows: CertificateRow[]; total: number }> {
  const c = monCertificates;
  const where = certificateWhere(regionId, q, now);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(c)
      .where(where)
      .orderBy(...listOrder(q.sort, { not_after: c.notAfter, component: [c.component, c.name], name: c.name }, c.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(c).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- component-diff reports

export async function insertReport(db: Db, row: NewReport): Promise<ReportRow> {
  const [r] = await db.insert(monDiffReports).values(row).returning();
  return r!;
}

export async function findReport(db: Db, id: number, forUpdate = false): Promise<ReportRow | undefined> {
  const q = db.select().from(monDiffReports).where(eq(monDiffReports.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findOpenReport(db: Db, scopeKey: string): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(monDiffReports)
    .where(and(eq(monDiffReports.scopeKey, scopeKey), inArray(monDiffReports.status, ['queued', 'running'])))
    .limit(1);
  return row;
}

export async function updateReport(db: Db, id: number, patch: Partial<NewReport>): Promise<ReportRow> {
  const [row] = await db.update(monDiffReports).set(patch).where(eq(monDiffReports.id, id)).returning();
  return row!;
}

function reportWhere(q: z.output<typeof componentDiffReportListQuery>): SQL | undefined {
  const r = monDiffReports;
  const parts: SQL[] = [];
  if (q.status?.length) parts.push(inArray(r.status, q.status));
  if (q.provider) parts.push(eq(r.scopeProvider, q.provider));
  if (q.tenant_id) parts.push(eq(r.scopeTenantId, q.tenant_id));
  return parts.length ? and(...parts) : undefined;
}

export async function selectReports(
  db: Db,
  q: z.output<typeof componentDiffReportListQuery>,
): Promise<{ rows: ReportRow[]; total: number }> {
  const r = monDiffReports;
  const where = reportWhere(q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(r)
      .where(where)
      .orderBy(...listOrder(q.sort, { created_at: r.createdAt }, r.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(r).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

function rowWhere(reportId: number, q: z.output<typeof componentDiffRowListQuery>): SQL {
  const d = monDiffRows;
  const parts: SQL[] = [eq(d.reportId, reportId)];
  if (q.tenant_id) parts.push(eq(d.tenantId, q.tenant_id));
  if (q.provider?.length) parts.push(inArray(d.provider, q.provider));
  if (q.component?.length) parts.push(inArray(d.component, q.component));
  if (q.difference?.length) parts.push(inArray(d.difference, q.difference));
  if (q.search) parts.push(or(ilike(d.clusterName, containsPattern(q.search)), eq(d.clusterId, q.search))!);
  return and(...parts)!;
}

export async function selectDiffRows(
  db: Db,
  reportId: number,
  q: z.output<typeof componentDiffRowListQuery>,
): Promise<{ rows: DiffRow[]; total: number }> {
  const d = monDiffRows;
  const where = rowWhere(reportId, q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(d)
      .where(where)
      .orderBy(
        ...listOrder(
          q.sort,
          { tenant: [d.tenantName, d.clusterName, d.component], cluster: [d.clusterName, d.component] },
          d.id,
        ),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(d).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One statement whatever the number of rows (bulk.ts: the rows go as one JSON parameter). */
export async function insertDiffRows(db: Db, rows: NewDiffRow[]): Promise<void> {
  await insertRows(db, monDiffRows, rows);
}

export interface BatchCluster {
  id: string;
  name: string;
  clusterType: string;
  tenantId: string;
  tenantName: string;
  provider: string;
  region: string;
  version: string;
}

/**
 * The next `limit` clusters of a report's scope after `cursor` (cluster id order; deleted ones run nothing), with
 * their tenants' names: one keyset page, however large the fleet.
 */
export function selectClusterBatch(
  db: Db,
  scope: { provider: string | null; tenantId: string | null },
  cursor: string | null,
  limit: number,
): Promise<BatchCluster[]> {
  const c = clusters;
  const parts: SQL[] = [ne(c.status, DELETED)];
  if (cursor !== null) parts.push(gt(c.id, cursor));
  if (scope.provider) parts.push(eq(c.provider, scope.provider));
  if (scope.tenantId) parts.push(eq(c.tenantId, scope.tenantId));
  return db
    .select({
      id: c.id,
      name: c.name,
      clusterType: c.clusterType,
      tenantId: c.tenantId,
      tenantName: tenants.name,
      provider: c.provider,
      region: c.region,
      version: c.version,
    })
    .from(c)
    .innerJoin(tenants, eq(tenants.id, c.tenantId))
    .where(and(...parts))
    .orderBy(asc(c.id))
    .limit(limit);
}

export function selectComponentsOf(db: Db, clusterIds: string[]) {
  if (clusterIds.length === 0) return Promise.resolve([]);
  const cc = clusterComponents;
  return db
    .select({ clusterId: cc.clusterId, component: cc.component, version: cc.version, imageTag: cc.imageTag })
    .from(cc)
    .where(inArray(cc.clusterId, clusterIds))
    .orderBy(asc(cc.clusterId), asc(cc.component));
}

export async function findTenantName(db: Db, tenantId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row?.name;
}

// ---------------------------------------------------------------- o11y clusters

/** The clusters an o11y cluster covers: not deleted, of its provider and region. */
const covers = (o: { provider: SQL | string; region: SQL | string }) =>
  and(sql`${clusters.provider} = ${o.provider}`, sql`${clusters.region} = ${o.region}`, ne(clusters.status, DELETED))!;

export interface O11yWithCoverage extends O11yRow {
  coveredClusters: number;
  coveredTenants: number;
}

/**
 * The clusters and tenants each (provider, region) covers: one grouped statement for all the o11y clusters asked
 * about (one pass over the clusters, not a count per o11y cluster).
 */
async function withCoverage(db: Db, rows: O11yRow[]): Promise<O11yWithCoverage[]> {
  if (rows.length === 0) return [];
  const pairs = sql.join(
    rows.map((o) => sql`(${o.provider}, ${o.region})`),
    sql`, `,
  );
  const counted = await db
    .select({
      provider: clusters.provider,
      region: clusters.region,
      clusters: sql<number>`count(*)::int`,
      tenants: sql<number>`count(distinct ${clusters.tenantId})::int`,
    })
    .from(clusters)
    .where(and(ne(clusters.status, DELETED), sql`(${clusters.provider}, ${clusters.region}) in (${pairs})`))
    .groupBy(clusters.provider, clusters.region);
  const byPair = new Map(counted.map((c) => [`${c.provider}|${c.region}`, c]));
  return rows.map((o) => {
    const c = byPair.get(`${o.provider}|${o.region}`);
    return { ...o, coveredClusters: c?.clusters ?? 0, coveredTenants: c?.tenants ?? 0 };
  });
}

export async function selectO11yClusters(
  db: Db,
  q: z.output<typeof o11yClusterListQuery>,
): Promise<O11yWithCoverage[]> {
  const o = monO11yClusters;
  const parts: SQL[] = [];
  if (q.provider?.length) parts.push(inArray(o.provider, q.provider));
  if (q.health?.length) parts.push(inArray(o.health, q.health));
  const rows = await db
    .select()
    .from(o)
    .where(parts.length ? and(...parts) : undefined)
    .orderBy(asc(o.provider), asc(o.region), asc(o.name));
  return withCoverage(db, rows);
}

export async function findO11yCluster(db: Db, name: string): Promise<O11yWithCoverage | undefined> {
  const [row] = await db.select().from(monO11yClusters).where(eq(monO11yClusters.name, name)).limit(1);
  return row ? (await withCoverage(db, [row]))[0] : undefined;
}

export async function selectCoveredClusters(
  db: Db,
  o11y: { provider: string; region: string },
  q: z.output<typeof o11yCoveredListQuery>,
) {
  const c = clusters;
  const parts: SQL[] = [covers(o11y)];
  if (q.tenant_id) parts.push(eq(c.tenantId, q.tenant_id));
  if (q.search) parts.push(or(ilike(c.name, containsPattern(q.search)), eq(c.id, q.search))!);
  const where = and(...parts);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: c.id,
        name: c.name,
        status: c.status,
        clusterType: c.clusterType,
        version: c.version,
        tenantId: c.tenantId,
        tenantName: tenants.name,
        createdAt: c.createdAt,
      })
      .from(c)
      .innerJoin(tenants, eq(tenants.id, c.tenantId))
      .where(where)
      .orderBy(...listOrder(q.sort, { created_at: c.createdAt }, c.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(c).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- probes (probes.ts)

export type NewCertificate = typeof monCertificates.$inferInsert;

/** Which of these region ids exist. */
export async function selectRegionIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: regions.id }).from(regions).where(inArray(regions.id, ids));
  return new Set(rows.map((r) => r.id));
}

export const certificateKey = (k: { regionId: string; component: string; name: string }) =>
  `${k.regionId}/${k.component}/${k.name}`;

/** The stored fingerprint of each of these certificates (by `certificateKey`), locked until the caller commits. */
export async function selectCertificateFingerprints(
  db: Db,
  keys: { regionId: string; component: string; name: string }[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const c = monCertificates;
  const tuples = sql.join(
    keys.map((k) => sql`(${k.regionId}, ${k.component}, ${k.name})`),
    sql`, `,
  );
  const rows = await db
    .select({ regionId: c.regionId, component: c.component, name: c.name, fingerprint: c.fingerprintSha256 })
    .from(c)
    .where(sql`(${c.regionId}, ${c.component}, ${c.name}) in (${tuples})`)
    .for('update');
  return new Map(rows.map((r) => [certificateKey(r), r.fingerprint]));
}

/** Inserts the certificates, or replaces what is known of one already kept for (region, component, name). */
export async function upsertCertificates(db: Db, rows: NewCertificate[]): Promise<void> {
  if (rows.length === 0) return;
  const c = monCertificates;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await db
    .insert(c)
    .values(rows)
    .onConflictDoUpdate({
      target: [c.regionId, c.component, c.name],
      set: {
        subject: excluded('subject'),
        issuer: excluded('issuer'),
        serialNumber: excluded('serial_number'),
        dnsNames: excluded('dns_names'),
        keyAlgorithm: excluded('key_algorithm'),
        fingerprintSha256: excluded('fingerprint_sha256'),
        notBefore: excluded('not_before'),
        notAfter: excluded('not_after'),
      },
    });
}

/** Every o11y cluster, as the health prober needs it (name order). */
export function selectO11yProbeTargets(db: Db) {
  const o = monO11yClusters;
  return db
    .select({ name: o.name, provider: o.provider, region: o.region, regionId: o.regionId, endpoint: o.endpoint })
    .from(o)
    .orderBy(asc(o.name));
}

/** Records an o11y cluster's observed health; answers its health before, or undefined when it no longer exists. */
export async function updateO11yHealth(
  db: Db,
  name: string,
  patch: { health: string; healthMessage: string | null; checkedAt: Date },
): Promise<{ health: string; healthMessage: string | null } | undefined> {
  const o = monO11yClusters;
  const [before] = await db
    .select({ health: o.health, healthMessage: o.healthMessage })
    .from(o)
    .where(eq(o.name, name))
    .for('update');
  if (!before) return undefined;
  await db.update(o).set(patch).where(eq(o.name, name));
  return before;
}
