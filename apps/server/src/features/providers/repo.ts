import { and, asc, count, eq, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { providers, regions } from './schema.js';

export type ProviderRow = typeof providers.$inferSelect;
export type RegionRow = typeof regions.$inferSelect;

/** Providers with their region counts: one grouped subquery, no query per provider. */
export function selectProviders(db: Db, id?: string) {
  const rc = db
    .select({ providerId: regions.providerId, n: count().as('region_n') })
    .from(regions)
    .groupBy(regions.providerId)
    .as('rc');
  return db
    .select({
      id: providers.id,
      name: providers.name,
      displayName: providers.displayName,
      enabled: providers.enabled,
      createdAt: providers.createdAt,
      updatedAt: providers.updatedAt,
      regionCount: rc.n,
    })
    .from(providers)
    .leftJoin(rc, eq(rc.providerId, providers.id))
    .where(id === undefined ? undefined : eq(providers.id, id))
    .orderBy(asc(providers.name));
}

export async function providerExists(db: Db, id: string): Promise<boolean> {
  return (await db.select({ id: providers.id }).from(providers).where(eq(providers.id, id)).limit(1)).length > 0;
}

/** Inserts unless the id or the name is taken; `undefined` means a conflict. */
export async function insertProvider(db: Db, row: typeof providers.$inferInsert): Promise<ProviderRow | undefined> {
  const [created] = await db.insert(providers).values(row).onConflictDoNothing().returning();
  return created;
}

export function selectRegions(db: Db, providerId: string) {
  return db.select().from(regions).where(eq(regions.providerId, providerId)).orderBy(asc(regions.regionCode));
}

/** Inserts unless the provider already has the region code; `undefined` means a conflict. */
export async function insertRegion(db: Db, row: typeof regions.$inferInsert): Promise<RegionRow | undefined> {
  const [created] = await db.insert(regions).values(row).onConflictDoNothing().returning();
  return created;
}

/** A provider's region by its id or its region code, locked for the rest of the transaction. */
export async function selectRegionForUpdate(db: Db, providerId: string, rid: string): Promise<RegionRow | undefined> {
  const [row] = await db
    .select()
    .from(regions)
    .where(and(eq(regions.providerId, providerId), or(eq(regions.id, rid), eq(regions.regionCode, rid))))
    .limit(1)
    .for('update');
  return row;
}

export async function updateRegion(
  db: Db,
  id: string,
  patch: Partial<Pick<RegionRow, 'displayName' | 'enabled'>> & { updatedAt: Date },
): Promise<RegionRow> {
  const [row] = await db.update(regions).set(patch).where(eq(regions.id, id)).returning();
  return row!;
}
