import { z } from 'zod';
import { route } from './api.js';
import { listQuery, listResult } from './list.js';
import { BILLING_PREFIX, MEASURE_UNITS, utcToday } from './billing.js';
import { billingUnitSchema } from './billing-plans.js';
import { CLOUD_PROVIDERS } from './constants.js';

/*
 * SKU groups and units (spec §2 /sku_editor, §3 SKU group and Unit, §4 Unit creation, §5 SKU group form, §7 Billing
 * sku_groups and units). The price list rating uses is rows: one unit per billable key, made from a group.
 *
 * - `unit_key_pattern` names a group's units with `{placeholder}`s: `{provider}.dedicated.storage.tikv.{volume_type}`.
 *   `{provider}` is the provider in lower case (`aws`), `{region}` the region id; every other placeholder is a label.
 * - `price_formula` is assignments separated by `;`, in the order they index `price_expression`:
 *   `provider={provider}; volume={volume_type}` means price_expression[provider][volume_type]. The left-hand names
 *   only document the level; a right-hand side is a `{placeholder}` or a literal key.
 * - The group's labels (the unit creation's `group_labels` inputs) are the placeholders of the pattern and of the
 *   formula's right-hand sides other than provider and region.
 * - A `normal` price is an integer: cents per PRICE_PER (100) measure units, like the whole price list. A `threshold`
 *   price is a list of tiers `[{from, price}]` (from 0, ascending): volume pricing per tenant and month — the month's
 *   whole quantity of the unit is rated at the price of the highest tier its total reached.
 * - A group's `measure_unit` is the spec's display unit (`min` for time, `gb` for size); what rating counts in is the
 *   category's measure (`vcpu_hour`, `gib_month`…, see GET sku_groups/category).
 */

const B = BILLING_PREFIX;

export const SKU_PRICE_TYPES = ['threshold', 'normal'] as const;
export type SkuPriceType = (typeof SKU_PRICE_TYPES)[number];
export const SKU_MEASURE_UNITS = ['min', 'gb'] as const;
export type SkuMeasureUnit = (typeof SKU_MEASURE_UNITS)[number];
/** Placeholders every unit has (the unit creation's own inputs), never group labels. */
export const UNIT_BUILTIN_PLACEHOLDERS = ['provider', 'region'] as const;

export const SKU_GROUP_MESSAGES = {
  nameRequired: 'Please input name!',
  patternRequired: 'Please input unit key pattern!',
  categoryRequired: 'Please select category!',
  formulaRequired: 'Please input price formula!',
  priceTypeRequired: 'Please select price type!',
  expressionRequired: 'Please input price expression!',
  measureUnitRequired: 'Please select measure unit!',
  expressionNotObject: 'Price expression must be a JSON object',
  providerRequired: 'Please select provider!',
  regionRequired: 'Please input region!',
  betaEndPast: 'Beta end date must be today or later',
  betaEndMidnight: 'Beta end date must be a date at 00:00:00Z',
} as const;

// ---- pure rules, shared by server and web ---------------------------------------------------------------------------

/** The `{placeholder}` names of a text, in order, each once. */
export function placeholdersOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\{([^{}]*)\}/g)) {
    const name = m[1]!.trim();
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

export interface FormulaStep {
  name: string;
  /** The right-hand side as written: `{volume_type}` or a literal. */
  value: string;
}

/** `provider={provider}; volume={volume_type}` → its steps; a message when it is not a list of `name=value`. */
export function parseFormula(formula: string): { steps: FormulaStep[] } | { error: string } {
  const parts = formula
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return { error: 'The price formula has no assignment' };
  const steps: FormulaStep[] = [];
  for (const p of parts) {
    const m = /^([A-Za-z0-9_.-]+)\s*=\s*(\S+)$/.exec(p);
    if (!m) return { error: `"${p}" is not an assignment like provider={provider}` };
    steps.push({ name: m[1]!, value: m[2]! });
  }
  return { steps };
}

/** The group's labels: placeholders of the pattern and of the formula's values, except provider and region. */
export function groupLabelsOf(pattern: string, formula: string): string[] {
  const parsed = parseFormula(formula);
  const fromFormula = 'steps' in parsed ? parsed.steps.flatMap((s) => placeholdersOf(s.value)) : [];
  return [...new Set([...placeholdersOf(pattern), ...fromFormula])].filter(
    (p) => !(UNIT_BUILTIN_PLACEHOLDERS as readonly string[]).includes(p),
  );
}

/** A text with its placeholders replaced (unknown ones are left as written). */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{([^{}]*)\}/g, (whole, name: string) => values[name.trim()] ?? whole);
}

