import type { ReactElement } from 'react';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { CLOSING_MESSAGES, CONTRACT_MESSAGES, CONTRACT_STATUS_ACTIONS } from '@portal/contract';
import type { Contract, ContractStatus, Profile, Tenant, TenantBillingInfo, TenantClosing } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { adminProfile, operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders, signIn } from '../../../test/render';
import { ClosingPanel } from './ClosingPanel';
import { ContractsPanel } from './ContractsPanel';
import { TenantBillingTab } from './TenantBillingTab';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 5000 });

const B = '/api/v1/devops/billing-proxy/api/v1/billing';
const TENANT = '1372813089209061633';
const tenant = { id: TENANT, name: 'Acme Retail', status: 'ACTIVE' } as Tenant;

function contract(id: string, status: ContractStatus, extra: Partial<Contract> = {}): Contract {
  return {
    id,
    contract_number: `CTR-${id.padStart(6, '0')}`,
    tenant_id: TENANT,
    tenant_name: 'Acme Retail',
    title: `Agreement ${id}`,
    type: 'committed_spend',
    status,
    billing_company_id: 'dbcloud-us',
    start_date: '2026-01-01T00:00:00.000Z',
    end_date: '2026-12-31T23:59:59.000Z',
    commitment_cents: 12_000_000,
    currency: 'USD',
    billing_frequency: 'monthly',
    payment_terms_days: 30,
    notes: '',
    signed_by: null,
    signed_at: null,
    status_reason: null,
    created_by: 'olivia@example.com',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ended_at: null,
    ended_by: null,
    actions: [...CONTRACT_STATUS_ACTIONS[status]],
    ...extra,
  };
}

const closingNone: TenantClosing = {
  tenant_id: TENANT,
  id: null,
  status: 'none',
  reason: null,
  note: null,
  policies: [],
  tenant_status_before: null,
  requested_by: null,
  requested_at: null,
  close_at: null,
  closed_at: null,
  cancelled_by: null,
  cancelled_at: null,
  outcome: [],
  actions: ['run'],
};
const closingUnderWay: TenantClosing = {
  ...closingNone,
  id: '4',
  status: 'closing',
  reason: 'customer_request',
  requested_by: 'ada@example.com',
  requested_at: '2026-10-26T11:00:00.000Z',
  close_at: '2027-02-01T00:00:00.000Z',
  tenant_status_before: 'ACTIVE',
  actions: ['cancel'],
};

const info = {
  tenant_id: TENANT,
  tenant_name: 'Acme Retail',
  tenant_status: 'ACTIVE',
  billing_company: {
    tenant_id: TENANT,
    billing_company: { id: 'dbcloud-eu', name: 'DBCloud Europe B.V.' },
    assigned: true,
  },
  payment: {
    tenant_id: TENANT,
    type: 'card',
    payment_code: null,
    payment_sub_code: null,
    invoiceable: false,
    provider_customer_id: 'cus_1',
    card: { id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2028, is_default: true },
    subscription_id: null,
  },
  partner_billing: null,
  closing: closingNone,
  contracts_in_force: 1,
  committed_cents: 12_000_000,
  active_subscriptions: 0,
  budgets: 1,
  paid_last_12_months_cents: 4_567_89,
  billing: {
    credit_risk_level: null,
    month_to_date_cost_cents: 120_00,
    confirmed_due_cents: 0,
    credit_balance_cents: 500_00,
  },
} as unknown as TenantBillingInfo;

