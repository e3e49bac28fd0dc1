import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  addGroupMembersBody,
  createUserGroupBody,
  IamBinding,
  IamUserGroup,
  IamUserGroupDetail,
  ListResult,
  updateUserGroupBody,
  userGroupListQuery,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { invalidateAccess, privilegesGrantedBy, refuseEscalation } from '../../platform/access-control.js';
import type { Principal } from '../../platform/auth.js';
import { containsPattern, listPage, pageWindow } from '../../platform/list-query.js';
import { iamBindings, iamGroupMembers, iamUserGroups, portalUsers } from '../../platform/schema.js';
import { iso } from '../../platform/time.js';
import { bindingsWhere, keepAnAdminInCharge, normalEmail } from './shared.js';

type GroupRow = typeof iamUserGroups.$inferSelect;

async function groupsOut(db: Db, rows: GroupRow[]): Promise<IamUserGroup[]> {
  if (!rows.length) return [];
  const names = rows.map((r) => r.name);
  const [members, bindings] = await Promise.all([
    db
      .select({ group: iamGroupMembers.groupName, n: count() })
      .from(iamGroupMembers)
      .where(inArray(iamGroupMembers.groupName, names))
      .groupBy(iamGroupMembers.groupName),
    db
      .select({ kind: iamBindings.kind, target: iamBindings.target, subject: iamBindings.subject })
      .from(iamBindings)
      .where(and(eq(iamBindings.subjectType, 'group'), inArray(iamBindings.subject, names))),
  ]);
  const targets = (group: string, kind: string) =>
    [...new Set(bindings.filter((b) => b.subject === group && b.kind === kind).map((b) => b.target))].sort();
  return rows.map((r) => ({
    name: r.name,
    description: r.description,
    members: members.find((m) => m.group === r.name)?.n ?? 0,
    roles: targets(r.name, 'role'),
    policies: targets(r.name, 'policy'),
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }));
}

export async function listGroups(db: Db, q: z.output<typeof userGroupListQuery>): Promise<ListResult<IamUserGroup>> {
  const search = q.search?.trim();
  const where: SQL | undefined = search
    ? or(ilike(iamUserGroups.name, containsPattern(search)), ilike(iamUserGroups.description, containsPattern(search)))
    : undefined;
  const { limit, offset } = pageWindow(q);
  const field = q.sort.replace(/^-/, '') === 'created_at' ? iamUserGroups.createdAt : iamUserGroups.name;
  const dir = q.sort.startsWith('-') ? desc : asc;
  const page = await listPage<GroupRow>(
    db
      .select()
      .from(iamUserGroups)
      .where(where)
      .orderBy(dir(field), asc(iamUserGroups.name))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(iamUserGroups)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
  return { total: page.total, items: await groupsOut(db, page.items) };
}

async function groupRow(db: Db, name: string, lock = false): Promise<GroupRow> {
  const query = db.select().from(iamUserGroups).where(eq(iamUserGroups.name, name)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('iam.groupNotFound', `No user group named ${name}`);
  return row;
}

/** The group's role and policy bindings (spec §7 "user groups and mappings"). */
export async function groupBindings(db: Db, name: string): Promise<IamBinding[]> {
  return bindingsWhere(db, and(eq(iamBindings.subjectType, 'group'), eq(iamBindings.subject, name)));
}

export async function getGroup(db: Db, name: string): Promise<IamUserGroupDetail> {
  const row = await groupRow(db, name);
  const [[group], members, bindings] = await Promise.all([
    groupsOut(db, [row]),
    db
      .select({
        email: portalUsers.email,
        name: portalUsers.name,
        roles: portalUsers.roles,
        disabled: portalUsers.disabled,
        addedBy: iamGroupMembers.addedBy,
        addedAt: iamGroupMembers.addedAt,
      })
      .from(iamGroupMembers)
      .innerJoin(portalUsers, eq(portalUsers.email, iamGroupMembers.userEmail))
      .where(eq(iamGroupMembers.groupName, name))
      .orderBy(asc(portalUsers.email)),
    groupBindings(db, name),
  ]);
  return {
    ...group!,
    member_list: members.map((m) => ({
      email: m.email,
      name: m.name,
      roles: m.roles,
      disabled: m.disabled,
      added_by: m.addedBy,
      added_at: iso(m.addedAt),
    })),
    bindings,
  };
}

export async function groupMappings(db: Db, name: string): Promise<ListResult<IamBinding>> {
  await groupRow(db, name);
  const items = await groupBindings(db, name);
  return { items, total: items.length };
}

export async function createGroup(
  db: Db,
  operator: string,
  body: z.output<typeof createUserGroupBody>,
): Promise<IamUserGroupDetail> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(iamUserGroups)
      .values({ name: body.name, description: body.description, createdBy: operator })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('iam.groupExists', `A user group named ${body.name} already exists`);
    await writeAudit(tx, {
      type: 'iam_user_group',
      instanceId: row.name,
      operator,
      operation: 'create_user_group',
      details: { before: null, after: { name: row.name, description: row.description } },
    });
    return getGroup(tx, row.name);
  });
}

