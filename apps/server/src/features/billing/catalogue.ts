import {
  CLOUD_PROVIDERS,
  CREDIT_TYPES,
  type BillingUnit,
  type CloudProvider,
  type CreditType,
  type MeasureUnit,
  type QuickSelection,
  type UnitFilter,
  type UnitFilterQuickSelection,
} from '@portal/contract';

/*
 * The billing catalogue, in code (the same on every deployment): the unit-filter tree (the billing items usage is
 * rated in and discounts apply to), the price list (one unit per provider and leaf item), the quick selections of the
 * Add Discount dialog and the credit types.
 */

interface Leaf {
  id: string;
  name: string;
  measure: MeasureUnit;
  /** AWS list price, cents per PRICE_PER measure units. */
  price: number;
}
interface Branch {
  id: string;
  name: string;
  children: (Branch | Leaf)[];
}
const isLeaf = (n: Branch | Leaf): n is Leaf => 'measure' in n;

/** Every unit's price is per this many measure units (so sub-cent prices are whole cents: 1 250 per 100 = $0.125). */
export const PRICE_PER = 100;

const TREE: Branch[] = [
  {
    id: 'dedicated',
    name: 'TiDB Cloud Dedicated',
    children: [
      {
        id: 'dedicated.compute',
        name: 'Compute',
        children: [
          { id: 'dedicated.compute.tidb', name: 'TiDB node compute', measure: 'vcpu_hour', price: 1250 },
          { id: 'dedicated.compute.tikv', name: 'TiKV node compute', measure: 'vcpu_hour', price: 1125 },
          { id: 'dedicated.compute.tiflash', name: 'TiFlash node compute', measure: 'vcpu_hour', price: 1350 },
          { id: 'dedicated.compute.pd', name: 'PD node compute', measure: 'vcpu_hour', price: 450 },
          { id: 'dedicated.compute.tiproxy', name: 'TiProxy node compute', measure: 'vcpu_hour', price: 700 },
          { id: 'dedicated.compute.ticdc', name: 'TiCDC node compute', measure: 'vcpu_hour', price: 1000 },
        ],
      },
      {
        id: 'dedicated.storage',
        name: 'Storage',
        children: [
          { id: 'dedicated.storage.tikv', name: 'TiKV storage', measure: 'gib_month', price: 1400 },
          { id: 'dedicated.storage.tiflash', name: 'TiFlash storage', measure: 'gib_month', price: 1200 },
          { id: 'dedicated.storage.pd', name: 'PD storage', measure: 'gib_month', price: 1000 },
        ],
      },
      {
        id: 'dedicated.backup',
        name: 'Backup',
        children: [{ id: 'dedicated.backup.storage', name: 'Backup storage', measure: 'gib_month', price: 250 }],
      },
      {
        id: 'dedicated.data_transfer',
        name: 'Data transfer',
        children: [
          { id: 'dedicated.data_transfer.cross_az', name: 'Cross-AZ traffic', measure: 'gib', price: 200 },
          { id: 'dedicated.data_transfer.internet', name: 'Internet egress', measure: 'gib', price: 900 },
          { id: 'dedicated.data_transfer.cross_region', name: 'Cross-region traffic', measure: 'gib', price: 400 },
        ],
      },
      {
        id: 'dedicated.dm',
        name: 'Data Migration',
        children: [{ id: 'dedicated.dm.node', name: 'DM node', measure: 'node_hour', price: 5000 }],
      },
    ],
  },
  {
    id: 'serverless',
    name: 'TiDB Cloud Serverless',
    children: [
      { id: 'serverless.request_units', name: 'Request units', measure: 'million_ru', price: 1000 },
      { id: 'serverless.row_storage', name: 'Row-based storage', measure: 'gib_month', price: 2000 },
      { id: 'serverless.columnar_storage', name: 'Columnar storage', measure: 'gib_month', price: 500 },
    ],
  },
  {
    id: 'changefeed',
    name: 'Changefeeds',
    children: [{ id: 'changefeed.replication', name: 'Changefeed replication', measure: 'node_hour', price: 2000 }],
  },
];

