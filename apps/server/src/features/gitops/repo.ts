import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { gitopsDesiredStates } from './schema.js';

export type DesiredRow = typeof gitopsDesiredStates.$inferSelect;

/** A cluster's desired state on a branch, by path. */
export function selectDesired(db: Db, clusterId: string, branch: string): Promise<DesiredRow[]> {
  return db
    .select()
    .from(gitopsDesiredStates)
    .where(and(eq(gitopsDesiredStates.clusterId, clusterId), eq(gitopsDesiredStates.branch, branch)))
    .orderBy(asc(gitopsDesiredStates.path));
}

/** Serializes applies of one cluster (whatever the branch) for the rest of the transaction. */
export async function lockClusterApply(tx: Db, clusterId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`gitops:${clusterId}`}))`);
}
