import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Profile } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { adminProfile, operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { B, invoice, invoiceDetail, list } from '../testing';
import { BusinessPage } from './BusinessPage';
// The tabs and the drawer load on first use: loaded here, so a busy machine's transform time is not a test's wait.
import '../components/InvoiceDrawer';
import '../tabs/ArTableTab';
import '../tabs/InvoicesTab';

vi.setConfig({ testTimeout: 60_000 });

const INVOICES = `${B}/invoices`;

function serve(profile: Profile = adminProfile) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${INVOICES}`]: {
      body: list([
        invoice(),
        invoice({
          invoice_id: '9002',
          invoice_number: 'INV-2026-09-0042',
          status: 'confirmed',
          start_date: '2026-09-01T00:00:00Z',
          end_date: '2026-09-30T23:59:59Z',
        }),
      ]),
    },
    [`GET ${INVOICES}/:id`]: { body: { invoice: invoiceDetail() } },
    [`PUT ${INVOICES}/:id/confirm`]: { body: { invoice: invoiceDetail({ status: 'confirmed' }) } },
    [`PUT ${INVOICES}/:id/suspend`]: { body: { invoice: invoiceDetail({ status: 'suspended' }) } },
  });
}

const render = (path = '/business') => renderWithProviders(<BusinessPage />, { path, routePath: '/business' });

const row = async (number: string) => {
  const table = await screen.findByRole('table', { name: 'Invoices' });
  const link = await within(table).findByRole('link', { name: number });
  return link.closest('tr')!;
};

describe('/business', () => {
  it('shows the six billing tabs and opens the one in the URL', async () => {
    mockFetch({
      'GET /api/v1/devops/me': { body: adminProfile },
      [`GET ${B}/cr_tables/init`]: {
        body: { default_year: 2026, default_month: 10, months: [], columns: [] },
      },
    });
    render('/business?tab=ar_table');
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Invoices', 'Support Plan', 'Risk Level', 'Discounts', 'AR Table', 'Exchange Rate']);
    expect(screen.getByRole('tab', { name: 'AR Table' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('group', { name: 'AR table month' })).toBeInTheDocument();
  });

  it('lists the invoices; a month filter sends that month, its start to the next month start (UTC)', async () => {
    const { requests } = serve();
    render('/business?month=2026-10&status=unconfirmed');
    const first = await row('INV-2026-10-0042');
    expect(within(first).getByText('Acme Retail')).toBeInTheDocument();
    expect(within(first).getByText('unconfirmed')).toBeInTheDocument();
    expect(within(first).getByText('$12,345.67')).toBeInTheDocument();
    expect(within(first).getByText('-$1,234.57')).toBeInTheDocument();
    expect(within(first).getByText('$12,656.20')).toBeInTheDocument();
    const q = requests.find((r) => r.url.pathname === INVOICES)!.url.searchParams;
    expect(q.get('from')).toBe('2026-10-01T00:00:00.000Z');
    expect(q.get('to')).toBe('2026-11-01T00:00:00.000Z');
    expect(q.get('brief')).toBe('true');
    expect(q.getAll('status')).toEqual(['unconfirmed']);
  });

  it('enables Confirm and Suspend from the invoice state machine', async () => {
    serve();
    render();
    const open = await row('INV-2026-10-0042');
    // Confirm is admin-only: it shows once the profile is in.
    expect(await within(open).findByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(within(open).getByRole('button', { name: 'Suspend' })).toBeEnabled();
    const done = await row('INV-2026-09-0042');
    expect(within(done).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(within(done).getByRole('button', { name: 'Suspend' })).toBeDisabled();
  });

  it('confirm asks first, then sends PUT …/confirm', async () => {
    const { calls } = serve();
    render();
    await userEvent.click(await within(await row('INV-2026-10-0042')).findByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/Confirm invoice INV-2026-10-0042 of Acme Retail/);
    expect(calls('PUT', `${INVOICES}/9001/confirm`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls('PUT', `${INVOICES}/9001/confirm`)).toHaveLength(1));
    expect(await screen.findByText('Invoice INV-2026-10-0042 confirmed')).toBeInTheDocument();
  });

  it('offers Confirm to admins only (it is final) and no action to a viewer', async () => {
    serve(operatorProfile);
    const { unmount } = render();
    const first = await row('INV-2026-10-0042');
    expect(within(first).getByRole('button', { name: 'Suspend' })).toBeEnabled();
    expect(within(first).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    unmount();
    serve(viewerProfile);
    render();
    const again = await row('INV-2026-10-0042');
    await waitFor(() => expect(within(again).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument());
  });

  it('opens an invoice’s detail from the URL: facts, category and label unit costs, discounts, tax rate', async () => {
    serve();
    render('/business?invoice=9001');
    const drawer = await screen.findByRole('dialog', { name: 'Invoice INV-2026-10-0042' });
    const cell = (label: string) => within(drawer).getByText(label).closest('tr')!;
    expect(await within(drawer).findByText('Invoice ID')).toBeInTheDocument();
    expect(cell('Invoice ID')).toHaveTextContent('9001');
    expect(cell('Bound Billing Config')).toHaveTextContent('501');
    expect(cell('Cost Price')).toHaveTextContent('$12,345.67');
    expect(within(drawer).getByText('GST 9% (9%)')).toBeInTheDocument();
    const categories = within(drawer).getByRole('table', { name: 'Category unit costs' });
    expect(within(categories).getByText('TiDB compute')).toBeInTheDocument();
    expect(within(categories).getByText('99,560 vcpu_hour')).toBeInTheDocument();
    expect(within(categories).getByText('$11,111.10')).toBeInTheDocument();
    const projects = within(drawer).getByRole('table', { name: 'Project unit costs' });
    expect(within(projects).getByText('checkout')).toBeInTheDocument();
    const discounts = within(drawer).getByRole('table', { name: 'Discounts applied' });
    expect(within(discounts).getByText('Commitment Plan Default Discount')).toBeInTheDocument();
    expect(within(discounts).getByText('10%')).toBeInTheDocument();
  });
});
