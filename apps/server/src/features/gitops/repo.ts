import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';

/** Serializes applies of one cluster (whatever the branch) for the rest of the transaction. */
export async function lockClusterApply(tx: Db, clusterId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`gitops:${clusterId}`}))`);
}