function serve(opts: { profile?: Profile; closing?: TenantClosing; contracts?: Contract[] } = {}) {
  let closing = opts.closing ?? closingNone;
  const contracts = opts.contracts ?? [contract('7', 'pending_signature'), contract('3', 'active')];
  return mockFetch({
    'GET /api/v1/devops/me': { body: opts.profile ?? operatorProfile },
    [`GET ${B}/tenants/${TENANT}/billing_info`]: { body: info },
    [`GET ${B}/tenants/${TENANT}/closing`]: () => ({ body: { closing } }),
    [`POST ${B}/tenants/${TENANT}/closing/actions/cancel`]: () => {
      closing = { ...closingUnderWay, status: 'cancelled', cancelled_by: 'olivia@example.com', actions: ['run'] };
      return { body: { closing } };
    },
    [`GET ${B}/tenants/${TENANT}/closing/reasons`]: {
      body: {
        items: [
          {
            reason: 'non_payment',
            label: 'Non-payment',
            description: 'Invoices remain unpaid after the dunning period',
            grace_days: 14,
            data_retention_days: 7,
          },
        ],
        total: 1,
      },
    },
    [`GET ${B}/tenants/${TENANT}/closing/reasons/non_payment/policies`]: {
      body: {
        reason: {
          reason: 'non_payment',
          label: 'Non-payment',
          description: '',
          grace_days: 14,
          data_retention_days: 7,
        },
        items: [
          {
            key: 'end_contracts',
            title: 'End contracts',
            description: 'Active and suspended contracts are terminated',
            when: 'close',
          },
        ],
        total: 1,
      },
    },
    [`POST ${B}/tenants/${TENANT}/closing/reasons/non_payment/actions/run`]: () => {
      closing = { ...closingUnderWay, reason: 'non_payment' };
      return { body: { closing } };
    },
    [`GET ${B}/contracts`]: { body: { items: contracts, total: contracts.length } },
    [`POST ${B}/contracts/:cid/actions/:action`]: (req) => ({
      body: { contract: contract(req.url.pathname.split('/').at(-3)!, 'active') },
    }),
    [`GET ${B}/contracts/:cid/download`]: () =>
      new Response('%PDF-1.7 test', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    [`GET ${B}/payments`]: {
      body: {
        items: [
          {
            id: '1',
            tenant_id: TENANT,
            type: 'card',
            status: 'failed',
            amount_cents: 1_234_56,
            currency: 'USD',
            reference: 'ch_1',
            invoice_id: '88',
            description: 'Usage of 2026-09',
            failure_reason: 'card_declined',
            created_at: '2026-10-05T00:00:00.000Z',
            settled_at: null,
          },
        ],
        total: 1,
      },
    },
    [`GET ${B}/payments/stripe/payment_methods`]: { body: { items: [], total: 0 } },
    [`GET ${B}/subscriptions`]: { body: { items: [], total: 0 } },
    [`GET ${B}/budgets`]: { body: { items: [], total: 0 } },
    [`GET ${B}/credits`]: { body: { items: [], total: 0 } },
  });
}

/** The whole tab, or only the panel a test is about. */
const render = (ui: ReactElement = <TenantBillingTab tenant={tenant} />) =>
  renderWithProviders(ui, { path: `/orgs/${TENANT}?tab=billing_account` });
const contracts = () => render(<ContractsPanel tenantId={TENANT} />);
const closingPanel = () => render(<ClosingPanel tenant={tenant} />);
const row = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe("the tenant page's Billing tab", () => {
  it('shows the billing account, contracts with their actions, and payments', async () => {
    serve();
    render();
    expect(await screen.findByText('DBCloud Europe B.V.')).toBeInTheDocument();
    expect(screen.getByText('Credit card (visa ****4242)')).toBeInTheDocument();
    expect(screen.getByText('$4,567.89')).toBeInTheDocument();
    const pending = await row('CTR-000007');
    expect(within(pending).getByText('Pending signature')).toBeInTheDocument();
    expect(
      within(pending)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Activate', 'Withdraw', 'Cancel', 'PDF']);
    const active = await row('CTR-000003');
    expect(
      within(active)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Suspend', 'Terminate', 'Expire', 'PDF']);
    const payment = await row('Usage of 2026-09');
    expect(within(payment).getByText('$1,234.56')).toBeInTheDocument();
    expect(within(payment).getByText('failed')).toBeInTheDocument();
  });

  it('activates a contract once the signatory is given, and sends a plain action after its confirmation', async () => {
    const { calls } = serve();
    contracts();
    await userEvent.click(within(await row('CTR-000007')).getByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate: CTR-000007?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await within(dialog).findByText(CONTRACT_MESSAGES.signedByRequired)).toBeInTheDocument();
    expect(calls('POST', `${B}/contracts/7/actions/activate`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Signed by'), 'Jo Park, CFO');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(calls('POST', `${B}/contracts/7/actions/activate`)).toHaveLength(1));
    expect(calls('POST', `${B}/contracts/7/actions/activate`)[0]!.body).toEqual({ signed_by: 'Jo Park, CFO' });

    await userEvent.click(within(await row('CTR-000007')).getByRole('button', { name: 'Withdraw' }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw: CTR-000007?' });
    expect(calls('POST', `${B}/contracts/7/actions/withdraw`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(calls('POST', `${B}/contracts/7/actions/withdraw`)).toHaveLength(1));
  });

  it('downloads a contract as a PDF named after it, with the sign-in token', async () => {
    signIn();
    const { calls } = serve();
    const saved: string[] = [];
    const had = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = () => 'blob:contract';
    URL.revokeObjectURL = () => undefined;
    onTestFinished(() => {
      URL.createObjectURL = had.create;
      URL.revokeObjectURL = had.revoke;
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    contracts();
    await userEvent.click(await screen.findByRole('button', { name: 'Download CTR-000003 as PDF' }));
    await waitFor(() => expect(saved).toEqual(['CTR-000003.pdf']));
    expect(calls('GET', `${B}/contracts/3/download`).map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer test-id-token',
    ]);
  });

  it('cancels the closing under way after a confirmation', async () => {
    const { calls } = serve({ closing: closingUnderWay });
    closingPanel();
    const panel = await screen.findByRole('region', { name: 'Closing' });
    expect(await within(panel).findByText('closing')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Close tenant…' })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel closing' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel the closing of Acme Retail?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel the closing' }));
    expect(await screen.findByText(CLOSING_MESSAGES.cancelled)).toBeInTheDocument();
    expect(calls('POST', `${B}/tenants/${TENANT}/closing/actions/cancel`)).toHaveLength(1);
    expect(await within(panel).findByText('cancelled')).toBeInTheDocument();
  });

  it('runs a closing (admin) with a reason whose policies it shows', async () => {
    const { calls } = serve({ profile: adminProfile });
    closingPanel();
    const panel = await screen.findByRole('region', { name: 'Closing' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Close tenant…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close tenant Acme Retail?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run the closing' }));
    expect(await within(dialog).findByText('Choose a reason')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('Reason'));
    await userEvent.click(await screen.findByTitle('Non-payment'));
    expect(await within(dialog).findByText('End contracts')).toBeInTheDocument();
    expect(within(dialog).getByText(/Closes on \d{4}-\d{2}-\d{2} \(14 days\)/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Dunning ended');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run the closing' }));
    await waitFor(() =>
      expect(calls('POST', `${B}/tenants/${TENANT}/closing/reasons/non_payment/actions/run`)).toHaveLength(1),
    );
    expect(calls('POST', `${B}/tenants/${TENANT}/closing/reasons/non_payment/actions/run`)[0]!.body).toEqual({
      note: 'Dunning ended',
    });
  });

  it('offers no action to a viewer, and no closing run to an operator', async () => {
    serve({ profile: viewerProfile });
    const { unmount } = render(
      <>
        <ContractsPanel tenantId={TENANT} />
        <ClosingPanel tenant={tenant} />
      </>,
    );
    const pending = await row('CTR-000007');
    expect(
      within(pending)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['PDF']);
    expect(screen.queryByRole('button', { name: 'Close tenant…' })).not.toBeInTheDocument();
    unmount();
    serve({ profile: operatorProfile });
    closingPanel();
    expect(await screen.findByText('none')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close tenant…' })).not.toBeInTheDocument();
  });
});
