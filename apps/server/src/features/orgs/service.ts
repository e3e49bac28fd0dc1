import type { z } from 'zod';
import {
  type Cluster,
  type ClusterComponent,
  type clusterListQuery,
  type DataResource,
  type ListResult,
  type Project,
  type projectListQuery,
  type Tenant,
  type tenantListQuery,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage } from '../../platform/list-query.js';
import { iso } from '../../platform/time.js';
import * as lists from './lists.js';
import * as repo from './repo.js';

type TenantQuery = z.output<typeof tenantListQuery>;
type ProjectQuery = z.output<typeof projectListQuery>;
type ClusterQuery = z.output<typeof clusterListQuery>;

function tenantOut(r: lists.TenantRow): Tenant {
  return {
    id: r.id,
    name: r.name,
    region: r.region,
    status: r.status as Tenant['status'],
    email: r.email,
    org_tag: r.orgTag,
    created_at: iso(r.createdAt),
    project_count: r.projectCount,
    cluster_count: r.clusterCount,
  };
}

function projectOut(r: repo.ProjectRow): Project {
  return {
    id: r.id,
    tenant_id: r.tenantId,
    name: r.name,
    region: r.region,
    created_at: iso(r.createdAt),
    cluster_count: r.clusterCount,
  };
}

function clusterOut(r: lists.ClusterRow): Cluster {
  return {
    id: r.id,
    name: r.name,
    status: r.status as Cluster['status'],
    cluster_type: r.clusterType as Cluster['cluster_type'],
    project_id: r.projectId,
    project_name: r.projectName,
    tenant_id: r.tenantId,
    tenant_name: r.tenantName,
    provider: r.provider as Cluster['provider'],
    region: r.region,
    version: r.version,
    is_byoc: r.isByoc,
    errmsg: r.errmsg,
    created_at: iso(r.createdAt),
  };
}

/** A blank search means no search. */
function searchOf(s: string | undefined): string | undefined {
  return s?.trim() || undefined;
}

// ---------------------------------------------------------------- tenants

export async function listTenants(db: Db, q: TenantQuery): Promise<ListResult<Tenant>> {
  const filter = { ...q, search: searchOf(q.search), org_tag: q.org_tag || undefined };
  const page = await lists.listTenants(db, filter);
  return { total: page.total, items: page.items.map(tenantOut) };
}

export async function getTenant(db: Db, id: string): Promise<Tenant> {
  const row = await lists.selectTenant(db, id);
  if (!row) throw new AppError('tenant.notFound');
  return tenantOut(row);
}

