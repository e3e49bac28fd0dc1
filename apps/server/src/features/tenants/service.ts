import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gt, ilike, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_TENANT_QUOTA,
  PARTNER_TYPES,
  TENANT_MESSAGES,
  cidrsOverlap,
  parseCidr,
  type AccountUser,
  type accountUserListQuery,
  type createTenantBody,
  type DeletedTenant,
  type ListResult,
  type quotaBody,
  type startSupportSessionBody,
  type SupportSession,
  type SupportSessions,
  type Tenant,
  type TenantQuota,
  type TenantVpcCidrs,
  type vpcCidrBody,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { containsPattern, listOrder, listPage, pageWindow } from '../../platform/list-query.js';
import { impersonations } from '../../platform/schema.js';
import { getSetting } from '../settings/index.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { clusters, getTenant, insertTenant, projects, tenantDataResource, tenants } from '../orgs/index.js';
import { providers, regions } from '../providers/index.js';
import { tenantAccountUsers, tenantQuotas, tenantVpcCidrs } from './schema.js';

const DELETED = 'USER_CLUSTER_STATUS_DELETED';
const M = TENANT_MESSAGES;

const fieldError = (field: string, message: string) =>
  new AppError('request.invalid', message, [{ field: `body.${field}`, message }]);

const audit = (tx: Db, tenantId: string, who: string, operation: string, details: Record<string, unknown>) =>
  writeAudit(tx, { type: 'tenant', instanceId: tenantId, operator: who, operation, details });

/** A new tenant id, numeric-looking like the others (19 digits). */
function newTenantId(): string {
  const n = BigInt(`0x${crypto.randomBytes(8).toString('hex')}`) % 8_000_000_000_000_000_000n;
  return (n + 1_000_000_000_000_000_000n).toString();
}

/** The tenant row, locked for the caller's transaction: 404 when there is none. */
async function lockTenant(tx: Db, id: string) {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, id)).limit(1).for('update');
  if (!row) throw new AppError('tenant.notFound');
  return row;
}

async function requireTenant(db: Db, id: string) {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  if (!row) throw new AppError('tenant.notFound');
  return row;
}

/** Whether a region code is one of an enabled provider's enabled regions. */
async function isEnabledRegion(db: Db, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: regions.id })
    .from(regions)
    .innerJoin(providers, eq(providers.id, regions.providerId))
    .where(and(eq(regions.regionCode, code), eq(regions.enabled, true), eq(providers.enabled, true)))
    .limit(1);
  return rows.length > 0;
}

// ---- create / delete ------------------------------------------------------------------------------------------------

/** A new ACTIVE tenant in an enabled region, audited (type tenant, operation create). */
export async function createTenant(
  db: Db,
  who: string,
  body: z.output<typeof createTenantBody>,
  at = new Date(),
): Promise<Tenant> {
  if (!(await isEnabledRegion(db, body.region))) throw fieldError('region', M.unknownRegion);
  const id = newTenantId();
  await db.transaction(async (tx) => {
    await insertTenant(tx, {
      id,
      name: body.name,
      email: body.email,
      region: body.region,
      orgTag: body.org_tag,
      createdAt: at,
    });
    await audit(tx, id, who, 'create', { after: { ...body, status: 'ACTIVE' } });
  });
  return getTenant(db, id);
}

/**
 * Deletes a tenant with its projects and its deleted clusters, and what tenant operations keep of it (quota, VPC
 * CIDRs, account users). Refused while any of its clusters is not deleted, and for a partner org (its partner
 * records hang on it). Its audit trail, billing history and support sessions stay, as records.
 */
