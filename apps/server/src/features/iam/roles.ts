import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { PRIVILEGES, type IamRole, type IamRoleDetail, type iamRoleListQuery, type ListResult } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { containsPattern, listPage, pageWindow } from '../../platform/list-query.js';
import { iamBindings, portalUsers, rbacRolePrivileges, rbacRoles } from '../../platform/schema.js';
import { bindingsWhere } from './shared.js';

type RoleRow = typeof rbacRoles.$inferSelect;

/** In catalogue order. */
const ordered = (ps: Iterable<string>) => {
  const set = new Set(ps);
  return PRIVILEGES.filter((p) => set.has(p));
};

/** IAM roles are the RBAC roles (rbac_roles): their privileges, direct holders and bindings. */
async function rolesOut(db: Db, rows: RoleRow[]): Promise<IamRole[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const names = rows.map((r) => r.name);
  const [privs, holders, bindings] = await Promise.all([
    db
      .select({ roleId: rbacRolePrivileges.roleId, privilege: rbacRolePrivileges.privilege })
      .from(rbacRolePrivileges)
      .where(inArray(rbacRolePrivileges.roleId, ids)),
    db
      .select({ role: sql<string>`r`, n: count() })
      .from(sql`${portalUsers}, unnest(${portalUsers.roles}) as r`)
      .where(sql`r = any(${`{${names.join(',')}}`}::text[])`)
      .groupBy(sql`r`),
    db
      .select({ target: iamBindings.target, n: count() })
      .from(iamBindings)
      .where(and(eq(iamBindings.kind, 'role'), inArray(iamBindings.target, names)))
      .groupBy(iamBindings.target),
  ]);
  return rows.map((r) => ({
    name: r.name,
    description: r.description,
    builtin: r.builtin,
    privileges: ordered(privs.filter((p) => p.roleId === r.id).map((p) => p.privilege)),
    users: holders.find((h) => h.role === r.name)?.n ?? 0,
    bindings: bindings.find((b) => b.target === r.name)?.n ?? 0,
  }));
}

export async function listIamRoles(db: Db, q: z.output<typeof iamRoleListQuery>): Promise<ListResult<IamRole>> {
  const search = q.search?.trim();
  const where = search ? ilike(rbacRoles.name, containsPattern(search)) : undefined;
  const { limit, offset } = pageWindow(q);
  const dir = q.sort.startsWith('-') ? desc : asc;
  const page = await listPage<RoleRow>(
    db.select().from(rbacRoles).where(where).orderBy(dir(rbacRoles.name)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(rbacRoles)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
  return { total: page.total, items: await rolesOut(db, page.items) };
}

export async function getIamRole(db: Db, name: string): Promise<IamRoleDetail> {
  const [row] = await db.select().from(rbacRoles).where(eq(rbacRoles.name, name)).limit(1);
  if (!row) throw new AppError('rbac.roleNotFound', `No role named ${name}`);
  const [[role], holders, binding_list] = await Promise.all([
    rolesOut(db, [row]),
    db
      .select({ email: portalUsers.email, name: portalUsers.name, disabled: portalUsers.disabled })
      .from(portalUsers)
      .where(sql`${name} = any(${portalUsers.roles})`)
      .orderBy(asc(portalUsers.email)),
    bindingsWhere(db, and(eq(iamBindings.kind, 'role'), eq(iamBindings.target, name))),
  ]);
  return { ...role!, holders, binding_list };
}
