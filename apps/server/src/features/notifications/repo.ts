import { and, arrayOverlaps, count, eq, gte, ilike, inArray, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  emailOutboxListQuery,
  inboxListQuery,
  NotificationDeliveryStatus,
  notificationDeliveryListQuery,
  notificationWorkflowListQuery,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { containsPattern, listOrder } from '../../platform/list-query.js';
import { chatMessages, portalUsers } from '../../platform/schema.js';
import { emailOutbox, inboxItems, notificationDeliveries, notificationWorkflows } from './schema.js';

export type WorkflowRow = typeof notificationWorkflows.$inferSelect;
export type NewWorkflow = typeof notificationWorkflows.$inferInsert;
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
export type NewDelivery = typeof notificationDeliveries.$inferInsert;
export type InboxRow = typeof inboxItems.$inferSelect;
export type NewInboxItem = typeof inboxItems.$inferInsert;
export type OutboxRow = typeof emailOutbox.$inferSelect;

const w = notificationWorkflows;
const d = notificationDeliveries;
const cm = chatMessages;

// ---- workflows ----------------------------------------------------------------------------------------------------
export async function findWorkflow(db: Db, id: number, forUpdate = false): Promise<WorkflowRow | undefined> {
  const q = db.select().from(w).where(eq(w.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Another workflow with this name (any case), if any. */
export async function findByName(db: Db, name: string, exceptId?: number): Promise<{ id: number } | undefined> {
  const cond = [eq(sql`lower(${w.name})`, name.toLowerCase())];
  if (exceptId !== undefined) cond.push(ne(w.id, exceptId));
  const [row] = await db
    .select({ id: w.id })
    .from(w)
    .where(and(...cond))
    .limit(1);
  return row;
}

export async function insertWorkflow(db: Db, row: NewWorkflow): Promise<WorkflowRow> {
  const [r] = await db.insert(w).values(row).returning();
  return r!;
}

export async function updateWorkflow(db: Db, id: number, patch: Partial<NewWorkflow>): Promise<WorkflowRow> {
  const [r] = await db.update(w).set(patch).where(eq(w.id, id)).returning();
  return r!;
}

export async function deleteWorkflow(db: Db, id: number): Promise<void> {
  await db.delete(w).where(eq(w.id, id));
}

type WorkflowQuery = z.output<typeof notificationWorkflowListQuery>;

function workflowWhere(q: WorkflowQuery): SQL | undefined {
  const c: SQL[] = [];
  if (q.search) c.push(ilike(w.name, containsPattern(q.search)));
  if (q.trigger?.length) c.push(inArray(w.trigger, q.trigger));
  if (q.channel?.length) c.push(arrayOverlaps(w.channels, q.channel));
  if (q.enabled) c.push(eq(w.enabled, q.enabled === 'true'));
  return c.length ? and(...c) : undefined;
}

export function selectWorkflows(db: Db, q: WorkflowQuery, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(w)
    .where(workflowWhere(q))
    .orderBy(
      ...listOrder(
        q.sort,
        { name: w.name, created_at: w.createdAt, updated_at: w.updatedAt, last_triggered_at: w.lastTriggeredAt },
        w.id,
      ),
    )
    .limit(page.limit)
    .offset(page.offset);
}

export async function countWorkflows(db: Db, q: WorkflowQuery): Promise<number> {
  const [row] = await db.select({ n: count() }).from(w).where(workflowWhere(q));
  return row?.n ?? 0;
}

/** The enabled workflows an event of this type starts: those that existed when it happened. */
export function workflowsFor(db: Db, type: string, occurredAt: Date): Promise<WorkflowRow[]> {
  return db
    .select()
    .from(w)
    .where(and(eq(w.trigger, type), eq(w.enabled, true), lte(w.createdAt, occurredAt)))
    .orderBy(w.id);
}

export async function touchTriggered(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(w)
    .set({ lastTriggeredAt: sql`greatest(coalesce(${w.lastTriggeredAt}, ${at.toISOString()}), ${at.toISOString()})` })
    .where(eq(w.id, id));
}

export async function countDeliveries(db: Db, workflowId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(d).where(eq(d.workflowId, workflowId));
  return row?.n ?? 0;
}

// ---- people -------------------------------------------------------------------------------------------------------
/** Enabled portal users with any of these roles. */
export async function usersWithRoles(db: Db, roles: readonly string[]): Promise<string[]> {
  if (!roles.length) return [];
  const rows = await db
    .select({ email: portalUsers.email })
    .from(portalUsers)
    .where(and(eq(portalUsers.disabled, false), arrayOverlaps(portalUsers.roles, [...roles])));
  return rows.map((r) => r.email);
}

/** Which of these addresses are portal users, and whether each is disabled. */
export async function portalUsersAmong(db: Db, emails: readonly string[]): Promise<Map<string, boolean>> {
  if (!emails.length) return new Map();
  const rows = await db
    .select({ email: portalUsers.email, disabled: portalUsers.disabled })
    .from(portalUsers)
    .where(inArray(portalUsers.email, [...emails]));
  return new Map(rows.map((r) => [r.email, r.disabled]));
}

// ---- deliveries ---------------------------------------------------------------------------------------------------
/** Inserts the deliveries not made yet (unique per workflow, event, channel, recipient); returns the new ones. */
export async function insertDeliveries(db: Db, rows: NewDelivery[]): Promise<DeliveryRow[]> {
  if (!rows.length) return [];
  return db.insert(d).values(rows).onConflictDoNothing().returning();
}

export async function findDelivery(db: Db, id: number, forUpdate = false): Promise<DeliveryRow | undefined> {
  const q = db.select().from(d).where(eq(d.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateDelivery(db: Db, id: number, patch: Partial<NewDelivery>): Promise<void> {
  await db.update(d).set(patch).where(eq(d.id, id));
}

/**
 * A delivery's status as people see it: its own, except on the chat channel, where it is its chat message's
 * (sent or recorded → sent, failed → failed, queued → pending).
 */
export const effectiveStatus = sql<NotificationDeliveryStatus>`(case when ${d.channel} = 'chat' then (case ${cm.status}
  when 'sent' then 'sent' when 'recorded' then 'sent' when 'failed' then 'failed' else 'pending' end)
  else ${d.status} end)`;

export const deliveryColumns = {
  delivery: d,
  status: effectiveStatus,
  chatAttempts: cm.attempts,
  chatError: cm.error,
  chatSentAt: cm.sentAt,
};
export type DeliveryView = {
  delivery: DeliveryRow;
  status: NotificationDeliveryStatus;
  chatAttempts: number | null;
  chatError: string | null;
  chatSentAt: Date | null;
};

type DeliveryQuery = z.output<typeof notificationDeliveryListQuery>;

function deliveryWhere(workflowId: number, q: DeliveryQuery): SQL {
  const c: SQL[] = [eq(d.workflowId, workflowId)];
  if (q.status?.length) c.push(inArray(effectiveStatus, q.status));
  if (q.channel?.length) c.push(inArray(d.channel, q.channel));
  if (q.recipient) c.push(eq(sql`lower(${d.recipient})`, q.recipient.toLowerCase()));
  if (q.event_id) c.push(/^\d{1,15}$/.test(q.event_id) ? eq(d.eventId, Number(q.event_id)) : sql`false`);
  return and(...c)!;
}

export function selectDeliveries(
  db: Db,
  workflowId: number,
  q: DeliveryQuery,
  page: { limit: number; offset: number },
): Promise<DeliveryView[]> {
  return db
    .select(deliveryColumns)
    .from(d)
    .leftJoin(cm, eq(cm.id, d.chatMessageId))
    .where(deliveryWhere(workflowId, q))
    .orderBy(...listOrder(q.sort, { created_at: d.createdAt }, d.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countDeliveriesWhere(db: Db, workflowId: number, q: DeliveryQuery): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(d)
    .leftJoin(cm, eq(cm.id, d.chatMessageId))
    .where(deliveryWhere(workflowId, q));
  return row?.n ?? 0;
}

export interface StatsRow {
  day: string;
  sent: number;
  failed: number;
  opened: number;
  pending: number;
}

/** Per UTC day of creation in [from, before): the deliveries by outcome (sent includes opened). */
export function statistics(db: Db, workflowId: number, from: Date, before: Date): Promise<StatsRow[]> {
  const day = sql<string>`to_char(${d.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const n = (cond: SQL) => sql<number>`(count(*) filter (where ${cond}))::int`;
  return db
    .select({
      day,
      sent: n(sql`${effectiveStatus} in ('sent', 'opened')`),
      failed: n(sql`${effectiveStatus} = 'failed'`),
      opened: n(sql`${effectiveStatus} = 'opened'`),
      pending: n(sql`${effectiveStatus} = 'pending'`),
    })
    .from(d)
    .leftJoin(cm, eq(cm.id, d.chatMessageId))
    .where(and(eq(d.workflowId, workflowId), gte(d.createdAt, from), lt(d.createdAt, before)))
    .groupBy(day)
    .orderBy(day);
}

/** The in-portal deliveries carried by these inbox items become opened (their item was read). */
export async function markDeliveriesOpened(db: Db, itemIds: readonly number[], at: Date): Promise<void> {
  if (!itemIds.length) return;
  await db
    .update(d)
    .set({ status: 'opened', openedAt: at })
    .where(and(inArray(d.inboxItemId, [...itemIds]), eq(d.status, 'sent')));
}

// ---- inbox --------------------------------------------------------------------------------------------------------
const ib = inboxItems;

/** The user's item for the event, made when there is none (one item per user and event). */
export async function putInboxItem(db: Db, item: NewInboxItem): Promise<InboxRow> {
  const [made] = await db.insert(ib).values(item).onConflictDoNothing().returning();
  if (made) return made;
  const [row] = await db
    .select()
    .from(ib)
    .where(and(eq(ib.userEmail, item.userEmail), eq(ib.eventId, item.eventId!)))
    .limit(1);
  return row!;
}

type InboxQuery = z.output<typeof inboxListQuery>;

function inboxWhere(email: string, q: InboxQuery): SQL {
  const c: SQL[] = [eq(ib.userEmail, email)];
  if (q.unread === 'true') c.push(isNull(ib.readAt));
  if (q.unread === 'false') c.push(sql`${ib.readAt} is not null`);
  return and(...c)!;
}

export function selectInbox(db: Db, email: string, q: InboxQuery, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(ib)
    .where(inboxWhere(email, q))
    .orderBy(...listOrder(q.sort, { created_at: ib.createdAt }, ib.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countInbox(db: Db, email: string, q: InboxQuery): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ib).where(inboxWhere(email, q));
  return row?.n ?? 0;
}

export async function countUnread(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ib)
    .where(and(eq(ib.userEmail, email), isNull(ib.readAt)));
  return row?.n ?? 0;
}

export async function findInboxItem(db: Db, email: string, id: number): Promise<InboxRow | undefined> {
  const [row] = await db
    .select()
    .from(ib)
    .where(and(eq(ib.id, id), eq(ib.userEmail, email)))
    .limit(1);
  return row;
}

/** Marks the user's unread items read (all, or the one `id`); returns the ids it marked. */
export async function markRead(db: Db, email: string, at: Date, id?: number): Promise<number[]> {
  const cond = [eq(ib.userEmail, email), isNull(ib.readAt)];
  if (id !== undefined) cond.push(eq(ib.id, id));
  const rows = await db
    .update(ib)
    .set({ readAt: at })
    .where(and(...cond))
    .returning({ id: ib.id });
  return rows.map((r) => r.id);
}

// ---- email outbox -------------------------------------------------------------------------------------------------
type OutboxQuery = z.output<typeof emailOutboxListQuery>;

function outboxWhere(q: OutboxQuery): SQL | undefined {
  const c: SQL[] = [];
  if (q.workflow_id)
    c.push(/^\d{1,15}$/.test(q.workflow_id) ? eq(emailOutbox.workflowId, Number(q.workflow_id)) : sql`false`);
  if (q.to) c.push(eq(emailOutbox.toAddress, q.to.toLowerCase()));
  return c.length ? and(...c) : undefined;
}

export function selectOutbox(db: Db, q: OutboxQuery, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(emailOutbox)
    .where(outboxWhere(q))
    .orderBy(...listOrder(q.sort, { created_at: emailOutbox.createdAt }, emailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countOutbox(db: Db, q: OutboxQuery): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailOutbox).where(outboxWhere(q));
  return row?.n ?? 0;
}
