import type { z } from 'zod';
import {
  hasStorage,
  type addWhitelistBody,
  type ComputeMu,
  type createSkuBody,
  type createSpuBody,
  type ListResult,
  type OperationCreated,
  type Sku,
  type SkuCondition,
  type SkuStorage,
  type skuStorageInput,
  type skuListQuery,
  type Spu,
  type SpuMapping,
  type spuListQuery,
  type StorageMu,
  type updateSkuBody,
  type updateSpuBody,
  type WhitelistEntry,
  type whitelistListQuery,
} from '@portal/contract';
import { writeAudit } from '../../platform/audit.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { startOperation, type OperationsContext } from '../operations/index.js';
import * as repo from './repo.js';

/*
 * The SKU service's rules. Creates apply at once; the two updates (spec §7 "Update SKU … and update SPU … Each returns
 * instance_id") are validated and resolved in the request, then applied by an operation (operations.ts) whose last
 * step writes the row: the catalogue changes when the operation succeeds, not before. Every change writes an audit
 * row of type spu_sku (instance `spu:<key>`, `sku:<key>` or `whitelist:<scope>:<key>`) with before/after, in the
 * transaction of the change.
 */

export const SKU_OPS = { updateSku: 'skuservice.update_sku', updateSpu: 'skuservice.update_spu' } as const;

export const spuInstance = (key: string) => `spu:${key}`;
export const skuInstance = (key: string) => `sku:${key}`;
export const whitelistInstance = (scope: string, key: string) => `whitelist:${scope}:${key}`;

/** A catalogue id from the path: digits, else no such row. */
function rowId(id: string, notFound: 'skuservice.spuNotFound' | 'skuservice.skuNotFound'): number {
  if (!/^\d{1,15}$/.test(id)) throw new AppError(notFound);
  return Number(id);
}

// ---- MUs ------------------------------------------------------------------------------------------------------------
const computeMuOut = (r: repo.ComputeMuRow): ComputeMu => ({
  id: r.id,
  cloudProvider: r.cloudProvider as ComputeMu['cloudProvider'],
  instanceType: r.instanceType,
  cpuCore: r.cpuCore,
  memoryGi: r.memoryGi,
  cpuArch: r.cpuArch as ComputeMu['cpuArch'],
});

export async function listComputeMus(db: Db, cloudProvider: string): Promise<ListResult<ComputeMu>> {
  const items = (await repo.selectComputeMus(db, cloudProvider)).map(computeMuOut);
  return { items, total: items.length };
}

export async function listStorageMus(db: Db, cloudProvider: string): Promise<ListResult<StorageMu>> {
  const items = (await repo.selectStorageMus(db, cloudProvider)).map((r) => ({
    id: r.id,
    cloudProvider: r.cloudProvider as StorageMu['cloudProvider'],
    volumeType: r.volumeType,
  }));
  return { items, total: items.length };
}

// ---- SPUs -----------------------------------------------------------------------------------------------------------
export const spuOut = (r: repo.SpuRow): Spu => ({
  id: String(r.id),
  key: r.key,
  name: r.name,
  displayName: r.displayName,
  componentType: r.componentType as Spu['componentType'],
  cpuCore: r.cpuCore,
  memorySizeGi: r.memorySizeGi,
  mappings: r.mappings as SpuMapping[],
  createdAt: iso(r.createdAt),
  updatedAt: isoOrNull(r.updatedAt),
});

export async function listSpus(db: Db, q: z.output<typeof spuListQuery>): Promise<ListResult<Spu>> {
  const page = await repo.selectSpuPage(db, q);
  return { total: page.total, items: page.items.map(spuOut) };
}

export function createSpu(db: Db, who: string, body: z.output<typeof createSpuBody>): Promise<Spu> {
  return db.transaction(async (tx) => {
    const row = await repo.insertSpu(tx, {
      key: body.name,
      name: body.name,
      displayName: body.displayName,
      componentType: body.componentType,
      cpuCore: body.cpuCore,
      memorySizeGi: body.memorySizeGi,
      mappings: body.mappings,
      createdBy: who,
    });
    if (!row) throw new AppError('skuservice.spuExists', undefined, { key: body.name });
    const spu = spuOut(row);
    await writeAudit(tx, {
      type: 'spu_sku',
      instanceId: spuInstance(spu.key),
      operator: who,
      operation: 'create_spu',
      details: { before: null, after: spu },
    });
    return spu;
  });
}

