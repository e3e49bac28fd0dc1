import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { writeAudit } from '../platform/audit.js';
import { impersonations } from '../platform/schema.js';
import { clusterComponents, clusters, insertTenant, tenants } from '../features/orgs/index.js';
import { tenantAccountUsers, tenantQuotas, tenantVpcCidrs } from '../features/tenants/index.js';
import { prng } from './catalogue.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * Tenant operations' demo data, fixed to the demo's calendar (2026-11-01): quotas and VPC CIDRs of some tenants
 * (two with CIDRs in a second region), account users of several tenants in every role and status, support sessions
 * (one ended by hand, one that ran out its time limit) with their audit rows, and one tenant with no clusters
 * (Evergreen Sandbox) that can be deleted in the demo. The platform seed's tenants, projects and clusters stay as
 * they are.
 */

const ADMIN = 'admin@example.com';
const OPERATOR = 'maria.garcia@example.com';
const at = (s: string) => new Date(`${s}Z`);

/** The deletable demo tenant: no projects, no clusters. */
export const SANDBOX_TENANT = {
  id: '1372813089209061634',
  name: 'Evergreen Sandbox',
  region: 'us-west-2',
  email: 'sandbox@evergreen.example',
  orgTag: 'internal',
  createdAt: at('2024-03-14T10:20:00'),
} as const;

/**
 * [tenant, max nodes per cluster, set at]: the cluster and storage limits are set with headroom over what the tenant
 * uses (its live clusters, its storage), so the demo shows quotas being used, not broken.
 */
const QUOTAS: [string, number, string][] = [
  ['Northwind Traders', 80, '2026-03-02T08:30:00'],
  ['Contoso Retail', 60, '2026-05-11T14:05:00'],
  ['Woodgrove Bank', 120, '2026-06-20T09:45:00'],
  ['Relecloud', 30, '2026-08-03T16:10:00'],
  ['Kestrel Robotics', 40, '2026-09-15T11:00:00'],
  ['Fabrikam Logistics', 50, '2026-10-02T13:25:00'],
  [SANDBOX_TENANT.name, 10, '2024-03-14T10:30:00'],
];

/** Rounds up to a multiple of `step`, at least `step`. */
const headroom = (used: number, step: number) => Math.max(step, Math.ceil((used * 1.5) / step) * step);

/** [tenant, region or null for its home region, CIDR, set at]. */
const CIDRS: [string, string | null, string, string][] = [
  ['Northwind Traders', null, '10.20.0.0/16', '2025-04-10T09:00:00'],
  ['Northwind Traders', 'eastus', '10.21.0.0/16', '2026-02-17T10:30:00'],
  ['Contoso Retail', null, '172.16.0.0/16', '2025-07-01T12:00:00'],
  ['Woodgrove Bank', null, '10.64.0.0/18', '2025-09-09T08:15:00'],
  ['Woodgrove Bank', 'ap-southeast-1', '10.64.64.0/18', '2026-04-22T15:45:00'],
  ['Relecloud', null, '192.168.0.0/20', '2026-01-05T07:30:00'],
  ['Kestrel Robotics', null, '10.100.0.0/16', '2026-06-30T10:00:00'],
  ['Fabrikam Logistics', null, '172.20.0.0/16', '2026-08-12T17:20:00'],
];

const ACCOUNT_TENANTS = [
  'Northwind Traders',
  'Contoso Retail',
  'Fabrikam Logistics',
  'Woodgrove Bank',
  'Relecloud',
  'Kestrel Robotics',
  SANDBOX_TENANT.name,
];
const FIRST = [
  'Ava',
  'Noah',
  'Mia',
  'Liam',
  'Zoe',
  'Ethan',
  'Isla',
  'Omar',
  'Priya',
  'Kenji',
  'Lena',
  'Mateo',
  'Chloe',
];
const LAST = ['Chen', 'Patel', 'Nguyen', 'Garcia', 'Smith', 'Kowalski', 'Haddad', 'Okoro', 'Larsen', 'Tanaka', 'Rossi'];

const domainOf = (email: string) => email.slice(email.indexOf('@') + 1);

