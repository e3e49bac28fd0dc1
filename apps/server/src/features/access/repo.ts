import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { userListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { portalUsers, rbacRoles } from '../../platform/schema.js';
import { containsPattern, listOrder, listPage, pageWindow, type PageParams } from '../../platform/list-query.js';

export interface UserFilter extends PageParams {
  sort: z.output<typeof userListQuery>['sort'];
  search?: string | undefined;
  role?: string | undefined;
}

/** Every column but the password hash, which never leaves the repo. */
const userColumns = {
  email: portalUsers.email,
  name: portalUsers.name,
  roles: portalUsers.roles,
  disabled: portalUsers.disabled,
  createdAt: portalUsers.createdAt,
};

export type UserRow = Pick<typeof portalUsers.$inferSelect, 'email' | 'name' | 'roles' | 'disabled' | 'createdAt'>;

export function listUsers(db: Db, q: UserFilter) {
  const conds: SQL[] = [];
  if (q.search) {
    const pattern = containsPattern(q.search);
    conds.push(or(ilike(portalUsers.email, pattern), ilike(portalUsers.name, pattern))!);
  }
  if (q.role) conds.push(sql`${q.role} = ANY(${portalUsers.roles})`);
  const where = conds.length ? and(...conds) : undefined;
  const { limit, offset } = pageWindow(q);
  const order = listOrder(
    q.sort,
    { email: portalUsers.email, name: portalUsers.name, created_at: portalUsers.createdAt },
    portalUsers.email,
  );
  return listPage<UserRow>(
    db
      .select(userColumns)
      .from(portalUsers)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(portalUsers)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
}

/**
 * The given users, locked for the rest of the transaction in email order (one order for every caller, so two
 * admins acting on each other at once wait rather than deadlock).
 */
export function lockUsers(db: Db, emails: string[]): Promise<UserRow[]> {
  return db
    .select(userColumns)
    .from(portalUsers)
    .where(inArray(portalUsers.email, [...new Set(emails)]))
    .orderBy(asc(portalUsers.email))
    .for('update');
}

/** Inserts unless the email is taken; `undefined` means it is. */
export async function insertUser(db: Db, row: typeof portalUsers.$inferInsert): Promise<UserRow | undefined> {
  const [created] = await db.insert(portalUsers).values(row).onConflictDoNothing().returning(userColumns);
  return created;
}

export async function updateUser(
  db: Db,
  email: string,
  patch: Partial<Pick<typeof portalUsers.$inferInsert, 'roles' | 'disabled'>>,
): Promise<UserRow> {
  const [row] = await db
    .update(portalUsers)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(portalUsers.email, email))
    .returning(userColumns);
  return row!;
}

/** Which of these role names are roles of /rbac. */
export async function knownRoles(db: Db, names: readonly string[]): Promise<Set<string>> {
  if (!names.length) return new Set();
  const rows = await db
    .select({ name: rbacRoles.name })
    .from(rbacRoles)
    .where(inArray(rbacRoles.name, [...names]));
  return new Set(rows.map((r) => r.name));
}

/** Enabled users other than `email` who hold the admin role. */
export async function countOtherEnabledAdmins(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(portalUsers)
    .where(
      and(
        sql`${'admin'} = ANY(${portalUsers.roles})`,
        eq(portalUsers.disabled, false),
        sql`${portalUsers.email} <> ${email}`,
      ),
    );
  return row?.n ?? 0;
}
