import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  GRANT_MESSAGES as M,
  GRANT_STATUS_ACTIONS,
  PRIVILEGE_CATALOGUE,
  type createGrantBody,
  type Grant,
  type GrantAction,
  type GrantDetail,
  type GrantStatus,
  type ListResult,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import type { Principal } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { invalidateAccess, refuseEscalation } from '../../platform/access-control.js';
import { portalUsers, privilegeGrants } from '../../platform/schema.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { getSetting } from '../settings/index.js';
import * as repo from './repo.js';
import type { GrantRow } from './repo.js';

/*
 * Time-bound privilege grants (contract grants.ts). Separation of duties: nobody requests a grant for themselves,
 * and neither the requester nor the grantee decides it. Every change is one transaction with its audit row (type
 * privilege_grant, instance = the grant's id); cached access decisions are dropped after it commits. Expiry needs no
 * job: the auth hook counts only active grants whose `expires_at` is still ahead (access-control.ts).
 */

const AUDIT = 'privilege_grant' as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const descriptions = new Map<string, string>(PRIVILEGE_CATALOGUE.map((p) => [p.name, p.description]));

const invalid = (field: string, message: string) =>
  new AppError('request.invalid', `body.${field}: ${message}`, [{ field: `body.${field}`, message }]);

/** The status as shown: a pending or active grant past its end is `expired`. */
export function shownStatus(row: Pick<GrantRow, 'status' | 'expiresAt'>, now: Date): GrantStatus {
  if ((row.status === 'pending' || row.status === 'active') && row.expiresAt <= now) return 'expired';
  return row.status as GrantStatus;
}

/** What `who` may do to the grant now: what its status allows; approve/reject never by requester or grantee. */
export function actionsFor(row: GrantRow, who: string, now: Date): GrantAction[] {
  const involved = who === row.requestedBy || who === row.userEmail;
  return GRANT_STATUS_ACTIONS[shownStatus(row, now)].filter((a) => a === 'revoke' || !involved);
}

export function grantOut(row: GrantRow, who: string, now = new Date()): Grant {
  return {
    id: row.id,
    user_email: row.userEmail,
    user_name: row.userName,
    privilege: row.privilege,
    privilege_description: descriptions.get(row.privilege) ?? '',
    reason: row.reason,
    status: shownStatus(row, now),
    requested_by: row.requestedBy,
    decided_by: row.decidedBy,
    expires_at: iso(row.expiresAt),
    revoked_at: isoOrNull(row.revokedAt),
    revoked_by: row.revokedBy,
    revoke_reason: row.revokeReason,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    actions: actionsFor(row, who, now),
  };
}

async function detailOut(db: Db, row: GrantRow, who: string): Promise<GrantDetail> {
  const now = new Date();
  const grant = grantOut(row, who, now);
  const timeline: GrantDetail['timeline'] = [
    { event: 'requested', at: grant.created_at, by: row.requestedBy, note: row.reason },
  ];
  for (const d of await repo.decisionsOf(db, row.id)) {
    const details = (d.details ?? {}) as { comment?: string | null };
    timeline.push({
      event: d.operation === 'approve' ? 'approved' : 'rejected',
      at: iso(d.at),
      by: d.operator,
      note: details.comment ?? null,
    });
  }
  if (row.revokedAt)
    timeline.push({ event: 'revoked', at: iso(row.revokedAt), by: row.revokedBy, note: row.revokeReason });
  if (grant.status === 'pending' || grant.status === 'active' || grant.status === 'expired')
    timeline.push({
      event: grant.status === 'expired' ? 'expired' : 'expires',
      at: grant.expires_at,
      by: null,
      note: null,
    });
  return { ...grant, timeline };
}

export async function listGrants(db: Db, who: Principal, q: repo.GrantFilter): Promise<ListResult<Grant>> {
  const now = new Date();
  const page = await repo.listGrants(db, q, now);
  return { total: page.total, items: page.items.map((r) => grantOut(r, who.email, now)) };
}

async function grantRow(db: Db, id: number, lock = false): Promise<GrantRow> {
  const row = await repo.findGrant(db, id, lock);
  if (!row) throw new AppError('grant.notFound', `No privilege grant has the id ${id}`);
  return row;
}

export async function getGrant(db: Db, who: Principal, id: number): Promise<GrantDetail> {
  return detailOut(db, await grantRow(db, id), who.email);
}

/**
 * Requests a grant (pending). Refused: for oneself; for someone who is not an enabled portal user; for a privilege
 * the user's roles already give, or one they already have a pending or active grant of; an end in the past or
 * beyond the system setting `privilege_grant_max_days`.
 */
