import { z } from 'zod';
import { CLOUD_PROVIDERS, CPU_ARCHS, type Component } from './constants.js';

/*
 * The SKU service (issue 17, second half; spec §2 /sku_service/{spu,sku,whitelist,changelog}, §3 SPU, SKU, Compute mu,
 * Storage mu, §5 SKU and SPU, §7 Devops mgmt-portal, §8, §9). An SPU is a sellable spec of one component (vCPU and
 * memory) mapped to the SKUs that implement it; a SKU is that spec on one cloud provider: a compute MU (instance type)
 * and, for the components that keep data, its data and raft-log storage (a storage MU's volume type, sizes, IOPS and
 * throughput, each fixed or dynamic). The whitelist strategy says which tenants may use a SKU or an SPU. Field names
 * are camelCase as the spec writes them (§3); routes: skuservice-api.ts.
 */

/** The components a SKU or SPU is for (the contract's component vocabulary, without TiFlash learners). */
export const SKU_COMPONENT_TYPES = ['TIDB', 'TIKV', 'TIFLASH', 'PD', 'TIPROXY'] as const satisfies readonly Component[];
export type SkuComponentType = (typeof SKU_COMPONENT_TYPES)[number];
/** Components that keep data: their SKUs have a data storage (and may have a raft-log storage). */
export const STORAGE_COMPONENT_TYPES = ['TIKV', 'TIFLASH', 'PD'] as const satisfies readonly SkuComponentType[];
export const hasStorage = (c: string): boolean => (STORAGE_COMPONENT_TYPES as readonly string[]).includes(c);
/** Spec §9: the SKU list's cloud provider when none is chosen. */
export const DEFAULT_SKU_CLOUD_PROVIDER = 'AWS' as const;
export const DISK_TYPES = ['DATA', 'RAFT_LOG'] as const;
export const SKU_CONDITION_KEYS = ['ATTACH_TIERUNIT'] as const;
export const SKU_CONDITION_OPERATORS = ['IN'] as const;
export const SKU_STRATEGIES = ['Fixed', 'Dynamic'] as const;
export type SkuStrategy = (typeof SKU_STRATEGIES)[number];
export const SKU_KEY_MAX = 128;
export const SKU_NAME_MAX = 128;

/** Spec §5 SKU and SPU and §8 success messages, verbatim; the rest is the portal's own wording. */
export const SKU_MESSAGES = {
  componentType: 'Please select a component type!',
  provider: 'Please select a provider!',
  displayName: 'Please input a display name!',
  spuKey: 'select a spu key!',
  instanceType: 'Please select a instance type!',
  volumeType: 'Please select a Volume type!',
  sizeGiDefault: 'Please input default storage size!',
  sizeGiMin: 'Please input min storage size!',
  sizeGiMax: 'Please input max storage size!',
  iopsMin: 'Please input minimum iops!',
  iopsMax: 'Please input maximum IOPS!',
  iopsStrategy: 'Please select iops strategy',
  throughputMin: 'Please input minimum throughput!',
  throughputMax: 'Please input maximum throughput!',
  throughputStrategy: 'Please select throughput strategy',
  defaultNodeCount: 'Please input default node number!',
  key: 'Please input SKU KEY!',
  tikvSkuKey: 'Please input tikv sku key!',
  editRaftStorage: 'Please select if you want to edit raft storage',
  spuName: 'Please input the Spu name!',
  mappings: 'Please input the mappings',
  skuCreated: 'SKU has been created',
  spuAdded: 'SPU has been added',
  spuModified: 'SPU has been modified',
  // ---- where the spec quotes no message (the portal's own wording) ----
  minimum0: 'The minimum is 0',
  value: 'Please input a value!',
  cpuCore: 'Please input the vCPU!',
  cpuCoreMin: 'The vCPU must be at least 1',
  memory: 'Please input the memory!',
  memoryMin: 'The memory must be at least 1 GiB',
  mappingsJson: 'The mappings must be valid JSON',
  mappingsShape: 'The mappings must be a list of objects with a skuKey',
  sizeOrder: 'The sizes must satisfy min ≤ default ≤ max',
  iopsOrder: 'The minimum IOPS must not exceed the maximum IOPS',
  throughputOrder: 'The minimum throughput must not exceed the maximum throughput',
  oneIopsStrategy: 'Give either a fixed or a dynamic IOPS, not both',
  oneThroughputStrategy: 'Give either a fixed or a dynamic throughput, not both',
  storageRequired: 'This component keeps data: its SKU needs a data storage',
  storageNotAllowed: 'This component keeps no data: its SKU has no storage',
  tikvOnlyForPd: 'Only a PD SKU has a tikv sku key',
  nothingToUpdate: 'Nothing to update',
  tenantsRequired: 'Please select at least one tenant',
  whitelistTarget: 'Give either sku_key with component_type, or spu_key',
  keyFormat: 'Letters, digits, ".", "_" and "-" only',
} as const;
const M = SKU_MESSAGES;