export const priceTierSchema = z.object({
  from: z.number().int().min(0),
  price: z.number().int().min(0),
});
export type PriceTier = z.infer<typeof priceTierSchema>;

/** Why a value is not a price of the type (null when it is one). */
export function priceProblem(value: unknown, type: SkuPriceType): string | null {
  if (type === 'normal')
    return Number.isSafeInteger(value) && (value as number) >= 0
      ? null
      : `a normal price must be a non-negative integer (cents per 100 measure units), not ${JSON.stringify(value)}`;
  const tiers = z.array(priceTierSchema).min(1).safeParse(value);
  if (!tiers.success)
    return `a threshold price must be a list of tiers [{"from": quantity, "price": cents}] with non-negative integers, not ${JSON.stringify(value)}`;
  if (tiers.data[0]!.from !== 0) return 'the first tier of a threshold price must start from 0';
  if (tiers.data.some((t, i) => i > 0 && t.from <= tiers.data[i - 1]!.from))
    return 'the tiers of a threshold price must be in ascending order of from';
  return null;
}

/**
 * Checks an expression against a formula and a price type: every path the formula can take (one level per
 * assignment) must end in a price. Null when it does, else the first problem.
 */
export function expressionProblem(expression: unknown, formula: string, type: SkuPriceType): string | null {
  if (typeof expression !== 'object' || expression === null || Array.isArray(expression))
    return SKU_GROUP_MESSAGES.expressionNotObject;
  const parsed = parseFormula(formula);
  if ('error' in parsed) return parsed.error;
  const walk = (node: unknown, depth: number, path: string[]): string | null => {
    if (depth === parsed.steps.length) {
      const p = priceProblem(node, type);
      return p ? `price_expression${path.map((k) => `[${k}]`).join('')}: ${p}` : null;
    }
    if (typeof node !== 'object' || node === null || Array.isArray(node) || !Object.keys(node).length)
      return `price_expression${path.map((k) => `[${k}]`).join('')} must be an object keyed by ${parsed.steps[depth]!.name} (the formula has ${parsed.steps.length} levels)`;
    for (const [k, v] of Object.entries(node)) {
      const problem = walk(v, depth + 1, [...path, k]);
      if (problem) return problem;
    }
    return null;
  };
  return walk(expression, 0, []);
}

/** The price the formula finds for the values (provider lower case, region, labels), or why it finds none. */
export function lookupPrice(
  expression: unknown,
  formula: string,
  values: Readonly<Record<string, string>>,
): { price: unknown; path: string } | { error: string } {
  const parsed = parseFormula(formula);
  if ('error' in parsed) return { error: parsed.error };
  const keys = parsed.steps.map((s) => fillPlaceholders(s.value, values));
  const path = parsed.steps.map((s, i) => `${s.name}=${keys[i]}`).join('; ');
  let node: unknown = expression;
  for (const k of keys) {
    if (typeof node !== 'object' || node === null || Array.isArray(node) || !Object.hasOwn(node, k))
      return { error: `No price found in the price expression for ${path}` };
    node = (node as Record<string, unknown>)[k];
  }
  return { price: node, path };
}

/** The price of a tenant month's whole quantity under tiers (volume pricing): the highest tier reached. */
export function tierPrice(tiers: readonly PriceTier[], monthQuantity: number): number {
  let price = tiers[0]?.price ?? 0;
  for (const t of tiers) if (monthQuantity >= t.from) price = t.price;
  return price;
}

// ---- schemas --------------------------------------------------------------------------------------------------------