export async function updateGroup(
  db: Db,
  operator: string,
  name: string,
  body: z.output<typeof updateUserGroupBody>,
): Promise<IamUserGroupDetail> {
  return db.transaction(async (tx) => {
    const row = await groupRow(tx, name, true);
    if (row.description !== body.description) {
      await tx
        .update(iamUserGroups)
        .set({ description: body.description, updatedAt: new Date() })
        .where(eq(iamUserGroups.name, name));
      await writeAudit(tx, {
        type: 'iam_user_group',
        instanceId: name,
        operator,
        operation: 'update_user_group',
        details: { before: { description: row.description }, after: { description: body.description } },
      });
    }
    return getGroup(tx, name);
  });
}

/** Deletes the group with its memberships and its bindings, in one transaction, audited. */
export async function deleteGroup(db: Db, operator: string, name: string): Promise<{ name: string }> {
  await db.transaction(async (tx) => {
    const before = await getGroup(tx, (await groupRow(tx, name, true)).name);
    await tx.delete(iamBindings).where(and(eq(iamBindings.subjectType, 'group'), eq(iamBindings.subject, name)));
    await tx.delete(iamGroupMembers).where(eq(iamGroupMembers.groupName, name));
    await tx.delete(iamUserGroups).where(eq(iamUserGroups.name, name));
    await writeAudit(tx, {
      type: 'iam_user_group',
      instanceId: name,
      operator,
      operation: 'delete_user_group',
      details: {
        before: {
          name,
          description: before.description,
          members: before.member_list.map((m) => m.email),
          bindings: before.bindings.map((b) => ({ kind: b.kind, target: b.target })),
        },
        after: null,
      },
    });
  });
  invalidateAccess();
  return { name };
}

/**
 * Adds portal users to the group (those already members stay as they are; unknown emails are refused). Refused when
 * the group's Deny policies would leave no admin in charge.
 */
export async function addMembers(
  db: Db,
  actor: Principal,
  name: string,
  body: z.output<typeof addGroupMembersBody>,
): Promise<IamUserGroupDetail> {
  const operator = actor.email;
  const emails = [...new Set(body.emails.map(normalEmail))];
  if (emails.includes(actor.email))
    throw new AppError('user.cannotGrantSelf', 'You cannot add yourself to a user group');
  const out = await db.transaction(async (tx) => {
    await groupRow(tx, name, true);
    // Members get what the group's bindings give: nobody adds people to more than they hold themselves.
    const bound = await tx
      .select({ kind: iamBindings.kind, target: iamBindings.target })
      .from(iamBindings)
      .where(and(eq(iamBindings.subjectType, 'group'), eq(iamBindings.subject, name)));
    refuseEscalation(
      actor,
      await privilegesGrantedBy(tx, {
        roles: bound.filter((b) => b.kind === 'role').map((b) => b.target),
        policies: bound.filter((b) => b.kind === 'policy').map((b) => b.target),
      }),
    );
    const users = await tx
      .select({ email: portalUsers.email })
      .from(portalUsers)
      .where(inArray(portalUsers.email, emails));
    const known = new Set(users.map((u) => u.email));
    const unknown = emails.filter((e) => !known.has(e));
    if (unknown.length)
      throw new AppError('iam.unknownSubject', `No portal user has the email ${unknown.join(', ')}`, {
        emails: unknown,
      });
    const added = await tx
      .insert(iamGroupMembers)
      .values(emails.map((userEmail) => ({ groupName: name, userEmail, addedBy: operator })))
      .onConflictDoNothing()
      .returning({ email: iamGroupMembers.userEmail });
    if (added.length) {
      await keepAnAdminInCharge(tx);
      await writeAudit(tx, {
        type: 'iam_user_group',
        instanceId: name,
        operator,
        operation: 'add_members',
        details: { added: added.map((a) => a.email).sort() },
      });
    }
    return { detail: await getGroup(tx, name), changed: added.length > 0 };
  });
  if (out.changed) invalidateAccess();
  return out.detail;
}

export async function removeMember(
  db: Db,
  operator: string,
  name: string,
  rawEmail: string,
): Promise<IamUserGroupDetail> {
  const email = normalEmail(rawEmail);
  const out = await db.transaction(async (tx) => {
    await groupRow(tx, name, true);
    const [gone] = await tx
      .delete(iamGroupMembers)
      .where(and(eq(iamGroupMembers.groupName, name), eq(iamGroupMembers.userEmail, email)))
      .returning();
    if (!gone) throw new AppError('iam.memberNotFound', `${email} is not a member of the user group ${name}`);
    await writeAudit(tx, {
      type: 'iam_user_group',
      instanceId: name,
      operator,
      operation: 'remove_member',
      details: { removed: email },
    });
    return getGroup(tx, name);
  });
  invalidateAccess();
  return out;
}