export async function deleteTenant(db: Db, who: string, id: string): Promise<DeletedTenant> {
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, id);
    const [live] = await tx
      .select({ n: count() })
      .from(clusters)
      .where(and(eq(clusters.tenantId, id), ne(clusters.status, DELETED)));
    if (live && live.n > 0)
      throw new AppError('tenants.liveClusters', M.liveClusters(live.n), { live_clusters: live.n });
    if (tenant.orgTag && (PARTNER_TYPES as readonly string[]).includes(tenant.orgTag))
      throw new AppError('tenants.partnerOrg', M.partnerOrg(tenant.orgTag));
    const goneClusters = await tx.delete(clusters).where(eq(clusters.tenantId, id)).returning({ id: clusters.id });
    const goneProjects = await tx.delete(projects).where(eq(projects.tenantId, id)).returning({ id: projects.id });
    await tx.delete(tenantQuotas).where(eq(tenantQuotas.tenantId, id));
    await tx.delete(tenantVpcCidrs).where(eq(tenantVpcCidrs.tenantId, id));
    await tx.delete(tenantAccountUsers).where(eq(tenantAccountUsers.tenantId, id));
    await tx.delete(tenants).where(eq(tenants.id, id));
    const out = {
      id,
      name: tenant.name,
      projects_deleted: goneProjects.length,
      clusters_deleted: goneClusters.length,
    };
    await audit(tx, id, who, 'delete', {
      before: {
        name: tenant.name,
        email: tenant.email,
        region: tenant.region,
        status: tenant.status,
        org_tag: tenant.orgTag,
        created_at: iso(tenant.createdAt),
      },
      projects_deleted: out.projects_deleted,
      clusters_deleted: out.clusters_deleted,
    });
    return out;
  });
}

// ---- support sessions -----------------------------------------------------------------------------------------------

type SessionRow = typeof impersonations.$inferSelect;

function sessionOut(r: SessionRow, now: Date): SupportSession {
  const status = r.endedAt ? 'ended' : r.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
  return {
    id: r.id,
    tenant_id: r.tenantId,
    operator: r.operator,
    reason: r.reason,
    started_at: iso(r.startedAt),
    expires_at: iso(r.expiresAt),
    ended_at: isoOrNull(r.endedAt),
    ended_by: r.endedBy,
    status,
  };
}

/** Active now: not ended by hand and not past its time limit (checked at the time of use; no job ends it). */
const activeNow = (now: Date) => and(isNull(impersonations.endedAt), gt(impersonations.expiresAt, now));

async function activeSession(db: Db, tenantId: string, operator: string, now: Date): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(impersonations)
    .where(and(eq(impersonations.tenantId, tenantId), eq(impersonations.operator, operator), activeNow(now)))
    .orderBy(desc(impersonations.startedAt))
    .limit(1);
  return row;
}

/** The longest support session: the system setting `support_session_max_minutes` (its default when unset). */
export async function supportSessionMaxMinutes(db: Db): Promise<number> {
  return getSetting(db, 'support_session_max_minutes');
}

/** The caller's active session in the tenant, the tenant's 10 latest sessions and the longest one may start. */
export async function supportSessions(
  db: Db,
  tenantId: string,
  operator: string,
  now = new Date(),
): Promise<SupportSessions> {
  await requireTenant(db, tenantId);
  const [active, recent, max] = await Promise.all([
    activeSession(db, tenantId, operator, now),
    db
      .select()
      .from(impersonations)
      .where(eq(impersonations.tenantId, tenantId))
      .orderBy(desc(impersonations.startedAt), desc(impersonations.id))
      .limit(10),
    supportSessionMaxMinutes(db),
  ]);
  return {
    active: active ? sessionOut(active, now) : null,
    recent: recent.map((r) => sessionOut(r, now)),
    max_minutes: max,
  };
}