export const skuGroupSchema = z.object({
  group_id: z.string(),
  unit_key_pattern: z.string(),
  name: z.string(),
  /** A leaf billing item (unit filter id): what the group's units are usage of. */
  category: z.string(),
  category_name: z.string(),
  price_formula: z.string(),
  price_type: z.enum(SKU_PRICE_TYPES),
  price_expression: z.record(z.string(), z.unknown()),
  /** min or gb; null for a category counted in neither (request units). */
  measure_unit: z.enum(SKU_MEASURE_UNITS).nullable(),
  /** The label inputs a unit of the group needs. */
  labels: z.array(z.string()),
  unit_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SkuGroup = z.infer<typeof skuGroupSchema>;

export const skuGroupListQuery = listQuery(
  { name: z.string().trim().max(200).optional() },
  ['name', 'created_at'],
  'name',
);
export type SkuGroupListQuery = z.input<typeof skuGroupListQuery>;

/** The price expression as JSON, or as text holding JSON (parsed by the server; bad JSON is a 400 with its error). */
const expressionField = z.union([z.record(z.string(), z.unknown()), z.string()], {
  error: SKU_GROUP_MESSAGES.expressionRequired,
});

export const skuGroupBody = z.object({
  name: z.string({ error: SKU_GROUP_MESSAGES.nameRequired }).trim().min(1, SKU_GROUP_MESSAGES.nameRequired).max(200),
  unit_key_pattern: z
    .string({ error: SKU_GROUP_MESSAGES.patternRequired })
    .trim()
    .min(1, SKU_GROUP_MESSAGES.patternRequired)
    .max(300),
  category: z
    .string({ error: SKU_GROUP_MESSAGES.categoryRequired })
    .trim()
    .min(1, SKU_GROUP_MESSAGES.categoryRequired)
    .max(100),
  price_formula: z
    .string({ error: SKU_GROUP_MESSAGES.formulaRequired })
    .trim()
    .min(1, SKU_GROUP_MESSAGES.formulaRequired)
    .max(500),
  price_type: z.enum(SKU_PRICE_TYPES, { error: SKU_GROUP_MESSAGES.priceTypeRequired }),
  price_expression: expressionField,
  measure_unit: z.enum(SKU_MEASURE_UNITS, { error: SKU_GROUP_MESSAGES.measureUnitRequired }),
});
export type SkuGroupBody = z.input<typeof skuGroupBody>;
export const skuGroupResponse = z.object({ sku_group: skuGroupSchema });

export const skuCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** What rating counts the category's usage in. */
  measure_unit: z.enum(MEASURE_UNITS),
});
export const skuCategoriesResponse = z.object({ items: z.array(skuCategorySchema) });
export type SkuCategory = z.infer<typeof skuCategorySchema>;

/** A Beta end date: the UTC day at 00:00:00Z, today or later. */
const betaEndField = z
  .string()
  .trim()
  .nullable()
  .optional()
  .refine((v) => !v || /^\d{4}-\d{2}-\d{2}T00:00:00(\.000)?Z$/.test(v), SKU_GROUP_MESSAGES.betaEndMidnight)
  .refine((v) => !v || v.slice(0, 10) >= utcToday(), SKU_GROUP_MESSAGES.betaEndPast);

export const createUnitsByGroupBody = z.object({
  group_id: z.string().trim().min(1).max(40),
  provider: z.enum(CLOUD_PROVIDERS, { error: SKU_GROUP_MESSAGES.providerRequired }),
  region: z
    .string({ error: SKU_GROUP_MESSAGES.regionRequired })
    .trim()
    .min(1, SKU_GROUP_MESSAGES.regionRequired)
    .max(64),
  /** One value per group label (letters, digits, `_`, `-`, `.`). */
  group_labels: z
    .record(
      z.string(),
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_.-]*$/, 'A label value has only letters, digits, _, - and .'),
    )
    .default({}),
  beta_end_time: betaEndField,
});
export type CreateUnitsByGroupBody = z.input<typeof createUnitsByGroupBody>;

export const plannedUnitSchema = z.object({
  unit: z.string(),
  name: z.string(),
  filter_id: z.string(),
  provider: z.enum(CLOUD_PROVIDERS),
  region: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
  price_type: z.enum(SKU_PRICE_TYPES),
  price_cents: z.number().int(),
  tiers: z.array(priceTierSchema).nullable(),
  price_per: z.number().int(),
  measure_unit: z.enum(MEASURE_UNITS),
  beta_end_time: z.string().nullable(),
});
export type PlannedUnit = z.infer<typeof plannedUnitSchema>;
export const createUnitsResult = z.object({ created: z.boolean(), units: z.array(plannedUnitSchema) });
export type CreateUnitsResult = z.infer<typeof createUnitsResult>;

export const previewTreeSchema = z.object({
  items: z.array(
    z.object({
      group_id: z.string().nullable(),
      name: z.string(),
      category: z.string(),
      price_type: z.enum(SKU_PRICE_TYPES),
      units: z.array(billingUnitSchema),
    }),
  ),
});
export type PreviewTree = z.infer<typeof previewTreeSchema>;

