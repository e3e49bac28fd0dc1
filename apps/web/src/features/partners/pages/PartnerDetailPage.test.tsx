import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminProfile, operatorProfile } from '../../../test/fixtures';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { customer, list, msp, P, partner } from '../testing';
import { CppoDetailPage, MspDetailPage } from './PartnerDetailPage';
// The dialog loads on first use: loaded here, so a busy machine's transform time is not a test's wait.
import '../components/ApiKeyDialog';

vi.setConfig({ testTimeout: 60_000 });

const CPPO = partner();
const MSP = msp();
const KEY = 'pk_ab12cd34_0123456789abcdef0123456789abcdef';

function serve(profile = operatorProfile) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${P}/${CPPO.org_id}`]: { body: { partner: CPPO } },
    [`GET ${P}/${MSP.org_id}`]: { body: { partner: { ...partner(MSP), type: 'msp' } } },
    [`GET ${P}/msp/${MSP.org_id}`]: { body: { msp: MSP } },
    [`GET ${P}/resale/:id/signup-url`]: { body: { org_id: CPPO.org_id, signup_url: CPPO.signup_url } },
    [`GET ${P}/msp/:id/signup-url`]: { body: { org_id: MSP.org_id, signup_url: MSP.signup_url } },
    [`GET ${P}/:id/customers`]: {
      body: list([customer(), customer({ id: '42', name: 'Old Co', status: 'expired', actions: [] })]),
    },
    [`DELETE ${P}/partner-customer/delete`]: { body: { customer: customer({ status: 'expired' }) } },
    [`POST ${P}/msp/:orgId/create-apikey`]: {
      status: 201,
      body: {
        api_key: {
          id: '9',
          org_id: MSP.org_id,
          prefix: 'ab12cd34',
          role: 'MSP owner',
          status: 'active',
          created_by: 'ada@example.com',
          created_at: '2026-11-01T00:00:00Z',
          revoked_by: null,
          revoked_at: null,
          key: KEY,
        },
      },
    },
    'GET /api/v1/devops/audit': { body: list([]) },
  });
}

describe('PartnerDetailPage', () => {
  it('shows the reseller, its signup URL and its customers (fetched as page 1 of 1000)', async () => {
    const { calls } = serve();
    renderWithProviders(<CppoDetailPage />, { path: `/cppo/${CPPO.org_id}`, routePath: '/cppo/:orgId' });
    expect(await screen.findByText(CPPO.signup_url)).toBeInTheDocument();
    expect(screen.getByText(CPPO.email)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Customers' });
    await within(table).findByText('Acme Corp');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['ID', 'Name', 'Email', 'Status', 'Effective At (UTC)', 'Expiration At (UTC)', 'Actions']);
    const active = within(table).getByText('Acme Corp').closest('tr')!;
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByText('2026-10-02')).toBeInTheDocument();
    expect(within(within(table).getByText('Old Co').closest('tr')!).queryByRole('button')).toBeNull();
    const query = calls('GET', `${P}/${CPPO.org_id}/customers`)[0]!.url.searchParams;
    expect(query.get('page')).toBe('1');
    expect(query.get('per_page')).toBe('1000');
    expect(screen.getByRole('button', { name: 'Add Customer' })).toBeInTheDocument();
  });

  it('removes a customer link only after asking', async () => {
    const { calls } = serve();
    renderWithProviders(<CppoDetailPage />, { path: `/cppo/${CPPO.org_id}`, routePath: '/cppo/:orgId' });
    const table = await screen.findByRole('table', { name: 'Customers' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Remove' }));
    expect(calls('DELETE', `${P}/partner-customer/delete`)).toHaveLength(0);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls('DELETE', `${P}/partner-customer/delete`)).toHaveLength(1));
    expect(calls('DELETE', `${P}/partner-customer/delete`)[0]!.url.searchParams.get('id')).toBe('41');
  });

  it('a partner opened under another type’s path moves to its own', async () => {
    serve();
    const { router } = renderWithProviders(<CppoDetailPage />, {
      path: `/cppo/${MSP.org_id}`,
      routePath: '/cppo/:orgId',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/msp/${MSP.org_id}`));
  });

  it('MSP: Create API Key shows the key once; closed, it is gone from the page', async () => {
    const { calls } = serve(adminProfile);
    renderWithProviders(<MspDetailPage />, { path: `/msp/${MSP.org_id}`, routePath: '/msp/:orgId' });
    expect(await screen.findByText(MSP.signup_url)).toBeInTheDocument();
    expect(screen.getByText('Managed for you')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'API Key Created' });
    expect(within(dialog).getByText(KEY)).toBeInTheDocument();
    expect(within(dialog).getByText(/shown only this once/)).toBeInTheDocument();
    expect(calls('POST', `${P}/msp/${MSP.org_id}/create-apikey`)).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(KEY)).toBeNull());
  });

  it('MSP: an operator may not create a key (admin only) but may update and resend', async () => {
    serve(operatorProfile);
    renderWithProviders(<MspDetailPage />, { path: `/msp/${MSP.org_id}`, routePath: '/msp/:orgId' });
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend API Key' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create API Key' })).toBeNull();
  });
});
