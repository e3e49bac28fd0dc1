import type { z } from 'zod';
import { ADMIN_ROLE, PRIVILEGES } from '@portal/contract';
import type { createUserBody, ListResult, PortalUser, Profile } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import type { Principal } from '../../platform/auth.js';
import { invalidateAccess, privilegesGrantedBy, refuseEscalation } from '../../platform/access-control.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { iso } from '../../platform/time.js';
import { hashPassword } from '../../idp/password.js';
import {
  countOtherEnabledAdmins,
  insertUser,
  knownRoles,
  listUsers,
  lockUsers,
  updateUser,
  type UserFilter,
  type UserRow,
} from './repo.js';

type CreateUser = z.output<typeof createUserBody>;

/**
 * The caller's profile (spec §3 "Profile (me)"); the auth hook already loaded it. Its privileges are what its roles,
 * grants and policies give (access-control.ts), in PRIVILEGES order: the web checks a route's `access` against them.
 */
export function profileOf(principal: Principal): Profile {
  return {
    email: principal.email,
    name: principal.name,
    roles: [...principal.roles],
    privileges: PRIVILEGES.filter((p) => principal.privileges.has(p)),
  };
}

function userOut(u: UserRow): PortalUser {
  return { email: u.email, name: u.name, roles: u.roles, disabled: u.disabled, created_at: iso(u.createdAt) };
}

/** Emails are stored lower-case; a path parameter may arrive in any case. */
const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Roles in one canonical order (sorted), so equal sets compare equal and audit diffs stay quiet; each must name a
 * role of /rbac.
 */
async function canonicalRoles(db: Db, roles: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(roles.map((r) => r.trim()))].sort();
  const known = await knownRoles(db, wanted);
  const unknown = wanted.filter((r) => !known.has(r));
  if (unknown.length)
    throw new AppError('rbac.unknownRole', `No role named ${unknown.join(', ')}: the roles are those of /rbac`);
  return wanted;
}

/** Only roles whose every privilege the actor holds can be given (no escalation through a role). */
async function refuseRoleEscalation(tx: Db, actor: Principal, roles: readonly string[]): Promise<void> {
  if (!roles.length) return;
  refuseEscalation(actor, await privilegesGrantedBy(tx, { roles }));
}

/** Refuses a change that would leave the portal without an enabled admin. */
async function keepAnAdmin(tx: Db, target: UserRow, next: { roles: readonly string[]; disabled: boolean }) {
  const wasAdmin = target.roles.includes(ADMIN_ROLE) && !target.disabled;
  const staysAdmin = next.roles.includes(ADMIN_ROLE) && !next.disabled;
  if (wasAdmin && !staysAdmin && (await countOtherEnabledAdmins(tx, target.email)) === 0)
    throw new AppError('user.lastAdmin', `${target.email} is the last enabled admin: the portal must keep one`);
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((r) => b.includes(r));

export async function listPortalUsers(db: Db, q: UserFilter): Promise<ListResult<PortalUser>> {
  const page = await listUsers(db, { ...q, search: q.search?.trim() || undefined });
  return { total: page.total, items: page.items.map(userOut) };
}

/**
 * Locks the acting admin and the target user, and re-checks inside the transaction that the actor is still an
 * enabled admin: two admins demoting each other at the same moment cannot leave the portal with none.
 */
async function lockActorAndTarget(tx: Db, actor: Principal, email: string): Promise<UserRow> {
  const rows = await lockUsers(tx, [actor.email, email]);
  const self = rows.find((r) => r.email === actor.email);
  // Still allowed now, inside the transaction (two admins demoting each other: the second finds itself demoted).
  if (!self || self.disabled || !(await privilegesGrantedBy(tx, { roles: self.roles })).includes('admin.users'))
    throw new AppError('auth.forbidden', 'Managing users needs the privilege admin.users', {
      privilege: 'admin.users',
    });
  const target = rows.find((r) => r.email === email);
  if (!target) throw new AppError('user.notFound', `No portal user has the email ${email}`);
  return target;
}

/** Replaces a user's roles; audited with before/after. An admin cannot remove their own admin role. */
export async function updateUserRoles(
  db: Db,
  actor: Principal,
  rawEmail: string,
  roles: readonly string[],
): Promise<PortalUser> {
  const email = normalEmail(rawEmail);
  return db.transaction(async (tx) => {
    const current = await lockActorAndTarget(tx, actor, email);
    const next = await canonicalRoles(tx, roles);
    if (email === actor.email && current.roles.includes(ADMIN_ROLE) && !next.includes(ADMIN_ROLE)) {
      throw new AppError('user.cannotDemoteSelf');
    }
    if (sameRoles(current.roles, next)) return userOut(current);
    const added = next.filter((r) => !current.roles.includes(r));
    if (added.length && email === actor.email)
      throw new AppError('user.cannotGrantSelf', `You cannot give yourself a role (${added.join(', ')})`);
    await refuseRoleEscalation(tx, actor, added);
    await keepAnAdmin(tx, current, { roles: next, disabled: current.disabled });
    const updated = await updateUser(tx, email, { roles: next });
    invalidateAccess();
    await writeAudit(tx, {
      type: 'user',
      instanceId: email,
      operator: actor.email,
      operation: 'update_roles',
      details: { before: { roles: current.roles }, after: { roles: updated.roles } },
    });
    return userOut(updated);
  });
}

/** Disables or re-enables a user; a disabled user can neither sign in nor call the API. Nobody disables themselves. */
export async function setUserDisabled(
  db: Db,
  actor: Principal,
  rawEmail: string,
  disabled: boolean,
): Promise<PortalUser> {
  const email = normalEmail(rawEmail);
  return db.transaction(async (tx) => {
    const current = await lockActorAndTarget(tx, actor, email);
    if (disabled && email === actor.email) throw new AppError('user.cannotDisableSelf');
    if (current.disabled === disabled) return userOut(current);
    await keepAnAdmin(tx, current, { roles: current.roles, disabled });
    const updated = await updateUser(tx, email, { disabled });
    await writeAudit(tx, {
      type: 'user',
      instanceId: email,
      operator: actor.email,
      operation: disabled ? 'disable_user' : 'enable_user',
      details: { before: { disabled: current.disabled }, after: { disabled: updated.disabled } },
    });
    return userOut(updated);
  });
}

/**
 * Adds a portal user. Without a password they sign in through the configured external issuer only; with one, also
 * on the built-in sign-in page (stored as a scrypt hash).
 */
export async function createUser(db: Db, actor: Principal, body: CreateUser): Promise<PortalUser> {
  const operator = actor.email;
  // Hash before the transaction: scrypt is deliberately slow and must not hold locks.
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  return db.transaction(async (tx) => {
    const now = new Date();
    const created = await insertUser(tx, {
      email: body.email,
      name: body.name,
      roles: await canonicalRoles(tx, body.roles).then(async (roles) => {
        await refuseRoleEscalation(tx, actor, roles);
        return roles;
      }),
      passwordHash,
      createdAt: now,
      updatedAt: now,
    });
    if (!created) throw new AppError('user.exists', `A portal user with the email ${body.email} already exists`);
    const out = userOut(created);
    await writeAudit(tx, {
      type: 'user',
      instanceId: created.email,
      operator,
      operation: 'create_user',
      details: {
        before: null,
        after: { ...out, sign_in: passwordHash ? 'built-in and external issuer' : 'external issuer' },
      },
    });
    return out;
  });
}
