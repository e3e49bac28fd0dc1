import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ADMIN_ROLE,
  PRIVILEGE_AREAS,
  PRIVILEGE_CATALOGUE,
  PRIVILEGES,
  privilegeArea,
  type createRoleBody,
  type ListResult,
  type RbacPrivilege,
  type RbacRole,
  type roleListQuery,
  type updateRoleBody,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { invalidateAccess, refuseEscalation } from '../../platform/access-control.js';
import { containsPattern, listPage, pageWindow } from '../../platform/list-query.js';
import { iamApiKeys, iamBindings, portalUsers, rbacRolePrivileges, rbacRoles } from '../../platform/schema.js';
import { iso } from '../../platform/time.js';
import type { Principal } from '../../platform/auth.js';

const privilegeOut = (p: (typeof PRIVILEGE_CATALOGUE)[number]): RbacPrivilege => {
  const area = privilegeArea(p.name);
  return {
    name: p.name,
    area,
    area_label: PRIVILEGE_AREAS[area as keyof typeof PRIVILEGE_AREAS] ?? area,
    description: p.description,
  };
};

/** The catalogue (code, not data): every privilege a route can declare. */
export function listPrivileges(): ListResult<RbacPrivilege> {
  const items = PRIVILEGE_CATALOGUE.map(privilegeOut);
  return { items, total: items.length };
}

type RoleRow = typeof rbacRoles.$inferSelect;

/** Privileges in catalogue order, so equal sets read the same in lists and audit diffs. */
const ordered = (ps: Iterable<string>) => {
  const set = new Set(ps);
  return PRIVILEGES.filter((p) => set.has(p));
};

async function rolesOut(db: Db, rows: RoleRow[]): Promise<RbacRole[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const names = rows.map((r) => r.name);
  const [privs, holders] = await Promise.all([
    db
      .select({ roleId: rbacRolePrivileges.roleId, privilege: rbacRolePrivileges.privilege })
      .from(rbacRolePrivileges)
      .where(inArray(rbacRolePrivileges.roleId, ids)),
    db
      .select({ role: sql<string>`r`, n: count() })
      .from(sql`${portalUsers}, unnest(${portalUsers.roles}) as r`)
      .where(sql`r = any(${`{${names.join(',')}}`}::text[])`)
      .groupBy(sql`r`),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    builtin: r.builtin,
    privileges: ordered(privs.filter((p) => p.roleId === r.id).map((p) => p.privilege)),
    users: holders.find((h) => h.role === r.name)?.n ?? 0,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }));
}

