import type { z } from 'zod';
import {
  canMoveTicket,
  type createReleaseTicketBody,
  type ListResult,
  type ReleaseTicket,
  type ReleaseTicketDetail,
  type ReleaseTicketStatus,
  type releaseTicketListQuery,
  type updateTicketStatusBody,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage } from '../../platform/list-query.js';
import { iso } from '../../platform/time.js';
import { assertChangeAction, changeOr404 } from './changes.js';
import { parseId, toTicket, type ReleaseRow } from './model.js';
import { auditRelease, isUniqueViolation, releaseOr404 } from './releases.js';
import * as repo from './repo.js';

/** A release's tickets: attached to one of its changes, each with its status history. */

const ticketNotFound = (release: ReleaseRow, name: string) =>
  new AppError('release.ticketNotFound', `Release ${release.id} has no ticket ${name}`);

export async function listTickets(
  db: Db,
  releaseId: string,
  q: z.output<typeof releaseTicketListQuery>,
): Promise<ListResult<ReleaseTicket>> {
  const release = await releaseOr404(db, releaseId);
  let changeId: number | undefined;
  if (q.change_id !== undefined) {
    changeId = parseId(q.change_id);
    if (changeId === undefined) return { items: [], total: 0 };
  }
  const page = await listPage(
    repo.selectTicketPage(db, release.id, q, changeId),
    repo.countTickets(db, release.id, q, changeId),
  );
  return { items: page.items.map((t) => toTicket(t, t.changeTitle)), total: page.total };
}

async function readTicket(db: Db, release: ReleaseRow, name: string): Promise<ReleaseTicketDetail> {
  const row = await repo.findTicket(db, release.id, name);
  if (!row) throw ticketNotFound(release, name);
  const [change, history] = await Promise.all([repo.findChange(db, row.changeId), repo.selectHistory(db, row.id)]);
  return {
    ...toTicket(row, change?.title ?? ''),
    history: history.map((h) => ({
      at: iso(h.at),
      by: h.by,
      from_status: h.fromStatus as ReleaseTicketStatus | null,
      to_status: h.toStatus as ReleaseTicketStatus,
      note: h.note,
    })),
  };
}

export async function getTicket(db: Db, releaseId: string, name: string): Promise<ReleaseTicketDetail> {
  return readTicket(db, await releaseOr404(db, releaseId), name);
}

export async function createTicket(
  db: Db,
  releaseId: string,
  who: string,
  body: z.output<typeof createReleaseTicketBody>,
): Promise<ReleaseTicketDetail> {
  const email = who.toLowerCase();
  const exists = () =>
    new AppError('release.ticketExists', `Release ${releaseId} already has a ticket ${body.name}`, { name: body.name });
  try {
    const release = await db.transaction(async (tx) => {
      const release = await releaseOr404(tx, releaseId, true);
      const change = await changeOr404(tx, release, body.change_id, true);
      assertChangeAction(change, 'add_ticket');
      if (await repo.findTicket(tx, release.id, body.name)) throw exists();
      const now = new Date();
      const id = await repo.insertTicket(tx, {
        releaseId: release.id,
        changeId: change.id,
        name: body.name,
        title: body.title,
        link: body.link || null,
        status: body.status,
        createdBy: email,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertHistory(tx, {
        ticketId: id,
        at: now,
        by: email,
        fromStatus: null,
        toStatus: body.status,
        note: 'created',
      });
      await auditRelease(tx, release.id, email, 'create_ticket', {
        change_id: String(change.id),
        ticket: body.name,
        after: { title: body.title, link: body.link || null, status: body.status },
      });
      return release;
    });
    return await readTicket(db, release, body.name);
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

/** Moves a ticket along RELEASE_TICKET_TRANSITIONS (409 release.ticketTransition otherwise), with a history row. */
export async function updateTicketStatus(
  db: Db,
  releaseId: string,
  name: string,
  who: string,
  body: z.output<typeof updateTicketStatusBody>,
): Promise<ReleaseTicketDetail> {
  const email = who.toLowerCase();
  const release = await db.transaction(async (tx) => {
    const release = await releaseOr404(tx, releaseId, true);
    const row = await repo.findTicket(tx, release.id, name, true);
    if (!row) throw ticketNotFound(release, name);
    if (!canMoveTicket(row.status, body.status))
      throw new AppError(
        'release.ticketTransition',
        `Ticket ${name} cannot move from ${row.status} to ${body.status}`,
        {
          from: row.status,
          to: body.status,
        },
      );
    const now = new Date();
    await repo.updateTicketStatus(tx, row.id, body.status, now);
    await repo.insertHistory(tx, {
      ticketId: row.id,
      at: now,
      by: email,
      fromStatus: row.status,
      toStatus: body.status,
      note: body.note,
    });
    await auditRelease(tx, release.id, email, 'update_ticket_status', {
      change_id: String(row.changeId),
      ticket: name,
      note: body.note,
      before: { status: row.status },
      after: { status: body.status },
    });
    return release;
  });
  return readTicket(db, release, name);
}
