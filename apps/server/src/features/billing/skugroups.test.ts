import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rateUsage, utcToday, type BillingUnit, type Invoice, type ListResult, type SkuGroup } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { UNITS } from './catalogue.js';

/*
 * /sku_editor's routes on the seeded demo: SKU groups (list, create, update, delete, categories, preview tree, price
 * preview), units made from a group (dry run, create, delete), and rating reading the units from the database
 * (a unit made by group is rated; a threshold unit's bill to the cent).
 */

const B = '/api/v1/devops/billing-proxy/api/v1/billing';
const OPERATOR = 'operator@example.com';
const VIEWER = 'sam.okafor@example.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (method: Method, url: string, payload?: object, who = OPERATOR) =>
  t.app.inject({ method, url, headers: await t.as(who), ...(payload !== undefined ? { payload } : {}) });
type Json = ReturnType<typeof JSON.parse>;
const ok = async <T = Json>(method: Method, url: string, payload?: object): Promise<T> => {
  const res = await call(method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};
const audits = (id: string) =>
  t.database.rows<{ operation: string; operator: string; details: Record<string, unknown> }>(
    sql`select operation, operator, details from audit_logs where type = 'spu_sku' and instance_id = ${id} order by id`,
  );

const storageGroup = {
  name: '  TiKV storage by volume  ',
  unit_key_pattern: '  {provider}.dedicated.storage.tikv.{volume_type}  ',
  category: 'dedicated.storage.tikv',
  price_formula: ' provider={provider}; volume={volume_type} ',
  price_type: 'normal',
  price_expression: { aws: { gp3: 1500, io2: 2600 }, gcp: { pd: 1450 } },
  measure_unit: 'gb',
};
const tomorrow = () => `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`;

/** A tenant with an open (draft) usage invoice this month. */
async function openInvoice(): Promise<Invoice> {
  const month = utcToday().slice(0, 7);
  const list = await ok<ListResult<Invoice>>('GET', `${B}/invoices?status=draft&kind=usage&per_page=100`);
  return list.items.find((i) => i.start_date.startsWith(month))!;
}

describe('SKU groups', () => {
  it('holds the price list that was in code as groups and units, listed and searchable by name', async () => {
    const live = await ok<ListResult<BillingUnit>>('GET', `${B}/units?per_page=1000`);
    // The migration's price list, and the demo's 7 units made by group (seed/skueditor.ts).
    expect(live.total).toBe(UNITS.length + 7);
    for (const u of UNITS)
      expect(live.items.find((x) => x.unit === u.unit)).toMatchObject({ ...u, group_id: expect.any(String) });
    expect(live.items.find((x) => x.unit === 'aws.dedicated.storage.tikv.us-east-1.io2')).toMatchObject({
      region: 'us-east-1',
      labels: { volume_type: 'io2' },
      price_cents: 2150,
      price_type: 'normal',
    });
    expect(
      live.items.find((x) => x.unit === 'aws.dedicated.data_transfer.cross_region.us-west-2.tiered'),
    ).toMatchObject({
      price_type: 'threshold',
      tiers: [
        { from: 0, price: 400 },
        { from: 10_000, price: 340 },
        { from: 100_000, price: 280 },
      ],
    });
    const groups = await ok<ListResult<SkuGroup>>('GET', `${B}/sku_groups?per_page=100`);
    expect(groups.total).toBe(18 + 2);
    const tidb = groups.items.find((g) => g.category === 'dedicated.compute.tidb')!;
    expect(tidb).toMatchObject({
      unit_key_pattern: '{provider}.dedicated.compute.tidb',
      price_formula: 'provider={provider}',
      price_type: 'normal',
      price_expression: { aws: 1250, gcp: 1313, azure: 1375, alicloud: 1188 },
      measure_unit: 'min',
      labels: [],
      unit_count: 4,
    });
    const found = await ok<ListResult<SkuGroup>>('GET', `${B}/sku_groups?name=tikv%20node`);
    expect(found.items.map((g) => g.name)).toEqual(['TiKV node compute']);
    const byGroup = await ok<ListResult<BillingUnit>>('GET', `${B}/units?group_id=${tidb.group_id}&provider=GCP`);
    expect(byGroup.items.map((u) => u.unit)).toEqual(['gcp.dedicated.compute.tidb']);
    const cats = await ok('GET', `${B}/sku_groups/category`);
    expect(cats.items).toContainEqual({
      id: 'dedicated.storage.tikv',
      name: 'TiKV storage',
      measure_unit: 'gib_month',
    });
    const tree = await ok('GET', `${B}/sku_groups/preview_tree`);
    const node = tree.items.find((g: { group_id: string }) => g.group_id === tidb.group_id);
    expect(node.units.map((u: BillingUnit) => [u.unit, u.price_cents])).toContainEqual([
      'aws.dedicated.compute.tidb',
      1250,
    ]);
  });

  it('validates a group: required messages, bad JSON, the formula path, negative prices, categories', async () => {
    const bad = async (patch: object) => {
      const res = await call('POST', `${B}/sku_groups`, { ...storageGroup, ...patch });
      expect(res.statusCode).toBe(400);
      return res.json() as { code: string; message: string };
    };
    expect(JSON.stringify(await bad({ name: '  ' }))).toContain('Please input name!');
    expect(JSON.stringify(await bad({ unit_key_pattern: '' }))).toContain('Please input unit key pattern!');
    const json = await bad({ price_expression: '{"aws": ' });
    expect(json.code).toBe('billing.skuGroupInvalid');
    expect(json.message).toMatch(/^Price expression is not valid JSON: /);
    expect((await bad({ price_expression: '[1]' })).message).toBe('Price expression must be a JSON object');
    expect((await bad({ price_expression: { aws: { gp3: -5 } } })).message).toContain(
      'price_expression[aws][gp3]: a normal price must be a non-negative integer',
    );
    expect((await bad({ price_expression: { aws: 1500 } })).message).toContain(
      'price_expression[aws] must be an object keyed by volume',
    );
    expect((await bad({ price_formula: 'provider' })).message).toBe(
      '"provider" is not an assignment like provider={provider}',
    );
    expect((await bad({ category: 'dedicated' })).message).toContain('Category dedicated is not a billing item');
    expect(
      (await bad({ price_type: 'threshold', price_expression: { aws: { gp3: [{ from: 10, price: 1 }] } } })).message,
    ).toContain('the first tier of a threshold price must start from 0');
    expect((await call('POST', `${B}/sku_groups`, storageGroup, VIEWER)).statusCode).toBe(403);
  });

  it('creates (trimmed, audited), updates with re-pricing, 404s, refuses deleting a group with units', async () => {
    const created = await call('POST', `${B}/sku_groups`, storageGroup);
    expect(created.statusCode).toBe(201);
    const g = created.json().sku_group as SkuGroup;
    expect(g).toMatchObject({
      name: 'TiKV storage by volume',
      unit_key_pattern: '{provider}.dedicated.storage.tikv.{volume_type}',
      price_formula: 'provider={provider}; volume={volume_type}',
      labels: ['volume_type'],
      unit_count: 0,
    });
    expect((await audits(`sku_group:${g.group_id}`)).map((a) => a.operation)).toEqual(['create_sku_group']);

    const base = { group_id: g.group_id, provider: 'AWS', region: 'us-east-1', group_labels: { volume_type: 'gp3' } };
    const missing = await call('POST', `${B}/units/_create_by_group/dryrun`, { ...base, group_labels: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'billing.skuLabelsMissing',
      message: 'Missing group labels: volume_type',
    });
    const noPrice = await call('POST', `${B}/units/_create_by_group/dryrun`, { ...base, provider: 'AZURE' });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json()).toMatchObject({
      code: 'billing.skuPriceNotFound',
      message: 'No price found in the price expression for provider=azure; volume=gp3',
    });
    const noRegion = await call('POST', `${B}/units/_create_by_group/dryrun`, { ...base, region: ' ' });
    expect(JSON.stringify(noRegion.json())).toContain('Please input region!');
    const past = await call('POST', `${B}/units/_create_by_group/dryrun`, {
      ...base,
      beta_end_time: '2020-01-01T00:00:00Z',
    });
    expect(JSON.stringify(past.json())).toContain('Beta end date must be today or later');

    const dry = await ok('POST', `${B}/units/_create_by_group/dryrun`, { ...base, beta_end_time: tomorrow() });
    expect(dry).toMatchObject({
      created: false,
      units: [{ unit: 'aws.dedicated.storage.tikv.gp3', price_cents: 1500, price_per: 100, region: 'us-east-1' }],
    });
    expect((await ok<ListResult<BillingUnit>>('GET', `${B}/units?group_id=${g.group_id}`)).total).toBe(0);
    const made = await call('POST', `${B}/units/_create_by_group`, { ...base, beta_end_time: tomorrow() });
    expect(made.statusCode).toBe(201);
    expect(made.json().units[0]).toMatchObject({
      unit: 'aws.dedicated.storage.tikv.gp3',
      beta_end_time: new Date(tomorrow()).toISOString(),
    });
    expect((await audits('unit:aws.dedicated.storage.tikv.gp3')).map((a) => a.operation)).toEqual(['create_unit']);
    const again = await call('POST', `${B}/units/_create_by_group/dryrun`, base);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'billing.unitExists',
      message: 'Unit aws.dedicated.storage.tikv.gp3 already exists',
    });

    // Update: the unit is re-priced through the new expression; one without a price for it is refused.
    const upd = await ok('PUT', `${B}/sku_groups/${g.group_id}`, {
      ...storageGroup,
      price_expression: { aws: { gp3: 1700 } },
    });
    expect(upd.sku_group.unit_count).toBe(1);
    const unit = (await ok<ListResult<BillingUnit>>('GET', `${B}/units?group_id=${g.group_id}`)).items[0]!;
    expect(unit.price_cents).toBe(1700);
    const orphan = await call('PUT', `${B}/sku_groups/${g.group_id}`, {
      ...storageGroup,
      price_expression: { aws: { io2: 1700 } },
    });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().code).toBe('billing.skuPriceNotFound');
    expect((await audits(`sku_group:${g.group_id}`)).at(-1)).toMatchObject({
      operation: 'update_sku_group',
      details: { repriced: [{ unit: unit.unit, before: { price_cents: 1500 }, after: { price_cents: 1700 } }] },
    });

    for (const [method, url] of [
      ['PUT', `${B}/sku_groups/999999`],
      ['DELETE', `${B}/sku_groups/999999`],
      ['DELETE', `${B}/units/aws.no.such.unit`],
      ['POST', `${B}/sku_groups/abc/price_preview`],
    ] as const) {
      const res = await call(method, url, method === 'DELETE' ? undefined : storageGroup);
      expect(res.statusCode, url).toBe(404);
    }
    const inUse = await call('DELETE', `${B}/sku_groups/${g.group_id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('billing.skuGroupInUse');

    // A unit with no usage is deleted (soft): no longer listed, no longer priced.
    expect((await ok('DELETE', `${B}/units/${unit.unit}`)).unit).toBe(unit.unit);
    expect((await ok<ListResult<BillingUnit>>('GET', `${B}/units?group_id=${g.group_id}`)).total).toBe(0);
    expect((await audits(`unit:${unit.unit}`)).map((a) => a.operation)).toEqual(['create_unit', 'delete_unit']);
    const inv = await openInvoice();
    const gone = await call('POST', `${B}/measures/dryrun`, {
      records: [{ tenant_id: inv.tenant_id, unit: unit.unit, quantity: 1, month: utcToday().slice(0, 7) }],
    });
    expect(gone.json().code).toBe('billing.unknownUnit');
  });

  it('rates a unit made by group, refuses deleting a unit with open usage, bills a threshold unit to the cent', async () => {
    const inv = await openInvoice();
    const month = utcToday().slice(0, 7);
    const group = (
      await ok('POST', `${B}/sku_groups`, {
        ...storageGroup,
        name: 'Tiered TiKV storage',
        unit_key_pattern: '{provider}.{region}.dedicated.storage.tikv.tiered',
        price_formula: 'provider={provider}',
        price_type: 'threshold',
        price_expression: {
          gcp: [
            { from: 0, price: 1000 },
            { from: 1000, price: 800 },
            { from: 5000, price: 500 },
          ],
        },
      })
    ).sku_group as SkuGroup;
    expect(group.labels).toEqual([]);
    const made = await ok('POST', `${B}/units/_create_by_group`, {
      group_id: group.group_id,
      provider: 'GCP',
      region: 'us-central1',
      group_labels: {},
    });
    const key = made.units[0].unit as string;
    expect(key).toBe('gcp.us-central1.dedicated.storage.tikv.tiered');
    expect(made.units[0]).toMatchObject({
      price_type: 'threshold',
      price_cents: 1000,
      tiers: [
        { from: 0, price: 1000 },
        { from: 1000, price: 800 },
        { from: 5000, price: 500 },
      ],
    });

    const before = (await ok('GET', `${B}/invoices/${inv.invoice_id}`)).invoice as Invoice;
    // 600 + 601 = 1 201 GiB-months this month: the second tier (800) for the whole quantity.
    await ok('POST', `${B}/measures`, {
      records: [
        { tenant_id: inv.tenant_id, unit: key, quantity: 600, month },
        { tenant_id: inv.tenant_id, unit: key, quantity: 601, month },
      ],
    });
    await t.jobs.drain();
    const after = (await ok('GET', `${B}/invoices/${inv.invoice_id}`)).invoice as Invoice;
    // 600 × 800 / 100 = 4 800; 601 × 800 / 100 = 4 808 (not 6 000 + 6 010 at the first tier).
    expect(after.usage_amount - before.usage_amount).toBe(4800 + 4808);
    const lines = await t.database.rows<{ price_cents: number; amount: string }>(
      sql`select price_cents, amount from billing_usage where unit = ${key} order by quantity`,
    );
    expect(lines.map((l) => [l.price_cents, Number(l.amount)])).toEqual([
      [800, 4800],
      [800, 4808],
    ]);

    const refused = await call('DELETE', `${B}/units/${key}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'billing.unitInUse', details: { tenant_id: inv.tenant_id, month } });
  });

  it('previews a price change on last month’s usage, in cents, saving nothing', async () => {
    const groups = await ok<ListResult<SkuGroup>>('GET', `${B}/sku_groups?name=TiDB%20node`);
    const g = groups.items[0]!;
    const proposed = { ...g.price_expression, aws: 2500 };
    const preview = await ok('POST', `${B}/sku_groups/${g.group_id}/price_preview`, { price_expression: proposed });
    const now = new Date();
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
    expect(preview.month).toBe(last.slice(0, 7));
    expect(preview.units.filter((u: { changed: boolean }) => u.changed).map((u: { unit: string }) => u.unit)).toEqual([
      'aws.dedicated.compute.tidb',
    ]);
    const lines = await t.database.rows<{ tenant_id: string; quantity: string; amount: string }>(
      sql`select tenant_id, quantity, amount from billing_usage where unit = 'aws.dedicated.compute.tidb' and month = ${last}`,
    );
    const perTenant = new Map<string, number>();
    for (const l of lines)
      perTenant.set(
        l.tenant_id,
        (perTenant.get(l.tenant_id) ?? 0) + rateUsage(Number(l.quantity), 2500, 100) - Number(l.amount),
      );
    const changed = [...perTenant.values()].filter((d) => d !== 0);
    expect(changed.length).toBeGreaterThan(0);
    expect(preview.tenants_affected).toBe(changed.length);
    expect(preview.amount_after - preview.amount_before).toBe(changed.reduce((s, d) => s + d, 0));
    // Nothing saved.
    const unit = (await ok<ListResult<BillingUnit>>('GET', `${B}/units?filter_id=dedicated.compute.tidb&provider=AWS`))
      .items[0]!;
    expect(unit.price_cents).toBe(1250);
    const bad = await call('POST', `${B}/sku_groups/${g.group_id}/price_preview`, { price_expression: '{oops' });
    expect(bad.statusCode).toBe(400);
  });
});