/** Price multipliers per provider (AWS is the list price). */
const PROVIDER_FACTOR: Record<CloudProvider, number> = { AWS: 1, GCP: 1.05, AZURE: 1.1, ALICLOUD: 0.95 };

function flatten(nodes: (Branch | Leaf)[], parent: string | null, out: UnitFilter[], leaves: Leaf[]) {
  for (const n of nodes) {
    out.push({ filter_id: n.id, name: n.name, parent_id: parent, leaf: isLeaf(n) });
    if (isLeaf(n)) leaves.push(n);
    else flatten(n.children, n.id, out, leaves);
  }
}
const FILTERS: UnitFilter[] = [];
const LEAVES: Leaf[] = [];
flatten(TREE, null, FILTERS, LEAVES);

/** The unit-filter tree, flat (parents before children). */
export const UNIT_FILTERS: readonly UnitFilter[] = FILTERS;
export const LEAF_FILTERS: ReadonlyMap<string, UnitFilter & { measure: MeasureUnit }> = new Map(
  LEAVES.map((l) => [l.id, { filter_id: l.id, name: l.name, parent_id: null, leaf: true, measure: l.measure }]),
);
const BY_ID = new Map(FILTERS.map((f) => [f.filter_id, f]));
export const filterName = (id: string): string => BY_ID.get(id)?.name ?? id;

/** The leaf ids under a filter (itself when a leaf); undefined for an unknown id. */
export function leavesOf(id: string): string[] | undefined {
  if (!BY_ID.has(id)) return undefined;
  return LEAVES.filter((l) => l.id === id || l.id.startsWith(`${id}.`)).map((l) => l.id);
}

/** The unit key of a provider's leaf item: `aws.dedicated.compute.tidb`. */
export const unitKey = (provider: CloudProvider, filterId: string): string => `${provider.toLowerCase()}.${filterId}`;

/**
 * The price list as it was in code: every provider × leaf item. Migration 0017 inserted it as rows (one SKU group per
 * item, one unit per provider); the live price list is the billing_units table (units.ts `loadUnitBook`).
 */
export const UNITS: readonly BillingUnit[] = CLOUD_PROVIDERS.flatMap((provider) =>
  LEAVES.map((l) => ({
    unit: unitKey(provider, l.id),
    name: `${l.name} (${provider})`,
    filter_id: l.id,
    provider,
    measure_unit: l.measure,
    price_cents: Math.round(l.price * PROVIDER_FACTOR[provider]),
    price_per: PRICE_PER,
    price_type: 'normal' as const,
    beta_end_time: null,
    group_id: null,
    region: null,
    labels: {},
    tiers: null,
  })),
);

const QUICK: Record<UnitFilterQuickSelection, { description: string; filters: string[] }> = {
  commitment_plan_default: {
    description: 'Commitment Plan Default Discount: compute and storage of dedicated clusters',
    filters: ['dedicated.compute', 'dedicated.storage'],
  },
  cross_az_traffic_saving: {
    description: 'Cross AZ Traffic Saving Program: cross-AZ data transfer',
    filters: ['dedicated.data_transfer.cross_az'],
  },
  dm_program: { description: 'DM Program: data migration nodes', filters: ['dedicated.dm'] },
  all: { description: 'Every billing item', filters: TREE.map((b) => b.id) },
};

export function quickSelection(name: UnitFilterQuickSelection): QuickSelection {
  const q = QUICK[name];
  return { name, description: q.description, filter_ids: q.filters.flatMap((f) => leavesOf(f) ?? []) };
}

export const CREDIT_TYPE_INFO: Record<CreditType, { name: string; description: string }> = {
  promotional: { name: 'Promotional', description: 'Trial or campaign credit granted by sales or marketing' },
  compensation: { name: 'Compensation', description: 'Service credit for an SLA breach or an incident' },
  prepaid: { name: 'Prepaid', description: 'Balance the customer paid in advance' },
  marketplace: { name: 'Marketplace', description: 'Credit carried over from a cloud marketplace private offer' },
};
export const creditTypes = () => CREDIT_TYPES.map((t) => ({ credit_type: t, ...CREDIT_TYPE_INFO[t] }));