export interface SpuUpdateParams {
  spu_id: number;
  set: { displayName?: string; mappings?: SpuMapping[] };
}

export function requestSpuUpdate(
  ctx: OperationsContext,
  db: Db,
  id: string,
  body: z.output<typeof updateSpuBody>,
  who: string,
): Promise<OperationCreated> {
  const spuId = rowId(id, 'skuservice.spuNotFound');
  return db.transaction(async (tx) => {
    const row = await repo.findSpu(tx, { id: spuId });
    if (!row) throw new AppError('skuservice.spuNotFound');
    const set: SpuUpdateParams['set'] = {};
    if (body.displayName !== undefined) set.displayName = body.displayName;
    if (body.mappings !== undefined) set.mappings = body.mappings;
    const params: SpuUpdateParams = { spu_id: spuId, set };
    const instanceId = await startOperation(ctx, tx, {
      type: SKU_OPS.updateSpu,
      title: `Update SPU ${row.key}`,
      targetType: 'spu',
      targetId: row.key,
      params,
      createdBy: who,
    });
    await writeAudit(tx, {
      type: 'spu_sku',
      instanceId: spuInstance(row.key),
      operator: who,
      operation: 'update_spu',
      details: { instance_id: instanceId, before: pick(spuOut(row), Object.keys(set)), after: set },
    });
    return { instance_id: instanceId };
  });
}

/** The update operation's effect: writes the requested fields over the SPU as it is now. */
export async function applySpuUpdate(tx: Db, who: string, instanceId: string, p: SpuUpdateParams): Promise<string> {
  const row = await repo.findSpu(tx, { id: p.spu_id }, true);
  if (!row) throw new Error('the SPU no longer exists');
  const after = await repo.updateSpu(tx, row.id, { ...p.set, updatedAt: new Date() });
  const fields = Object.keys(p.set);
  await writeAudit(tx, {
    type: 'spu_sku',
    instanceId: spuInstance(row.key),
    operator: who,
    operation: 'update_spu_applied',
    details: { instance_id: instanceId, before: pick(spuOut(row), fields), after: pick(spuOut(after), fields) },
  });
  return `SPU ${row.key}: ${fields.join(', ')} updated`;
}

function pick<T extends object>(o: T, keys: string[]): Partial<T> {
  return Object.fromEntries(keys.map((k) => [k, (o as Record<string, unknown>)[k]])) as Partial<T>;
}

// ---- SKUs -----------------------------------------------------------------------------------------------------------
export const skuOut = (r: repo.SkuRow): Sku => ({
  id: String(r.sku.id),
  key: r.sku.key,
  displayName: r.sku.displayName,
  spuId: String(r.sku.spuId),
  spuKey: r.spuKey,
  spuDisplayName: r.spuDisplayName,
  cloudProvider: r.sku.cloudProvider as Sku['cloudProvider'],
  componentType: r.sku.componentType as Sku['componentType'],
  instanceMuId: r.sku.instanceMuId,
  instanceType: r.mu.instanceType,
  cpuArch: r.mu.cpuArch as Sku['cpuArch'],
  cpuCore: r.mu.cpuCore,
  memoryGi: r.mu.memoryGi,
  defaultNodeCount: r.sku.defaultNodeCount,
  tikvSkuKey: r.sku.tikvSkuKey,
  conditions: r.sku.conditions as SkuCondition[],
  dataStorage: (r.sku.dataStorage as SkuStorage | null) ?? null,
  raftlogStorage: (r.sku.raftlogStorage as SkuStorage | null) ?? null,
  createdAt: iso(r.sku.createdAt),
  updatedAt: isoOrNull(r.sku.updatedAt),
});

export async function listSkus(db: Db, q: z.output<typeof skuListQuery>): Promise<ListResult<Sku>> {
  const page = await repo.selectSkuPage(db, q);
  return { total: page.total, items: page.items.map(skuOut) };
}

