import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { BILLING_PREFIX as B, SKU_GROUP_MESSAGES, utcToday } from '@portal/contract';
import type { BillingUnit, SkuGroup } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { betaDateDisabled, betaEndTime } from '../lib/form';
import { SkuGroupDialog } from './SkuGroupDialog';

vi.setConfig({ testTimeout: 60_000 });

const group = (o: Partial<SkuGroup> = {}): SkuGroup => ({
  group_id: '7',
  unit_key_pattern: '{provider}.dedicated.storage.tikv.{volume_type}',
  name: 'TiKV storage',
  category: 'dedicated.storage.tikv',
  category_name: 'TiKV storage',
  price_formula: 'provider={provider}; volume={volume_type}',
  price_type: 'normal',
  price_expression: { aws: { gp3: 1500 } },
  measure_unit: 'gb',
  labels: ['volume_type'],
  unit_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...o,
});
const unit: BillingUnit = {
  unit: 'aws.dedicated.storage.tikv.gp3',
  name: 'TiKV storage (AWS us-east-1, gp3)',
  filter_id: 'dedicated.storage.tikv',
  provider: 'AWS',
  measure_unit: 'gib_month',
  price_cents: 1500,
  price_per: 100,
  price_type: 'normal',
  beta_end_time: null,
  group_id: '7',
  region: 'us-east-1',
  labels: { volume_type: 'gp3' },
  tiers: null,
};

