import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES as M } from '@portal/contract';
import type { Reply } from '../../../test/fetchMock';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { B, boundPlan, list, supportPlan } from '../testing';
import { SupportPlanTab } from './SupportPlanTab';
// The dialogs load on first use: loaded here, so a busy machine's transform time is not a test's wait.
import '../components/AddBoundPlanDialog';
import '../components/SupportPlanDialog';

vi.setConfig({ testTimeout: 60_000 });

const TENANT = '1372813089189341184';
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

function serve(disable: Reply = { body: { binded_support_plan: boundPlan({ status: 'disabled' }) } }) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${B}/support_plan`]: {
      body: list([
        supportPlan(),
        supportPlan({
          support_plan_id: '12',
          name: 'Developer Support',
          level: 'developer',
          type: 'percentage_price',
          support_price_percentage: 0.05,
          tiered_price_rules: [],
        }),
      ]),
    },
    [`PUT ${B}/support_plan/:id`]: { body: supportPlan() },
    [`GET ${B}/binded_support_plan/list`]: {
      body: list([boundPlan(), boundPlan({ binded_support_plan_id: '72', status: 'expired' })]),
    },
    [`GET ${B}/binded_support_plan`]: { body: { binded_support_plan: boundPlan() } },
    [`DELETE ${B}/binded_support_plan`]: { body: { binded_support_plan: boundPlan({ status: 'cancelled' }) } },
    [`DELETE ${B}/binded_support_plan/:id`]: disable,
    [`POST ${B}/binded_support_plan/private`]: { status: 201, body: { binded_support_plan: boundPlan() } },
    'GET /api/v1/admin/orgs': { body: list([]) },
  });
}

const render = (search = '') =>
  renderWithProviders(<SupportPlanTab />, { path: `/business?tab=support_plan${search}`, routePath: '/business' });

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

/** Sets a field's text at once (typing key by key costs seconds on a busy machine). */
async function typeInto(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await Promise.resolve();
}

/** Types a day into a date picker and commits it (Enter). */
async function pickDay(input: HTMLElement, day: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: day } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
  await Promise.resolve();
}

async function openUpdate(planName: string) {
  const table = await screen.findByRole('table', { name: 'Support plans' });
  const row = (await within(table).findByText(planName)).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Update' }));
  return screen.findByRole('dialog', { name: `Update Support Plan ${planName}` });
}

describe('/business Support Plan', () => {
  it('lists the plans with their terms and the bound plans with their status', async () => {
    serve();
    render();
    const plans = await screen.findByRole('table', { name: 'Support plans' });
    expect(
      await within(plans).findByText('2 tiers: 10% from $0.00, 5% from $10,000.00 (min $1,000.00)'),
    ).toBeInTheDocument();
    expect(within(plans).getByText('5% of usage (min $1,000.00)')).toBeInTheDocument();
    const bound = await screen.findByRole('table', { name: 'Bound plans' });
    expect(await within(bound).findByText('active')).toBeInTheDocument();
    expect(within(bound).getByText('expired')).toBeInTheDocument();
  });

  it("tiers: the last tier's to value must be empty, and each to value above its from (no request)", async () => {
    const { calls } = serve();
    render();
    const dialog = await openUpdate('Enterprise Tiered');
    // The second (last) tier gets an upper bound.
    await typeInto(within(dialog).getByLabelText('Tier 2 to'), '20000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(M.lastTierToEmpty)).toBeInTheDocument();
    // The first tier's to value at its from value.
    await typeInto(within(dialog).getByLabelText('Tier 2 to'), '');
    await typeInto(within(dialog).getByLabelText('Tier 1 to'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(M.tierToAboveFrom)).toBeInTheDocument();
    expect(within(dialog).queryByText(M.lastTierToEmpty)).not.toBeInTheDocument();
    expect(calls('PUT', `${B}/support_plan/11`)).toHaveLength(0);
  });

  it("the tiers' lower bounds are fixed: each is the previous to value; the terms go as cents and fractions", async () => {
    const { calls } = serve();
    render();
    const dialog = await openUpdate('Enterprise Tiered');
    expect(within(dialog).getByLabelText('Tier 1 from')).toHaveTextContent('$0.00');
    expect(within(dialog).getByLabelText('Tier 2 from')).toHaveTextContent('$10,000.00');
    await typeInto(within(dialog).getByLabelText('Tier 1 to'), '12500.5');
    await waitFor(() => expect(within(dialog).getByLabelText('Tier 2 from')).toHaveTextContent('$12,500.50'));
    await typeInto(within(dialog).getByLabelText('Minimum Monthly Cost'), '1234.56');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT', `${B}/support_plan/11`)).toHaveLength(1));
    expect(calls('PUT', `${B}/support_plan/11`)[0]!.body).toEqual({
      name: 'Enterprise Tiered',
      level: 'enterprise',
      type: 'tiered_price',
      fixed_charge_price: 123_456,
      support_price_percentage: null,
      tiered_price_rules: [
        { lower_bound: 0, upper_bound: 1_250_050, support_price_percentage: 0.1 },
        { lower_bound: 1_250_050, upper_bound: null, support_price_percentage: 0.05 },
      ],
    });
    expect(await screen.findByText(M.saved)).toBeInTheDocument();
  });

  it('minimum monthly cost is required and not negative; the percentage is 0 to 100', async () => {
    const { calls } = serve();
    render();
    const dialog = await openUpdate('Developer Support');
    await typeInto(within(dialog).getByLabelText('Minimum Monthly Cost'), '');
    await typeInto(within(dialog).getByLabelText('Percentage'), '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(M.minimumCostRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.percentageRange)).toBeInTheDocument();
    await typeInto(within(dialog).getByLabelText('Minimum Monthly Cost'), '-1');
    await typeInto(within(dialog).getByLabelText('Percentage'), '');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(M.minimumCostMin)).toBeInTheDocument();
    expect(within(dialog).getByText(M.percentageRequired)).toBeInTheDocument();
    expect(calls('PUT', `${B}/support_plan/12`)).toHaveLength(0);
  });

  it('adding a plan: "Start Date is required.", not in the past, and "End Date should be greater than Start Date."', async () => {
    const { calls } = serve();
    render(`&bound_tenant_id=${TENANT}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Support Plan' });
    // The level defaults to Enterprise; the selectable levels are Developer, Enterprise, Premium.
    expect(within(dialog).getByText('Enterprise')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Level' }));
    await waitFor(() => {
      const enabled = [...document.querySelectorAll('.ant-select-item-option:not(.ant-select-item-option-disabled)')];
      expect(enabled.map((o) => o.textContent)).toEqual(['Developer', 'Enterprise', 'Premium']);
    });
    await choose(dialog, 'Type', 'Fixed Price');
    await typeInto(within(dialog).getByLabelText('Minimum Monthly Cost'), '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(M.startDateRequired)).toBeInTheDocument();

    // A day in the past is refused (the picker does not take it; the rule would say so).
    await pickDay(within(dialog).getByLabelText('Start Date'), day(-2));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(
        within(dialog).queryByText(M.startDateRequired) ?? within(dialog).queryByText(M.startDateInPast),
      ).not.toBeNull(),
    );

    await pickDay(within(dialog).getByLabelText('Start Date'), day(3));
    await pickDay(within(dialog).getByLabelText('End Date'), day(2));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(M.supportEndAfterStart)).toBeInTheDocument();
    expect(calls('POST', `${B}/binded_support_plan/private`)).toHaveLength(0);

    await pickDay(within(dialog).getByLabelText('End Date'), day(40));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls('POST', `${B}/binded_support_plan/private`)).toHaveLength(1));
    expect(calls('POST', `${B}/binded_support_plan/private`)[0]!.body).toEqual({
      tenant_id: TENANT,
      level: 'enterprise',
      type: 'fixed_price',
      fixed_charge_price: 50_000,
      support_price_percentage: null,
      tiered_price_rules: [],
      active_date: `${day(3)}T00:00:00Z`,
      expired_date: `${day(40)}T23:59:59Z`,
    });
  });

  it('cancels the current plan of the tenant filtered on, after asking', async () => {
    const { calls } = serve();
    render(`&bound_tenant_id=${TENANT}`);
    const current = await screen.findByLabelText('Current plan');
    await userEvent.click(await within(current).findByRole('button', { name: 'Cancel Current Plan' }));
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel Plan' }));
    await waitFor(() => expect(calls('DELETE', `${B}/binded_support_plan`)).toHaveLength(1));
    expect(calls('DELETE', `${B}/binded_support_plan`)[0]!.url.searchParams.get('tenant_id')).toBe(TENANT);
  });

  it('disable: only an active or to_be_activated plan; a failure says the server message, else "Cancel Failed"', async () => {
    serve({ status: 500, body: {} });
    const { unmount } = render();
    const table = await screen.findByRole('table', { name: 'Bound plans' });
    await waitFor(() => expect(within(table).getAllByRole('button', { name: 'Disable' })).toHaveLength(2));
    const [active, expired] = within(table).getAllByRole('button', { name: 'Disable' });
    expect(expired).toBeDisabled();
    await userEvent.click(active!);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(M.cancelFailed)).toBeInTheDocument();
    unmount();

    serve({ status: 409, body: { code: 'billing.boundPlanEnded', message: 'The plan already ended' } });
    render();
    const again = await screen.findByRole('table', { name: 'Bound plans' });
    await waitFor(() => expect(within(again).getAllByRole('button', { name: 'Disable' })).toHaveLength(2));
    await userEvent.click(within(again).getAllByRole('button', { name: 'Disable' })[0]!);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('The plan already ended')).toBeInTheDocument();
  });
});
