import type { Db } from '../platform/db.js';
import { createSkuGroup } from '../features/billing/skugroups.js';
import { createUnits } from '../features/billing/units.js';

/*
 * The SKU editor's demo groups beyond the price list migration 0017 put in (one plain group per billing item): a
 * group with a label (TiKV storage priced by volume type, per provider) and a threshold group (cross-region traffic in
 * volume tiers), each with units made by group the way the page makes them — so the unit creation's label inputs,
 * regional units and tiers show on a fresh start. Rating keeps using each item's plain unit (`loadUnitBook`), so the
 * demo's bills stay as they are.
 */

const ADMIN = 'admin@example.com';

export async function seedSkuEditor(tx: Db): Promise<void> {
  const storage = await createSkuGroup(
    tx,
    {
      name: 'TiKV storage by volume type',
      unit_key_pattern: '{provider}.dedicated.storage.tikv.{region}.{volume_type}',
      category: 'dedicated.storage.tikv',
      price_formula: 'provider={provider}; volume={volume_type}',
      price_type: 'normal',
      price_expression: {
        aws: { gp3: 1400, io2: 2150 },
        gcp: { pd_ssd: 1470, pd_balanced: 1090 },
        azure: { premiumv2: 1540, premium: 1320 },
      },
      measure_unit: 'gb',
    },
    ADMIN,
    new Date('2026-10-15T09:00:00Z'),
  );
  const units: [string, 'AWS' | 'GCP' | 'AZURE', string, string][] = [
    [storage.group_id, 'AWS', 'us-east-1', 'gp3'],
    [storage.group_id, 'AWS', 'us-east-1', 'io2'],
    [storage.group_id, 'AWS', 'eu-west-1', 'gp3'],
    [storage.group_id, 'GCP', 'us-central1', 'pd_ssd'],
    [storage.group_id, 'AZURE', 'eastus', 'premiumv2'],
  ];
  for (const [groupId, provider, region, volume] of units) {
    await createUnits(
      tx,
      { group_id: groupId, provider, region, group_labels: { volume_type: volume }, beta_end_time: null },
      ADMIN,
      new Date('2026-10-15T09:30:00Z'),
    );
  }

  const traffic = await createSkuGroup(
    tx,
    {
      name: 'Cross-region traffic, volume tiers',
      unit_key_pattern: '{provider}.dedicated.data_transfer.cross_region.{region}.tiered',
      category: 'dedicated.data_transfer.cross_region',
      price_formula: 'provider={provider}',
      price_type: 'threshold',
      price_expression: {
        aws: [
          { from: 0, price: 400 },
          { from: 10_000, price: 340 },
          { from: 100_000, price: 280 },
        ],
        gcp: [
          { from: 0, price: 420 },
          { from: 10_000, price: 360 },
        ],
      },
      measure_unit: 'gb',
    },
    ADMIN,
    new Date('2026-10-20T14:00:00Z'),
  );
  for (const [provider, region] of [
    ['AWS', 'us-west-2'],
    ['GCP', 'europe-west1'],
  ] as const) {
    await createUnits(
      tx,
      { group_id: traffic.group_id, provider, region, group_labels: {}, beta_end_time: null },
      ADMIN,
      new Date('2026-10-20T14:30:00Z'),
    );
  }
}