/** A whole number ≥ 0 whose absence says `missing` (spec §5: numeric inputs have a minimum of 0). */
export const count0 = (missing: string) => z.number({ error: missing }).int(missing).min(0, M.minimum0);
const positive = (missing: string, min: string) => z.number({ error: missing }).int(missing).min(1, min).max(4096);
const required = (message: string, max = SKU_NAME_MAX) => z.string({ error: message }).trim().min(1, message).max(max);
const catalogueKey = (message: string) => required(message, SKU_KEY_MAX).regex(/^[A-Za-z0-9._-]+$/, M.keyFormat);

// ---- compute and storage MUs (spec §3) ------------------------------------------------------------------------------
export const computeMuSchema = z.object({
  id: z.string(),
  cloudProvider: z.enum(CLOUD_PROVIDERS),
  instanceType: z.string(),
  cpuCore: z.number().int(),
  memoryGi: z.number().int(),
  cpuArch: z.enum(CPU_ARCHS),
});
export type ComputeMu = z.infer<typeof computeMuSchema>;
export const storageMuSchema = z.object({
  id: z.string(),
  cloudProvider: z.enum(CLOUD_PROVIDERS),
  volumeType: z.string(),
});
export type StorageMu = z.infer<typeof storageMuSchema>;

// ---- SPU (spec §3, §5) ----------------------------------------------------------------------------------------------
/** One mapping of an SPU: a SKU that implements it (any further fields are kept as given). */
export const spuMappingSchema = z.looseObject({
  skuKey: z.string({ error: M.mappingsShape }).trim().min(1, M.mappingsShape).max(SKU_KEY_MAX),
});
export type SpuMapping = z.infer<typeof spuMappingSchema>;
export const spuMappingsSchema = z.array(spuMappingSchema, { error: M.mappingsShape }).max(200);

/**
 * Parses the mappings text of the SPU forms: JSON, a list of `{ skuKey }`. Throws an Error whose message is what the
 * form shows (the JSON parser's own text when it is not JSON, spec §8 "mapping modify with a local failure").
 */
export function parseMappings(text: string): SpuMapping[] {
  const parsed: unknown = JSON.parse(text);
  const result = spuMappingsSchema.safeParse(parsed);
  if (!result.success) throw new Error(M.mappingsShape);
  return result.data;
}

export const spuSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  displayName: z.string(),
  componentType: z.enum(SKU_COMPONENT_TYPES),
  cpuCore: z.number().int(),
  memorySizeGi: z.number().int(),
  mappings: z.array(spuMappingSchema),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type Spu = z.infer<typeof spuSchema>;

/** POST spus (spec §7: name, displayName, componentType, cpuCore, memorySizeGi; §5 adds the mappings). */
export const createSpuBody = z.object({
  /** The SPU's name; its key too (unique in the catalogue). */
  name: catalogueKey(M.spuName),
  displayName: required(M.displayName),
  componentType: z.enum(SKU_COMPONENT_TYPES, { error: M.componentType }),
  cpuCore: positive(M.cpuCore, M.cpuCoreMin),
  memorySizeGi: positive(M.memory, M.memoryMin),
  mappings: spuMappingsSchema.default([]),
});
export type CreateSpuBody = z.input<typeof createSpuBody>;

