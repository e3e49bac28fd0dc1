import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { remediationListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { listOrder } from '../../platform/list-query.js';
import { remediationTickets } from './schema.js';

export type TicketRow = typeof remediationTickets.$inferSelect;
export type NewTicket = typeof remediationTickets.$inferInsert;

export async function insertTicket(db: Db, row: NewTicket): Promise<number> {
  const [r] = await db.insert(remediationTickets).values(row).returning({ number: remediationTickets.number });
  return r!.number;
}

export async function findTicket(db: Db, n: number, forUpdate = false): Promise<TicketRow | undefined> {
  const q = db.select().from(remediationTickets).where(eq(remediationTickets.number, n)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateTicket(db: Db, n: number, patch: Partial<NewTicket>): Promise<void> {
  await db
    .update(remediationTickets)
    .set({ updatedAt: new Date(), ...patch })
    .where(eq(remediationTickets.number, n));
}

export interface TicketFilter {
  status?: string[] | undefined;
  action?: string[] | undefined;
  riskLevel?: string[] | undefined;
  clusterId?: string | undefined;
  tenantId?: string | undefined;
  incidentId?: string | undefined;
  applicant?: string | undefined;
}

function where(f: TicketFilter): SQL | undefined {
  const t = remediationTickets;
  const c: SQL[] = [];
  if (f.status?.length) c.push(inArray(t.status, f.status));
  if (f.action?.length) c.push(inArray(t.action, f.action));
  if (f.riskLevel?.length) c.push(inArray(t.riskLevel, f.riskLevel));
  if (f.clusterId) c.push(eq(t.clusterId, f.clusterId));
  if (f.tenantId) c.push(eq(t.tenantId, f.tenantId));
  if (f.incidentId) c.push(eq(t.incidentId, f.incidentId));
  if (f.applicant) c.push(eq(t.applicant, f.applicant.toLowerCase()));
  return c.length ? and(...c) : undefined;
}

export function selectPage(
  db: Db,
  f: TicketFilter,
  page: { limit: number; offset: number; sort: z.output<typeof remediationListQuery>['sort'] },
): Promise<TicketRow[]> {
  const t = remediationTickets;
  return db
    .select()
    .from(t)
    .where(where(f))
    .orderBy(...listOrder(page.sort, { created_at: t.createdAt, updated_at: t.updatedAt }, t.number))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countPage(db: Db, f: TicketFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(remediationTickets).where(where(f));
  return row?.n ?? 0;
}
