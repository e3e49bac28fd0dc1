import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { gitopsDesiredStates, pdConfigs, pdSchedulers } from './schema.js';

export function selectPdConfigOverrides(db: Db, clusterId: string) {
  return db
    .select({ key: pdConfigs.key, value: pdConfigs.value })
    .from(pdConfigs)
    .where(eq(pdConfigs.clusterId, clusterId));
}

export async function upsertPdConfig(
  tx: Db,
  clusterId: string,
  key: string,
  value: string,
  who: string,
): Promise<void> {
  await tx
    .insert(pdConfigs)
    .values({ clusterId, key, value, updatedBy: who })
    .onConflictDoUpdate({
      target: [pdConfigs.clusterId, pdConfigs.key],
      set: { value, updatedBy: who, updatedAt: new Date() },
    });
}

export async function deletePdConfig(tx: Db, clusterId: string, key: string): Promise<void> {
  await tx.delete(pdConfigs).where(and(eq(pdConfigs.clusterId, clusterId), eq(pdConfigs.key, key)));
}

export function selectSchedulers(db: Db, clusterId: string) {
  return db
    .select({ name: pdSchedulers.name, storeId: pdSchedulers.storeId })
    .from(pdSchedulers)
    .where(eq(pdSchedulers.clusterId, clusterId))
    .orderBy(asc(pdSchedulers.createdAt), asc(pdSchedulers.name));
}

export async function insertScheduler(
  tx: Db,
  clusterId: string,
  name: string,
  storeId: string | null,
  who: string,
): Promise<boolean> {
  const rows = await tx
    .insert(pdSchedulers)
    .values({ clusterId, name, storeId, createdBy: who })
    .onConflictDoNothing()
    .returning({ name: pdSchedulers.name });
  return rows.length > 0;
}

export async function deleteScheduler(tx: Db, clusterId: string, name: string): Promise<boolean> {
  const rows = await tx
    .delete(pdSchedulers)
    .where(and(eq(pdSchedulers.clusterId, clusterId), eq(pdSchedulers.name, name)))
    .returning({ name: pdSchedulers.name });
  return rows.length > 0;
}

/** Serializes concurrent state-changing commands on one cluster (a transaction-scoped advisory lock). */
export async function lockCluster(tx: Db, clusterId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ctl:${clusterId}`}))`);
}

export type DesiredRow = typeof gitopsDesiredStates.$inferSelect;

/** A cluster's desired state on a branch, by path. */
export function selectDesired(db: Db, clusterId: string, branch: string): Promise<DesiredRow[]> {
  return db
    .select()
    .from(gitopsDesiredStates)
    .where(and(eq(gitopsDesiredStates.clusterId, clusterId), eq(gitopsDesiredStates.branch, branch)))
    .orderBy(asc(gitopsDesiredStates.path));
}
