import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { partnerCustomerListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { containsPattern, listOrder, listPage, pageWindow } from '../../platform/list-query.js';
import { tenants } from '../orgs/index.js';
import { partnerApiKeys, partnerCustomers, partnerLogos, partners } from './schema.js';

export type PartnerRow = typeof partners.$inferSelect;
export type LinkRow = typeof partnerCustomers.$inferSelect;
export type ApiKeyRow = typeof partnerApiKeys.$inferSelect;
export type LogoRow = typeof partnerLogos.$inferSelect;

// ---- orgs -----------------------------------------------------------------------------------------------------------
export interface OrgRow {
  id: string;
  name: string;
  email: string;
  status: string;
  orgTag: string | null;
  createdAt: Date;
}
const orgFields = {
  id: tenants.id,
  name: tenants.name,
  email: tenants.email,
  status: tenants.status,
  orgTag: tenants.orgTag,
  createdAt: tenants.createdAt,
};

export async function findOrg(db: Db, id: string, forUpdate = false): Promise<OrgRow | undefined> {
  const q = db.select(orgFields).from(tenants).where(eq(tenants.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** An MSP org with this name (case-insensitive), other than `exceptId`. */
export async function findMspByName(db: Db, name: string, exceptId?: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: partners.orgId })
    .from(partners)
    .where(
      and(
        eq(partners.type, 'msp'),
        eq(partners.nameKey, name.toLowerCase()),
        exceptId ? sql`${partners.orgId} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row?.id;
}

// ---- partners -------------------------------------------------------------------------------------------------------
export async function findPartner(db: Db, orgId: string, forUpdate = false): Promise<PartnerRow | undefined> {
  const q = db.select().from(partners).where(eq(partners.orgId, orgId)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function insertPartner(db: Db, row: typeof partners.$inferInsert): Promise<void> {
  await db.insert(partners).values(row);
}

export async function updatePartner(db: Db, orgId: string, patch: Partial<typeof partners.$inferInsert>) {
  await db.update(partners).set(patch).where(eq(partners.orgId, orgId));
}

/** Customers whose link is active at `at`. */
export async function activeCustomerCount(db: Db, orgId: string, at: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(partnerCustomers)
    .where(and(eq(partnerCustomers.partnerOrgId, orgId), activeAt(at)));
  return row?.n ?? 0;
}

// ---- customer links -------------------------------------------------------------------------------------------------
const activeAt = (at: Date): SQL =>
  and(
    sql`${partnerCustomers.effectedAt} <= ${at.toISOString()}`,
    or(isNull(partnerCustomers.expiredAt), sql`${partnerCustomers.expiredAt} > ${at.toISOString()}`),
  )!;

export interface LinkWithOrgs extends LinkRow {
  name: string;
  email: string;
  partnerName: string;
}

const customerOrg = alias(tenants, 'customer_org');
const linkFields = {
  link: partnerCustomers,
  name: customerOrg.name,
  email: customerOrg.email,
  partnerName: tenants.name,
};
const flatten = (r: {
  link: LinkRow;
  name: string | null;
  email: string | null;
  partnerName: string | null;
}): LinkWithOrgs => ({
  ...r.link,
  name: r.name ?? '',
  email: r.email ?? '',
  partnerName: r.partnerName ?? '',
});

function linkSelect(db: Db) {
  return db
    .select(linkFields)
    .from(partnerCustomers)
    .leftJoin(customerOrg, eq(customerOrg.id, partnerCustomers.customerOrgId))
    .leftJoin(tenants, eq(tenants.id, partnerCustomers.partnerOrgId));
}

export async function findLink(db: Db, id: number): Promise<LinkWithOrgs | undefined> {
  const [row] = await linkSelect(db).where(eq(partnerCustomers.id, id)).limit(1);
  return row ? flatten(row) : undefined;
}

export async function lockLink(db: Db, id: number): Promise<LinkRow | undefined> {
  const [row] = await db.select().from(partnerCustomers).where(eq(partnerCustomers.id, id)).for('update');
  return row;
}

type LinkQuery = z.output<typeof partnerCustomerListQuery>;

function linkWhere(orgId: string, q: LinkQuery, at: Date): SQL {
  const conds: SQL[] = [eq(partnerCustomers.partnerOrgId, orgId)];
  if (q.status?.length) {
    const iso = at.toISOString();
    const by: Record<string, SQL> = {
      to_be_effective: sql`${partnerCustomers.effectedAt} > ${iso}`,
      active: activeAt(at),
      expired: sql`${partnerCustomers.effectedAt} <= ${iso} and ${partnerCustomers.expiredAt} <= ${iso}`,
    };
    conds.push(or(...q.status.map((s) => by[s]!))!);
  }
  if (q.search)
    conds.push(
      or(
        eq(partnerCustomers.customerOrgId, q.search),
        sql`${partnerCustomers.customerOrgId} in (select id from tenants where name ilike ${containsPattern(q.search)})`,
      )!,
    );
  return and(...conds)!;
}

export async function listLinks(db: Db, orgId: string, q: LinkQuery, at: Date) {
  const { limit, offset } = pageWindow(q);
  const order = listOrder(
    q.sort,
    { effected_at: partnerCustomers.effectedAt, created_at: partnerCustomers.createdAt },
    partnerCustomers.id,
  );
  const where = linkWhere(orgId, q, at);
  return listPage(
    linkSelect(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .then((rows) => rows.map(flatten)),
    db
      .select({ n: count() })
      .from(partnerCustomers)
      .where(where)
      .then(([r]) => r?.n ?? 0),
  );
}

/** The customer's links that are not over at `from` (active, or still to come), locked. */
export async function openLinksOf(db: Db, customerOrgId: string, from: Date): Promise<LinkRow[]> {
  return db
    .select()
    .from(partnerCustomers)
    .where(
      and(
        eq(partnerCustomers.customerOrgId, customerOrgId),
        or(isNull(partnerCustomers.expiredAt), sql`${partnerCustomers.expiredAt} > ${from.toISOString()}`),
      ),
    )
    .for('update');
}

export async function insertLink(db: Db, row: typeof partnerCustomers.$inferInsert): Promise<number> {
  const [r] = await db.insert(partnerCustomers).values(row).returning({ id: partnerCustomers.id });
  return r!.id;
}

export async function updateLink(db: Db, id: number, patch: Partial<typeof partnerCustomers.$inferInsert>) {
  await db.update(partnerCustomers).set(patch).where(eq(partnerCustomers.id, id));
}

export async function deleteLink(db: Db, id: number) {
  await db.delete(partnerCustomers).where(eq(partnerCustomers.id, id));
}

// ---- API keys -------------------------------------------------------------------------------------------------------
export function apiKeysOf(db: Db, orgId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(partnerApiKeys)
    .where(eq(partnerApiKeys.orgId, orgId))
    .orderBy(desc(partnerApiKeys.createdAt), desc(partnerApiKeys.id));
}

export async function insertApiKey(db: Db, row: typeof partnerApiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [r] = await db.insert(partnerApiKeys).values(row).returning();
  return r!;
}

export async function findApiKey(db: Db, orgId: string, id: number, forUpdate = false) {
  const q = db
    .select()
    .from(partnerApiKeys)
    .where(and(eq(partnerApiKeys.orgId, orgId), eq(partnerApiKeys.id, id)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Revokes the org's active keys; answers their ids. */
export async function revokeActiveKeys(db: Db, orgId: string, by: string, at: Date, ids?: number[]) {
  const rows = await db
    .update(partnerApiKeys)
    .set({ revokedAt: at, revokedBy: by })
    .where(
      and(
        eq(partnerApiKeys.orgId, orgId),
        isNull(partnerApiKeys.revokedAt),
        ids ? inArray(partnerApiKeys.id, ids) : undefined,
      ),
    )
    .returning({ id: partnerApiKeys.id });
  return rows.map((r) => r.id);
}

/** The active key with this hash (what an MSP's API client would be authenticated by). */
export async function findActiveKeyByHash(db: Db, hash: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(partnerApiKeys)
    .where(and(eq(partnerApiKeys.keyHash, hash), isNull(partnerApiKeys.revokedAt)))
    .limit(1);
  return row;
}

// ---- logos ----------------------------------------------------------------------------------------------------------
export async function insertLogo(db: Db, row: typeof partnerLogos.$inferInsert): Promise<void> {
  await db.insert(partnerLogos).values(row);
}

export async function findLogo(db: Db, id: string): Promise<LogoRow | undefined> {
  const [row] = await db.select().from(partnerLogos).where(eq(partnerLogos.id, id)).limit(1);
  return row;
}
