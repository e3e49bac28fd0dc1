import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  eq,
  ilike,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import { USERBEHAVIOR_MESSAGE_SOURCE, type userbehaviorListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { containsPattern, listOrder } from '../../platform/list-query.js';
import { tenants } from '../orgs/index.js';
import { userbehaviorChats, userbehaviorDeliveries, userbehaviorSubscriptions } from './schema.js';

export type SubscriptionRow = typeof userbehaviorSubscriptions.$inferSelect;
export type NewSubscription = typeof userbehaviorSubscriptions.$inferInsert;
export type ChatRow = typeof userbehaviorChats.$inferSelect;

const s = userbehaviorSubscriptions;
const c = userbehaviorChats;

/** A subscription as the API shows it: with its tenant's and chat's names and what it sent. */
export interface SubscriptionView extends SubscriptionRow {
  tenantName: string | null;
  chatName: string;
  messageCount: number;
  lastMessageAt: Date | string | null;
}

// What a subscription sent: its chat messages (index chat_messages_source_idx). The outer row's id is written out
// qualified: drizzle leaves a column of a single-table query unqualified, which the subquery would take as its own.
const outerId = sql.raw('"userbehavior_subscriptions"."id"');
const messageCount = sql<number>`(select count(*)::int from chat_messages m
  where m.source_type = ${USERBEHAVIOR_MESSAGE_SOURCE} and m.source_id = ${outerId}::text)`;
const lastMessageAt = sql<Date | string | null>`(select max(m.created_at) from chat_messages m
  where m.source_type = ${USERBEHAVIOR_MESSAGE_SOURCE} and m.source_id = ${outerId}::text)`;

const viewColumns = {
  id: s.id,
  name: s.name,
  tenantId: s.tenantId,
  eventTypes: s.eventTypes,
  chatId: s.chatId,
  enabled: s.enabled,
  createdBy: s.createdBy,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
  tenantName: tenants.name,
  chatName: c.name,
  messageCount,
  lastMessageAt,
};

function views(db: Db) {
  return db.select(viewColumns).from(s).innerJoin(c, eq(c.id, s.chatId)).leftJoin(tenants, eq(tenants.id, s.tenantId));
}

export async function findView(db: Db, id: number): Promise<SubscriptionView | undefined> {
  const [row] = await views(db).where(eq(s.id, id)).limit(1);
  return row;
}

export async function findSubscription(db: Db, id: number, forUpdate = false): Promise<SubscriptionRow | undefined> {
  const q = db.select().from(s).where(eq(s.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function insertSubscription(db: Db, row: NewSubscription): Promise<number> {
  const [r] = await db.insert(s).values(row).returning({ id: s.id });
  return r!.id;
}

export async function updateSubscription(db: Db, id: number, patch: Partial<NewSubscription>): Promise<void> {
  await db
    .update(s)
    .set({ updatedAt: new Date(), ...patch })
    .where(eq(s.id, id));
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.delete(s).where(eq(s.id, id));
}

export type ListFilter = Omit<z.output<typeof userbehaviorListQuery>, 'page' | 'per_page' | 'sort'>;

function where(f: ListFilter): SQL | undefined {
  const w: SQL[] = [];
  if (f.search) w.push(ilike(s.name, containsPattern(f.search)));
  if (f.tenant_id) w.push(eq(s.tenantId, f.tenant_id));
  if (f.scope === 'all') w.push(isNull(s.tenantId));
  if (f.scope === 'one') w.push(isNotNull(s.tenantId));
  if (f.event_type?.length) w.push(arrayOverlaps(s.eventTypes, f.event_type));
  if (f.enabled) w.push(eq(s.enabled, f.enabled === 'true'));
  if (f.chat_id) w.push(/^\d{1,15}$/.test(f.chat_id) ? eq(s.chatId, Number(f.chat_id)) : sql`false`);
  return w.length ? and(...w) : undefined;
}

export function selectPage(
  db: Db,
  f: ListFilter,
  page: { limit: number; offset: number; sort: z.output<typeof userbehaviorListQuery>['sort'] },
): Promise<SubscriptionView[]> {
  return views(db)
    .where(where(f))
    .orderBy(...listOrder(page.sort, { created_at: s.createdAt, name: s.name }, s.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countPage(db: Db, f: ListFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(s).where(where(f));
  return row?.n ?? 0;
}

/** The enabled subscriptions an event of this type and tenant goes to (a null tenant: only those to every tenant). */
export function matchingSubscriptions(db: Db, type: string, tenantId: string | null) {
  return db
    .select({ id: s.id, name: s.name, tenantId: s.tenantId, chatName: c.name, webhookUrl: c.webhookUrl })
    .from(s)
    .innerJoin(c, eq(c.id, s.chatId))
    .where(
      and(
        eq(s.enabled, true),
        arrayContains(s.eventTypes, [type]),
        tenantId === null ? isNull(s.tenantId) : or(isNull(s.tenantId), eq(s.tenantId, tenantId)),
      ),
    )
    .orderBy(asc(s.id));
}

/** Records that the event was sent to the subscription; false when it already was (a retried delivery). */
export async function claimDelivery(
  db: Db,
  subscriptionId: number,
  eventId: string,
  eventType: string,
): Promise<number | undefined> {
  const [row] = await db
    .insert(userbehaviorDeliveries)
    .values({ subscriptionId, eventId, eventType })
    .onConflictDoNothing({ target: [userbehaviorDeliveries.subscriptionId, userbehaviorDeliveries.eventId] })
    .returning({ id: userbehaviorDeliveries.id });
  return row?.id;
}

export async function setDeliveryMessage(db: Db, deliveryId: number, chatMessageId: number): Promise<void> {
  await db.update(userbehaviorDeliveries).set({ chatMessageId }).where(eq(userbehaviorDeliveries.id, deliveryId));
}

// ---- chats --------------------------------------------------------------------------------------------------------
export async function findChat(db: Db, id: number): Promise<ChatRow | undefined> {
  const [row] = await db.select().from(c).where(eq(c.id, id)).limit(1);
  return row;
}

export async function findChatByName(db: Db, name: string): Promise<ChatRow | undefined> {
  const [row] = await db
    .select()
    .from(c)
    .where(sql`lower(${c.name}) = ${name.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function insertChat(db: Db, row: typeof c.$inferInsert): Promise<ChatRow> {
  const [r] = await db.insert(c).values(row).returning();
  return r!;
}

/** Every registered chat (a handful: one per team channel), by name, with how many subscriptions deliver to it. */
export function selectChats(db: Db) {
  return db
    .select({
      chat: c,
      subscriptions: sql<number>`(select count(*)::int from userbehavior_subscriptions x
        where x.chat_id = "userbehavior_chats"."id")`,
    })
    .from(c)
    .orderBy(sql`lower(${c.name})`, asc(c.id));
}

export async function tenantName(db: Db, tenantId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row?.name;
}
