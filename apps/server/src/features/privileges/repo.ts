import { and, asc, count, eq, gt, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { GrantStatus, grantListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { auditLogs, portalUsers, privilegeGrants, rbacRolePrivileges, rbacRoles } from '../../platform/schema.js';
import { containsPattern, listOrder, listPage, pageWindow } from '../../platform/list-query.js';

export type GrantRow = typeof privilegeGrants.$inferSelect & { userName: string | null };
export type GrantFilter = z.output<typeof grantListQuery>;

const columns = {
  id: privilegeGrants.id,
  userEmail: privilegeGrants.userEmail,
  privilege: privilegeGrants.privilege,
  reason: privilegeGrants.reason,
  status: privilegeGrants.status,
  requestedBy: privilegeGrants.requestedBy,
  approvalId: privilegeGrants.approvalId,
  decidedBy: privilegeGrants.decidedBy,
  expiresAt: privilegeGrants.expiresAt,
  revokedAt: privilegeGrants.revokedAt,
  revokedBy: privilegeGrants.revokedBy,
  revokeReason: privilegeGrants.revokeReason,
  createdAt: privilegeGrants.createdAt,
  updatedAt: privilegeGrants.updatedAt,
  userName: portalUsers.name,
};

/** The shown status as a condition: `expired` is a pending or active grant past its end; the others are not. */
export function statusCondition(status: GrantStatus, now: Date): SQL {
  const open = inArray(privilegeGrants.status, ['pending', 'active']);
  if (status === 'expired') return and(open, lte(privilegeGrants.expiresAt, now))!;
  if (status === 'pending' || status === 'active')
    return and(eq(privilegeGrants.status, status), gt(privilegeGrants.expiresAt, now))!;
  return eq(privilegeGrants.status, status);
}

export function listGrants(db: Db, q: GrantFilter, now: Date) {
  const conds: SQL[] = [];
  if (q.user_email) conds.push(eq(privilegeGrants.userEmail, q.user_email.toLowerCase()));
  if (q.privilege) conds.push(eq(privilegeGrants.privilege, q.privilege));
  if (q.status) conds.push(statusCondition(q.status, now));
  const search = q.search?.trim();
  if (search) {
    const p = containsPattern(search);
    conds.push(
      or(
        ilike(privilegeGrants.userEmail, p),
        ilike(portalUsers.name, p),
        ilike(privilegeGrants.privilege, p),
        ilike(privilegeGrants.reason, p),
      )!,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const { limit, offset } = pageWindow(q);
  const order = listOrder(
    q.sort,
    { created_at: privilegeGrants.createdAt, expires_at: privilegeGrants.expiresAt },
    privilegeGrants.id,
  );
  return listPage<GrantRow>(
    db
      .select(columns)
      .from(privilegeGrants)
      .leftJoin(portalUsers, eq(portalUsers.email, privilegeGrants.userEmail))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(privilegeGrants)
      .leftJoin(portalUsers, eq(portalUsers.email, privilegeGrants.userEmail))
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
}

/** One grant; `lock` holds it for the rest of the transaction (of concurrent decisions, one wins). */
export async function findGrant(db: Db, id: number, lock = false): Promise<GrantRow | undefined> {
  if (lock)
    await db.select({ id: privilegeGrants.id }).from(privilegeGrants).where(eq(privilegeGrants.id, id)).for('update');
  const [row] = await db
    .select(columns)
    .from(privilegeGrants)
    .leftJoin(portalUsers, eq(portalUsers.email, privilegeGrants.userEmail))
    .where(eq(privilegeGrants.id, id))
    .limit(1);
  return row;
}

/** A user's unexpired active grants. */
export function activeGrantsOf(db: Db, email: string, now: Date): Promise<GrantRow[]> {
  return db
    .select(columns)
    .from(privilegeGrants)
    .leftJoin(portalUsers, eq(portalUsers.email, privilegeGrants.userEmail))
    .where(and(eq(privilegeGrants.userEmail, email), statusCondition('active', now)))
    .orderBy(asc(privilegeGrants.expiresAt), asc(privilegeGrants.id));
}

/** Whether the user has an unexpired pending or active grant of the privilege. */
export async function hasOpenGrant(db: Db, email: string, privilege: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(privilegeGrants)
    .where(
      and(
        eq(privilegeGrants.userEmail, email),
        eq(privilegeGrants.privilege, privilege),
        inArray(privilegeGrants.status, ['pending', 'active']),
        gt(privilegeGrants.expiresAt, now),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** The decisions recorded on a grant (its approve and reject audit rows), oldest first. */
export function decisionsOf(db: Db, id: number) {
  return db
    .select({
      operation: auditLogs.operation,
      operator: auditLogs.operator,
      at: auditLogs.operateAt,
      details: auditLogs.details,
    })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.type, 'privilege_grant'),
        eq(auditLogs.instanceId, String(id)),
        inArray(auditLogs.operation, ['approve', 'reject']),
      ),
    )
    .orderBy(asc(auditLogs.operateAt), asc(auditLogs.id));
}

/** Whether any of these roles grants the privilege (read in the caller's transaction). */
export async function rolesGrant(db: Db, roles: readonly string[], privilege: string): Promise<boolean> {
  if (!roles.length) return false;
  const [row] = await db
    .select({ n: count() })
    .from(rbacRoles)
    .innerJoin(rbacRolePrivileges, eq(rbacRolePrivileges.roleId, rbacRoles.id))
    .where(and(inArray(rbacRoles.name, [...roles]), eq(rbacRolePrivileges.privilege, privilege)));
  return (row?.n ?? 0) > 0;
}
