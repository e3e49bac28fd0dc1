import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { JUMP_MESSAGES, JUMP_STATUS_COLORS } from '@portal/contract';
import type { Profile } from '@portal/contract';
import type { Reply } from '../../../test/fetchMock';
import { mockFetch } from '../../../test/fetchMock';
import { cluster, operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { jumpsFeature } from '..';
import { authorization, jumpUser, P } from '../testing';
import { JumpListPage } from './JumpListPage';

vi.setConfig({ testTimeout: 60_000 });

const LIST = `${P}/authorizations`;
const USERS = `${P}/users`;

function serve(profile: Profile = operatorProfile, create: Reply = { status: 201, body: {} }) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${LIST}`]: {
      body: {
        items: [
          authorization({ id: '12', status: 'approving' }),
          authorization({
            id: '11',
            status: 'active',
            cluster_id: '20001',
            cluster_name: 'billing-prod',
            starts_at: '2024-06-01T08:10:00.000Z',
            expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
          }),
        ],
        total: 2,
      },
    },
    [`GET ${USERS}`]: {
      body: {
        items: [jumpUser(), jumpUser({ id: 'jsu-0008', username: 'jordan.doe', name: 'Jordan Doe', is_active: false })],
        total: 2,
      },
    },
    'GET /api/v1/devops/cluster/clusters': {
      body: { items: [cluster({ id: '10086', name: 'orders-prod' })], total: 1 },
    },
    [`POST ${LIST}`]: create,
  });
}

// `/jumps/*`: the shell (and its toasts) stays when a request opens the new authorization's page.
const render = (path = '/jumps') => renderWithProviders(<JumpListPage />, { path, routePath: '/jumps/*' });

/** Picks a select by its accessible name (an aria-label overrides its visible label: both must read the same). */
async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  const found = await waitFor(() => {
    const hit = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === option,
    );
    if (!hit) throw new Error(`no option ${option}`);
    return hit;
  });
  fireEvent.click(found);
}

describe('/jumps', () => {
  it('lists authorizations with links, statuses and the time left of an active one', async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'Jump authorizations' });
    expect(await within(table).findByRole('link', { name: '12' })).toHaveAttribute('href', '/jumps/12');
    expect(within(table).getByText('approving')).toBeInTheDocument();
    expect(within(table).getByText('active')).toBeInTheDocument();
    expect(within(table).getByText(/^30m left$/)).toBeInTheDocument();
    expect(within(table).getByText('billing-prod')).toBeInTheDocument();
  });

  it('loads the list with the filters and sort of the URL', async () => {
    const { requests } = serve();
    render('/jumps?status=approving&status=active&cluster_id=10086&sort=expires_at');
    await screen.findByRole('table', { name: 'Jump authorizations' });
    const list = requests.find((r) => r.method === 'GET' && r.url.pathname === LIST)!;
    expect(list.url.searchParams.getAll('status')).toEqual(['approving', 'active']);
    expect(list.url.searchParams.get('cluster_id')).toBe('10086');
    expect(list.url.searchParams.get('sort')).toBe('expires_at');
  });

  it('shows the jumpserver users in their tab', async () => {
    serve();
    render('/jumps?tab=users');
    const table = await screen.findByRole('table', { name: 'Jumpserver users' });
    expect(await within(table).findByText('jordan.doe')).toBeInTheDocument();
    expect(within(table).getByText('Disabled')).toBeInTheDocument();
  });

  it('offers Request Access only to those who may operate', async () => {
    serve(viewerProfile);
    render();
    await screen.findByRole('table', { name: 'Jump authorizations' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Request Access/ })).not.toBeInTheDocument());
  });

  it('requests access: the fields validate first, then "Create successful!" and the new authorization opens', async () => {
    const created = authorization({ id: '77' });
    const { calls } = serve(operatorProfile, { status: 201, body: { authorization: created } });
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: /Request Access/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Access' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await within(dialog).findByText(JUMP_MESSAGES.clusterRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(JUMP_MESSAGES.userRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(JUMP_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(calls('POST', LIST)).toHaveLength(0);

    await choose(dialog, 'Cluster', 'orders-prod (10086)');
    await choose(dialog, 'Jumpserver User', 'oscar.ops — Oscar Operator');
    await choose(dialog, 'Duration', '4h');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Read the TiKV logs (INC-9)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await screen.findByText(JUMP_MESSAGES.created)).toBeInTheDocument();
    expect(calls('POST', LIST).map((r) => r.body)).toEqual([
      {
        cluster_id: '10086',
        jumpserver_user: 'oscar.ops',
        duration_minutes: 240,
        reason: 'Read the TiKV logs (INC-9)',
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/jumps/77'));
  });

  it('puts the server’s refusal of a field on that field', async () => {
    const message = 'Jumpserver user oscar.ops is inactive';
    serve(operatorProfile, {
      status: 400,
      body: {
        code: 'jump.userUnavailable',
        message,
        requestId: 'r',
        details: [{ field: 'body.jumpserver_user', message }],
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Request Access/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Access' });
    await choose(dialog, 'Cluster', 'orders-prod (10086)');
    await choose(dialog, 'Jumpserver User', 'oscar.ops — Oscar Operator');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'why');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(JUMP_MESSAGES.created)).not.toBeInTheDocument();
  });

  it('declares the contract’s status colours in its manifest', () => {
    const declared = Object.fromEntries(
      Object.entries(jumpsFeature.statusColors ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    expect(declared).toEqual(JUMP_STATUS_COLORS);
    expect(jumpsFeature.menu).toEqual({ section: 'devops', key: 'jumps', label: 'Jumps', path: '/jumps', order: 5 });
  });
});
