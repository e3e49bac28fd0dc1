import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GRANT_MESSAGES as M } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { adminProfile, grant, grantDetail, URL, viewerProfile } from '../testing';
import { GrantListPage } from './GrantListPage';

vi.setConfig({ testTimeout: 60_000 });

const mine = grant({
  id: 8,
  user_email: 'maria.garcia@example.com',
  user_name: 'Maria Garcia',
  privilege: 'partners.manage',
  requested_by: 'admin@example.com',
  actions: ['revoke'],
});
const theirs = grant();
const expired = grant({
  id: 3,
  user_email: 'sam.okafor@example.com',
  user_name: 'Sam Okafor',
  status: 'expired',
  privilege: 'orgs.manage',
  decided_by: 'admin@example.com',
  expires_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  actions: [],
});

function serve(profile = adminProfile) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${URL}`]: { body: { items: [mine, theirs, expired], total: 3 } },
    [`POST ${URL}/:id/approve`]: {
      body: grantDetail({ ...theirs, status: 'active', decided_by: 'admin@example.com', actions: ['revoke'] }),
    },
  });
}

const render = (search = '') =>
  renderWithProviders(<GrantListPage />, { path: `/privilege${search}`, routePath: '/privilege' });

describe('GrantListPage', () => {
  it('lists the grants with their status, requester, decider and expiry; the status tab and search come from the URL', async () => {
    const { calls } = serve();
    render('?status=pending&search=lin');
    const table = await screen.findByRole('table', { name: 'Privilege grants' });
    expect(await within(table).findByRole('link', { name: /Lin Wei/ })).toHaveAttribute('href', '/privilege/7');
    expect(within(table).getByText('partners.manage')).toBeInTheDocument();
    expect(within(table).getAllByText(/\(in [23] days\)/)).toHaveLength(2);
    expect(within(table).getByText(/2 days ago/)).toBeInTheDocument();
    const query = Object.fromEntries(calls('GET', URL)[0]!.url.searchParams);
    expect(query).toMatchObject({ status: 'pending', search: 'lin', sort: '-created_at' });
    expect(screen.getByRole('radio', { name: 'Pending' })).toBeChecked();
    expect(screen.getByLabelText('Search by user, privilege or reason')).toHaveValue('lin');
  });

  it('shows Approve only where the server allows it (never on a grant the admin requested), and asks first', async () => {
    const { calls } = serve();
    render();
    const table = await screen.findByRole('table', { name: 'Privilege grants' });
    await within(table).findByText('partners.manage');
    const row = (text: string) => within(table).getByText(text).closest('tr')!;
    expect(within(row('partners.manage')).getByRole('button', { name: /Revoke/ })).toBeInTheDocument();
    expect(within(row('partners.manage')).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(within(row('orgs.manage')).queryByRole('button')).toBeNull();

    await userEvent.click(within(row('billing.manage')).getByRole('button', { name: /Approve/ }));
    expect(calls('POST', `${URL}/7/approve`)).toHaveLength(0);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Approve billing.manage for lin.wei@example.com?')[0]).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls('POST', `${URL}/7/approve`)).toHaveLength(1));
    expect(await screen.findByText(M.approved)).toBeInTheDocument();
  });

  it('choosing a status filters by it', async () => {
    const { calls } = serve();
    render();
    await screen.findByRole('table', { name: 'Privilege grants' });
    await userEvent.click(screen.getByText('Expired', { selector: 'label *' }));
    await waitFor(() =>
      expect(calls('GET', URL).some((c) => c.url.searchParams.get('status') === 'expired')).toBe(true),
    );
  });

  it('offers Grant privilege to administrators only', async () => {
    serve(viewerProfile);
    render();
    await screen.findByRole('table', { name: 'Privilege grants' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Grant privilege/ })).toBeNull());
  });
});
