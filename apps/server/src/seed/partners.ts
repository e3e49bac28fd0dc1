import crypto from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { MSP_OWNER_ROLE, PARTNER_LINK_TYPE_OF, type PartnerType } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { writeAudit } from '../platform/audit.js';
import { partnerBillingConfigs } from '../features/billingaccounts/index.js';
import { tenants } from '../features/orgs/index.js';
import { partnerApiKeys, partnerCustomers, partnerLogos, partners } from '../features/partners/index.js';

/*
 * Partners' demo data, fixed to the demo's calendar (2026-11-01). Partners are orgs tagged with their type: the two
 * resellers billing accounts' seed gives CPPO / MCPO customers (Tidewater Payments, Tanager Telecom) are exactly the
 * CPPO and MCPO partners; the other orgs the platform seed tagged cppo / mcpo by chance become plain resellers; two
 * orgs become MSPs (one with a logo, advertising, disclaimers and a revoked and an active API key). Every partner
 * with customers has links in every state: active, expired, effective in the future (and the CPPO / MCPO customers of
 * billing accounts' configs, linked from their configs' effective dates).
 */

const OPERATOR = 'operator@example.com';
const ADMIN = 'admin@example.com';
const day = (d: string) => new Date(`${d}T00:00:00Z`);

const CPPO = 'Tidewater Payments';
const MCPO = 'Tanager Telecom';
const MSPS = ['Northwind Traders', 'Litware Analytics'];

/** Links beyond billing accounts' CPPO / MCPO customers: [partner, customer, effected, expired]. */
const LINKS: [string, string, string, string | null][] = [
  [CPPO, 'Kestrel Robotics', '2026-02-01', '2026-07-31'],
  [CPPO, 'Quantaflow Labs', '2026-05-01', null],
  [CPPO, 'Orbital Mapping Co', '2027-02-01', null],
  [MCPO, 'Greenleaf Grocers', '2025-11-01', '2026-04-30'],
  [MCPO, 'Ironbridge Manufacturing', '2026-03-01', null],
  [MCPO, 'Yellowtail Shipping', '2027-02-01', null],
  ['Northwind Traders', 'Munson Pickles and Preserves', '2026-04-01', null],
  ['Northwind Traders', 'Bellows College', '2026-09-01', null],
  ['Northwind Traders', 'VanArsdel Ltd', '2025-06-01', '2026-02-28'],
  ['Northwind Traders', 'Zephyr Streaming', '2027-01-01', null],
  ['Litware Analytics', 'Wide World Importers', '2025-12-01', null],
  ['Litware Analytics', 'Lamna Healthcare', '2027-03-01', null],
  ['Trey Research', 'Pinecrest Education', '2025-09-01', null],
  ['Trey Research', 'Vantage Energy', '2025-01-01', '2025-12-31'],
  ['Trey Research', 'Cobalt Insights', '2027-01-15', null],
  ['Summit Ticketing', 'Harbor & Finch Capital', '2026-01-01', null],
];

/**
 * Northwind's logo as the upload would have kept it: already what the sanitiser answers for it (partners.test.ts
 * checks), so the seed needs no sanitiser (nor jsdom) of its own.
 */
export const NORTHWIND_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40" width="120" height="40"><defs>' +
  '<linearGradient id="nw" x1="0" x2="1"><stop offset="0" stop-color="#0b5cab"/><stop offset="1" stop-color="#36a3d9"/>' +
  '</linearGradient></defs><rect x="2" y="4" width="32" height="32" rx="6" fill="url(#nw)"/>' +
  '<path d="M10 28 L18 12 L26 28 Z" fill="#ffffff"/><text x="40" y="26" font-family="Helvetica, Arial, sans-serif" ' +
  'font-size="14" fill="#0b2a4a">Northwind</text></svg>';

/** A stored key hash nobody holds the key of: the hash of a string that is not a key (keys start with `pk_`). */
const seedKeyHash = (orgId: string, n: number) =>
  crypto.createHash('sha256').update(`seed-only/${orgId}/${n}`).digest('hex');