async function usage(db: Db, scope: repo.UsageScope, projectCount: number): Promise<DataResource> {
  const [breakdown, nodes] = await Promise.all([
    repo.selectClusterBreakdown(db, scope),
    repo.selectNodeUsage(db, scope),
  ]);
  const byStatus = new Map<string, number>();
  const byProvider = new Map<string, number>();
  let clusterCount = 0;
  for (const b of breakdown) {
    clusterCount += b.n;
    byStatus.set(b.status, (byStatus.get(b.status) ?? 0) + b.n);
    byProvider.set(b.provider, (byProvider.get(b.provider) ?? 0) + b.n);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return {
    project_count: projectCount,
    cluster_count: clusterCount,
    node_count: nodes.nodes,
    storage_gib: nodes.storageGib,
    clusters_by_status: sorted(byStatus).map(([status, count]) => ({ status, count })),
    clusters_by_provider: sorted(byProvider).map(([provider, count]) => ({ provider, count })),
  };
}

/** What a tenant holds and runs: projects, clusters (by status, by provider), nodes and storage. */
export async function tenantDataResource(db: Db, tenantId: string): Promise<DataResource> {
  const tenant = await lists.selectTenant(db, tenantId);
  if (!tenant) throw new AppError('tenant.notFound');
  return usage(db, { tenantId }, tenant.projectCount);
}

// ---------------------------------------------------------------- projects

export async function listProjects(db: Db, tenantId: string, q: ProjectQuery): Promise<ListResult<Project>> {
  const filter = { ...q, tenantId, search: searchOf(q.search) };
  const page = await listPage(repo.selectProjectPage(db, filter), repo.countProjects(db, filter));
  // An empty answer may mean an unknown tenant: only then is it worth a look-up.
  if (page.total === 0 && !(await repo.tenantExists(db, tenantId))) throw new AppError('tenant.notFound');
  return { total: page.total, items: page.items.map(projectOut) };
}

async function requireProject(db: Db, tenantId: string, projectId: string): Promise<repo.ProjectRow> {
  const row = await repo.selectProject(db, tenantId, projectId);
  if (row) return row;
  if (!(await repo.tenantExists(db, tenantId))) throw new AppError('tenant.notFound');
  throw new AppError('project.notFound');
}

export async function getProject(db: Db, tenantId: string, projectId: string): Promise<Project> {
  return projectOut(await requireProject(db, tenantId, projectId));
}

export async function projectDataResource(db: Db, tenantId: string, projectId: string): Promise<DataResource> {
  await requireProject(db, tenantId, projectId);
  return usage(db, { tenantId, projectId }, 1);
}

// ---------------------------------------------------------------- clusters

export async function listClusters(db: Db, q: ClusterQuery): Promise<ListResult<Cluster>> {
  const filter = {
    ...q,
    search: searchOf(q.search),
    tenant_id: q.tenant_id || undefined,
    project_id: q.project_id || undefined,
  };
  const page = await lists.listClusters(db, filter);
  return { total: page.total, items: page.items.map(clusterOut) };
}

export async function getCluster(db: Db, id: string): Promise<Cluster> {
  const row = await lists.selectCluster(db, id);
  if (!row) throw new AppError('cluster.notFound');
  return clusterOut(row);
}

const componentOrder = new Map<string, number>([
  ['PD', 0],
  ['TIKV', 1],
  ['TIDB', 2],
  ['TIFLASH', 3],
  ['TIFLASH_LEARNER', 4],
  ['TIPROXY', 5],
]);

/** A cluster's components in topology order (PD, TiKV, TiDB, TiFlash…). */
export async function listClusterComponents(db: Db, clusterId: string): Promise<ListResult<ClusterComponent>> {
  const rows = await repo.selectComponents(db, clusterId);
  if (rows.length === 0 && !(await repo.clusterExists(db, clusterId))) throw new AppError('cluster.notFound');
  const items = rows
    .map((r) => ({
      component: r.component as ClusterComponent['component'],
      replicas: r.replicas,
      node_spec: r.nodeSpec,
      storage_gib: r.storageGib,
      version: r.version,
      image_tag: r.imageTag,
    }))
    .sort((a, b) => (componentOrder.get(a.component) ?? 99) - (componentOrder.get(b.component) ?? 99));
  return { items, total: items.length };
}

// ---------------------------------------------------------------- aggregates other features read (from the counters)

export interface PlatformCounters {
  tenants: { status: string; n: number }[];
  projects: number;
  clusters: { status: string; provider: string; clusterType: string; n: number }[];
}

/** The exact counters maintained by the triggers: a few dozen rows however large the platform. */
export async function platformCounters(db: Db): Promise<PlatformCounters> {
  const [t, p, c] = await Promise.all([
    repo.selectTenantCounters(db),
    repo.selectProjectTotal(db),
    repo.selectClusterCounters(db),
  ]);
  return { tenants: t, projects: p, clusters: c };
}

/** Clusters per provider enumeration (e.g. AWS → 312). */
export function clusterCountsByProvider(db: Db): Promise<Map<string, number>> {
  return repo.selectClusterCountsByProvider(db);
}

// ---------------------------------------------------------------- configuration target (for the configchange feature)

export interface ClusterConfigTarget {
  id: string;
  clusterType: string;
  tenantId: string;
  status: string;
  version: string;
  /** The cloud provider, e.g. AWS (default cases may be written per provider). */
  provider: string;
  /** In topology order; `nodeSpec` is the instance type (e.g. `8C32G`). */
  components: { component: string; version: string; imageTag: string; nodeSpec: string }[];
}

/** A cluster as a configuration change sees it; `forUpdate` locks the cluster row for the caller's transaction. */
export async function clusterConfigTarget(
  db: Db,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ClusterConfigTarget | undefined> {
  const row = await repo.selectClusterForConfig(db, id, opts.forUpdate);
  if (!row) return undefined;
  const components = (await repo.selectComponents(db, id))
    .map((c) => ({ component: c.component, version: c.version, imageTag: c.imageTag, nodeSpec: c.nodeSpec }))
    .sort((a, b) => (componentOrder.get(a.component) ?? 99) - (componentOrder.get(b.component) ?? 99));
  return { ...row, components };
}

/** Upgrades a cluster and its components to `version` (caller's transaction). */
export async function setClusterVersion(tx: Db, id: string, version: string): Promise<void> {
  if ((await repo.updateClusterVersion(tx, id, version)) === 0) throw new AppError('cluster.notFound');
}

/** Sets how many instances one component of a cluster runs, e.g. after a scale-out (caller's transaction). */
export async function setClusterComponentReplicas(
  tx: Db,
  id: string,
  component: string,
  replicas: number,
): Promise<void> {
  if ((await repo.updateComponentReplicas(tx, id, component, replicas)) === 0) {
    throw new AppError('cluster.notFound', `Cluster ${id} has no component ${component}`);
  }
}

/** Sets the image tag one component of a cluster runs (caller's transaction). */
export async function setClusterComponentImageTag(
  tx: Db,
  id: string,
  component: string,
  imageTag: string,
): Promise<void> {
  if ((await repo.updateComponentImageTag(tx, id, component, imageTag)) === 0) {
    throw new AppError('cluster.notFound', `Cluster ${id} has no component ${component}`);
  }
}
