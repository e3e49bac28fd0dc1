import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { portalUsers } from '../platform/schema.js';

/** The portal user behind an email (any case, surrounding spaces ignored), if they may sign in. */
export async function findPortalUser(db: Db, email: string) {
  const [user] = await db
    .select({ email: portalUsers.email, name: portalUsers.name, passwordHash: portalUsers.passwordHash })
    .from(portalUsers)
    .where(and(eq(portalUsers.email, email.trim().toLowerCase()), eq(portalUsers.disabled, false)))
    .limit(1);
  return user;
}
