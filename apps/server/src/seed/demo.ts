import { count } from 'drizzle-orm';
import type { Database } from '../platform/db.js';
import { portalUsers } from '../platform/schema.js';
import { seedAccounts } from './accounts.js';
import { seedPlatform } from './platform.js';
import { seedChangeControl } from './change-control.js';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.js';

/** Seeds the deterministic demo data into an empty database, in one transaction. Returns whether it seeded. */
export async function seedIfEmpty(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(portalUsers);
  if ((row?.n ?? 0) > 0) return false;
  await database.db.transaction(async (tx) => {
    await seedAccounts(tx);
    await seedPlatform(tx);
    await seedChangeControl(tx);
  });
  return true;
}
