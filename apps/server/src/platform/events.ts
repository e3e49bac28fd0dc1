import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { EventListQuery, ListResult, PortalEvent, PortalEventType } from '@portal/contract';
import type { Db } from './db.js';
import { extensionPoint, type Registry } from './extensions.js';
import { enqueueJob } from './jobs.js';
import { listOrder, listPage, pageWindow } from './list-query.js';
import { portalEvents } from './schema.js';

/*
 * Portal events: how an area tells whoever listens that something happened, without knowing who listens.
 *
 * The area publishes in its own transaction (`publishEvent(tx, …)`): the event row and a dispatch job commit with the
 * change or not at all. The dispatch job queues one delivery job per subscriber (the extension point
 * `eventSubscribers`: notification workflows, user-behaviour subscriptions, the in-portal inbox…), so a failing
 * subscriber retries alone and never repeats another's work. A subscriber must be idempotent per event id (a retried
 * job may hand it the same event again).
 */

export interface PublishedEvent {
  type: PortalEventType;
  subjectType: string;
  subjectId: string;
  title: string;
  summary?: string;
  /** The portal path of the subject, e.g. `/incidents/INC-1042`. */
  link?: string | null;
  /** The users it is addressed to (e.g. the approvers whose turn it is). */
  recipients?: readonly string[];
  tenantId?: string | null;
  clusterIds?: readonly string[];
  actor?: string | null;
  /** Defaults to now. */
  occurredAt?: Date;
}

export interface EventSubscriber {
  /** Unique; part of the delivery job's key. */
  name: string;
  /** The event types it wants; others are never handed to it. */
  types: readonly PortalEventType[];
  /** Runs in a job's transaction; throw to retry later. Must be idempotent per `event.id`. */
  deliver(tx: Db, event: PortalEvent): Promise<void>;
}

export const eventSubscribers = extensionPoint<EventSubscriber>('platform.eventSubscribers', (s) => s.name);

export const EVENT_DISPATCH_JOB = 'event.dispatch';
export const EVENT_DELIVER_JOB = 'event.deliver';

/** Records the event and queues its dispatch, in the caller's transaction. Returns the event's id. */
export async function publishEvent(tx: Db, event: PublishedEvent): Promise<string> {
  const [row] = await tx
    .insert(portalEvents)
    .values({
      type: event.type,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      title: event.title,
      summary: event.summary ?? '',
      link: event.link ?? null,
      recipients: [...new Set((event.recipients ?? []).map((r) => r.toLowerCase()))],
      tenantId: event.tenantId ?? null,
      clusterIds: [...(event.clusterIds ?? [])],
      actor: event.actor ?? null,
      occurredAt: event.occurredAt ?? new Date(),
    })
    .returning({ id: portalEvents.id });
  const id = String(row!.id);
  await enqueueJob(tx, EVENT_DISPATCH_JOB, { eventId: id }, { dedupeKey: `event.dispatch:${id}` });
  return id;
}

export function toPortalEvent(r: typeof portalEvents.$inferSelect): PortalEvent {
  return {
    id: String(r.id),
    type: r.type as PortalEventType,
    subject_type: r.subjectType,
    subject_id: r.subjectId,
    title: r.title,
    summary: r.summary,
    link: r.link,
    recipients: r.recipients,
    tenant_id: r.tenantId,
    cluster_ids: r.clusterIds,
    actor: r.actor,
    occurred_at: r.occurredAt.toISOString(),
  };
}

export async function findEvent(db: Db, id: string): Promise<PortalEvent | null> {
  if (!/^\d{1,15}$/.test(id)) return null;
  const [row] = await db
    .select()
    .from(portalEvents)
    .where(eq(portalEvents.id, Number(id)))
    .limit(1);
  return row ? toPortalEvent(row) : null;
}

export async function listEvents(db: Db, q: EventListQuery): Promise<ListResult<PortalEvent>> {
  const where: SQL[] = [];
  if (q.type?.length) where.push(inArray(portalEvents.type, q.type));
  if (q.subject_type) where.push(eq(portalEvents.subjectType, q.subject_type));
  if (q.subject_id) where.push(eq(portalEvents.subjectId, q.subject_id));
  const cond = where.length ? and(...where) : undefined;
  const { limit, offset } = pageWindow(q);
  return listPage(
    db
      .select()
      .from(portalEvents)
      .where(cond)
      .orderBy(...listOrder(q.sort, { occurred_at: portalEvents.occurredAt }, portalEvents.id))
      .limit(limit)
      .offset(offset)
      .then((rows) => rows.map(toPortalEvent)),
    db
      .select({ n: count() })
      .from(portalEvents)
      .where(cond)
      .then(([r]) => r?.n ?? 0),
  );
}

/** The dispatch and delivery jobs (registered by the events feature). */
export function eventJobs(registry: Registry) {
  return {
    [EVENT_DISPATCH_JOB]: async (tx: Db, p: { eventId: string }) => {
      const event = await findEvent(tx, p.eventId);
      if (!event) return;
      for (const s of registry.all(eventSubscribers)) {
        if (!s.types.includes(event.type)) continue;
        await enqueueJob(
          tx,
          EVENT_DELIVER_JOB,
          { eventId: event.id, subscriber: s.name },
          { dedupeKey: `event.deliver:${event.id}:${s.name}` },
        );
      }
    },
    [EVENT_DELIVER_JOB]: async (tx: Db, p: { eventId: string; subscriber: string }) => {
      const subscriber = registry.get(eventSubscribers, p.subscriber);
      const event = await findEvent(tx, p.eventId);
      if (!subscriber || !event) return;
      await subscriber.deliver(tx, event);
    },
  };
}
