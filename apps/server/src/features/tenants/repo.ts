import { and, asc, count, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { pageWindow, type PageParams } from '../../platform/list-query.js';
import { clusterComponents, clusterCounts, clusters, projectCounts, projects, tenantCounts, tenants } from './schema.js';

/** `%`, `_` and `\` match literally in a search term. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A sort param as the list of column keys to order by, all in one direction, ending with the unique id — the
 * exact column order of the list's indexes, so PostgreSQL walks an index instead of sorting.
 */
function sortKeys(sort: string | undefined, keys: Record<string, string[]>, fallback: string): { keys: string[]; desc: boolean } {
  const s = sort ?? fallback;
  const isDesc = s.startsWith('-');
  const field = isDesc ? s.slice(1) : s;
  return { keys: keys[field] ?? keys[fallback.replace(/^-/, '')]!, desc: isDesc };
}

function orderOn(spec: { keys: string[]; desc: boolean }, columns: Record<string, AnyColumn | SQLWrapper>): SQL[] {
  return spec.keys.map((k) => (spec.desc ? desc(columns[k]!) : asc(columns[k]!)));
}

const num = (v: SQL) => v.mapWith(Number);

// ---------------------------------------------------------------- tenants

export interface TenantFilter extends PageParams {
  search?: string | undefined;
  status?: string[] | undefined;
  org_tag?: string | undefined;
}

export interface TenantRow {
  id: string;
  name: string;
  region: string;
  status: string;
  email: string;
  orgTag: string | null;
  createdAt: Date;
  projectCount: number;
  clusterCount: number;
}

const TENANT_SORTS: Record<string, string[]> = { id: ['id'], name: ['name', 'id'], created_at: ['createdAt', 'id'] };

function tenantWhere(q: TenantFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (q.search) conds.push(or(eq(tenants.id, q.search), ilike(tenants.name, likePattern(q.search)))!);
  if (q.status?.length) conds.push(inArray(tenants.status, q.status));
  if (q.org_tag) conds.push(eq(tenants.orgTag, q.org_tag));
  return conds.length ? and(...conds) : undefined;
}

/**
 * One page of tenants with their project and cluster counts: the page is a CTE, and each count is one grouped
 * subquery over the page's ids (index range scans on projects/clusters by tenant_id), never a query per row.
 */
export async function selectTenantPage(db: Db, q: TenantFilter, where: SQL | undefined = tenantWhere(q)): Promise<TenantRow[]> {
  const spec = sortKeys(q.sort, TENANT_SORTS, '-created_at');
  const { limit, offset } = pageWindow(q);
  const page = db.$with('page').as(
    db
      .select({
        id: tenants.id,
        name: tenants.name,
        region: tenants.region,
        status: tenants.status,
        email: tenants.email,
        orgTag: tenants.orgTag,
        createdAt: tenants.createdAt,
      })
      .from(tenants)
      .where(where)
      .orderBy(...orderOn(spec, { id: tenants.id, name: tenants.name, createdAt: tenants.createdAt }))
      .limit(limit)
      .offset(offset),
  );
  const pageIds = db.select({ id: page.id }).from(page);
  const pc = db
    .select({ tenantId: projects.tenantId, n: count().as('project_n') })
    .from(projects)
    .where(inArray(projects.tenantId, pageIds))
    .groupBy(projects.tenantId)
    .as('pc');
  const cc = db
    .select({ tenantId: clusters.tenantId, n: count().as('cluster_n') })
    .from(clusters)
    .where(inArray(clusters.tenantId, pageIds))
    .groupBy(clusters.tenantId)
    .as('cc');
  return db
    .with(page)
    .select({
      id: page.id,
      name: page.name,
      region: page.region,
      status: page.status,
      email: page.email,
      orgTag: page.orgTag,
      createdAt: page.createdAt,
      projectCount: num(sql`coalesce(${pc.n}, 0)`),
      clusterCount: num(sql`coalesce(${cc.n}, 0)`),
    })
    .from(page)
    .leftJoin(pc, eq(pc.tenantId, page.id))
    .leftJoin(cc, eq(cc.tenantId, page.id))
    .orderBy(...orderOn(spec, { id: page.id, name: page.name, createdAt: page.createdAt }));
}

/** Total of a tenant list: the status counters when only status filters, else a count over the indexed rows. */
export async function countTenants(db: Db, q: TenantFilter): Promise<number> {
  if (!q.search && !q.org_tag) {
    const [row] = await db
      .select({ n: num(sql`coalesce(sum(${tenantCounts.n}), 0)`) })
      .from(tenantCounts)
      .where(q.status?.length ? inArray(tenantCounts.status, q.status) : undefined);
    return row?.n ?? 0;
  }
  const [row] = await db.select({ n: count() }).from(tenants).where(tenantWhere(q));
  return row?.n ?? 0;
}

export async function selectTenant(db: Db, id: string): Promise<TenantRow | undefined> {
  const [row] = await selectTenantPage(db, { page: 1, per_page: 1 }, eq(tenants.id, id));
  return row;
}

export async function tenantExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id)).limit(1);
  return rows.length > 0;
}

