import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RELEASE_MESSAGES, RELEASE_TICKET_STATUSES } from '@portal/contract';
import type { ReleaseTicketDetail, ReleaseTicketStatus } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { CHANGE_ID, devopsRelease, RELEASE_API, RELEASE_ID, ticketDetail } from '../testing';
import { TicketPage } from './TicketPage';

vi.setConfig({ testTimeout: 60_000 });

const TICKET = `${RELEASE_API}/tickets/OPS-1201`;

function serve(
  ticket: ReleaseTicketDetail | (() => ReleaseTicketDetail),
  extra: Parameters<typeof mockFetch>[0] = {},
  profile = operatorProfile,
) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${TICKET}`]: () => ({ body: { ticket: typeof ticket === 'function' ? ticket() : ticket } }),
    [`GET ${RELEASE_API}`]: { body: { release: devopsRelease() } },
    ...extra,
  });
}

const render = () =>
  renderWithProviders(<TicketPage />, {
    path: `/release/${RELEASE_ID}/tickets/OPS-1201`,
    routePath: '/release/:releaseId/tickets/:name',
  });

/** The status moves offered, by their buttons. */
const moves = async () =>
  within(await screen.findByRole('group', { name: 'Change the status' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

/** Where a ticket may move from each status, written out (contract: RELEASE_TICKET_TRANSITIONS). */
const NEXT: Record<ReleaseTicketStatus, readonly ReleaseTicketStatus[]> = {
  open: ['in_progress', 'resolved', 'closed'],
  in_progress: ['open', 'resolved', 'closed'],
  resolved: ['open', 'closed'],
  closed: ['open'],
};

describe('/release/:releaseId/tickets/:name', () => {
  it('shows the ticket, its change and its history, newest first', async () => {
    serve(ticketDetail());
    render();
    expect(await screen.findByText('Roll out tidb-operator 1.6.1')).toBeInTheDocument();
    expect(screen.getByText('Ticket OPS-1201')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://tickets.example.com/OPS-1201' })).toHaveAttribute(
      'href',
      'https://tickets.example.com/OPS-1201',
    );
    expect(screen.getByRole('link', { name: 'Bump tidb-operator to v1.6.1' })).toHaveAttribute(
      'href',
      `/release/${RELEASE_ID}/change/${CHANGE_ID}`,
    );
    // Its release, named as the change page names it.
    expect(await screen.findByRole('link', { name: 'staging 2024.23.1' })).toHaveAttribute(
      'href',
      `/release/${RELEASE_ID}`,
    );
    const rows = within(screen.getByRole('table', { name: 'Ticket history' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('ada@example.com');
    expect(rows[0]).toHaveTextContent('picked up');
    expect(rows[1]).toHaveTextContent('olivia@example.com');
  });

  it.each(RELEASE_TICKET_STATUSES.map((s) => [s]))('offers the moves the table allows from %s', async (status) => {
    serve(ticketDetail({ status }));
    render();
    expect(await moves()).toEqual(NEXT[status].map((s) => `Move to ${s}`));
  });

  it('moves the ticket with a note and shows the new history', async () => {
    let current = ticketDetail();
    const { calls } = serve(() => current, {
      [`PUT ${TICKET}/status`]: ({ body }) => {
        const { status, note } = body as { status: ReleaseTicketStatus; note: string };
        current = ticketDetail({
          status,
          history: [
            ...current.history,
            {
              at: '2024-06-03T11:00:00.000Z',
              by: 'olivia@example.com',
              from_status: 'in_progress',
              to_status: status,
              note,
            },
          ],
        });
        return { body: { ticket: current } };
      },
    });
    render();
    await userEvent.type(await screen.findByLabelText('Note'), 'fixed in #7');
    await userEvent.click(screen.getByRole('button', { name: 'Move to resolved' }));
    expect(await screen.findByText(RELEASE_MESSAGES.ticketUpdated)).toBeInTheDocument();
    expect(calls('PUT', `${TICKET}/status`)[0]?.body).toEqual({ status: 'resolved', note: 'fixed in #7' });
    // The table takes new rows in a transition: they may come in after the toast.
    await waitFor(() => {
      const rows = within(screen.getByRole('table', { name: 'Ticket history' }))
        .getAllByRole('row')
        .slice(1);
      expect(rows[0]).toHaveTextContent('fixed in #7');
    });
  });

  it('does not offer the status change to a user who may not operate', async () => {
    serve(ticketDetail(), {}, viewerProfile);
    render();
    expect(await screen.findByText('You may not change the status.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Move to/ })).toBeNull();
  });
});