export async function listRoles(db: Db, q: z.output<typeof roleListQuery>): Promise<ListResult<RbacRole>> {
  const conds: SQL[] = [];
  const search = q.search?.trim();
  if (search) conds.push(ilike(rbacRoles.name, containsPattern(search)));
  const where = conds.length ? and(...conds) : undefined;
  const { limit, offset } = pageWindow(q);
  const field = q.sort.replace(/^-/, '') === 'created_at' ? rbacRoles.createdAt : rbacRoles.name;
  const dir = q.sort.startsWith('-') ? desc : asc;
  const page = await listPage<RoleRow>(
    db.select().from(rbacRoles).where(where).orderBy(dir(field), asc(rbacRoles.id)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(rbacRoles)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
  return { total: page.total, items: await rolesOut(db, page.items) };
}

async function roleRow(db: Db, id: number, lock = false): Promise<RoleRow> {
  const query = db.select().from(rbacRoles).where(eq(rbacRoles.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('rbac.roleNotFound', `No role has the id ${id}`);
  return row;
}

export async function getRole(db: Db, id: number): Promise<RbacRole> {
  const [out] = await rolesOut(db, [await roleRow(db, id)]);
  return out!;
}

export async function rolePrivileges(db: Db, id: number): Promise<ListResult<RbacPrivilege>> {
  const role = await getRole(db, id);
  const set = new Set(role.privileges);
  const items = PRIVILEGE_CATALOGUE.filter((p) => set.has(p.name)).map(privilegeOut);
  return { items, total: items.length };
}

/** A new role with its privileges, audited (type rbac_role). Names are unique. */
export async function createRole(db: Db, actor: Principal, body: z.output<typeof createRoleBody>): Promise<RbacRole> {
  const operator = actor.email;
  refuseEscalation(actor, body.privileges);
  const out = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rbacRoles)
      .values({ name: body.name, description: body.description })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('rbac.roleExists', `A role named ${body.name} already exists`);
    const privileges = ordered(body.privileges);
    await tx.insert(rbacRolePrivileges).values(privileges.map((privilege) => ({ roleId: row.id, privilege })));
    await writeAudit(tx, {
      type: 'rbac_role',
      instanceId: row.name,
      operator,
      operation: 'create_role',
      details: { before: null, after: { name: row.name, description: row.description, privileges } },
    });
    return getRole(tx, row.id);
  });
  invalidateAccess();
  return out;
}

/**
 * Replaces a role's privileges (and description), audited with before/after. The admin role always grants every
 * privilege: it cannot be edited, so no change can lock the administrators out.
 */
export async function updateRole(db: Db, actor: Principal, body: z.output<typeof updateRoleBody>): Promise<RbacRole> {
  const operator = actor.email;
  const out = await db.transaction(async (tx) => {
    const row = await roleRow(tx, body.id, true);
    if (row.name === ADMIN_ROLE)
      throw new AppError('rbac.builtinRole', 'The admin role always grants every privilege; it cannot be edited');
    const before = await getRole(tx, row.id);
    const privileges = ordered(body.privileges);
    refuseEscalation(
      actor,
      privileges.filter((p) => !before.privileges.includes(p)),
    );
    const description = body.description ?? row.description;
    const same =
      description === row.description &&
      privileges.length === before.privileges.length &&
      privileges.every((p, i) => before.privileges[i] === p);
    if (same) return before;
    await tx.delete(rbacRolePrivileges).where(eq(rbacRolePrivileges.roleId, row.id));
    await tx.insert(rbacRolePrivileges).values(privileges.map((privilege) => ({ roleId: row.id, privilege })));
    await tx.update(rbacRoles).set({ description, updatedAt: new Date() }).where(eq(rbacRoles.id, row.id));
    const added = privileges.filter((p) => !before.privileges.includes(p));
    const removed = before.privileges.filter((p) => !(privileges as string[]).includes(p));
    await writeAudit(tx, {
      type: 'rbac_role',
      instanceId: row.name,
      operator,
      operation: 'update_role',
      details: {
        before: { description: row.description, privileges: before.privileges },
        after: { description, privileges },
        added,
        removed,
      },
    });
    return getRole(tx, row.id);
  });
  invalidateAccess();
  return out;
}

/** Deletes a custom role nobody holds (built-in roles stay). */
export async function deleteRole(db: Db, operator: string, id: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const row = await roleRow(tx, id, true);
    if (row.builtin) throw new AppError('rbac.builtinRole', `The built-in role ${row.name} cannot be deleted`);
    const [role] = await rolesOut(tx, [row]);
    if (role!.users > 0) throw new AppError('rbac.roleInUse', `${role!.users} user(s) still hold the role ${row.name}`);
    const [bound] = await tx
      .select({ n: count() })
      .from(iamBindings)
      .where(and(eq(iamBindings.kind, 'role'), eq(iamBindings.target, row.name)));
    const [keys] = await tx
      .select({ n: count() })
      .from(iamApiKeys)
      .where(and(eq(iamApiKeys.role, row.name), isNull(iamApiKeys.revokedAt)));
    if ((bound?.n ?? 0) + (keys?.n ?? 0) > 0)
      throw new AppError(
        'rbac.roleInUse',
        `The role ${row.name} is still bound in IAM (${bound?.n ?? 0} binding(s), ${keys?.n ?? 0} API key(s))`,
      );
    await tx.delete(rbacRoles).where(eq(rbacRoles.id, id));
    await writeAudit(tx, {
      type: 'rbac_role',
      instanceId: row.name,
      operator,
      operation: 'delete_role',
      details: { before: { name: row.name, description: row.description, privileges: role!.privileges }, after: null },
    });
  });
  invalidateAccess();
  return { id };
}