/** PATCH spus/{id} (spec §7: displayName or mappings). */
export const updateSpuBody = z
  .object({ displayName: required(M.displayName).optional(), mappings: spuMappingsSchema.optional() })
  .refine((b) => b.displayName !== undefined || b.mappings !== undefined, { message: M.nothingToUpdate });
export type UpdateSpuBody = z.input<typeof updateSpuBody>;

// ---- SKU (spec §3, §5) ----------------------------------------------------------------------------------------------
export const skuConditionSchema = z.object({
  key: z.enum(SKU_CONDITION_KEYS),
  operator: z.enum(SKU_CONDITION_OPERATORS),
  values: z.array(z.string().trim().min(1).max(128)).min(1).max(100),
});
export type SkuCondition = z.infer<typeof skuConditionSchema>;

const storageFields = {
  sizeGiDefault: count0(M.sizeGiDefault),
  sizeGiMin: count0(M.sizeGiMin),
  sizeGiMax: count0(M.sizeGiMax),
  iopsMin: count0(M.iopsMin),
  iopsMax: count0(M.iopsMax),
  iopsFixed: z.object({ iops: count0(M.iopsStrategy) }).optional(),
  iopsDynamic: z.object({ iopsPerSizeGi: z.number({ error: M.iopsStrategy }).min(0, M.minimum0) }).optional(),
  throughputMibpsMin: count0(M.throughputMin),
  throughputMibpsMax: count0(M.throughputMax),
  throughputFixed: z.object({ throughputMibps: count0(M.throughputStrategy) }).optional(),
  throughputDynamic: z
    .object({
      throughputMibpsPerIops: z.number({ error: M.throughputStrategy }).min(0, M.minimum0),
      throughputMibpsPerSizeGi: z.number({ error: M.throughputStrategy }).min(0, M.minimum0),
    })
    .optional(),
};

type StorageShape = {
  sizeGiDefault: number;
  sizeGiMin: number;
  sizeGiMax: number;
  iopsMin: number;
  iopsMax: number;
  iopsFixed?: unknown;
  iopsDynamic?: unknown;
  throughputMibpsMin: number;
  throughputMibpsMax: number;
  throughputFixed?: unknown;
  throughputDynamic?: unknown;
};

/** The cross-field rules of a storage: min ≤ default ≤ max, min ≤ max, exactly one strategy each. */
function checkStorage(s: StorageShape, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (s.sizeGiMin > s.sizeGiDefault || s.sizeGiDefault > s.sizeGiMax) issue('sizeGiDefault', M.sizeOrder);
  if (s.iopsMin > s.iopsMax) issue('iopsMax', M.iopsOrder);
  if (s.throughputMibpsMin > s.throughputMibpsMax) issue('throughputMibpsMax', M.throughputOrder);
  if (!s.iopsFixed && !s.iopsDynamic) issue('iopsFixed', M.iopsStrategy);
  if (s.iopsFixed && s.iopsDynamic) issue('iopsFixed', M.oneIopsStrategy);
  if (!s.throughputFixed && !s.throughputDynamic) issue('throughputFixed', M.throughputStrategy);
  if (s.throughputFixed && s.throughputDynamic) issue('throughputFixed', M.oneThroughputStrategy);
}

/** A storage as sent: the storage MU (its volume type) and the sizes, IOPS and throughput. */
export const skuStorageInput = z
  .object({ storageMuId: z.string({ error: M.volumeType }).trim().min(1, M.volumeType).max(128), ...storageFields })
  .superRefine(checkStorage);
export type SkuStorageInput = z.input<typeof skuStorageInput>;

/** A storage as stored and answered: with its disk type and the MU's volume type. */
export const skuStorageSchema = z.object({
  diskType: z.enum(DISK_TYPES),
  storageMuId: z.string(),
  volumeType: z.string(),
  ...storageFields,
});
export type SkuStorage = z.infer<typeof skuStorageSchema>;

