import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  gte,
  ilike,
  lt,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { clusterListQuery, ListResult, tenantListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import {
  containsPattern,
  listOrder,
  literalNumber,
  pageShape,
  pageWindow,
  preparedQuery,
  type PageParams,
  type PageShape,
} from '../../platform/list-query.js';
import { clusterCounts, clusters, listDays, projects, tenantCounts, tenantSizes, tenants } from './schema.js';

/*
 * The tenant and cluster lists: the hottest reads of the console, at 100k tenants / 1M clusters.
 *  - Each query is built once per shape (which filters are present, which sort) and run with placeholder values
 *    (`preparedQuery`); shapes whose plan does not depend on the values are server-side prepared statements.
 *  - A page is found by its keys alone (the `keys` subquery: an index-only scan of the sort index, even deep into the
 *    list), and only the page's rows are then read: a deep OFFSET skips index entries, not table rows. A later page of
 *    the whole list in creation order starts at the day of its first row (`list_days`). Page 1 of a generically
 *    planned shape, where nothing is skipped, reads its rows straight from the sort index.
 *  - A cluster's project and tenant names are correlated scalar subqueries: always an index lookup per page row
 *    whatever the planner estimates (joined, the clusters page got a slow Memoize plan). A tenant's project and
 *    cluster counts come from its `tenant_sizes` row (kept by triggers), joined: one lookup for both, never counted.
 */

const ph = (name: string) => sql.placeholder(name);
const num = (v: SQL) => v.mapWith(Number);

/** `col = any($n::text[])`: one statement whatever the number of values chosen. */
const anyOf = (col: AnyColumn, name: string) => sql`${col} = any(${ph(name)}::text[])`;

/** The flags of the filters present, e.g. `id,status`: part of a query's shape. */
function present(q: object, keys: string[]): string[] {
  const rec = q as Record<string, unknown>;
  return keys.filter((k) => {
    const v = rec[k];
    return Array.isArray(v) ? v.length > 0 : v !== undefined && v !== '';
  });
}

/** A statement answering just a total expression (used when the page itself is empty). */
function totalQuery(db: Db, total: SQL) {
  return db.select({ n: num(total) }).from(sql`(values (1)) as one (x)`);
}

/**
 * Items and total from page rows that each carry the total. An empty page 1 means an empty list; an empty page past
 * the end asks for the total alone.
 */
async function withTotal<T extends { total: number }>(
  rows: T[],
  q: PageParams,
  total: () => Promise<{ n: number }[]>,
): Promise<ListResult<Omit<T, 'total'>>> {
  if (rows.length) return { items: rows.map(({ total: _, ...row }) => row), total: rows[0]!.total };
  return { items: [], total: q.page === 1 ? 0 : ((await total())[0]?.n ?? 0) };
}

/**
 * The day holding the first row of a page of a list in creation order, and how many rows come before that day: a
 * running sum over `list_days`, walked from the list's first day until it passes the page's OFFSET (a few hundred
 * small index entries even for the last page of a million rows).
 */
function dayAnchor(db: Db, list: string, descending: boolean) {
  const order = descending ? desc(listDays.starts) : asc(listDays.starts);
  const days = db
    .select({
      starts: listDays.starts,
      n: listDays.n,
      before: sql<number>`sum(${listDays.n}) over (order by ${order}) - ${listDays.n}`.as('before'),
    })
    .from(listDays)
    // The list's name as a literal, like the LIMIT: both steer the generic plan of the named statement.
    .where(eq(listDays.list, sql.raw(`'${list}'`)))
    .orderBy(order)
    .as('days');
  return db
    .select({ starts: days.starts, before: days.before })
    .from(days)
    .where(sql`${days.before} + ${days.n} > ${ph('offset')}`)
    .orderBy(descending ? desc(days.starts) : asc(days.starts))
    .limit(literalNumber(1))
    .as('anchor');
}

/** Whether a sort orders by creation time first (`created_at`, `-created_at`), and in which direction. */
function sortOf(sort: string): { byCreation: boolean; descending: boolean } {
  const descending = sort.startsWith('-');
  return { byCreation: (descending ? sort.slice(1) : sort) === 'created_at', descending };
}

/**
 * The `keys` subquery of a page: the ids of the page's rows, found through the sort index alone.
 * A later page of the whole list in creation order (no filter) starts its index scan at the day of its first row
 * (`dayAnchor`) and skips only the rows of that day before it; any other page skips its OFFSET in the index.
 */
function pageKeys(
  db: Db,
  table: typeof tenants | typeof clusters,
  where: SQL | undefined,
  sort: string,
  order: SQL[],
  win: PageShape,
) {
  const keys = db
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(win.limit);
  if (!win.offset) return keys.as('keys');
  const { byCreation, descending } = sortOf(sort);
  if (where || !byCreation) return keys.offset(win.offset).as('keys');
  // A list's days are kept under its table's name.
  const anchor = dayAnchor(db, getTableName(table), descending);
  const from = descending
    ? lt(table.createdAt, sql`${anchor.starts} + interval '24 hours'`)
    : gte(table.createdAt, anchor.starts);
  // drizzle renders a number as a bound parameter and any SQL as written; the OFFSET is relative to the day's start.
  const offset = sql`${win.offset} - ${anchor.before}` as unknown as number;
  const page = db
    .select({ id: table.id })
    .from(table)
    .where(from)
    .orderBy(...order)
    .limit(win.limit)
    .offset(offset)
    .as('page');
  return db.select({ id: page.id }).from(anchor).crossJoinLateral(page).as('keys');
}

/** Filters whose selectivity varies with the value: their shapes are planned per run, with the real values. */
const VALUE_DEPENDENT = new Set(['search', 'status', 'org_tag', 'cluster_type', 'provider', 'is_byoc']);

function values(q: PageParams & { search?: string | undefined }): Record<string, unknown> {
  const { limit, offset } = pageWindow(q);
  return { ...q, limit, offset, pattern: q.search ? containsPattern(q.search) : undefined };
}

interface ListShape<T> {
  /** `tenants` or `clusters`: prefixes the shape's statement names. */
  list: string;
  flags: string[];
  sort: string;
  /** The page statement, every row carrying the list's total. */
  page: (
    win: PageShape,
    direct: boolean,
  ) => { prepare(name?: string): { execute(values: Record<string, unknown>): Promise<T[]> } };
  /** The total alone, for an empty page past the end. */
  total: () => SQL;
}

/** Runs one page of a list through its shape's prepared statements (named when no filter's value steers the plan). */
async function runList<T extends { total: number }>(
  db: Db,
  q: PageParams & { search?: string | undefined },
  shape: ListShape<T>,
) {
  const key = shape.flags.join(',');
  const named = !shape.flags.some((f) => VALUE_DEPENDENT.has(f.replace(/=.*/, '')));
  const v = values(q);
  const win = pageShape(q);
  // Page 1 of a generically planned shape reads its rows straight from the sort index (`… ORDER BY <index columns>
  // LIMIT n`, the per-row subqueries evaluated for those n rows only): nothing is skipped and the plan is known.
  // Any other page goes through its keys (`pageKeys`). The statement name already tells the two apart.
  const direct = named && !win.offset;
  const rows = await preparedQuery(
    db,
    `${shape.list}.page:${shape.sort}:${key}:${win.key}`,
    () => shape.page(win, direct),
    { named },
  ).execute(v);
  return withTotal(rows, q, () =>
    preparedQuery(db, `${shape.list}.total:${key}`, () => totalQuery(db, shape.total()), { named }).execute(v),
  );
}

// ---------------------------------------------------------------- tenants

type TenantQuery = z.output<typeof tenantListQuery>;
type TenantSort = TenantQuery['sort'];

export interface TenantFilter extends PageParams {
  sort: TenantSort;
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

/** ORDER BY of a tenant list: its indexes' exact column order, so PostgreSQL walks an index instead of sorting. */
const tenantOrder = (sort: TenantSort) =>
  listOrder(
    sort,
    { id: tenants.id, name: [tenants.name, tenants.id], created_at: [tenants.createdAt, tenants.id] },
    tenants.id,
  );
const TENANT_FILTERS = ['search', 'status', 'org_tag'];

function tenantWhere(flags: string[]): SQL | undefined {
  const conds: SQL[] = [];
  if (flags.includes('search'))
    conds.push(
      or(
        eq(tenants.id, ph('search')),
        ilike(tenants.name, ph('pattern')),
        // The contact email, exactly (the partner lists search by ID, name and email): tenants_email_idx.
        sql`lower(${tenants.email}) = lower(${ph('search')})`,
      )!,
    );
  if (flags.includes('status')) conds.push(anyOf(tenants.status, 'status'));
  if (flags.includes('org_tag')) conds.push(eq(tenants.orgTag, ph('org_tag')));
  return conds.length ? and(...conds) : undefined;
}

/**
 * The total of a tenant list as a scalar SQL expression: the status counters when only status filters, else a count.
 */
function tenantTotal(db: Db, flags: string[]): SQL {
  if (flags.includes('search') || flags.includes('org_tag')) {
    return sql`(${db.select({ n: count() }).from(tenants).where(tenantWhere(flags))})`;
  }
  const where = flags.includes('status') ? anyOf(tenantCounts.status, 'status') : undefined;
  return sql`(${db
    .select({ n: sql`coalesce(sum(${tenantCounts.n}), 0)` })
    .from(tenantCounts)
    .where(where)})`;
}

/** A tenant row's fields; its sizes row is joined on `tenants.id` (`leftJoin(tenantSizes, sizesOf)`). */
const tenantFields = {
  id: tenants.id,
  name: tenants.name,
  region: tenants.region,
  status: tenants.status,
  email: tenants.email,
  orgTag: tenants.orgTag,
  createdAt: tenants.createdAt,
  // The sizes row is joined (one lookup per row for both figures), never a tenant's projects and clusters counted.
  projectCount: num(sql`coalesce(${tenantSizes.projects}, 0)`),
  clusterCount: num(sql`coalesce(${tenantSizes.clusters}, 0)`),
};
const sizesOf = eq(tenantSizes.tenantId, tenants.id);

function tenantPageQuery(db: Db, flags: string[], sort: TenantSort, win: PageShape, direct: boolean) {
  const order = tenantOrder(sort);
  const fields = { ...tenantFields, total: num(tenantTotal(db, flags)) };
  const where = tenantWhere(flags);
  if (direct)
    return db
      .select(fields)
      .from(tenants)
      .leftJoin(tenantSizes, sizesOf)
      .where(where)
      .orderBy(...order)
      .limit(win.limit);
  const keys = pageKeys(db, tenants, where, sort, order, win);
  return db
    .select(fields)
    .from(keys)
    .innerJoin(tenants, eq(tenants.id, keys.id))
    .leftJoin(tenantSizes, sizesOf)
    .orderBy(...order);
}

/** One page of tenants with their project and cluster counts, and the list's total (one statement, one snapshot). */
export async function listTenants(db: Db, q: TenantFilter): Promise<ListResult<TenantRow>> {
  const flags = present(q, TENANT_FILTERS);
  const sort = q.sort;
  return runList(db, q, {
    list: 'tenants',
    flags,
    sort,
    page: (win, direct) => tenantPageQuery(db, flags, sort, win, direct),
    total: () => tenantTotal(db, flags),
  });
}

/** One tenant by id, with its sizes: a prepared statement (tenant detail and usage read it on every view). */
export async function selectTenant(db: Db, id: string): Promise<TenantRow | undefined> {
  const [row] = await preparedQuery(
    db,
    'tenants.byId',
    () =>
      db
        .select(tenantFields)
        .from(tenants)
        .leftJoin(tenantSizes, sizesOf)
        .where(eq(tenants.id, ph('id'))),
    { named: true },
  ).execute({ id });
  return row;
}

// ---------------------------------------------------------------- clusters

type ClusterQuery = z.output<typeof clusterListQuery>;
type ClusterSort = ClusterQuery['sort'];

export interface ClusterFilter extends PageParams {
  sort: ClusterSort;
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

/** ORDER BY of a cluster list: its indexes' exact column order, so PostgreSQL walks an index instead of sorting. */
const clusterOrder = (sort: ClusterSort) =>
  listOrder(
    sort,
    {
      name: [clusters.name, clusters.id],
      created_at: [clusters.createdAt, clusters.id],
      status: [clusters.status, clusters.createdAt, clusters.id],
    },
    clusters.id,
  );
const CLUSTER_FILTERS = ['search', 'tenant_id', 'project_id', 'status', 'cluster_type', 'provider', 'is_byoc'];

/** `is_byoc` is part of the shape with its value (true and false use different indexes). */
function clusterFlags(q: ClusterFilter): string[] {
  return present(q, CLUSTER_FILTERS).map((f) => (f === 'is_byoc' ? `is_byoc=${q.is_byoc}` : f));
}

function clusterWhere(flags: string[]): SQL | undefined {
  const conds: SQL[] = [];
  if (flags.includes('search')) conds.push(or(eq(clusters.id, ph('search')), ilike(clusters.name, ph('pattern')))!);
  if (flags.includes('tenant_id')) conds.push(eq(clusters.tenantId, ph('tenant_id')));
  if (flags.includes('project_id')) conds.push(eq(clusters.projectId, ph('project_id')));
  if (flags.includes('status')) conds.push(anyOf(clusters.status, 'status'));
  if (flags.includes('cluster_type')) conds.push(anyOf(clusters.clusterType, 'cluster_type'));
  if (flags.includes('provider')) conds.push(anyOf(clusters.provider, 'provider'));
  if (flags.includes('is_byoc=true')) conds.push(eq(clusters.isByoc, true));
  if (flags.includes('is_byoc=false')) conds.push(eq(clusters.isByoc, false));
  return conds.length ? and(...conds) : undefined;
}

/**
 * The total of a cluster list as a scalar SQL expression. Filters on the counter dimensions only (status, provider,
 * cluster type) sum the matching counter rows. `is_byoc=true` counts the BYOC rows (a few percent, their own
 * partial index); `is_byoc=false` is the counter sum minus that count. Any other filter (search, tenant, project)
 * counts the matching rows through their index.
 */
function clusterTotal(db: Db, flags: string[]): SQL {
  if (flags.some((f) => f === 'search' || f === 'tenant_id' || f === 'project_id' || f === 'is_byoc=true')) {
    return sql`(${db.select({ n: count() }).from(clusters).where(clusterWhere(flags))})`;
  }
  const dims = flags.filter((f) => f === 'status' || f === 'cluster_type' || f === 'provider');
  const conds: SQL[] = [];
  if (dims.includes('status')) conds.push(anyOf(clusterCounts.status, 'status'));
  if (dims.includes('cluster_type')) conds.push(anyOf(clusterCounts.clusterType, 'cluster_type'));
  if (dims.includes('provider')) conds.push(anyOf(clusterCounts.provider, 'provider'));
  const counterSum = db
    .select({ n: sql`coalesce(sum(${clusterCounts.n}), 0)` })
    .from(clusterCounts)
    .where(conds.length ? and(...conds) : undefined);
  if (!flags.includes('is_byoc=false')) return sql`(${counterSum})`;
  return sql`((${counterSum}) - (${db
    .select({ n: count() })
    .from(clusters)
    .where(clusterWhere([...dims, 'is_byoc=true']))}))`;
}

/** A cluster row's fields: its project's and tenant's names are correlated scalar subqueries (an index lookup). */
function clusterFields(db: Db) {
  return {
    id: clusters.id,
    name: clusters.name,
    status: clusters.status,
    clusterType: clusters.clusterType,
    projectId: clusters.projectId,
    projectName: sql<string>`(${db.select({ name: projects.name }).from(projects).where(eq(projects.id, clusters.projectId))})`,
    tenantId: clusters.tenantId,
    tenantName: sql<string>`(${db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, clusters.tenantId))})`,
    provider: clusters.provider,
    region: clusters.region,
    version: clusters.version,
    isByoc: clusters.isByoc,
    errmsg: clusters.errmsg,
    createdAt: clusters.createdAt,
  };
}

function clusterPageQuery(db: Db, flags: string[], sort: ClusterSort, win: PageShape, direct: boolean) {
  const order = clusterOrder(sort);
  const fields = { ...clusterFields(db), total: num(clusterTotal(db, flags)) };
  const where = clusterWhere(flags);
  if (direct)
    return db
      .select(fields)
      .from(clusters)
      .where(where)
      .orderBy(...order)
      .limit(win.limit);
  const keys = pageKeys(db, clusters, where, sort, order, win);
  return db
    .select(fields)
    .from(keys)
    .innerJoin(clusters, eq(clusters.id, keys.id))
    .orderBy(...order);
}

/** One page of clusters with their project and tenant names, and the list's total (one statement, one snapshot). */
export async function listClusters(db: Db, q: ClusterFilter): Promise<ListResult<ClusterRow>> {
  const flags = clusterFlags(q);
  const sort = q.sort;
  return runList(db, q, {
    list: 'clusters',
    flags,
    sort,
    page: (win, direct) => clusterPageQuery(db, flags, sort, win, direct),
    total: () => clusterTotal(db, flags),
  });
}

/** One cluster by id, with its project's and tenant's names: a prepared statement (every cluster page reads it). */
export async function selectCluster(db: Db, id: string): Promise<ClusterRow | undefined> {
  const [row] = await preparedQuery(
    db,
    'clusters.byId',
    () =>
      db
        .select(clusterFields(db))
        .from(clusters)
        .where(eq(clusters.id, ph('id'))),
    { named: true },
  ).execute({ id });
  return row;
}