export async function seedTenantOperations(tx: Db): Promise<void> {
  await insertTenant(tx, { ...SANDBOX_TENANT });
  const names = [...new Set([...QUOTAS.map((q) => q[0]), ...CIDRS.map((c) => c[0]), ...ACCOUNT_TENANTS])];
  const rows = await tx.select().from(tenants).where(inArray(tenants.name, names));
  const byName = new Map(rows.map((r) => [r.name, r]));
  const tenant = (name: string) => {
    const t = byName.get(name);
    if (!t) throw new Error(`seed: no tenant named ${name}`);
    return t;
  };

  const usage = await tx
    .select({
      tenantId: clusters.tenantId,
      live: sql<number>`count(distinct ${clusters.id})`.mapWith(Number),
      storageGib:
        sql<number>`coalesce(sum(${clusterComponents.replicas} * ${clusterComponents.storageGib}), 0)`.mapWith(Number),
    })
    .from(clusters)
    .leftJoin(clusterComponents, eq(clusterComponents.clusterId, clusters.id))
    .where(
      and(
        inArray(
          clusters.tenantId,
          rows.map((r) => r.id),
        ),
        ne(clusters.status, 'USER_CLUSTER_STATUS_DELETED'),
      ),
    )
    .groupBy(clusters.tenantId);
  const used = new Map(usage.map((u) => [u.tenantId, u]));
  await tx.insert(tenantQuotas).values(
    QUOTAS.map(([name, maxNodesPerCluster, when]) => {
      const u = used.get(tenant(name).id);
      return {
        tenantId: tenant(name).id,
        maxClusters: headroom(u?.live ?? 0, 5),
        maxNodesPerCluster,
        maxStorageTb: headroom(Math.ceil((u?.storageGib ?? 0) / 1024), 10),
        updatedBy: ADMIN,
        updatedAt: at(when),
      };
    }),
  );
  await tx.insert(tenantVpcCidrs).values(
    CIDRS.map(([name, region, cidr, when]) => ({
      tenantId: tenant(name).id,
      region: region ?? tenant(name).region,
      cidr,
      updatedBy: ADMIN,
      updatedAt: at(when),
    })),
  );

  // Account users: an owner first, then members and billing contacts; some invited, a few disabled.
  const r = prng(18_2611);
  const users: (typeof tenantAccountUsers.$inferInsert)[] = [];
  for (const name of ACCOUNT_TENANTS) {
    const t = tenant(name);
    const n = name === SANDBOX_TENANT.name ? 2 : r.int(4, 14);
    const used = new Set<string>();
    const from = t.createdAt.getTime();
    for (let i = 0; i < n; i++) {
      let first: string, last: string;
      do {
        first = r.pick(FIRST);
        last = r.pick(LAST);
      } while (used.has(`${first}.${last}`));
      used.add(`${first}.${last}`);
      const role = i === 0 ? 'Owner' : r.chance(0.2) ? 'Billing' : i === 1 && r.chance(0.5) ? 'Owner' : 'Member';
      const status =
        i === 0
          ? 'active'
          : r.weighted([
              { v: 'active', weight: 75 },
              { v: 'invited', weight: 15 },
              { v: 'disabled', weight: 10 },
            ]).v;
      users.push({
        tenantId: t.id,
        email: `${first}.${last}@${domainOf(t.email)}`.toLowerCase(),
        name: `${first} ${last}`,
        role,
        status,
        createdAt: new Date(from + Math.floor(((DEMO_BASE_TIME - from) * (i + r.next())) / (n + 1))),
      });
    }
  }
  await tx.insert(tenantAccountUsers).values(users);

  // Support sessions: one ended by hand, one that ran out its time limit (never ended: expired when read).
  const sessions = [
    {
      tenant: tenant('Contoso Retail'),
      operator: ADMIN,
      reason: 'Customer ticket OPS-1412: checkout cluster unreachable from their VPC, verifying peering set-up',
      startedAt: at('2026-10-21T09:12:00'),
      minutes: 60,
      endedAt: at('2026-10-21T09:41:00'),
    },
    {
      tenant: tenant('Woodgrove Bank'),
      operator: OPERATOR,
      reason: 'Reviewing the backup schedule the customer asked about in their quarterly review',
      startedAt: at('2026-10-28T15:00:00'),
      minutes: 30,
      endedAt: null,
    },
  ];
  for (const s of sessions) {
    const expiresAt = new Date(s.startedAt.getTime() + s.minutes * 60_000);
    const [row] = await tx
      .insert(impersonations)
      .values({
        tenantId: s.tenant.id,
        operator: s.operator,
        reason: s.reason,
        startedAt: s.startedAt,
        expiresAt,
        endedAt: s.endedAt,
        endedBy: s.endedAt ? s.operator : null,
      })
      .returning({ id: impersonations.id });
    await writeAudit(tx, {
      type: 'tenant',
      instanceId: s.tenant.id,
      operator: s.operator,
      operation: 'impersonate_start',
      details: {
        after: { session_id: row!.id, reason: s.reason, minutes: s.minutes, expires_at: expiresAt.toISOString() },
      },
      operateAt: s.startedAt,
    });
    if (s.endedAt)
      await writeAudit(tx, {
        type: 'tenant',
        instanceId: s.tenant.id,
        operator: s.operator,
        operation: 'impersonate_end',
        details: {
          before: { session_id: row!.id, reason: s.reason, expires_at: expiresAt.toISOString() },
          after: { ended_at: s.endedAt.toISOString() },
        },
        operateAt: s.endedAt,
      });
  }
}
