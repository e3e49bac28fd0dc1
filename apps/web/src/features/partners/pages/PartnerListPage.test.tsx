import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PARTNER_MESSAGES as M } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, tenant, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { P } from '../testing';
import { PartnerListPage } from './PartnerListPage';

vi.setConfig({ testTimeout: 60_000 });

const MSP_ID = '1372813089189350002';
const row = tenant({ id: MSP_ID, name: 'Contoso Cloud', email: 'msp@contoso.test', org_tag: 'msp' });

function serve({ profile = operatorProfile, resend = { body: {} } as { status?: number; body?: unknown } } = {}) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    'GET /api/v1/admin/orgs': { body: { items: [row], total: 11 } },
    [`POST ${P}/msp/:orgId/resend-apikey`]: resend,
  });
}

const render = (search = '') =>
  renderWithProviders(<PartnerListPage type="msp" />, { path: `/msp${search}`, routePath: '/msp' });

describe('PartnerListPage', () => {
  it('lists the active orgs tagged msp, 10 a page, searched from the URL, linking to their pages', async () => {
    const { calls } = serve();
    render('?search=contoso&page=2');
    const table = await screen.findByRole('table', { name: 'MSP' });
    expect(await within(table).findByRole('link', { name: 'Contoso Cloud' })).toHaveAttribute('href', `/msp/${MSP_ID}`);
    expect(within(table).getByRole('link', { name: MSP_ID })).toHaveAttribute('href', `/msp/${MSP_ID}`);
    const query = calls('GET', '/api/v1/admin/orgs')[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({
      org_tag: 'msp',
      status: 'ACTIVE',
      search: 'contoso',
      page: '2',
      per_page: '10',
    });
    expect(screen.getByLabelText('Search by ID, Name or Email')).toHaveValue('contoso');
  });

  it('resends the API key after asking: "Sent."', async () => {
    const { calls } = serve({
      resend: {
        body: {
          api_key: {
            id: '1',
            org_id: MSP_ID,
            prefix: 'ab12',
            role: 'MSP owner',
            status: 'active',
            created_by: 'olivia@example.com',
            created_at: '2026-11-01T00:00:00Z',
            revoked_by: null,
            revoked_at: null,
          },
          sent_to: 'msp@contoso.test',
          revoked: [],
          message: M.sent,
        },
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'MSP' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Resend API Key' }));
    expect(calls('POST', `${P}/msp/${MSP_ID}/resend-apikey`)).toHaveLength(0);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(calls('POST', `${P}/msp/${MSP_ID}/resend-apikey`)).toHaveLength(1));
    expect(await screen.findByText(M.sent)).toBeInTheDocument();
  });

  it('a failed resend shows as a notification with the server message', async () => {
    serve({ resend: { status: 409, body: { code: 'partners.noContact', message: 'The MSP has no contact email' } } });
    render();
    const table = await screen.findByRole('table', { name: 'MSP' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Resend API Key' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('The API key was not sent')).toBeInTheDocument();
    expect(screen.getByText('The MSP has no contact email')).toBeInTheDocument();
    expect(screen.queryByText(M.sent)).toBeNull();
  });

  it('a viewer gets neither Add nor Resend', async () => {
    serve({ profile: viewerProfile });
    render();
    await screen.findByRole('table', { name: 'MSP' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resend API Key' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Add MSP' })).toBeNull();
  });
});