// ---------------------------------------------------------------- projects

export interface ProjectFilter extends PageParams {
  tenantId: string;
  search?: string | undefined;
}

export interface ProjectRow {
  id: string;
  tenantId: string;
  name: string;
  region: string;
  createdAt: Date;
  clusterCount: number;
}

const PROJECT_SORTS: Record<string, string[]> = { name: ['name', 'id'], created_at: ['createdAt', 'id'] };

function projectWhere(q: Pick<ProjectFilter, 'tenantId' | 'search'>): SQL {
  const conds: SQL[] = [eq(projects.tenantId, q.tenantId)];
  if (q.search) conds.push(or(eq(projects.id, q.search), ilike(projects.name, likePattern(q.search)))!);
  return and(...conds)!;
}

export async function selectProjectPage(db: Db, q: ProjectFilter, where: SQL = projectWhere(q)): Promise<ProjectRow[]> {
  const spec = sortKeys(q.sort, PROJECT_SORTS, '-created_at');
  const { limit, offset } = pageWindow(q);
  const page = db.$with('page').as(
    db
      .select({ id: projects.id, tenantId: projects.tenantId, name: projects.name, region: projects.region, createdAt: projects.createdAt })
      .from(projects)
      .where(where)
      .orderBy(...orderOn(spec, { id: projects.id, name: projects.name, createdAt: projects.createdAt }))
      .limit(limit)
      .offset(offset),
  );
  const cc = db
    .select({ projectId: clusters.projectId, n: count().as('cluster_n') })
    .from(clusters)
    .where(inArray(clusters.projectId, db.select({ id: page.id }).from(page)))
    .groupBy(clusters.projectId)
    .as('cc');
  return db
    .with(page)
    .select({
      id: page.id,
      tenantId: page.tenantId,
      name: page.name,
      region: page.region,
      createdAt: page.createdAt,
      clusterCount: num(sql`coalesce(${cc.n}, 0)`),
    })
    .from(page)
    .leftJoin(cc, eq(cc.projectId, page.id))
    .orderBy(...orderOn(spec, { id: page.id, name: page.name, createdAt: page.createdAt }));
}

export async function countProjects(db: Db, q: Pick<ProjectFilter, 'tenantId' | 'search'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(projects).where(projectWhere(q));
  return row?.n ?? 0;
}

export async function selectProject(db: Db, tenantId: string, projectId: string): Promise<ProjectRow | undefined> {
  const [row] = await selectProjectPage(
    db,
    { tenantId, page: 1, per_page: 1 },
    and(eq(projects.tenantId, tenantId), eq(projects.id, projectId))!,
  );
  return row;
}

// ---------------------------------------------------------------- clusters

export interface ClusterFilter extends PageParams {
  search?: string | undefined;
  tenant_id?: string | undefined;
  project_id?: string | undefined;
  status?: string[] | undefined;
  cluster_type?: string[] | undefined;
  provider?: string[] | undefined;
  is_byoc?: 'true' | 'false' | undefined;
}

export interface ClusterRow {
  id: string;
  name: string;
  status: string;
  clusterType: string;
  projectId: string;
  projectName: string;
  tenantId: string;
  tenantName: string;
  provider: string;
  region: string;
  version: string;
  isByoc: boolean;
  errmsg: string | null;
  createdAt: Date;
}

const CLUSTER_SORTS: Record<string, string[]> = {
  name: ['name', 'id'],
  created_at: ['createdAt', 'id'],
  status: ['status', 'createdAt', 'id'],
};