/** A storage as sent, resolved against the provider's storage MUs (its volume type), with its disk type. */
async function resolveStorage(
  db: Db,
  cloudProvider: string,
  diskType: SkuStorage['diskType'],
  s: z.output<typeof skuStorageInput>,
): Promise<SkuStorage> {
  const mu = await repo.findStorageMu(db, s.storageMuId);
  if (!mu || mu.cloudProvider !== cloudProvider) {
    throw new AppError('skuservice.unknownStorageMu', undefined, { storageMuId: s.storageMuId, cloudProvider });
  }
  const out: SkuStorage = {
    diskType,
    storageMuId: mu.id,
    volumeType: mu.volumeType,
    sizeGiDefault: s.sizeGiDefault,
    sizeGiMin: s.sizeGiMin,
    sizeGiMax: s.sizeGiMax,
    iopsMin: s.iopsMin,
    iopsMax: s.iopsMax,
    throughputMibpsMin: s.throughputMibpsMin,
    throughputMibpsMax: s.throughputMibpsMax,
  };
  if (s.iopsFixed) out.iopsFixed = s.iopsFixed;
  if (s.iopsDynamic) out.iopsDynamic = s.iopsDynamic;
  if (s.throughputFixed) out.throughputFixed = s.throughputFixed;
  if (s.throughputDynamic) out.throughputDynamic = s.throughputDynamic;
  return out;
}

export function createSku(db: Db, who: string, body: z.output<typeof createSkuBody>): Promise<Sku> {
  return db.transaction(async (tx) => {
    const spu = await repo.findSpu(tx, { key: body.spuKey }, true);
    if (!spu) throw new AppError('skuservice.unknownSpu', undefined, { spuKey: body.spuKey });
    if (spu.componentType !== body.componentType) {
      throw new AppError('skuservice.spuComponentMismatch', undefined, {
        spuComponentType: spu.componentType,
        componentType: body.componentType,
      });
    }
    const mu = await repo.findComputeMu(tx, body.instanceMuId);
    if (!mu || mu.cloudProvider !== body.cloudProvider) {
      throw new AppError('skuservice.unknownComputeMu', undefined, {
        instanceMuId: body.instanceMuId,
        cloudProvider: body.cloudProvider,
      });
    }
    if (body.tikvSkuKey) {
      const tikv = await repo.findSku(tx, { key: body.tikvSkuKey });
      if (!tikv || tikv.sku.componentType !== 'TIKV' || tikv.sku.cloudProvider !== body.cloudProvider) {
        throw new AppError('skuservice.unknownTikvSku', undefined, { tikvSkuKey: body.tikvSkuKey });
      }
    }
    const dataStorage = body.dataStorage
      ? await resolveStorage(tx, body.cloudProvider, 'DATA', body.dataStorage)
      : null;
    const raftlogStorage = body.raftlogStorage
      ? await resolveStorage(tx, body.cloudProvider, 'RAFT_LOG', body.raftlogStorage)
      : null;
    const inserted = await repo.insertSku(tx, {
      key: body.key,
      displayName: body.displayName,
      spuId: spu.id,
      cloudProvider: body.cloudProvider,
      componentType: body.componentType,
      instanceMuId: mu.id,
      defaultNodeCount: body.defaultNodeCount,
      tikvSkuKey: body.tikvSkuKey ?? null,
      conditions: body.conditions,
      dataStorage,
      raftlogStorage,
      createdBy: who,
    });
    if (!inserted) throw new AppError('skuservice.skuExists', undefined, { key: body.key });
    const sku = skuOut({ sku: inserted, spuKey: spu.key, spuDisplayName: spu.displayName, mu });
    await writeAudit(tx, {
      type: 'spu_sku',
      instanceId: skuInstance(sku.key),
      operator: who,
      operation: 'create_sku',
      details: { before: null, after: sku },
    });
    // The SPU maps the SKUs that implement it: the new one joins its mappings (unless listed already).
    const mappings = spu.mappings as SpuMapping[];
    if (!mappings.some((m) => m.skuKey === sku.key)) {
      const next = [...mappings, { skuKey: sku.key, cloudProvider: sku.cloudProvider }];
      await repo.updateSpu(tx, spu.id, { mappings: next, updatedAt: new Date() });
      await writeAudit(tx, {
        type: 'spu_sku',
        instanceId: spuInstance(spu.key),
        operator: who,
        operation: 'map_sku',
        details: { sku_key: sku.key, before: { mappings }, after: { mappings: next } },
      });
    }
    return sku;
  });
}

