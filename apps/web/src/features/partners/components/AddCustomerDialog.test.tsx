import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BILLING_PREFIX, PARTNER_BILLING_MESSAGES as M } from '@portal/contract';
import type { CreatePartnerCustomerBody, SupportPlan } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, tenant } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { PARTNER_CONFIGS } from '../lib/types';
import { customer, day, list, P } from '../testing';
import { AddCustomerDialog } from './AddCustomerDialog';

vi.setConfig({ testTimeout: 60_000 });

const RESELLER = '1372813089189350001';
const CUSTOMER = '1372813089189341184';

const plan: SupportPlan = {
  support_plan_id: '11',
  name: 'Enterprise Standard',
  level: 'enterprise',
  type: 'fixed_price',
  fixed_charge_price: 50_000,
  support_price_percentage: null,
  tiered_price_rules: [],
  is_public: true,
  tenant_id: null,
  binding_count: 0,
  updated_at: '2026-01-01T00:00:00Z',
};

function serve() {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    'GET /api/v1/admin/orgs': { body: list([tenant()]) },
    [`GET ${BILLING_PREFIX}/support_plan`]: { body: list([plan]) },
    [`POST ${P}/partner-customer/create`]: { status: 201, body: { customer: customer() } },
  });
}

async function choose(container: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(container).getByRole('combobox', { name: label }));
  const found = await waitFor(() => {
    const hit = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === option,
    );
    if (!hit) throw new Error(`no option ${option}`);
    return hit;
  });
  fireEvent.click(found);
}

