import { eq, inArray } from 'drizzle-orm';
import { USER_SYNC_ROLE, type PortalUser, type UserDetail, type UserSyncResult } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import type { Principal } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { iamGroupMembers, portalUsers } from '../../platform/schema.js';
import { iso } from '../../platform/time.js';
import { activeGrantsOf } from '../privileges/index.js';
import type { UserDirectory } from './directory.js';

/*
 * Devops users (spec §7 "users: list, detail, roles (PUT), sync (POST)"): the list and the roles change are the admin
 * ones (service.ts); here the detail — roles, IAM groups, active grants — and the sync from the issuer's directory.
 */

export async function userDetail(db: Db, who: Principal, rawEmail: string): Promise<UserDetail> {
  const email = rawEmail.trim().toLowerCase();
  const [user] = await db
    .select({
      email: portalUsers.email,
      name: portalUsers.name,
      roles: portalUsers.roles,
      disabled: portalUsers.disabled,
      createdAt: portalUsers.createdAt,
    })
    .from(portalUsers)
    .where(eq(portalUsers.email, email))
    .limit(1);
  if (!user) throw new AppError('user.notFound', `No portal user has the email ${email}`);
  const groups = await db
    .select({ name: iamGroupMembers.groupName })
    .from(iamGroupMembers)
    .where(eq(iamGroupMembers.userEmail, email))
    .orderBy(iamGroupMembers.groupName);
  return {
    email: user.email,
    name: user.name,
    roles: user.roles,
    disabled: user.disabled,
    created_at: iso(user.createdAt),
    groups: groups.map((g) => g.name),
    grants: await activeGrantsOf(db, who, email),
  };
}

/**
 * Reads the directory (before any transaction: it may be a slow remote call), then in one transaction adds the
 * users the portal lacks (role viewer, no password: they sign in through the issuer) and updates changed names; it
 * never removes a user or changes a role. One audit row (type user) per user added or renamed.
 */
export async function syncUsers(db: Db, operator: string, directory: UserDirectory): Promise<UserSyncResult> {
  const people = await directory.list();
  const byEmail = new Map(people.map((p) => [p.email.trim().toLowerCase(), p.name.trim()]));
  return db.transaction(async (tx) => {
    const emails = [...byEmail.keys()];
    const existing = emails.length
      ? await tx
          .select({ email: portalUsers.email, name: portalUsers.name })
          .from(portalUsers)
          .where(inArray(portalUsers.email, emails))
          .for('update')
      : [];
    const known = new Map(existing.map((u) => [u.email, u.name]));
    const added: string[] = [];
    const updated: string[] = [];
    let unchanged = 0;
    const now = new Date();
    for (const [email, rawName] of [...byEmail].sort(([a], [b]) => a.localeCompare(b))) {
      const name = (rawName || email).slice(0, 100);
      const current = known.get(email);
      if (current === undefined) {
        await tx
          .insert(portalUsers)
          .values({ email, name, roles: [USER_SYNC_ROLE], createdAt: now, updatedAt: now })
          .onConflictDoNothing();
        const after: PortalUser = { email, name, roles: [USER_SYNC_ROLE], disabled: false, created_at: iso(now) };
        await writeAudit(tx, {
          type: 'user',
          instanceId: email,
          operator,
          operation: 'sync_add_user',
          details: { source: directory.source, before: null, after },
        });
        added.push(email);
      } else if (rawName && current !== name) {
        await tx.update(portalUsers).set({ name, updatedAt: now }).where(eq(portalUsers.email, email));
        await writeAudit(tx, {
          type: 'user',
          instanceId: email,
          operator,
          operation: 'sync_update_user',
          details: { source: directory.source, before: { name: current }, after: { name } },
        });
        updated.push(email);
      } else unchanged++;
    }
    return {
      source: directory.source,
      added: added.length,
      updated: updated.length,
      unchanged,
      added_users: added,
      updated_users: updated,
    };
  });
}