/** What a SKU update sets, resolved when requested (the storages with their MU's volume type). */
export interface SkuUpdateParams {
  sku_id: number;
  set: {
    defaultNodeCount?: number;
    dataStorage?: SkuStorage;
    raftlogStorage?: SkuStorage | null;
    conditions?: SkuCondition[];
  };
}

export function requestSkuUpdate(
  ctx: OperationsContext,
  db: Db,
  id: string,
  body: z.output<typeof updateSkuBody>,
  who: string,
): Promise<OperationCreated> {
  const skuId = rowId(id, 'skuservice.skuNotFound');
  return db.transaction(async (tx) => {
    const row = await repo.findSku(tx, { id: skuId });
    if (!row) throw new AppError('skuservice.skuNotFound');
    const provider = row.sku.cloudProvider;
    if (!hasStorage(row.sku.componentType) && (body.dataStorage || body.raftlogStorage)) {
      throw new AppError('skuservice.storageNotAllowed');
    }
    const set: SkuUpdateParams['set'] = {};
    if (body.defaultNodeCount !== undefined) set.defaultNodeCount = body.defaultNodeCount;
    if (body.conditions !== undefined) set.conditions = body.conditions;
    if (body.dataStorage) set.dataStorage = await resolveStorage(tx, provider, 'DATA', body.dataStorage);
    if (body.raftlogStorage === null) set.raftlogStorage = null;
    else if (body.raftlogStorage)
      set.raftlogStorage = await resolveStorage(tx, provider, 'RAFT_LOG', body.raftlogStorage);
    const params: SkuUpdateParams = { sku_id: skuId, set };
    const instanceId = await startOperation(ctx, tx, {
      type: SKU_OPS.updateSku,
      title: `Update SKU ${row.sku.key}`,
      targetType: 'sku',
      targetId: row.sku.key,
      params,
      createdBy: who,
    });
    await writeAudit(tx, {
      type: 'spu_sku',
      instanceId: skuInstance(row.sku.key),
      operator: who,
      operation: 'update_sku',
      details: { instance_id: instanceId, before: pick(skuOut(row), Object.keys(set)), after: set },
    });
    return { instance_id: instanceId };
  });
}

/** The update operation's effect: writes the requested fields over the SKU as it is now. */
export async function applySkuUpdate(tx: Db, who: string, instanceId: string, p: SkuUpdateParams): Promise<string> {
  const locked = await repo.lockSku(tx, p.sku_id);
  const before = locked && (await repo.findSku(tx, { id: p.sku_id }));
  if (!before) throw new Error('the SKU no longer exists');
  await repo.updateSku(tx, p.sku_id, { ...p.set, updatedAt: new Date() });
  const after = (await repo.findSku(tx, { id: p.sku_id }))!;
  const fields = Object.keys(p.set);
  await writeAudit(tx, {
    type: 'spu_sku',
    instanceId: skuInstance(before.sku.key),
    operator: who,
    operation: 'update_sku_applied',
    details: { instance_id: instanceId, before: pick(skuOut(before), fields), after: pick(skuOut(after), fields) },
  });
  return `SKU ${before.sku.key}: ${fields.join(', ')} updated`;
}

/** Whether the SKU (or SPU) of an operation still exists: checked before the change applies. */
export async function checkSkuUpdate(tx: Db, p: SkuUpdateParams): Promise<string> {
  const row = await repo.findSku(tx, { id: p.sku_id });
  if (!row) throw new Error('the SKU no longer exists');
  for (const s of [p.set.dataStorage, p.set.raftlogStorage]) {
    if (s && !(await repo.findStorageMu(tx, s.storageMuId))) throw new Error(`storage MU ${s.storageMuId} is gone`);
  }
  return `SKU ${row.sku.key} on ${row.sku.cloudProvider} ${row.mu.instanceType}: the change is valid`;
}

// ---- whitelist ------------------------------------------------------------------------------------------------------
type WhitelistTarget = { scope: 'sku' | 'spu'; key: string; componentType: string };