function clusterWhere(q: ClusterFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (q.search) conds.push(or(eq(clusters.id, q.search), ilike(clusters.name, likePattern(q.search)))!);
  if (q.tenant_id) conds.push(eq(clusters.tenantId, q.tenant_id));
  if (q.project_id) conds.push(eq(clusters.projectId, q.project_id));
  if (q.status?.length) conds.push(inArray(clusters.status, q.status));
  if (q.cluster_type?.length) conds.push(inArray(clusters.clusterType, q.cluster_type));
  if (q.provider?.length) conds.push(inArray(clusters.provider, q.provider));
  if (q.is_byoc) conds.push(q.is_byoc === 'true' ? eq(clusters.isByoc, true) : eq(clusters.isByoc, false));
  return conds.length ? and(...conds) : undefined;
}

/**
 * One page of clusters with project and tenant names. The page is a LIMITed subquery (never flattened), so the
 * joins touch only the page's rows whatever the planner estimates.
 */
export async function selectClusterPage(db: Db, q: ClusterFilter, where: SQL | undefined = clusterWhere(q)): Promise<ClusterRow[]> {
  const spec = sortKeys(q.sort, CLUSTER_SORTS, '-created_at');
  const { limit, offset } = pageWindow(q);
  const page = db
    .select({
      id: clusters.id,
      name: clusters.name,
      status: clusters.status,
      clusterType: clusters.clusterType,
      projectId: clusters.projectId,
      tenantId: clusters.tenantId,
      provider: clusters.provider,
      region: clusters.region,
      version: clusters.version,
      isByoc: clusters.isByoc,
      errmsg: clusters.errmsg,
      createdAt: clusters.createdAt,
    })
    .from(clusters)
    .where(where)
    .orderBy(...orderOn(spec, { id: clusters.id, name: clusters.name, status: clusters.status, createdAt: clusters.createdAt }))
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select({
      id: page.id,
      name: page.name,
      status: page.status,
      clusterType: page.clusterType,
      projectId: page.projectId,
      projectName: projects.name,
      tenantId: page.tenantId,
      tenantName: tenants.name,
      provider: page.provider,
      region: page.region,
      version: page.version,
      isByoc: page.isByoc,
      errmsg: page.errmsg,
      createdAt: page.createdAt,
    })
    .from(page)
    .innerJoin(projects, eq(projects.id, page.projectId))
    .innerJoin(tenants, eq(tenants.id, page.tenantId))
    .orderBy(...orderOn(spec, { id: page.id, name: page.name, status: page.status, createdAt: page.createdAt }));
}

/**
 * Total of a cluster list. Filters on the counter dimensions only (status, provider, cluster type) sum the
 * matching counter rows. `is_byoc=true` counts the BYOC rows (a few percent, their own partial index);
 * `is_byoc=false` is the counter sum minus that count, in one statement so both halves see one snapshot.
 * Any other filter (search, tenant, project) counts the matching rows through their index.
 */
export async function countClusters(db: Db, q: ClusterFilter): Promise<number> {
  if (q.search || q.tenant_id || q.project_id) {
    const [row] = await db.select({ n: count() }).from(clusters).where(clusterWhere(q));
    return row?.n ?? 0;
  }
  const counterConds: SQL[] = [];
  if (q.status?.length) counterConds.push(inArray(clusterCounts.status, q.status));
  if (q.cluster_type?.length) counterConds.push(inArray(clusterCounts.clusterType, q.cluster_type));
  if (q.provider?.length) counterConds.push(inArray(clusterCounts.provider, q.provider));
  const counterSum = db
    .select({ n: sql`coalesce(sum(${clusterCounts.n}), 0)` })
    .from(clusterCounts)
    .where(counterConds.length ? and(...counterConds) : undefined);
  if (!q.is_byoc) {
    const [row] = await counterSum;
    return Number(row?.n ?? 0);
  }
  const byoc = db.select({ n: count() }).from(clusters).where(clusterWhere({ ...q, is_byoc: 'true' }));
  if (q.is_byoc === 'true') return (await byoc)[0]?.n ?? 0;
  const result = await db.execute(sql`select (${counterSum}) - (${byoc}) as n`);
  return Number((result as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);
}

export async function selectCluster(db: Db, id: string): Promise<ClusterRow | undefined> {
  const [row] = await selectClusterPage(db, { page: 1, per_page: 1 }, eq(clusters.id, id));
  return row;
}

export async function clusterExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: clusters.id }).from(clusters).where(eq(clusters.id, id)).limit(1);
  return rows.length > 0;
}

