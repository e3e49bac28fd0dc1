import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES as M, DISCOUNT_CREATE_TIMEOUT_MS } from '@portal/contract';
import type { Profile } from '@portal/contract';
import type { RecordedRequest } from '../../../test/fetchMock';
import { mockFetch } from '../../../test/fetchMock';
import { adminProfile, operatorProfile, tenant } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { B, discount, globalDiscount, list, unitFilters } from '../testing';
import { DiscountsTab } from './DiscountsTab';
// The dialogs load on first use: loaded here, so a busy machine's transform time is not a test's wait.
import '../components/AddDiscountDialog';

vi.setConfig({ testTimeout: 60_000 });

const DISCOUNTS = `${B}/discounts`;
const TENANT = '1372813089189341184';
const CPPO_TENANT = '1372813089189349999';

type Handler = (req: RecordedRequest) => { status?: number; body?: unknown } | Promise<never>;

function serve({ profile = operatorProfile, create }: { profile?: Profile; create?: Handler } = {}) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${DISCOUNTS}`]: {
      body: list([
        discount(),
        discount({ discount_sid: '3002', discount_code: 'DSC-3002', status: 'expired', description: 'DM Program' }),
      ]),
    },
    [`GET ${B}/global-discounts`]: { body: list([globalDiscount()]) },
    [`GET ${B}/unit_filters`]: { body: { items: unitFilters } },
    [`GET ${B}/unit_filters/quick_selections/:name`]: {
      body: {
        name: 'commitment_plan_default',
        description: 'Commitment Plan Default Discount',
        filter_ids: ['compute.tidb', 'compute.tikv'],
      },
    },
    'GET /api/v1/admin/orgs': {
      body: list([tenant({ name: 'Acme Retail' }), tenant({ id: CPPO_TENANT, name: 'Globex (CPPO)' })]),
    },
    [`GET ${B}/tenants/:id/billing_configs`]: (req) => ({
      body: list(
        req.url.pathname.includes(CPPO_TENANT)
          ? [{ billing_config_id: '1', kind: 'cppo', effective_date: '2026-01-01T00:00:00Z', expired_date: null }]
          : [],
      ),
    }),
    [`POST ${DISCOUNTS}`]: create ?? (() => ({ status: 201, body: { discount: discount({ discount_sid: '3100' }) } })),
    [`DELETE ${DISCOUNTS}/:id`]: { body: { discount: discount({ status: 'reclaimed' }) } },
  });
}

const render = () => renderWithProviders(<DiscountsTab />, { path: '/business?tab=discounts', routePath: '/business' });

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

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

/** Types a day into a date picker and commits it. */
function pickDay(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

async function openAdd() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Discount' }));
  return screen.findByRole('dialog', { name: 'Add Discount' });
}

/** Fills every required field: Acme Retail, the Commitment Plan preset's filters, commitment_plan, 15 % off. */
async function fill(dialog: HTMLElement, { start = day(1), end = day(30) } = {}) {
  await choose(dialog, 'Customers', `Acme Retail (${TENANT})`);
  await choose(dialog, 'Preset', 'Commitment Plan Default Discount');
  await waitFor(() => expect(within(dialog).getByText('TiKV compute')).toBeInTheDocument());
  await choose(dialog, 'Usage', 'Commitment Plan');
  fireEvent.change(within(dialog).getByLabelText('Percent Off'), { target: { value: '15' } });
  pickDay(within(dialog).getByLabelText('Start Date'), start);
  pickDay(within(dialog).getByLabelText('End Date'), end);
}

describe('/business Discounts', () => {
  it('lists the discounts and global discounts; Reclaim only for a valid discount', async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'Discounts' });
    const valid = (await within(table).findByText('DSC-3001')).closest('tr')!;
    expect(within(valid).getByText('10%')).toBeInTheDocument();
    expect(within(valid).getByRole('button', { name: 'Reclaim' })).toBeEnabled();
    const expired = within(table).getByText('DSC-3002').closest('tr')!;
    expect(within(expired).getByRole('button', { name: 'Reclaim' })).toBeDisabled();
    const global = await screen.findByRole('table', { name: 'Global discounts' });
    expect(await within(global).findByText('DM Program')).toBeInTheDocument();
    expect(within(global).getByText('20%')).toBeInTheDocument();
  });

  it('reclaims a valid discount after asking', async () => {
    const { calls } = serve();
    render();
    const table = await screen.findByRole('table', { name: 'Discounts' });
    const valid = (await within(table).findByText('DSC-3001')).closest('tr')!;
    await userEvent.click(within(valid).getByRole('button', { name: 'Reclaim' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reclaim' }));
    await waitFor(() => expect(calls('DELETE', `${DISCOUNTS}/3001`)).toHaveLength(1));
  });

  it('Add Discount: customers, unit filters, usage, start and end are required (nothing is sent)', async () => {
    const { calls } = serve();
    render();
    const dialog = await openAdd();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(M.unitFiltersRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.customersRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.usageRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.discountRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.startRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.endRequired)).toBeInTheDocument();
    expect(calls('POST', DISCOUNTS)).toHaveLength(0);
  });

  it('"End Date should be greater than Start Date" and "Should be less than 128 characters"', async () => {
    const { calls } = serve();
    render();
    const dialog = await openAdd();
    await fill(dialog, { start: day(10), end: day(9) });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'n'.repeat(129) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(M.discountEndAfterStart)).toBeInTheDocument();
    expect(within(dialog).getByText(M.noteTooLong)).toBeInTheDocument();
    expect(calls('POST', DISCOUNTS)).toHaveLength(0);
    // 128 characters and an end on the start day are fine.
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'n'.repeat(128) } });
    pickDay(within(dialog).getByLabelText('End Date'), day(10));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls('POST', DISCOUNTS)).toHaveLength(1));
  });

  it('sends the discount as 1 − percent off (4 significant digits), the preset’s filters and UTC day bounds', async () => {
    const { calls } = serve();
    render();
    const dialog = await openAdd();
    await fill(dialog);
    fireEvent.change(within(dialog).getByLabelText('Percent Off'), { target: { value: '33.333' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls('POST', DISCOUNTS)).toHaveLength(1));
    expect(calls('POST', DISCOUNTS)[0]!.body).toEqual({
      customers: [TENANT],
      usage: 'commitment_plan',
      description: 'Commitment Plan Default Discount',
      unit_filters: ['compute.tidb', 'compute.tikv'],
      provider: 'all',
      discount: 0.6667,
      started_at: `${day(1)}T00:00:00Z`,
      expired_at: `${day(30)}T23:59:59Z`,
      note: '',
    });
    expect(await screen.findByText(M.created)).toBeInTheDocument();
  });

  it('offers cppo instead of program for a CPPO customer', async () => {
    serve();
    render();
    const dialog = await openAdd();
    await choose(dialog, 'Customers', `Globex (CPPO) (${CPPO_TENANT})`);
    await waitFor(async () => {
      fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Usage' }));
      const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
      expect(options).toContain('CPPO');
    });
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['Commitment Plan', 'Pre-paid', 'CPPO']));
    expect(options).not.toContain('Program');
  });

  it(`the create request times out after ${DISCOUNT_CREATE_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    // The server never answers; the request gives up when its signal aborts.
    const hang: Handler = () => new Promise<never>(() => undefined);
    const aborted: boolean[] = [];
    const { fetchMock } = serve({ create: hang });
    const realFetch = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => {
      if (init?.method === 'POST')
        return new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => {
            aborted.push(true);
            reject(new DOMException('aborted', 'AbortError'));
          }),
        );
      return realFetch(input, init);
    });
    render();
    const dialog = await openAdd();
    await fill(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await act(() => vi.advanceTimersByTimeAsync(DISCOUNT_CREATE_TIMEOUT_MS - 1_000));
    expect(aborted).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(aborted).toHaveLength(1);
    expect(
      await within(dialog).findByText(`Request timed out after ${DISCOUNT_CREATE_TIMEOUT_MS} ms`),
    ).toBeInTheDocument();
  });

  it('global discounts: admins add them', async () => {
    serve({ profile: adminProfile });
    render();
    expect(await screen.findByRole('button', { name: 'Add Global Discount' })).toBeInTheDocument();
  });
});