const entryOut = (e: repo.WhitelistRow, tenantName: string | null): WhitelistEntry => ({
  id: String(e.id),
  scope: e.scope as WhitelistEntry['scope'],
  sku_key: e.scope === 'sku' ? e.targetKey : null,
  spu_key: e.scope === 'spu' ? e.targetKey : null,
  component_type: e.componentType as WhitelistEntry['component_type'],
  tenant_id: e.tenantId,
  tenant_name: tenantName,
  created_by: e.createdBy,
  created_at: iso(e.createdAt),
});

export async function listWhitelist(
  db: Db,
  q: z.output<typeof whitelistListQuery>,
): Promise<ListResult<WhitelistEntry>> {
  const target = q.spu_key
    ? { scope: 'spu', key: q.spu_key }
    : q.sku_key
      ? { scope: 'sku', key: q.sku_key }
      : undefined;
  const page = await repo.selectWhitelistPage(db, q, target);
  return { total: page.total, items: page.items.map((r) => entryOut(r.entry, r.tenantName)) };
}

/** The SKU (of the component) or SPU a whitelist request names, or a 400. */
async function whitelistTarget(
  db: Db,
  t: { sku_key?: string | undefined; component_type?: string | undefined; spu_key?: string | undefined },
): Promise<WhitelistTarget> {
  if (t.spu_key) {
    const spu = await repo.findSpu(db, { key: t.spu_key });
    if (!spu) throw new AppError('skuservice.unknownWhitelistTarget', undefined, { spu_key: t.spu_key });
    return { scope: 'spu', key: spu.key, componentType: spu.componentType };
  }
  const sku = await repo.findSku(db, { key: t.sku_key ?? '' });
  if (!sku || sku.sku.componentType !== t.component_type) {
    throw new AppError('skuservice.unknownWhitelistTarget', undefined, {
      sku_key: t.sku_key,
      component_type: t.component_type,
    });
  }
  return { scope: 'sku', key: sku.sku.key, componentType: sku.sku.componentType };
}

export function addWhitelist(
  db: Db,
  who: string,
  body: z.output<typeof addWhitelistBody>,
): Promise<{ items: WhitelistEntry[] }> {
  return db.transaction(async (tx) => {
    const target = await whitelistTarget(tx, body);
    const ids = [...new Set(body.tenant_ids)];
    const names = await repo.findTenantNames(tx, ids);
    const unknown = ids.filter((id) => !names.has(id));
    if (unknown.length) throw new AppError('skuservice.unknownTenant', undefined, { tenant_ids: unknown });
    const present = await repo.selectWhitelisted(tx, target.scope, target.key, ids);
    if (present.length) throw new AppError('skuservice.alreadyWhitelisted', undefined, { tenant_ids: present });
    const rows = await repo.insertWhitelist(
      tx,
      ids.map((tenantId) => ({
        scope: target.scope,
        targetKey: target.key,
        componentType: target.componentType,
        tenantId,
        createdBy: who,
      })),
    );
    await writeAudit(tx, {
      type: 'spu_sku',
      instanceId: whitelistInstance(target.scope, target.key),
      operator: who,
      operation: 'add_whitelist',
      details: { component_type: target.componentType, before: null, after: { tenant_ids: ids } },
    });
    return { items: rows.map((r) => entryOut(r, names.get(r.tenantId) ?? null)) };
  });
}

export function removeWhitelist(db: Db, who: string, id: string): Promise<{ entry: WhitelistEntry }> {
  if (!/^\d{1,15}$/.test(id)) throw new AppError('skuservice.whitelistEntryNotFound');
  return db.transaction(async (tx) => {
    const row = await repo.deleteWhitelist(tx, Number(id));
    if (!row) throw new AppError('skuservice.whitelistEntryNotFound');
    const names = await repo.findTenantNames(tx, [row.tenantId]);
    const entry = entryOut(row, names.get(row.tenantId) ?? null);
    await writeAudit(tx, {
      type: 'spu_sku',
      instanceId: whitelistInstance(row.scope, row.targetKey),
      operator: who,
      operation: 'remove_whitelist',
      details: { component_type: row.componentType, before: { tenant_id: row.tenantId }, after: null },
    });
    return { entry };
  });
}