export async function createGrant(
  db: Db,
  who: Principal,
  body: z.output<typeof createGrantBody>,
): Promise<GrantDetail> {
  const email = body.user_email;
  if (email === who.email.toLowerCase()) throw new AppError('grant.selfGrant', M.selfGrant);
  // Nobody grants what they do not hold themselves (the no-escalation rule of roles and IAM).
  refuseEscalation(who, [body.privilege]);
  const now = new Date();
  const expiresAt = new Date(body.expires_at);
  if (expiresAt <= now) throw invalid('expires_at', M.untilPast);
  const maxDays = await getSetting(db, 'privilege_grant_max_days');
  if (expiresAt.getTime() > now.getTime() + maxDays * DAY_MS) throw invalid('expires_at', M.untilTooFar(maxDays));

  const row = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ roles: portalUsers.roles, disabled: portalUsers.disabled })
      .from(portalUsers)
      .where(eq(portalUsers.email, email))
      .for('update');
    if (!user) throw invalid('user_email', M.granteeUnknown(email));
    if (user.disabled) throw invalid('user_email', M.granteeDisabled(email));
    if (await repo.rolesGrant(tx, user.roles, body.privilege))
      throw new AppError('grant.alreadyHeld', M.alreadyHeld(email, body.privilege));
    // The user's row lock serialises requests for one user: two identical requests cannot both pass this check.
    if (await repo.hasOpenGrant(tx, email, body.privilege, now))
      throw new AppError('grant.alreadyHeld', M.alreadyGranted(email, body.privilege));
    const [created] = await tx
      .insert(privilegeGrants)
      .values({
        userEmail: email,
        privilege: body.privilege,
        reason: body.reason,
        status: 'pending',
        requestedBy: who.email,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: privilegeGrants.id });
    await writeAudit(tx, {
      type: AUDIT,
      instanceId: String(created!.id),
      operator: who.email,
      operation: 'request_grant',
      details: {
        before: null,
        after: {
          user_email: email,
          privilege: body.privilege,
          reason: body.reason,
          status: 'pending',
          expires_at: iso(expiresAt),
        },
      },
    });
    return grantRow(tx, created!.id);
  });
  return detailOut(db, row, who.email);
}

/**
 * Approve (→ active) or reject (→ rejected) a pending, unexpired grant, by another holder of admin.privileges:
 * never its requester, never its grantee.
 */
export async function decideGrant(
  db: Db,
  who: Principal,
  id: number,
  decision: 'approve' | 'reject',
  comment: string | undefined,
): Promise<GrantDetail> {
  const row = await db.transaction(async (tx) => {
    const current = await grantRow(tx, id, true);
    const me = who.email.toLowerCase();
    if (me === current.requestedBy.toLowerCase()) throw new AppError('grant.selfDecide', M.selfDecide);
    if (me === current.userEmail) throw new AppError('grant.selfDecide', M.granteeDecide);
    // Approving gives the privilege: only someone who holds it may (rejecting gives nothing).
    if (decision === 'approve') refuseEscalation(who, [current.privilege]);
    const now = new Date();
    const status = shownStatus(current, now);
    if (status !== 'pending') throw new AppError('grant.statusForbids', M.statusForbids(status, decision));
    const next = decision === 'approve' ? 'active' : 'rejected';
    await tx
      .update(privilegeGrants)
      .set({ status: next, decidedBy: who.email, updatedAt: now })
      .where(eq(privilegeGrants.id, id));
    await writeAudit(tx, {
      type: AUDIT,
      instanceId: String(id),
      operator: who.email,
      operation: decision,
      details: { comment: comment || null, before: { status: 'pending' }, after: { status: next } },
    });
    return grantRow(tx, id);
  });
  invalidateAccess();
  return detailOut(db, row, who.email);
}

/** Revoke a pending or active (unexpired) grant, with a reason; an active one stops counting at once. */
export async function revokeGrant(db: Db, who: Principal, id: number, reason: string): Promise<GrantDetail> {
  const row = await db.transaction(async (tx) => {
    const current = await grantRow(tx, id, true);
    const now = new Date();
    const status = shownStatus(current, now);
    if (status !== 'pending' && status !== 'active')
      throw new AppError('grant.statusForbids', M.statusForbids(status, 'revoke'));
    await tx
      .update(privilegeGrants)
      .set({ status: 'revoked', revokedAt: now, revokedBy: who.email, revokeReason: reason, updatedAt: now })
      .where(eq(privilegeGrants.id, id));
    await writeAudit(tx, {
      type: AUDIT,
      instanceId: String(id),
      operator: who.email,
      operation: 'revoke',
      details: { reason, before: { status }, after: { status: 'revoked' } },
    });
    return grantRow(tx, id);
  });
  invalidateAccess();
  return detailOut(db, row, who.email);
}

/** A user's unexpired active grants (the user detail). */
export async function activeGrantsOf(db: Db, who: Principal, email: string): Promise<Grant[]> {
  const now = new Date();
  return (await repo.activeGrantsOf(db, email, now)).map((r) => grantOut(r, who.email, now));
}
