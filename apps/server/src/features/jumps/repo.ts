import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { jumpListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { listOrder } from '../../platform/list-query.js';
import { jumpAuthorizations } from './schema.js';

export type AuthorizationRow = typeof jumpAuthorizations.$inferSelect;
export type NewAuthorization = typeof jumpAuthorizations.$inferInsert;

export async function insertAuthorization(db: Db, row: NewAuthorization): Promise<number> {
  const [r] = await db.insert(jumpAuthorizations).values(row).returning({ id: jumpAuthorizations.id });
  return r!.id;
}

export async function findAuthorization(db: Db, id: number, forUpdate = false): Promise<AuthorizationRow | undefined> {
  const q = db.select().from(jumpAuthorizations).where(eq(jumpAuthorizations.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateAuthorization(db: Db, id: number, patch: Partial<NewAuthorization>): Promise<void> {
  await db
    .update(jumpAuthorizations)
    .set({ updatedAt: new Date(), ...patch })
    .where(eq(jumpAuthorizations.id, id));
}

/** The applicant's request in flight (approving or active) for a cluster as a jumpserver user, if any. */
export async function findOpen(
  db: Db,
  applicant: string,
  clusterId: string,
  jumpserverUser: string,
): Promise<{ id: number; status: string } | undefined> {
  const j = jumpAuthorizations;
  const [row] = await db
    .select({ id: j.id, status: j.status })
    .from(j)
    .where(
      and(
        eq(j.applicant, applicant),
        eq(j.clusterId, clusterId),
        eq(j.jumpserverUser, jumpserverUser),
        inArray(j.status, ['approving', 'active']),
      ),
    )
    .limit(1);
  return row;
}

export interface AuthorizationFilter {
  status?: string[] | undefined;
  clusterId?: string | undefined;
  applicant?: string | undefined;
}

function where(f: AuthorizationFilter): SQL | undefined {
  const j = jumpAuthorizations;
  const c: SQL[] = [];
  if (f.status?.length) c.push(inArray(j.status, f.status));
  if (f.clusterId) c.push(eq(j.clusterId, f.clusterId));
  if (f.applicant) c.push(eq(j.applicant, f.applicant.toLowerCase()));
  return c.length ? and(...c) : undefined;
}

export function selectPage(
  db: Db,
  f: AuthorizationFilter,
  page: { limit: number; offset: number; sort: z.output<typeof jumpListQuery>['sort'] },
): Promise<AuthorizationRow[]> {
  const j = jumpAuthorizations;
  return db
    .select()
    .from(j)
    .where(where(f))
    .orderBy(...listOrder(page.sort, { created_at: j.createdAt, expires_at: j.expiresAt }, j.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countPage(db: Db, f: AuthorizationFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jumpAuthorizations).where(where(f));
  return row?.n ?? 0;
}
