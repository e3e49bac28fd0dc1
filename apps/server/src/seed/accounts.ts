import type { Db } from '../platform/db.js';
import { portalUsers } from '../platform/schema.js';

export const DEMO_PASSWORD = 'portal-demo';
/**
 * `hashPassword(DEMO_PASSWORD)`, made once: the password is public (README), so a fixed salt hides nothing, and a
 * fresh start does not spend a scrypt run (16 MiB of memory, ~50 ms) per demo account on it.
 */
export const DEMO_PASSWORD_HASH = 'scrypt$16384$8$1$Ppd_7CT-5xIweSdJjIE5zw$w9AfwClQIC2lcqQDwe8rn_P81xEUotIhedvZTeomfB8';

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', name: 'Ada Admin', roles: ['admin'], password: DEMO_PASSWORD },
  { email: 'operator@example.com', name: 'Oscar Operator', roles: ['operator'], password: DEMO_PASSWORD },
] as const;

export const FORMER_ADMIN = 'priya.raman@example.com';

/** Extra staff so user lists and approval flows have people in them; they cannot sign in with a password. */
const STAFF = [
  { email: 'lin.wei@example.com', name: 'Lin Wei', roles: ['operator'] },
  { email: 'maria.garcia@example.com', name: 'Maria Garcia', roles: ['operator'] },
  { email: 'sam.okafor@example.com', name: 'Sam Okafor', roles: ['viewer'] },
  /**
   * A former second administrator, disabled since: the privilege grants she requested and decided show the
   * separation of duties (admin@ approves her request; she approved admin@'s). Disabled, she counts for nothing
   * (not as an admin either: admin@ stays the last enabled admin).
   */
  { email: FORMER_ADMIN, name: 'Priya Raman', roles: ['admin'], disabled: true },
];

export async function seedAccounts(db: Db): Promise<void> {
  const rows = [];
  for (const a of DEMO_ACCOUNTS)
    rows.push({ email: a.email, name: a.name, roles: [...a.roles], passwordHash: DEMO_PASSWORD_HASH });
  for (const s of STAFF) rows.push({ ...s, roles: [...s.roles], passwordHash: null });
  await db.insert(portalUsers).values(rows).onConflictDoNothing();
}
