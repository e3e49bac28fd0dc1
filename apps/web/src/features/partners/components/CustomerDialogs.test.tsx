import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BILLING_PREFIX as B, PARTNER_BILLING_MESSAGES as M, PARTNER_MESSAGES } from '@portal/contract';
import type { SupportPlan } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { PARTNER_CONFIGS } from '../lib/types';
import { customer, day, list } from '../testing';
import { AddDiscountDialog } from './AddDiscountDialog';
import { ChangeSupportPlanDialog } from './ChangeSupportPlanDialog';

vi.setConfig({ testTimeout: 60_000 });

const plan = (overrides: Partial<SupportPlan>): SupportPlan => ({
  support_plan_id: '11',
  name: 'Fixed',
  level: 'enterprise',
  type: 'fixed_price',
  fixed_charge_price: 50_000,
  support_price_percentage: null,
  tiered_price_rules: [],
  is_public: true,
  tenant_id: null,
  binding_count: 0,
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

function serve() {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${B}/support_plan`]: {
      body: list([plan({}), plan({ support_plan_id: '12', name: 'Tiered', type: 'tiered_price' })]),
    },
    [`GET ${B}/unit_filters/quick_selections/all`]: {
      body: { name: 'all', description: 'All', filter_ids: ['compute.tidb'] },
    },
    [`POST ${B}/discounts`]: {
      status: 201,
      body: { discount: { discount_code: 'DSC-1', status: 'valid' } },
    },
    [`POST ${B}/binded_support_plan/private`]: { status: 201, body: { binded_support_plan: null } },
  });
}

function pickDay(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
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

const options = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);

describe('Add Discount (a partner customer)', () => {
  it('type and percentage required; "Discount End Date should be greater than Effective Date."', async () => {
    const { calls } = serve();
    renderWithProviders(
      <AddDiscountDialog open onClose={() => undefined} config={PARTNER_CONFIGS.cppo} customer={customer()} />,
    );
    const d = await screen.findByRole('dialog');
    await userEvent.click(within(d).getByRole('button', { name: 'Add' }));
    expect(await within(d).findByText(M.discountTypeRequired)).toBeInTheDocument();
    expect(within(d).getByText(M.discountRequired)).toBeInTheDocument();
    await choose(d, 'Discount Type', 'CPPO');
    fireEvent.change(within(d).getByLabelText('Discount Percentage'), { target: { value: '-1' } });
    pickDay(within(d).getByLabelText('Effective Date'), day(3));
    pickDay(within(d).getByLabelText('Discount End Date'), day(2));
    await userEvent.click(within(d).getByRole('button', { name: 'Add' }));
    expect(await within(d).findByText(M.discountEndAfterEffective)).toBeInTheDocument();
    expect(within(d).getByText(M.discountRange)).toBeInTheDocument();
    expect(calls('POST', `${B}/discounts`)).toHaveLength(0);
    fireEvent.change(within(d).getByLabelText('Discount Percentage'), { target: { value: '15' } });
    pickDay(within(d).getByLabelText('Discount End Date'), day(40));
    await userEvent.click(within(d).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls('POST', `${B}/discounts`)).toHaveLength(1));
    expect(calls('POST', `${B}/discounts`)[0]!.body).toEqual({
      customers: [customer().customer_org_id],
      unit_filters: ['compute.tidb'],
      usage: 'cppo',
      provider: 'all',
      description: 'AWS CPPO Reseller customer discount',
      discount: 0.85,
      started_at: `${day(3)}T00:00:00Z`,
      expired_at: `${day(40)}T23:59:59Z`,
      note: '',
    });
  });
});

describe('Change Support Plan', () => {
  it('"End Date should be greater than Effective Date." and both at least tomorrow', async () => {
    const { calls } = serve();
    renderWithProviders(
      <ChangeSupportPlanDialog open onClose={() => undefined} tenantId="t-1" tenantName="Acme Corp" />,
    );
    const d = await screen.findByRole('dialog');
    await userEvent.click(within(d).getByRole('button', { name: 'Change' }));
    expect(await within(d).findByText(PARTNER_MESSAGES.required)).toBeInTheDocument();
    expect(within(d).getByText(M.effectiveRequired)).toBeInTheDocument();
    await choose(d, 'Support Plan', 'Fixed (Enterprise)');
    pickDay(within(d).getByLabelText('Effective Date'), day(0));
    await userEvent.click(within(d).getByRole('button', { name: 'Change' }));
    expect(await within(d).findByText(M.effectiveNotTomorrow)).toBeInTheDocument();
    pickDay(within(d).getByLabelText('Effective Date'), day(5));
    pickDay(within(d).getByLabelText('End Date'), day(4));
    await userEvent.click(within(d).getByRole('button', { name: 'Change' }));
    expect(await within(d).findByText(M.supportEndAfterEffective)).toBeInTheDocument();
    expect(calls('POST', `${B}/binded_support_plan/private`)).toHaveLength(0);
    pickDay(within(d).getByLabelText('End Date'), day(30));
    await userEvent.click(within(d).getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(calls('POST', `${B}/binded_support_plan/private`)).toHaveLength(1));
    expect(calls('POST', `${B}/binded_support_plan/private`)[0]!.body).toMatchObject({
      tenant_id: 't-1',
      support_plan_id: '11',
      active_date: `${day(5)}T00:00:00Z`,
      expired_date: `${day(30)}T23:59:59Z`,
    });
  });

  it('an MSP is offered fixed and percentage plans only', async () => {
    serve();
    renderWithProviders(
      <ChangeSupportPlanDialog open onClose={() => undefined} tenantId="t-1" tenantName="Contoso" msp />,
    );
    const d = await screen.findByRole('dialog');
    await waitFor(() => {
      fireEvent.mouseDown(within(d).getByRole('combobox', { name: 'Support Plan' }));
      expect(options()).toContain('Fixed (Enterprise)');
    });
    expect(options()).not.toContain('Tiered (Enterprise)');
  });
});