/** Starts the caller's support session in the tenant: a reason, a time limit; 409 while one of theirs runs. */
export async function startSupportSession(
  db: Db,
  tenantId: string,
  operator: string,
  body: z.output<typeof startSupportSessionBody>,
  now = new Date(),
): Promise<SupportSession> {
  const max = await supportSessionMaxMinutes(db);
  if (body.minutes > max) throw fieldError('minutes', M.minutesRange(max));
  return db.transaction(async (tx) => {
    // The tenant's row lock serialises two starts of the same operator: the second sees the first.
    await lockTenant(tx, tenantId);
    const running = await activeSession(tx, tenantId, operator, now);
    if (running) throw new AppError('tenants.sessionActive', M.sessionActive(iso(running.expiresAt)));
    const expiresAt = new Date(now.getTime() + body.minutes * 60_000);
    const [row] = await tx
      .insert(impersonations)
      .values({ tenantId, operator, reason: body.reason, startedAt: now, expiresAt })
      .returning();
    await audit(tx, tenantId, operator, 'impersonate_start', {
      after: { session_id: row!.id, reason: body.reason, minutes: body.minutes, expires_at: iso(expiresAt) },
    });
    return sessionOut(row!, now);
  });
}

/** Ends the caller's active support session in the tenant (404 when none is active, expired ones included). */
export async function endSupportSession(
  db: Db,
  tenantId: string,
  operator: string,
  now = new Date(),
): Promise<SupportSession> {
  return db.transaction(async (tx) => {
    await lockTenant(tx, tenantId);
    const running = await activeSession(tx, tenantId, operator, now);
    if (!running) throw new AppError('tenants.noActiveSession', M.noActiveSession);
    const [row] = await tx
      .update(impersonations)
      .set({ endedAt: now, endedBy: operator })
      .where(eq(impersonations.id, running.id))
      .returning();
    await audit(tx, tenantId, operator, 'impersonate_end', {
      before: { session_id: running.id, reason: running.reason, expires_at: iso(running.expiresAt) },
      after: { ended_at: iso(now) },
    });
    return sessionOut(row!, now);
  });
}

// ---- account users --------------------------------------------------------------------------------------------------

