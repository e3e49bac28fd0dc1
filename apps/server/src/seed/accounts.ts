import type { Db } from '../platform/db.js';
import { auditLogs, portalUsers, rbacRolePrivileges, rbacRoles } from '../platform/schema.js';
import { ensureBuiltinRoles } from '../platform/access-control.js';
import { DEMO_BASE_TIME } from './platform.js';

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
  { email: 'nina.patel@example.com', name: 'Nina Patel', roles: ['billing-analyst'] },
  { email: 'tom.becker@example.com', name: 'Tom Becker', roles: ['viewer', 'incident-responder'] },
];

/** Custom roles of /rbac (issue 18): two held by staff, one nobody holds (so it can be deleted in the demo). */
const CUSTOM_ROLES = [
  {
    name: 'billing-analyst',
    description: 'Finance staff: billing, partners and the SKU catalogue, read and write',
    privileges: ['billing.read', 'billing.write', 'partners.read', 'skus.read', 'orgs.read'],
    days: 40,
  },
  {
    name: 'incident-responder',
    description: 'On-call SREs: incidents, remediation and cluster control on top of viewer',
    privileges: ['incidents.read', 'incidents.write', 'remediation.read', 'remediation.write', 'ctl.read', 'ctl.write'],
    days: 25,
  },
  {
    name: 'auditor',
    description: 'External auditors: the audit log and what the roles grant, nothing else',
    privileges: ['admin.audits', 'rbac.read'],
    days: 5,
  },
];

export async function seedAccounts(db: Db): Promise<void> {
  await ensureBuiltinRoles(db);
  for (const r of CUSTOM_ROLES) {
    const at = new Date(DEMO_BASE_TIME - r.days * 86_400_000);
    const [row] = await db
      .insert(rbacRoles)
      .values({ name: r.name, description: r.description, createdAt: at, updatedAt: at })
      .onConflictDoNothing()
      .returning({ id: rbacRoles.id });
    if (!row) continue;
    await db.insert(rbacRolePrivileges).values(r.privileges.map((privilege) => ({ roleId: row.id, privilege })));
    await db.insert(auditLogs).values({
      type: 'rbac_role',
      instanceId: r.name,
      operator: 'admin@example.com',
      operation: 'create_role',
      operateAt: at,
      details: { before: null, after: { name: r.name, description: r.description, privileges: r.privileges } },
    });
  }
  const rows = [];
  for (const a of DEMO_ACCOUNTS)
    rows.push({ email: a.email, name: a.name, roles: [...a.roles], passwordHash: DEMO_PASSWORD_HASH });
  for (const s of STAFF) rows.push({ ...s, roles: [...s.roles], passwordHash: null });
  await db.insert(portalUsers).values(rows).onConflictDoNothing();
}
