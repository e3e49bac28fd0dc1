import { and, count, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { portalUsers } from '../../platform/schema.js';
import { listPage, orderBy, pageWindow, type PageParams } from '../../platform/list-query.js';

export interface UserFilter extends PageParams {
  search?: string | undefined;
  role?: string | undefined;
}

export type UserRow = Pick<typeof portalUsers.$inferSelect, 'email' | 'name' | 'roles' | 'createdAt'>;

/** `%`, `_` and `\` match literally in a search term. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function listUsers(db: Db, q: UserFilter) {
  const conds: SQL[] = [];
  if (q.search) {
    const pattern = likePattern(q.search);
    conds.push(or(ilike(portalUsers.email, pattern), ilike(portalUsers.name, pattern))!);
  }
  if (q.role) conds.push(sql`${q.role} = ANY(${portalUsers.roles})`);
  const where = conds.length ? and(...conds) : undefined;
  const { limit, offset } = pageWindow(q);
  const order = orderBy(q.sort, { email: portalUsers.email, name: portalUsers.name, created_at: portalUsers.createdAt }, [], portalUsers.email);
  return listPage<UserRow>(
    db
      .select({ email: portalUsers.email, name: portalUsers.name, roles: portalUsers.roles, createdAt: portalUsers.createdAt })
      .from(portalUsers)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(portalUsers).where(where).then((r) => r[0]?.n ?? 0),
  );
}