function serve(routes: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${B}/sku_groups/category`]: {
      body: { items: [{ id: 'dedicated.storage.tikv', name: 'TiKV storage', measure_unit: 'gib_month' }] },
    },
    [`GET ${B}/units`]: { body: { items: [], total: 0 } },
    ...routes,
  });
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const hit = await waitFor(() => {
    const o = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((x) =>
      x.textContent?.includes(option),
    );
    if (!o) throw new Error(`no option ${option}`);
    return o;
  });
  fireEvent.click(hit);
}

describe('SKU group form (spec §5)', () => {
  it('requires every field with its message and shows the JSON parser error on blur', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<SkuGroupDialog mode="create" open onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    for (const m of [
      SKU_GROUP_MESSAGES.nameRequired,
      SKU_GROUP_MESSAGES.patternRequired,
      SKU_GROUP_MESSAGES.categoryRequired,
      SKU_GROUP_MESSAGES.formulaRequired,
      SKU_GROUP_MESSAGES.priceTypeRequired,
      SKU_GROUP_MESSAGES.measureUnitRequired,
    ])
      expect(await screen.findByText(m)).toBeInTheDocument();
    const expr = screen.getByRole('textbox', { name: 'Price Expression' });
    fireEvent.change(expr, { target: { value: '{"aws": ' } });
    fireEvent.blur(expr);
    let parserError = '';
    try {
      JSON.parse('{"aws": ');
    } catch (e) {
      parserError = (e as Error).message;
    }
    expect(await screen.findByText(parserError)).toBeInTheDocument();
    fireEvent.change(expr, { target: { value: '[1]' } });
    fireEvent.blur(expr);
    expect(await screen.findByText(SKU_GROUP_MESSAGES.expressionNotObject)).toBeInTheDocument();
  });

  it('trims pattern and formula, shows label inputs but provider and region, then shows the units', async () => {
    const created = group({ unit_count: 0 });
    const api = serve({ [`POST ${B}/sku_groups`]: { status: 201, body: { sku_group: created } } });
    const user = userEvent.setup();
    renderWithProviders(<SkuGroupDialog mode="create" open onClose={() => undefined} />);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'TiKV storage');
    const pattern = screen.getByRole('textbox', { name: 'Unit Key Pattern' });
    fireEvent.change(pattern, { target: { value: '  {provider}.{region}.storage.{volume_type}  ' } });
    fireEvent.blur(pattern);
    const formula = screen.getByRole('textbox', { name: 'Price Formula' });
    fireEvent.change(formula, { target: { value: ' provider={provider}; volume={volume_type}; tier={tier} ' } });
    fireEvent.blur(formula);
    await waitFor(() => expect(screen.getByTestId('group-labels')).toHaveTextContent('volume_type, tier'));
    expect(screen.getByTestId('group-labels')).not.toHaveTextContent('provider');
    await choose('Category', 'TiKV storage');
    await choose('Price Type', 'normal');
    await choose('Measure Unit', 'gb');
    fireEvent.change(screen.getByRole('textbox', { name: 'Price Expression' }), {
      target: { value: '{"aws": {"gp3": {"std": 1500}}}' },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST', `${B}/sku_groups`)).toHaveLength(1));
    expect(api.calls('POST', `${B}/sku_groups`)[0]!.body).toMatchObject({
      unit_key_pattern: '{provider}.{region}.storage.{volume_type}',
      price_formula: 'provider={provider}; volume={volume_type}; tier={tier}',
      price_expression: { aws: { gp3: { std: 1500 } } },
    });
    // After a create: editable, with the unit list.
    expect(await screen.findByText('Edit SKU Group')).toBeInTheDocument();
    expect(await screen.findByText('No units yet')).toBeInTheDocument();
  });

  it('shows the server message in an inline alert, and a price preview before saving a changed expression', async () => {
    const api = serve({
      [`PUT ${B}/sku_groups/:id`]: {
        status: 400,
        body: { code: 'billing.skuPriceNotFound', message: 'Unit aws.x: no price', requestId: 'r' },
      },
      [`POST ${B}/sku_groups/:id/price_preview`]: {
        body: {
          month: '2026-10',
          units: [
            {
              unit: 'aws.dedicated.storage.tikv.gp3',
              before: { price_cents: 1500, tiers: null },
              after: { price_cents: 1700, tiers: null },
              problem: null,
              changed: true,
            },
          ],
          tenants_affected: 3,
          amount_before: 10_000,
          amount_after: 12_345,
          tenants: [],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SkuGroupDialog mode="edit" group={group()} open onClose={() => undefined} />);
    const expr = await screen.findByRole('textbox', { name: 'Price Expression' });
    fireEvent.change(expr, { target: { value: '{"aws": {"gp3": 1700}}' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const preview = await screen.findByTestId('price-preview');
    expect(preview).toHaveTextContent('1 unit(s) change price: aws.dedicated.storage.tikv.gp3');
    expect(preview).toHaveTextContent('2026-10: 3 tenant bill(s) change by +$23.45');
    expect(api.calls('PUT', `${B}/sku_groups/7`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm and Save' }));
    expect((await screen.findByText('Unit aws.x: no price')).closest('.ant-alert-error')).not.toBeNull();
  });

  it('view mode is read-only', async () => {
    serve({ [`GET ${B}/units`]: { body: { items: [unit], total: 1 } } });
    renderWithProviders(<SkuGroupDialog mode="view" group={group()} open onClose={() => undefined} />);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(await screen.findByText('aws.dedicated.storage.tikv.gp3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Units' })).toBeNull();
  });
});

describe('unit creation (spec §4, §5)', () => {
  it('runs a dry run (provider and region required) before Create, sends the beta date at 00:00:00Z', async () => {
    const planned = { created: false, units: [{ ...unit, beta_end_time: null }] };
    const api = serve({
      [`POST ${B}/units/_create_by_group/dryrun`]: { body: planned },
      [`POST ${B}/units/_create_by_group`]: { status: 201, body: { ...planned, created: true } },
    });
    const user = userEvent.setup();
    renderWithProviders(<SkuGroupDialog mode="edit" group={group()} open onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Create Units' }));
    const dialog = (await screen.findByText('Create Units of TiKV storage')).closest<HTMLElement>('.ant-modal')!;
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Dry Run' }));
    expect(await within(dialog).findByText(SKU_GROUP_MESSAGES.providerRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(SKU_GROUP_MESSAGES.regionRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('Please input volume_type!')).toBeInTheDocument();
    await choose('Provider', 'AWS');
    await user.type(within(dialog).getByRole('textbox', { name: 'Region' }), 'us-east-1');
    await user.type(within(dialog).getByRole('textbox', { name: 'volume_type' }), 'gp3');
    await user.click(within(dialog).getByRole('button', { name: 'Dry Run' }));
    expect(await within(dialog).findByText('Dry run result')).toBeInTheDocument();
    expect(within(dialog).getByText('$15.00 per 100 gib_month')).toBeInTheDocument();
    expect(api.calls('POST', `${B}/units/_create_by_group/dryrun`)[0]!.body).toEqual({
      group_id: '7',
      provider: 'AWS',
      region: 'us-east-1',
      group_labels: { volume_type: 'gp3' },
      beta_end_time: null,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.calls('POST', `${B}/units/_create_by_group`)).toHaveLength(1));
  });

  it('shows a dry run failure inline', async () => {
    serve({
      [`POST ${B}/units/_create_by_group/dryrun`]: {
        status: 400,
        body: {
          code: 'billing.skuPriceNotFound',
          message: 'No price found in the price expression for provider=gcp; volume=gp3',
          requestId: 'r',
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SkuGroupDialog mode="edit" group={group()} open onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Create Units' }));
    const dialog = (await screen.findByText('Create Units of TiKV storage')).closest<HTMLElement>('.ant-modal')!;
    await choose('Provider', 'GCP');
    await user.type(within(dialog).getByRole('textbox', { name: 'Region' }), 'us-central1');
    await user.type(within(dialog).getByRole('textbox', { name: 'volume_type' }), 'gp3');
    await user.click(within(dialog).getByRole('button', { name: 'Dry Run' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No price found in the price expression for provider=gcp; volume=gp3',
    );
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
  });

  it('allows a beta end date only on or after today (UTC), sent at 00:00:00Z', () => {
    const today = dayjs(utcToday());
    expect(betaDateDisabled(today.subtract(1, 'day'))).toBe(true);
    expect(betaDateDisabled(today)).toBe(false);
    expect(betaDateDisabled(today.add(30, 'day'))).toBe(false);
    expect(betaEndTime(dayjs('2030-05-06'))).toBe('2030-05-06T00:00:00Z');
    expect(betaEndTime(null)).toBeNull();
  });
});
