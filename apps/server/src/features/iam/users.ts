import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { IamBinding, IamUser, IamUserDetail, iamUserListQuery, ListResult } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { accessOf, effectivePrivileges } from '../../platform/access-control.js';
import { containsPattern, listPage, pageWindow } from '../../platform/list-query.js';
import { iamBindings, iamGroupMembers, portalUsers, privilegeGrants } from '../../platform/schema.js';
import { iso } from '../../platform/time.js';
import { bindingOut, normalEmail, subjectsWhere } from './shared.js';

type UserRow = Pick<typeof portalUsers.$inferSelect, 'email' | 'name' | 'roles' | 'disabled' | 'createdAt'>;

const userColumns = {
  email: portalUsers.email,
  name: portalUsers.name,
  roles: portalUsers.roles,
  disabled: portalUsers.disabled,
  createdAt: portalUsers.createdAt,
};

/** Each user's groups and the bindings to them or their groups (two queries for a whole page). */
async function membership(db: Db, emails: readonly string[]) {
  const members = emails.length
    ? await db
        .select({ email: iamGroupMembers.userEmail, group: iamGroupMembers.groupName })
        .from(iamGroupMembers)
        .where(inArray(iamGroupMembers.userEmail, [...emails]))
        .orderBy(asc(iamGroupMembers.groupName))
    : [];
  const groups = [...new Set(members.map((m) => m.group))];
  const bindings = (
    await db
      .select()
      .from(iamBindings)
      .where(
        subjectsWhere([
          ...emails.map((name) => ({ type: 'user' as const, name })),
          ...groups.map((name) => ({ type: 'group' as const, name })),
        ]),
      )
      .orderBy(asc(iamBindings.createdAt), asc(iamBindings.id))
  ).map(bindingOut);
  return (email: string) => {
    const mine = members.filter((m) => m.email === email).map((m) => m.group);
    const bound = bindings.filter(
      (b) =>
        (b.subject_type === 'user' && b.subject === email) || (b.subject_type === 'group' && mine.includes(b.subject)),
    );
    return { groups: mine, bindings: bound };
  };
}

const names = (bindings: readonly IamBinding[], kind: string) =>
  [...new Set(bindings.filter((b) => b.kind === kind).map((b) => b.target))].sort();

async function usersOut(db: Db, rows: UserRow[]) {
  const of = await membership(
    db,
    rows.map((r) => r.email),
  );
  return Promise.all(
    rows.map(async (r) => {
      const { groups, bindings } = of(r.email);
      const grant = await accessOf(db, { email: r.email, roles: r.roles });
      const user: IamUser = {
        email: r.email,
        name: r.name,
        disabled: r.disabled,
        roles: [...r.roles].sort(),
        bound_roles: names(bindings, 'role'),
        groups,
        // A disabled user can do nothing; what they would hold is still shown by their roles and bindings.
        privileges: r.disabled ? [] : [...effectivePrivileges(grant)],
      };
      return { user, bindings };
    }),
  );
}

export async function listIamUsers(db: Db, q: z.output<typeof iamUserListQuery>): Promise<ListResult<IamUser>> {
  const conds: SQL[] = [];
  const search = q.search?.trim();
  if (search)
    conds.push(
      or(ilike(portalUsers.email, containsPattern(search)), ilike(portalUsers.name, containsPattern(search)))!,
    );
  if (q.group?.trim())
    conds.push(
      inArray(
        portalUsers.email,
        db
          .select({ e: iamGroupMembers.userEmail })
          .from(iamGroupMembers)
          .where(eq(iamGroupMembers.groupName, q.group.trim())),
      ),
    );
  const where = conds.length ? and(...conds) : undefined;
  const { limit, offset } = pageWindow(q);
  const field = q.sort.replace(/^-/, '') === 'name' ? portalUsers.name : portalUsers.email;
  const dir = q.sort.startsWith('-') ? desc : asc;
  const page = await listPage<UserRow>(
    db
      .select(userColumns)
      .from(portalUsers)
      .where(where)
      .orderBy(dir(field), asc(portalUsers.email))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(portalUsers)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
  return { total: page.total, items: (await usersOut(db, page.items)).map((u) => u.user) };
}

/** One user as IAM sees them: own and bound roles, groups, policies, active grants and what they may do. */
export async function getIamUser(db: Db, rawEmail: string): Promise<IamUserDetail> {
  const email = normalEmail(rawEmail);
  const [row] = await db.select(userColumns).from(portalUsers).where(eq(portalUsers.email, email)).limit(1);
  if (!row) throw new AppError('user.notFound', `No portal user has the email ${email}`);
  const [[out], grants] = await Promise.all([
    usersOut(db, [row]),
    db
      .select({
        id: privilegeGrants.id,
        privilege: privilegeGrants.privilege,
        reason: privilegeGrants.reason,
        expiresAt: privilegeGrants.expiresAt,
      })
      .from(privilegeGrants)
      .where(
        and(
          eq(privilegeGrants.userEmail, email),
          eq(privilegeGrants.status, 'active'),
          gt(privilegeGrants.expiresAt, sql`now()`),
        ),
      )
      .orderBy(asc(privilegeGrants.expiresAt)),
  ]);
  return {
    ...out!.user,
    created_at: iso(row.createdAt),
    bindings: out!.bindings,
    policies: names(out!.bindings, 'policy'),
    grants: grants.map((g) => ({ id: g.id, privilege: g.privilege, reason: g.reason, expires_at: iso(g.expiresAt) })),
  };
}