export const pricePreviewBody = z.object({
  price_expression: expressionField,
  /** Defaults to the group's. */
  price_formula: z.string().trim().min(1).max(500).optional(),
  price_type: z.enum(SKU_PRICE_TYPES).optional(),
});
export const pricePreviewResult = z.object({
  /** The month whose rated usage was re-priced (last month, UTC). */
  month: z.string(),
  units: z.array(
    z.object({
      unit: z.string(),
      before: z.object({ price_cents: z.number().int(), tiers: z.array(priceTierSchema).nullable() }),
      /** Null when the new expression has no price for the unit (saving would leave it at its price). */
      after: z.object({ price_cents: z.number().int(), tiers: z.array(priceTierSchema).nullable() }).nullable(),
      problem: z.string().nullable(),
      changed: z.boolean(),
    }),
  ),
  tenants_affected: z.number().int(),
  amount_before: z.number().int(),
  amount_after: z.number().int(),
  /** Per tenant whose bill changes, largest change first (at most 50). */
  tenants: z.array(
    z.object({
      tenant_id: z.string(),
      tenant_name: z.string(),
      before: z.number().int(),
      after: z.number().int(),
      delta: z.number().int(),
    }),
  ),
});
export type PricePreview = z.infer<typeof pricePreviewResult>;

const groupParams = z.object({ id: z.string().trim().min(1).max(40) });
const unitParams = z.object({ key: z.string().trim().min(1).max(300) });

/** The /sku_editor routes (reads `portal.read`, changes `portal.operate` like the other billing changes). */
export const billingSkuApi = {
  skuGroups: route({
    method: 'GET',
    path: `${B}/sku_groups`,
    access: 'skus.read',
    query: skuGroupListQuery,
    response: listResult(skuGroupSchema),
  }),
  skuCategories: route({
    method: 'GET',
    path: `${B}/sku_groups/category`,
    access: 'skus.read',
    response: skuCategoriesResponse,
  }),
  skuPreviewTree: route({
    method: 'GET',
    path: `${B}/sku_groups/preview_tree`,
    access: 'skus.read',
    response: previewTreeSchema,
  }),
  createSkuGroup: route({
    method: 'POST',
    path: `${B}/sku_groups`,
    access: 'skus.write',
    status: 201,
    body: skuGroupBody,
    response: skuGroupResponse,
  }),
  /**
   * Re-prices the group's live units through the new formula and expression (400 when it has no price for one; see
   * price_preview first). Unit keys stay: a new pattern names new units only. Usage already rated keeps its price.
   */
  updateSkuGroup: route({
    method: 'PUT',
    path: `${B}/sku_groups/:id`,
    access: 'skus.write',
    params: groupParams,
    body: skuGroupBody,
    response: skuGroupResponse,
  }),
  /** Refused (409 billing.skuGroupInUse) while the group has units. */
  deleteSkuGroup: route({
    method: 'DELETE',
    path: `${B}/sku_groups/:id`,
    access: 'skus.write',
    params: groupParams,
    response: z.object({ group_id: z.string() }),
  }),
  /** What a proposed expression would change: unit prices and last month's bills. Nothing is saved. */
  skuPricePreview: route({
    method: 'POST',
    path: `${B}/sku_groups/:id/price_preview`,
    access: 'skus.read',
    params: groupParams,
    body: pricePreviewBody,
    response: pricePreviewResult,
  }),
  createUnitsDryRun: route({
    method: 'POST',
    path: `${B}/units/_create_by_group/dryrun`,
    access: 'skus.write',
    body: createUnitsByGroupBody,
    response: createUnitsResult,
  }),
  createUnits: route({
    method: 'POST',
    path: `${B}/units/_create_by_group`,
    access: 'skus.write',
    status: 201,
    body: createUnitsByGroupBody,
    response: createUnitsResult,
  }),
  /**
   * Soft delete: new usage of the key is no longer priced. Refused (409 billing.unitInUse) while the unit has usage
   * in a tenant month not settled yet (no usage invoice, or a draft or unconfirmed one): that month is still rated.
   */
  deleteUnit: route({
    method: 'DELETE',
    path: `${B}/units/:key`,
    access: 'skus.write',
    params: unitParams,
    response: z.object({ unit: z.string() }),
  }),
} as const;
