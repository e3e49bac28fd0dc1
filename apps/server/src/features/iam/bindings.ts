import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import {
  IAM_SUBJECT_LABELS,
  type IamBinding,
  type IamBindingKind,
  type IamSubjectType,
  type ListResult,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { invalidateAccess, privilegesGrantedBy, refuseEscalation } from '../../platform/access-control.js';
import type { Principal } from '../../platform/auth.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import {
  iamApiKeys,
  iamBindings,
  iamGroupMembers,
  iamPolicies,
  iamUserGroups,
  portalUsers,
  rbacRoles,
} from '../../platform/schema.js';
import { bindingInstance, bindingOut, keepAnAdminInCharge, normalEmail, type BindingRow } from './shared.js';

export interface BindingFilter {
  page: number;
  per_page: number;
  sort: string;
  target?: string | undefined;
  subject_type?: IamSubjectType | undefined;
  subject?: string | undefined;
}

export async function listBindings(db: Db, kind: IamBindingKind, q: BindingFilter): Promise<ListResult<IamBinding>> {
  const conds: SQL[] = [eq(iamBindings.kind, kind)];
  if (q.target?.trim()) conds.push(eq(iamBindings.target, q.target.trim()));
  if (q.subject_type) conds.push(eq(iamBindings.subjectType, q.subject_type));
  if (q.subject?.trim())
    conds.push(eq(iamBindings.subject, q.subject_type === 'user' ? normalEmail(q.subject) : q.subject.trim()));
  const where = and(...conds);
  const { limit, offset } = pageWindow(q);
  const field = q.sort.replace(/^-/, '') === 'target' ? iamBindings.target : iamBindings.createdAt;
  const dir = q.sort.startsWith('-') ? desc : asc;
  const page = await listPage<BindingRow>(
    db.select().from(iamBindings).where(where).orderBy(dir(field), dir(iamBindings.id)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(iamBindings)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
  return { total: page.total, items: page.items.map(bindingOut) };
}

/** The subject's canonical name, after checking it exists (a revoked key cannot be bound). */
async function checkSubject(tx: Db, type: IamSubjectType, raw: string): Promise<string> {
  if (type === 'user') {
    const email = normalEmail(raw);
    const [u] = await tx.select({ e: portalUsers.email }).from(portalUsers).where(eq(portalUsers.email, email));
    if (!u) throw new AppError('iam.unknownSubject', `No portal user has the email ${email}`);
    return email;
  }
  const name = raw.trim();
  if (type === 'group') {
    const [g] = await tx.select({ n: iamUserGroups.name }).from(iamUserGroups).where(eq(iamUserGroups.name, name));
    if (!g) throw new AppError('iam.unknownSubject', `No user group named ${name}`);
    return name;
  }
  const [k] = await tx
    .select({ n: iamApiKeys.name, revokedAt: iamApiKeys.revokedAt })
    .from(iamApiKeys)
    .where(eq(iamApiKeys.name, name));
  if (!k) throw new AppError('iam.unknownSubject', `No API key named ${name}`);
  if (k.revokedAt) throw new AppError('iam.unknownSubject', `The API key ${name} is revoked: it cannot be bound`);
  return name;
}

async function checkTarget(tx: Db, kind: IamBindingKind, target: string): Promise<void> {
  if (kind === 'role') {
    const [r] = await tx.select({ id: rbacRoles.id }).from(rbacRoles).where(eq(rbacRoles.name, target));
    if (!r) throw new AppError('rbac.unknownRole', `No role named ${target}: the roles are those of /rbac`);
    return;
  }
  const [p] = await tx.select({ n: iamPolicies.name }).from(iamPolicies).where(eq(iamPolicies.name, target));
  if (!p) throw new AppError('iam.unknownPolicy', `No policy named ${target}`);
}

/**
 * Binds a role or a policy to a user, a group or an API key; audited (type iam_binding, instance `kind:target`).
 * A policy binding is refused when it would leave no admin in charge (shared.ts).
 */
export async function createBinding(
  db: Db,
  actor: Principal,
  kind: IamBindingKind,
  body: { target: string; subject_type: IamSubjectType; subject: string },
): Promise<IamBinding> {
  const operator = actor.email;
  const target = body.target.trim();
  const out = await db.transaction(async (tx) => {
    await checkTarget(tx, kind, target);
    const subject = await checkSubject(tx, body.subject_type, body.subject);
    // What the binding gives (a Deny-only policy gives nothing): nobody gives it to themselves, nor beyond their own.
    const granted = await privilegesGrantedBy(tx, kind === 'role' ? { roles: [target] } : { policies: [target] });
    if (granted.length) await refuseSelfBinding(tx, actor, body.subject_type, subject);
    refuseEscalation(actor, granted);
    const [row] = await tx
      .insert(iamBindings)
      .values({ kind, target, subjectType: body.subject_type, subject, createdBy: operator })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new AppError(
        'iam.bindingExists',
        `The ${kind} ${target} is already bound to the ${IAM_SUBJECT_LABELS[body.subject_type].toLowerCase()} ${subject}`,
      );
    if (kind === 'policy') await keepAnAdminInCharge(tx);
    await writeAudit(tx, {
      type: 'iam_binding',
      instanceId: bindingInstance(kind, target),
      operator,
      operation: `create_${kind}_binding`,
      details: { before: null, after: { id: row.id, subject_type: row.subjectType, subject: row.subject } },
    });
    return bindingOut(row);
  });
  invalidateAccess();
  return out;
}

export async function deleteBinding(db: Db, operator: string, kind: IamBindingKind, id: number): Promise<IamBinding> {
  const out = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(iamBindings)
      .where(and(eq(iamBindings.id, id), eq(iamBindings.kind, kind)))
      .returning();
    if (!row) throw new AppError('iam.bindingNotFound', `No ${kind} binding has the id ${id}`);
    await writeAudit(tx, {
      type: 'iam_binding',
      instanceId: bindingInstance(kind, row.target),
      operator,
      operation: `delete_${kind}_binding`,
      details: { before: { id: row.id, subject_type: row.subjectType, subject: row.subject }, after: null },
    });
    return bindingOut(row);
  });
  invalidateAccess();
  return out;
}

/**
 * Separation of duties: nobody binds a role or policy to themselves, to a group they are in, or to nothing else that
 * acts as them.
 */
async function refuseSelfBinding(tx: Db, actor: Principal, type: string, subject: string): Promise<void> {
  if (type === 'user' && subject === actor.email)
    throw new AppError('user.cannotGrantSelf', 'You cannot bind a role or a policy to yourself');
  if (type === 'group') {
    const [member] = await tx
      .select({ email: iamGroupMembers.userEmail })
      .from(iamGroupMembers)
      .where(and(eq(iamGroupMembers.groupName, subject), eq(iamGroupMembers.userEmail, actor.email)))
      .limit(1);
    if (member)
      throw new AppError('user.cannotGrantSelf', `You cannot bind a role or a policy to ${subject}: you are a member`);
  }
}