export function selectComponents(db: Db, clusterId: string) {
  return db
    .select({
      component: clusterComponents.component,
      replicas: clusterComponents.replicas,
      nodeSpec: clusterComponents.nodeSpec,
      storageGib: clusterComponents.storageGib,
      version: clusterComponents.version,
      imageTag: clusterComponents.imageTag,
    })
    .from(clusterComponents)
    .where(eq(clusterComponents.clusterId, clusterId));
}

// ---------------------------------------------------------------- usage figures

export interface UsageScope {
  tenantId: string;
  projectId?: string | undefined;
}

function clusterScope(s: UsageScope): SQL {
  return s.projectId ? and(eq(clusters.tenantId, s.tenantId), eq(clusters.projectId, s.projectId))! : eq(clusters.tenantId, s.tenantId);
}

/** Clusters of a tenant or project grouped by status and provider (one indexed range scan). */
export function selectClusterBreakdown(db: Db, s: UsageScope) {
  return db
    .select({ status: clusters.status, provider: clusters.provider, n: count() })
    .from(clusters)
    .where(clusterScope(s))
    .groupBy(clusters.status, clusters.provider);
}

/** Nodes and storage (replicas × per-node GiB) of a tenant's or project's clusters. */
export async function selectNodeUsage(db: Db, s: UsageScope): Promise<{ nodes: number; storageGib: number }> {
  const [row] = await db
    .select({
      nodes: num(sql`coalesce(sum(${clusterComponents.replicas}), 0)`),
      storageGib: num(sql`coalesce(sum(${clusterComponents.replicas}::bigint * ${clusterComponents.storageGib}), 0)`),
    })
    .from(clusterComponents)
    .innerJoin(clusters, eq(clusters.id, clusterComponents.clusterId))
    .where(clusterScope(s));
  return row ?? { nodes: 0, storageGib: 0 };
}

// ---------------------------------------------------------------- counters (aggregates for providers and dashboard)

export function selectClusterCounters(db: Db) {
  return db
    .select({ status: clusterCounts.status, provider: clusterCounts.provider, clusterType: clusterCounts.clusterType, n: clusterCounts.n })
    .from(clusterCounts)
    .where(sql`${clusterCounts.n} <> 0`);
}

export function selectTenantCounters(db: Db) {
  return db.select({ status: tenantCounts.status, n: tenantCounts.n }).from(tenantCounts).where(sql`${tenantCounts.n} <> 0`);
}

export async function selectProjectTotal(db: Db): Promise<number> {
  const [row] = await db.select({ n: projectCounts.n }).from(projectCounts).where(eq(projectCounts.scope, 'all'));
  return row?.n ?? 0;
}

export async function selectClusterCountsByProvider(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ provider: clusterCounts.provider, n: num(sql`sum(${clusterCounts.n})`) })
    .from(clusterCounts)
    .groupBy(clusterCounts.provider);
  return new Map(rows.map((r) => [r.provider, r.n]));
}

// ---------------------------------------------------------------- configuration target (used by configchange)

/** The cluster row a configuration change reads and (with `forUpdate`) locks while it changes it. */
export async function selectClusterForConfig(db: Db, id: string, forUpdate = false) {
  const q = db
    .select({ id: clusters.id, clusterType: clusters.clusterType, tenantId: clusters.tenantId, status: clusters.status, version: clusters.version })
    .from(clusters)
    .where(eq(clusters.id, id))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** A version upgrade: the cluster and every component move to the version, on its default image tag. */
export async function updateClusterVersion(db: Db, id: string, version: string): Promise<number> {
  const updated = await db.update(clusters).set({ version }).where(eq(clusters.id, id)).returning({ id: clusters.id });
  await db.update(clusterComponents).set({ version, imageTag: version }).where(eq(clusterComponents.clusterId, id));
  return updated.length;
}

export async function updateComponentImageTag(db: Db, id: string, component: string, imageTag: string): Promise<number> {
  const updated = await db
    .update(clusterComponents)
    .set({ imageTag })
    .where(and(eq(clusterComponents.clusterId, id), eq(clusterComponents.component, component)))
    .returning({ component: clusterComponents.component });
  return updated.length;
}
