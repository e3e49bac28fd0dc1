import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RELEASE_MESSAGES,
  RELEASE_TICKET_STATUSES,
  RELEASE_TICKET_TRANSITIONS,
  type ListResult,
  type ReleaseTicket,
  type ReleaseTicketDetail,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADMIN, api, OPERATOR, R } from './testing.js';

/** A release's tickets: create on a change, list, detail with history, status moves. */

let t: TestApp;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
});
afterAll(() => t?.close());

describe('a ticket', () => {
  it('is created on a change with a history row and an audit row, and shows on the change', async () => {
    const release = await a.release('dev');
    const change = await a.change(release.id, { title: 'Payment retries' });
    const res = await a.ticket(release.id, {
      name: 'OPS-4321',
      change_id: change.id,
      title: 'Soft declines',
      link: 'https://tracker.example/browse/OPS-4321',
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticket: ReleaseTicketDetail = res.json().ticket;
    expect(ticket).toMatchObject({
      name: 'OPS-4321',
      release_id: release.id,
      change_id: change.id,
      change_title: 'Payment retries',
      title: 'Soft declines',
      link: 'https://tracker.example/browse/OPS-4321',
      status: 'open',
      created_by: OPERATOR,
    });
    expect(ticket.history).toEqual([
      { at: ticket.created_at, by: OPERATOR, from_status: null, to_status: 'open', note: 'created' },
    ]);
    expect((await a.getChange(release.id, change.id)).tickets).toEqual([
      { name: 'OPS-4321', title: 'Soft declines', status: 'open', link: 'https://tracker.example/browse/OPS-4321' },
    ]);
    expect((await a.audit(release.id)).at(-1)).toEqual({
      operation: 'create_ticket',
      operator: OPERATOR,
      details: {
        change_id: change.id,
        ticket: 'OPS-4321',
        after: { title: 'Soft declines', link: 'https://tracker.example/browse/OPS-4321', status: 'open' },
      },
    });
    expect(await a.ok('GET', `${R}/${release.id}/tickets/OPS-4321`)).toEqual({ ticket });
  });

  it('refuses a bad name, a missing title or change, a duplicate, and a closed change', async () => {
    const release = await a.release('dev');
    const change = await a.change(release.id);
    for (const [body, field, message] of [
      [{ name: 'ops-1', change_id: change.id, title: 'x' }, 'name', RELEASE_MESSAGES.ticketNameFormat],
      [{ change_id: change.id, title: 'x' }, 'name', RELEASE_MESSAGES.ticketNameFormat],
      [{ name: 'OPS-1', change_id: change.id }, 'title', RELEASE_MESSAGES.ticketTitleRequired],
      [{ name: 'OPS-1', title: 'x' }, 'change_id', RELEASE_MESSAGES.changeRequired],
      [{ name: 'OPS-1', change_id: change.id, title: 'x', link: 'ftp://x' }, 'link', RELEASE_MESSAGES.linkFormat],
    ] as const) {
      const res = await a.ticket(release.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details).toContainEqual({ field: `body.${field}`, message });
    }
    expect((await a.ticket(release.id, { name: 'OPS-1', change_id: change.id, title: 'x' })).statusCode).toBe(201);
    const dup = await a.ticket(release.id, { name: 'OPS-1', change_id: change.id, title: 'again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('release.ticketExists');
    // The same name in another release is another ticket.
    const other = await a.release('staging');
    const otherChange = await a.change(other.id);
    expect((await a.ticket(other.id, { name: 'OPS-1', change_id: otherChange.id, title: 'x' })).statusCode).toBe(201);
    // A change of another release, or a closed one, takes none.
    const foreign = await a.ticket(release.id, { name: 'OPS-2', change_id: otherChange.id, title: 'x' });
    expect(foreign.json().code).toBe('release.changeNotFound');
    await a.setStatus(change.id, 'closed');
    const closed = await a.ticket(release.id, { name: 'OPS-3', change_id: change.id, title: 'x' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'release.actionNotAllowed', details: { action: 'add_ticket' } });
  });

  it('moves by RELEASE_TICKET_TRANSITIONS with a history row each, and refuses the rest', async () => {
    const release = await a.release('dev');
    const change = await a.change(release.id);
    await a.ok('POST', `${R}/${release.id}/tickets`, OPERATOR, { name: 'OPS-77', change_id: change.id, title: 'x' });
    let moved = 0;
    for (const from of RELEASE_TICKET_STATUSES) {
      for (const to of RELEASE_TICKET_STATUSES) {
        // Put it in `from` by an allowed path, then try `to`.
        const current = (await a.ok('GET', `${R}/${release.id}/tickets/OPS-77`)).ticket.status as string;
        if (current !== from) {
          const via = RELEASE_TICKET_TRANSITIONS[current as 'open'].includes(from) ? [from] : ['open', from];
          for (const s of via)
            if (s !== current) await a.ok('PUT', `${R}/${release.id}/tickets/OPS-77/status`, OPERATOR, { status: s });
        }
        const res = await a.ticketStatus(release.id, 'OPS-77', to, `${from} to ${to}`, ADMIN);
        if (RELEASE_TICKET_TRANSITIONS[from].includes(to)) {
          expect(res.statusCode, `${from} → ${to}`).toBe(200);
          const ticket: ReleaseTicketDetail = res.json().ticket;
          expect(ticket.status).toBe(to);
          expect(ticket.history.at(-1)).toMatchObject({
            by: ADMIN,
            from_status: from,
            to_status: to,
            note: `${from} to ${to}`,
          });
          expect((await a.audit(release.id)).at(-1)).toMatchObject({
            operation: 'update_ticket_status',
            operator: ADMIN,
            details: { ticket: 'OPS-77', before: { status: from }, after: { status: to } },
          });
          moved++;
        } else {
          expect(res.statusCode, `${from} → ${to}`).toBe(409);
          expect(res.json()).toMatchObject({ code: 'release.ticketTransition', details: { from, to } });
        }
      }
    }
    expect(moved).toBe(Object.values(RELEASE_TICKET_TRANSITIONS).flat().length);
    const bad = await a.ticketStatus(release.id, 'OPS-77', 'done');
    expect(bad.statusCode).toBe(400);
    const missing = await a.ticketStatus(release.id, 'OPS-404', 'open');
    expect(missing.json().code).toBe('release.ticketNotFound');
  });

  it('lists a release tickets, filtered by status and change, sorted', async () => {
    const release = await a.release('dev');
    const one = await a.change(release.id, { title: 'one' });
    const two = await a.change(release.id, { title: 'two' });
    for (const [name, change, status] of [
      ['OPS-3', one, 'open'],
      ['OPS-1', one, 'resolved'],
      ['OPS-2', two, 'in_progress'],
    ] as const)
      await a.ok('POST', `${R}/${release.id}/tickets`, OPERATOR, { name, change_id: change.id, title: name, status });
    const all: ListResult<ReleaseTicket> = await a.ok('GET', `${R}/${release.id}/tickets`);
    expect(all.items.map((x) => `${x.name}:${x.status}:${x.change_title}`)).toEqual([
      'OPS-1:resolved:one',
      'OPS-2:in_progress:two',
      'OPS-3:open:one',
    ]);
    const open: ListResult<ReleaseTicket> = await a.ok(
      'GET',
      `${R}/${release.id}/tickets?status=open&status=in_progress`,
    );
    expect(open.items.map((x) => x.name)).toEqual(['OPS-2', 'OPS-3']);
    const ofOne: ListResult<ReleaseTicket> = await a.ok(
      'GET',
      `${R}/${release.id}/tickets?change_id=${one.id}&sort=-name`,
    );
    expect(ofOne).toMatchObject({ total: 2, items: [{ name: 'OPS-3' }, { name: 'OPS-1' }] });
    const none: ListResult<ReleaseTicket> = await a.ok('GET', `${R}/${release.id}/tickets?change_id=abc`);
    expect(none).toEqual({ items: [], total: 0 });
  });

  it('shows the seeded tickets with their history', async () => {
    const page = await a.ok('GET', `${R}?search=Billing FX`);
    const release = page.items.find(
      (r: { description: string }) => r.description === 'Billing FX and the maintenance runbook',
    );
    const ticket: ReleaseTicketDetail = (await a.ok('GET', `${R}/${release.id}/tickets/OPS-1240`)).ticket;
    expect(ticket.status).toBe('closed');
    expect(ticket.history.map((h) => `${h.from_status}>${h.to_status}`)).toEqual([
      'null>open',
      'open>resolved',
      'resolved>open',
      'open>closed',
    ]);
  });
});
