import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * The SKU service (issue 17, second half). Compute and storage MUs are the providers' reference data (seeded);
 * SPUs and SKUs are the catalogue; the whitelist holds which tenants may use a SKU or an SPU. A SKU's storages are
 * kept as JSON (spec §3 shapes, with the MU's volume type copied in: MUs never change). Every list filter and sort has
 * an index ending in the ORDER BY the repo emits (`…, key` / `…, id`).
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const skuComputeMus = pgTable(
  'sku_compute_mus',
  {
    id: text('id').primaryKey(),
    cloudProvider: text('cloud_provider').notNull(),
    instanceType: text('instance_type').notNull(),
    cpuCore: integer('cpu_core').notNull(),
    memoryGi: integer('memory_gi').notNull(),
    cpuArch: text('cpu_arch').notNull(),
  },
  (t) => [uniqueIndex('sku_compute_mus_provider_type_idx').on(t.cloudProvider, t.instanceType)],
);

export const skuStorageMus = pgTable(
  'sku_storage_mus',
  {
    id: text('id').primaryKey(),
    cloudProvider: text('cloud_provider').notNull(),
    volumeType: text('volume_type').notNull(),
  },
  (t) => [uniqueIndex('sku_storage_mus_provider_type_idx').on(t.cloudProvider, t.volumeType)],
);

export const skuSpus = pgTable(
  'sku_spus',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    componentType: text('component_type').notNull(),
    cpuCore: integer('cpu_core').notNull(),
    memorySizeGi: integer('memory_size_gi').notNull(),
    mappings: jsonb('mappings').notNull().default([]),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at'),
  },
  (t) => [uniqueIndex('sku_spus_key_idx').on(t.key), index('sku_spus_component_key_idx').on(t.componentType, t.key)],
);

export const skuSkus = pgTable(
  'sku_skus',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    displayName: text('display_name').notNull(),
    spuId: bigint('spu_id', { mode: 'number' }).notNull(),
    cloudProvider: text('cloud_provider').notNull(),
    componentType: text('component_type').notNull(),
    instanceMuId: text('instance_mu_id').notNull(),
    defaultNodeCount: integer('default_node_count').notNull(),
    tikvSkuKey: text('tikv_sku_key'),
    conditions: jsonb('conditions').notNull().default([]),
    dataStorage: jsonb('data_storage'),
    raftlogStorage: jsonb('raftlog_storage'),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at'),
  },
  (t) => [
    uniqueIndex('sku_skus_key_idx').on(t.key),
    index('sku_skus_provider_component_key_idx').on(t.cloudProvider, t.componentType, t.key),
    index('sku_skus_spu_idx').on(t.spuId, t.key),
  ],
);

/** One tenant on the whitelist of a SKU (scope `sku`, target its key) or of an SPU (scope `spu`). */
export const skuWhitelist = pgTable(
  'sku_whitelist',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scope: text('scope').notNull(),
    targetKey: text('target_key').notNull(),
    componentType: text('component_type').notNull(),
    tenantId: text('tenant_id').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sku_whitelist_target_tenant_idx').on(t.scope, t.targetKey, t.tenantId),
    index('sku_whitelist_target_created_idx').on(t.scope, t.targetKey, t.createdAt, t.id),
    index('sku_whitelist_tenant_idx').on(t.tenantId, t.createdAt, t.id),
    index('sku_whitelist_created_idx').on(t.createdAt, t.id),
  ],
);