export const skuSchema = z.object({
  id: z.string(),
  key: z.string(),
  displayName: z.string(),
  spuId: z.string(),
  spuKey: z.string(),
  spuDisplayName: z.string(),
  cloudProvider: z.enum(CLOUD_PROVIDERS),
  componentType: z.enum(SKU_COMPONENT_TYPES),
  instanceMuId: z.string(),
  instanceType: z.string(),
  cpuArch: z.enum(CPU_ARCHS),
  cpuCore: z.number().int(),
  memoryGi: z.number().int(),
  defaultNodeCount: z.number().int(),
  /** A PD SKU: the TiKV SKU it is deployed with. */
  tikvSkuKey: z.string().nullable(),
  conditions: z.array(skuConditionSchema),
  dataStorage: skuStorageSchema.nullable(),
  raftlogStorage: skuStorageSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type Sku = z.infer<typeof skuSchema>;

/** POST skus: the SKU body (spec §5 messages on each required field). */
export const createSkuBody = z
  .object({
    key: catalogueKey(M.key),
    displayName: required(M.displayName),
    cloudProvider: z.enum(CLOUD_PROVIDERS, { error: M.provider }),
    componentType: z.enum(SKU_COMPONENT_TYPES, { error: M.componentType }),
    spuKey: required(M.spuKey, SKU_KEY_MAX),
    instanceMuId: required(M.instanceType),
    defaultNodeCount: count0(M.defaultNodeCount),
    tikvSkuKey: z.string().trim().max(SKU_KEY_MAX).optional(),
    conditions: z.array(skuConditionSchema).max(10).default([]),
    dataStorage: skuStorageInput.optional(),
    raftlogStorage: skuStorageInput.optional(),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.componentType === 'PD' && !b.tikvSkuKey) issue('tikvSkuKey', M.tikvSkuKey);
    if (b.componentType !== 'PD' && b.tikvSkuKey) issue('tikvSkuKey', M.tikvOnlyForPd);
    if (hasStorage(b.componentType) && !b.dataStorage) issue('dataStorage', M.storageRequired);
    if (!hasStorage(b.componentType) && (b.dataStorage || b.raftlogStorage)) issue('dataStorage', M.storageNotAllowed);
  });
export type CreateSkuBody = z.input<typeof createSkuBody>;

/** PATCH skus/{id} (spec §7: defaultNodeCount, dataStorage, raftlogStorage, conditions); null drops the raft log. */
export const updateSkuBody = z
  .object({
    defaultNodeCount: count0(M.defaultNodeCount).optional(),
    dataStorage: skuStorageInput.optional(),
    raftlogStorage: skuStorageInput.nullable().optional(),
    conditions: z.array(skuConditionSchema).max(10).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: M.nothingToUpdate });
export type UpdateSkuBody = z.input<typeof updateSkuBody>;

// ---- whitelist strategy ---------------------------------------------------------------------------------------------
export const WHITELIST_SCOPES = ['sku', 'spu'] as const;
export const whitelistEntrySchema = z.object({
  id: z.string(),
  scope: z.enum(WHITELIST_SCOPES),
  sku_key: z.string().nullable(),
  spu_key: z.string().nullable(),
  component_type: z.enum(SKU_COMPONENT_TYPES),
  tenant_id: z.string(),
  tenant_name: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
});
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;

/** Whose whitelist: a SKU of a component (`sku_key` + `component_type`), or an SPU (`spu_key`). */
export const whitelistTargetFields = {
  sku_key: z.string().trim().min(1).max(SKU_KEY_MAX).optional(),
  component_type: z.enum(SKU_COMPONENT_TYPES).optional(),
  spu_key: z.string().trim().min(1).max(SKU_KEY_MAX).optional(),
};
export const addWhitelistBody = z
  .object({
    ...whitelistTargetFields,
    tenant_ids: z
      .array(z.string().trim().min(1).max(64), { error: M.tenantsRequired })
      .min(1, M.tenantsRequired)
      .max(100),
  })
  .refine((b) => (b.spu_key ? !b.sku_key && !b.component_type : !!b.sku_key && !!b.component_type), {
    message: M.whitelistTarget,
    path: ['sku_key'],
  });
export type AddWhitelistBody = z.input<typeof addWhitelistBody>;
