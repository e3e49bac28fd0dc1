import { count } from 'drizzle-orm';
import type { Database, Db } from '../platform/db.js';
import { portalUsers } from '../platform/schema.js';
import { seedAccounts } from './accounts.js';
import { seedPlatform } from './platform.js';
import { seedChangeControl } from './change-control.js';
import { seedTicdc } from './ticdc.js';
import { seedDemoConfig, seedParameterCatalogue } from './parameters.js';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.js';

/**
 * Reference data the platform needs whatever SEED says: approval flow templates and the parameter catalogue.
 * Idempotent upserts, run at every start so a new release's catalogue reaches existing databases.
 */
export async function seedReferenceData(tx: Db): Promise<void> {
  await seedChangeControl(tx);
  await seedParameterCatalogue(tx);
}

/** Seeds the deterministic demo data into an empty database, in one transaction. Returns whether it seeded. */
export async function seedIfEmpty(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(portalUsers);
  if ((row?.n ?? 0) > 0) return false;
  await database.db.transaction(async (tx) => {
    await seedAccounts(tx);
    await seedPlatform(tx);
    await seedTicdc(tx);
    await seedReferenceData(tx);
    await seedDemoConfig(tx);
  });
  return true;
}
