import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLE, type IamBinding, type IamBindingKind, type IamSubjectType } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { accessAllows, accessOfUncached } from '../../platform/access-control.js';
import { iamBindings, portalUsers } from '../../platform/schema.js';
import { iso } from '../../platform/time.js';

export type BindingRow = typeof iamBindings.$inferSelect;

export const bindingOut = (b: BindingRow): IamBinding => ({
  id: b.id,
  kind: b.kind as IamBindingKind,
  target: b.target,
  subject_type: b.subjectType as IamSubjectType,
  subject: b.subject,
  created_by: b.createdBy,
  created_at: iso(b.createdAt),
});

/** The audit instance of a binding: what it binds (`role:viewer`, `policy:deny-ctl-write`), whose page shows it. */
export const bindingInstance = (kind: string, target: string) => `${kind}:${target}`;

/** Bindings matching `where`, oldest first. */
export async function bindingsWhere(db: Db, where: SQL | undefined): Promise<IamBinding[]> {
  const rows = await db
    .select()
    .from(iamBindings)
    .where(where)
    .orderBy(asc(iamBindings.createdAt), asc(iamBindings.id));
  return rows.map(bindingOut);
}

/** The bindings to any of these subjects. */
export function subjectsWhere(subjects: readonly { type: IamSubjectType; name: string }[]): SQL | undefined {
  if (!subjects.length) return sql`false`;
  return or(...subjects.map((s) => and(eq(iamBindings.subjectType, s.type), eq(iamBindings.subject, s.name))));
}

/** Emails are stored lower-case; a path parameter may arrive in any case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** A path the IAM routes are under and one of the user routes: where the guard checks an admin still gets in. */
const IAM_PATH = '/api/v1/devops/iam/usergroups';
const USERS_PATH = '/api/v1/admin/users';

/**
 * Separation of duties, kept simple (like the users service's last-admin rule): a change that can only take
 * privileges away — binding a policy, changing a policy's statements, adding a member to a group that carries
 * policies — is refused when afterwards no enabled user holding the admin role could still manage IAM
 * (`admin.iam`) and users (`admin.users`). Evaluated inside the caller's transaction, before it commits.
 */
export async function keepAnAdminInCharge(tx: Db): Promise<void> {
  const admins = await tx
    .select({ email: portalUsers.email, roles: portalUsers.roles })
    .from(portalUsers)
    .where(and(eq(portalUsers.disabled, false), sql`${ADMIN_ROLE} = any(${portalUsers.roles})`))
    .orderBy(asc(portalUsers.email));
  for (const a of admins) {
    const grant = await accessOfUncached(tx, { email: a.email, roles: a.roles });
    if (accessAllows(grant, 'admin.iam', IAM_PATH) && accessAllows(grant, 'admin.users', USERS_PATH)) return;
  }
  throw new AppError(
    'iam.lockout',
    'Refused: afterwards no enabled admin could manage IAM (admin.iam) and users (admin.users). A Deny must leave at least one admin in charge.',
  );
}