export async function listAccountUsers(
  db: Db,
  tenantId: string,
  q: z.output<typeof accountUserListQuery>,
): Promise<ListResult<AccountUser>> {
  await requireTenant(db, tenantId);
  const u = tenantAccountUsers;
  const conds: SQL[] = [eq(u.tenantId, tenantId)];
  const search = q.search?.trim();
  if (search) conds.push(or(ilike(u.email, containsPattern(search)), ilike(u.name, containsPattern(search)))!);
  const where = and(...conds);
  const { limit, offset } = pageWindow(q);
  const page = await listPage(
    db
      .select()
      .from(u)
      .where(where)
      .orderBy(...listOrder(q.sort, { email: u.email, name: u.name, created_at: u.createdAt }, u.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(u)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
  return {
    total: page.total,
    items: page.items.map((r) => ({
      id: r.id,
      tenant_id: r.tenantId,
      email: r.email,
      name: r.name,
      role: r.role as AccountUser['role'],
      status: r.status as AccountUser['status'],
      created_at: iso(r.createdAt),
    })),
  };
}

// ---- quota ----------------------------------------------------------------------------------------------------------

export async function getQuota(db: Db, tenantId: string): Promise<TenantQuota> {
  const [usage, [row]] = await Promise.all([
    tenantDataResource(db, tenantId),
    db.select().from(tenantQuotas).where(eq(tenantQuotas.tenantId, tenantId)).limit(1),
  ]);
  const deleted = usage.clusters_by_status.find((s) => s.status === DELETED)?.count ?? 0;
  return {
    tenant_id: tenantId,
    max_clusters: row?.maxClusters ?? DEFAULT_TENANT_QUOTA.max_clusters,
    max_nodes_per_cluster: row?.maxNodesPerCluster ?? DEFAULT_TENANT_QUOTA.max_nodes_per_cluster,
    max_storage_tb: row?.maxStorageTb ?? DEFAULT_TENANT_QUOTA.max_storage_tb,
    is_default: !row,
    used_clusters: usage.cluster_count - deleted,
    used_storage_tb: Math.ceil(usage.storage_gib / 1024),
    updated_by: row?.updatedBy ?? null,
    updated_at: isoOrNull(row?.updatedAt ?? null),
  };
}

const quotaValues = (q: Pick<TenantQuota, 'max_clusters' | 'max_nodes_per_cluster' | 'max_storage_tb'>) => ({
  max_clusters: q.max_clusters,
  max_nodes_per_cluster: q.max_nodes_per_cluster,
  max_storage_tb: q.max_storage_tb,
});

/** Sets the tenant's quota, audited with before and after (a quota below what it uses now is allowed). */
export async function setQuota(
  db: Db,
  tenantId: string,
  who: string,
  body: z.output<typeof quotaBody>,
): Promise<TenantQuota> {
  await db.transaction(async (tx) => {
    await lockTenant(tx, tenantId);
    const [row] = await tx.select().from(tenantQuotas).where(eq(tenantQuotas.tenantId, tenantId)).limit(1);
    const before = row
      ? {
          max_clusters: row.maxClusters,
          max_nodes_per_cluster: row.maxNodesPerCluster,
          max_storage_tb: row.maxStorageTb,
        }
      : { ...DEFAULT_TENANT_QUOTA, is_default: true };
    const values = {
      maxClusters: body.max_clusters,
      maxNodesPerCluster: body.max_nodes_per_cluster,
      maxStorageTb: body.max_storage_tb,
      updatedBy: who,
      updatedAt: new Date(),
    };
    await tx
      .insert(tenantQuotas)
      .values({ tenantId, ...values })
      .onConflictDoUpdate({ target: tenantQuotas.tenantId, set: values });
    await audit(tx, tenantId, who, 'update_quota', { before, after: quotaValues(body) });
  });
  return getQuota(db, tenantId);
}

// ---- VPC CIDRs ------------------------------------------------------------------------------------------------------

export async function getVpcCidrs(db: Db, tenantId: string): Promise<TenantVpcCidrs> {
  const tenant = await requireTenant(db, tenantId);
  const rows = await db
    .select()
    .from(tenantVpcCidrs)
    .where(eq(tenantVpcCidrs.tenantId, tenantId))
    .orderBy(asc(tenantVpcCidrs.region));
  return {
    tenant_id: tenantId,
    home_region: tenant.region,
    items: rows.map((r) => ({ region: r.region, cidr: r.cidr, updated_by: r.updatedBy, updated_at: iso(r.updatedAt) })),
  };
}

/**
 * Sets the tenant's VPC CIDR in one region (the home region when the body names none): a private IPv4 range /16–/24
 * (the contract checks), never overlapping the tenant's CIDRs in its other regions. Audited with before and after.
 */
export async function setVpcCidr(
  db: Db,
  tenantId: string,
  who: string,
  body: z.output<typeof vpcCidrBody>,
): Promise<TenantVpcCidrs> {
  await db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, tenantId);
    const region = body.region ?? tenant.region;
    const existing = await tx.select().from(tenantVpcCidrs).where(eq(tenantVpcCidrs.tenantId, tenantId));
    const current = existing.find((r) => r.region === region);
    if (!current && region !== tenant.region && !(await isEnabledRegion(tx, region)))
      throw fieldError('region', M.unknownRegion);
    const wanted = parseCidr(body.cidr)!;
    for (const other of existing) {
      if (other.region === region) continue;
      const c = parseCidr(other.cidr);
      if (c && cidrsOverlap(c, wanted)) throw fieldError('cidr', M.cidrOverlap(other.region, other.cidr));
    }
    const values = { cidr: body.cidr, updatedBy: who, updatedAt: new Date() };
    await tx
      .insert(tenantVpcCidrs)
      .values({ tenantId, region, ...values })
      .onConflictDoUpdate({ target: [tenantVpcCidrs.tenantId, tenantVpcCidrs.region], set: values });
    await audit(tx, tenantId, who, 'update_vpc_cidr', {
      region,
      before: current ? { cidr: current.cidr } : null,
      after: { cidr: body.cidr },
    });
  });
  return getVpcCidrs(db, tenantId);
}