export async function seedPartners(tx: Db): Promise<void> {
  const all = await tx
    .select({ id: tenants.id, name: tenants.name, orgTag: tenants.orgTag, createdAt: tenants.createdAt })
    .from(tenants)
    .orderBy(asc(tenants.name));
  const byName = (name: string) => {
    const t = all.find((x) => x.name === name);
    if (!t) throw new Error(`seed: no tenant named ${name}`);
    return t;
  };

  // Who is what: the two resellers of billing accounts' configs, the MSPs, and the chance cppo / mcpo tags → reseller.
  const typeOf = new Map<string, PartnerType>();
  typeOf.set(byName(CPPO).id, 'cppo');
  typeOf.set(byName(MCPO).id, 'mcpo');
  for (const name of MSPS) typeOf.set(byName(name).id, 'msp');
  for (const t of all)
    if (!typeOf.has(t.id) && (t.orgTag === 'cppo' || t.orgTag === 'mcpo' || t.orgTag === 'msp'))
      typeOf.set(t.id, 'reseller');
  for (const [id, type] of typeOf) await tx.update(tenants).set({ orgTag: type }).where(eq(tenants.id, id));

  const logo = NORTHWIND_LOGO;
  const logoId = crypto.createHash('sha256').update('seed-logo/northwind').digest('hex').slice(0, 32);
  await tx.insert(partnerLogos).values({
    id: logoId,
    name: 'northwind.svg',
    svg: logo,
    sha256: crypto.createHash('sha256').update(logo).digest('hex'),
    bytes: Buffer.byteLength(logo),
    createdBy: OPERATOR,
    createdAt: day('2026-03-02'),
  });

  const northwind = byName('Northwind Traders');
  const rows: (typeof partners.$inferInsert)[] = [...typeOf].map(([orgId, type]) => {
    const org = all.find((t) => t.id === orgId)!;
    const createdAt = new Date(Math.max(org.createdAt.getTime(), day('2025-01-10').getTime()));
    const base = { orgId, type, createdBy: OPERATOR, createdAt };
    if (type !== 'msp') return base;
    const rich = orgId === northwind.id;
    return {
      ...base,
      nameKey: org.name.toLowerCase(),
      website: rich ? 'https://www.northwindtraders.example' : null,
      logoId: rich ? logoId : null,
      logoName: rich ? 'northwind.svg' : null,
      disclaimers: rich
        ? 'Northwind Traders resells the database service under its own support terms. Prices exclude taxes.'
        : '',
      advertising: rich
        ? [
            { heading: 'Managed by Northwind', body: 'Our engineers run your clusters around the clock.' },
            { heading: 'One invoice', body: 'Database, support and consulting on a single monthly invoice.' },
            { heading: 'Migration included', body: 'We move your MySQL workloads for you, with no downtime.' },
          ]
        : [],
      updatedBy: rich ? OPERATOR : null,
      updatedAt: rich ? day('2026-03-02') : null,
    };
  });
  await tx.insert(partners).values(rows);
  for (const r of rows)
    await writeAudit(tx, {
      type: 'partner',
      instanceId: r.orgId,
      operator: OPERATOR,
      operation: `${r.type === 'reseller' ? 'resale' : r.type}_create`,
      details: { after: { type: r.type } },
      operateAt: r.createdAt!,
    });

  // MSP API keys: hashes only. Northwind rotated its first key (revoked) and holds the second.
  const keys: (typeof partnerApiKeys.$inferInsert)[] = [];
  for (const [i, name] of MSPS.entries()) {
    const org = byName(name);
    const first = day(i === 0 ? '2026-01-15' : '2026-04-10');
    keys.push({
      orgId: org.id,
      prefix: `pk_${seedKeyHash(org.id, 0).slice(0, 8)}`,
      keyHash: seedKeyHash(org.id, 0),
      role: MSP_OWNER_ROLE,
      createdBy: OPERATOR,
      createdAt: first,
      ...(i === 0 ? { revokedBy: ADMIN, revokedAt: day('2026-06-01') } : {}),
    });
    if (i === 0)
      keys.push({
        orgId: org.id,
        prefix: `pk_${seedKeyHash(org.id, 1).slice(0, 8)}`,
        keyHash: seedKeyHash(org.id, 1),
        role: MSP_OWNER_ROLE,
        createdBy: ADMIN,
        createdAt: day('2026-06-01'),
      });
  }
  await tx.insert(partnerApiKeys).values(keys);

  // Links: billing accounts' CPPO / MCPO customers from their configs, then the others.
  const configs = await tx
    .select()
    .from(partnerBillingConfigs)
    .where(inArray(partnerBillingConfigs.resellerId, [byName(CPPO).id, byName(MCPO).id]))
    .orderBy(asc(partnerBillingConfigs.id));
  const links: (typeof partnerCustomers.$inferInsert)[] = configs.map((c) => ({
    partnerType: c.partnerType === 'cppo' ? 'CPPO' : 'MCPO',
    partnerOrgId: c.resellerId,
    customerOrgId: c.tenantId,
    effectedAt: c.effectiveDate,
    partnerBillingConfigId: String(c.id),
    createdBy: c.createdBy,
    createdAt: c.createdAt,
  }));
  for (const [partner, customer, effected, expired] of LINKS) {
    const p = byName(partner);
    const effectedAt = day(effected);
    links.push({
      partnerType: PARTNER_LINK_TYPE_OF[typeOf.get(p.id)!],
      partnerOrgId: p.id,
      customerOrgId: byName(customer).id,
      effectedAt,
      expiredAt: expired ? new Date(`${expired}T23:59:59Z`) : null,
      createdBy: OPERATOR,
      createdAt: new Date(effectedAt.getTime() - 14 * 86_400_000),
      ...(expired ? { endedBy: OPERATOR, endedAt: new Date(`${expired}T23:59:59Z`) } : {}),
    });
  }
  const ids = await tx.insert(partnerCustomers).values(links).returning({ id: partnerCustomers.id });
  for (const [i, l] of links.entries())
    await writeAudit(tx, {
      type: 'partner',
      instanceId: l.partnerOrgId,
      operator: l.createdBy,
      operation: 'partner_customer_create',
      details: {
        partner_customer_id: String(ids[i]!.id),
        after: { partner_type: l.partnerType, customer_org_id: l.customerOrgId, effected_at: l.effectedAt },
      },
      operateAt: l.createdAt!,
    });
}