function pickDay(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

async function open(type: 'cppo' | 'mcpo' | 'msp') {
  const onClose = vi.fn();
  renderWithProviders(<AddCustomerDialog open onClose={onClose} config={PARTNER_CONFIGS[type]} orgId={RESELLER} />);
  return { dialog: await screen.findByRole('dialog'), onClose };
}

const add = (d: HTMLElement) => userEvent.click(within(d).getByRole('button', { name: 'Add' }));

describe('AddCustomerDialog', () => {
  it('CPPO: customer org, Effective Date, payment code and sub code are required; nothing is sent', async () => {
    const { calls } = serve();
    const { dialog } = await open('cppo');
    await add(dialog);
    expect(await within(dialog).findByText(M.tenantRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.effectiveRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.paymentCodeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.paymentSubCodeRequired)).toBeInTheDocument();
    expect(calls('POST', `${P}/partner-customer/create`)).toHaveLength(0);
  });

  it('MCPO has no payment sub code; MSP has no payment fields and no skip flag', async () => {
    serve();
    const { dialog } = await open('mcpo');
    expect(within(dialog).getByLabelText('Payment Code')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Payment Sub Code')).toBeNull();
    expect(within(dialog).getByText('Skip the partner active check')).toBeInTheDocument();
  });

  it('the Effective Date is at least tomorrow (UTC); the skip flag lets an earlier one through (CPPO)', async () => {
    const { calls } = serve();
    const { dialog } = await open('cppo');
    await choose(dialog, 'Customer Org', `Acme Corp (${CUSTOMER})`);
    fireEvent.change(within(dialog).getByLabelText('Payment Code'), { target: { value: 'AWS-PO-1' } });
    fireEvent.change(within(dialog).getByLabelText('Payment Sub Code'), { target: { value: 'SUB-1' } });
    pickDay(within(dialog).getByLabelText('Effective Date'), day(0));
    await add(dialog);
    expect(await within(dialog).findByText(M.effectiveNotTomorrow)).toBeInTheDocument();
    expect(calls('POST', `${P}/partner-customer/create`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByText('Skip the partner active check'));
    await add(dialog);
    await waitFor(() => expect(calls('POST', `${P}/partner-customer/create`)).toHaveLength(1));
    expect(calls('POST', `${P}/partner-customer/create`)[0]!.body).toEqual({
      partner_type: 'CPPO',
      partner_org_id: RESELLER,
      customer_org_id: CUSTOMER,
      effected_at: `${day(0)}T00:00:00Z`,
      skip_partner_active_check: true,
      payment_code: 'AWS-PO-1',
      payment_sub_code: 'SUB-1',
      discounts: [],
    } satisfies CreatePartnerCustomerBody);
  });

  it('MSP: no skip flag, so today is refused', async () => {
    const { calls } = serve();
    const { dialog } = await open('msp');
    expect(within(dialog).queryByLabelText('Payment Code')).toBeNull();
    expect(within(dialog).queryByText('Skip the partner active check')).toBeNull();
    await choose(dialog, 'Customer Org', `Acme Corp (${CUSTOMER})`);
    pickDay(within(dialog).getByLabelText('Effective Date'), day(0));
    await add(dialog);
    expect(await within(dialog).findByText(M.effectiveNotTomorrow)).toBeInTheDocument();
    pickDay(within(dialog).getByLabelText('Effective Date'), day(1));
    await add(dialog);
    await waitFor(() => expect(calls('POST', `${P}/partner-customer/create`)).toHaveLength(1));
    expect(calls('POST', `${P}/partner-customer/create`)[0]!.body).toEqual({
      partner_type: 'MSP',
      partner_org_id: RESELLER,
      customer_org_id: CUSTOMER,
      effected_at: `${day(1)}T00:00:00Z`,
    });
  });

  it('discounts: type and percentage required, 0–100 with 2 decimals, ending after the Effective Date', async () => {
    const { calls } = serve();
    const { dialog } = await open('cppo');
    await choose(dialog, 'Customer Org', `Acme Corp (${CUSTOMER})`);
    fireEvent.change(within(dialog).getByLabelText('Payment Code'), { target: { value: 'AWS-PO-1' } });
    fireEvent.change(within(dialog).getByLabelText('Payment Sub Code'), { target: { value: 'SUB-1' } });
    pickDay(within(dialog).getByLabelText('Effective Date'), day(5));
    await userEvent.click(within(dialog).getByRole('button', { name: /Add Discount/ }));
    await add(dialog);
    expect(await within(dialog).findByText(M.discountTypeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.discountRequired)).toBeInTheDocument();
    await choose(dialog, 'Discount 1 type', 'CPPO');
    const percent = within(dialog).getByLabelText('Discount 1 percentage');
    fireEvent.change(percent, { target: { value: '101' } });
    await add(dialog);
    expect(await within(dialog).findByText(M.discountRange)).toBeInTheDocument();
    fireEvent.change(percent, { target: { value: '12.345' } });
    await add(dialog);
    expect(await within(dialog).findByText(M.discountDecimals)).toBeInTheDocument();
    fireEvent.change(percent, { target: { value: '12.34' } });
    pickDay(within(dialog).getByLabelText('Discount 1 end date'), day(4));
    await add(dialog);
    expect(await within(dialog).findByText(M.discountEndAfterEffective)).toBeInTheDocument();
    expect(calls('POST', `${P}/partner-customer/create`)).toHaveLength(0);
    pickDay(within(dialog).getByLabelText('Discount 1 end date'), day(6));
    await add(dialog);
    await waitFor(() => expect(calls('POST', `${P}/partner-customer/create`)).toHaveLength(1));
    expect(calls('POST', `${P}/partner-customer/create`)[0]!.body).toMatchObject({
      discounts: [{ usage: 'cppo', percent_off: 12.34, end_date: `${day(6)}T23:59:59Z` }],
    });
  });

  it('support plan: the End Date is after the Effective Date and at least tomorrow', async () => {
    const { calls } = serve();
    const { dialog } = await open('mcpo');
    await choose(dialog, 'Customer Org', `Acme Corp (${CUSTOMER})`);
    fireEvent.change(within(dialog).getByLabelText('Payment Code'), { target: { value: 'GCP-1' } });
    await userEvent.click(within(dialog).getByText('Skip the partner active check'));
    pickDay(within(dialog).getByLabelText('Effective Date'), day(-10));
    await choose(dialog, 'Support Plan', 'Enterprise Standard (Enterprise)');
    pickDay(within(dialog).getByLabelText('End Date'), day(-11));
    await add(dialog);
    expect(await within(dialog).findByText(M.supportEndAfterEffective)).toBeInTheDocument();
    pickDay(within(dialog).getByLabelText('End Date'), day(0));
    await add(dialog);
    expect(await within(dialog).findByText(M.supportEndNotTomorrow)).toBeInTheDocument();
    expect(calls('POST', `${P}/partner-customer/create`)).toHaveLength(0);
    pickDay(within(dialog).getByLabelText('End Date'), day(1));
    await add(dialog);
    await waitFor(() => expect(calls('POST', `${P}/partner-customer/create`)).toHaveLength(1));
    expect(calls('POST', `${P}/partner-customer/create`)[0]!.body).toMatchObject({
      partner_type: 'MCPO',
      support_plan: { support_plan_id: '11', end_date: `${day(1)}T23:59:59Z` },
    });
  });
});
