import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { projectListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { containsPattern, listOrder, pageWindow, type PageParams } from '../../platform/list-query.js';
import {
  clusterComponents,
  clusterCounts,
  clusters,
  projectCounts,
  projects,
  tenantCounts,
  tenants,
} from './schema.js';

const num = (v: SQL) => v.mapWith(Number);

// ---------------------------------------------------------------- tenants

export async function tenantExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id)).limit(1);
  return rows.length > 0;
}

export interface NewTenant {
  id: string;
  name: string;
  region: string;
  email: string;
  orgTag: string | null;
  createdAt: Date;
}

/** A new org (ACTIVE), in the caller's transaction (the counters follow by trigger). */
export async function insertTenant(tx: Db, t: NewTenant): Promise<void> {
  await tx.insert(tenants).values({ ...t, status: 'ACTIVE' });
}

/** Changes an org's name, contact email or org tag, in the caller's transaction. */
export async function updateTenantProfile(
  tx: Db,
  id: string,
  patch: { name?: string; email?: string; orgTag?: string | null },
): Promise<void> {
  if (Object.keys(patch).length) await tx.update(tenants).set(patch).where(eq(tenants.id, id));
}

// ---------------------------------------------------------------- projects

export interface ProjectFilter extends PageParams {
  sort: z.output<typeof projectListQuery>['sort'];
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

function projectWhere(q: Pick<ProjectFilter, 'tenantId' | 'search'>): SQL {
  const conds: SQL[] = [eq(projects.tenantId, q.tenantId)];
  if (q.search) conds.push(or(eq(projects.id, q.search), ilike(projects.name, containsPattern(q.search)))!);
  return and(...conds)!;
}

export async function selectProjectPage(db: Db, q: ProjectFilter): Promise<ProjectRow[]> {
  const { limit, offset } = pageWindow(q);
  const page = db.$with('page').as(
    db
      .select({
        id: projects.id,
        tenantId: projects.tenantId,
        name: projects.name,
        region: projects.region,
        createdAt: projects.createdAt,
      })
      .from(projects)
      .where(projectWhere(q))
      .orderBy(
        ...listOrder(
          q.sort,
          { name: [projects.name, projects.id], created_at: [projects.createdAt, projects.id] },
          projects.id,
        ),
      )
      .limit(limit)
      .offset(offset),
  );
  const cc = db
    .select({ projectId: clusters.projectId, n: count().as('cluster_n') })
    .from(clusters)
    .where(inArray(clusters.projectId, db.select({ id: page.id }).from(page)))
    .groupBy(clusters.projectId)
    .as('cc');
  // The outer query keeps the page's order over its own columns (the keys already end with the unique id).
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
    .orderBy(...listOrder(q.sort, { name: [page.name, page.id], created_at: [page.createdAt, page.id] }));
}

export async function countProjects(db: Db, q: Pick<ProjectFilter, 'tenantId' | 'search'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(projects).where(projectWhere(q));
  return row?.n ?? 0;
}

/** One project of a tenant by id, with its cluster count. */
export async function selectProject(db: Db, tenantId: string, projectId: string): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select({
      id: projects.id,
      tenantId: projects.tenantId,
      name: projects.name,
      region: projects.region,
      createdAt: projects.createdAt,
      clusterCount: num(sql`(${db.select({ n: count() }).from(clusters).where(eq(clusters.projectId, projects.id))})`),
    })
    .from(projects)
    .where(and(eq(projects.tenantId, tenantId), eq(projects.id, projectId)));
  return row;
}

// ---------------------------------------------------------------- clusters

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
  return s.projectId
    ? and(eq(clusters.tenantId, s.tenantId), eq(clusters.projectId, s.projectId))!
    : eq(clusters.tenantId, s.tenantId);
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
    .select({
      status: clusterCounts.status,
      provider: clusterCounts.provider,
      clusterType: clusterCounts.clusterType,
      n: clusterCounts.n,
    })
    .from(clusterCounts)
    .where(sql`${clusterCounts.n} <> 0`);
}

export function selectTenantCounters(db: Db) {
  return db
    .select({ status: tenantCounts.status, n: tenantCounts.n })
    .from(tenantCounts)
    .where(sql`${tenantCounts.n} <> 0`);
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
    .select({
      id: clusters.id,
      clusterType: clusters.clusterType,
      tenantId: clusters.tenantId,
      status: clusters.status,
      version: clusters.version,
      provider: clusters.provider,
    })
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

/** Sets how many instances one component of a cluster runs (a scale-out); the number of rows updated. */
export async function updateComponentReplicas(
  db: Db,
  id: string,
  component: string,
  replicas: number,
): Promise<number> {
  const updated = await db
    .update(clusterComponents)
    .set({ replicas })
    .where(and(eq(clusterComponents.clusterId, id), eq(clusterComponents.component, component)))
    .returning({ component: clusterComponents.component });
  return updated.length;
}

export async function updateComponentImageTag(
  db: Db,
  id: string,
  component: string,
  imageTag: string,
): Promise<number> {
  const updated = await db
    .update(clusterComponents)
    .set({ imageTag })
    .where(and(eq(clusterComponents.clusterId, id), eq(clusterComponents.component, component)))
    .returning({ component: clusterComponents.component });
  return updated.length;
}
