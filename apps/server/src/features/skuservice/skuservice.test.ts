import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import { SKU_MESSAGES as M, type CreateSkuBody, type Sku, type Spu } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { auditLogs } from '../../platform/schema.js';
import { tenants } from '../orgs/index.js';
import { skuSkus, skuSpus } from './index.js';

/*
 * The SKU service end to end through the API, on the seeded demo catalogue: MUs per provider, SPU and SKU lists and
 * creates with the §5 rules (400 with the spec's messages, 404, 409), the two updates (an operation id; the row
 * changes when the operation runs), the whitelist and the change log (audit rows of type spu_sku with before/after).
 */

const P = '/api/v1/devops/mgmt-portal';
const ADMIN = 'admin@example.com';
const OPERATOR = 'operator@example.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = async (method: Method, url: string, payload?: object, who = ADMIN) =>
  t.app.inject({ method, url: `${P}${url}`, headers: await t.as(who), ...(payload ? { payload } : {}) });

async function expectInvalid(method: Method, url: string, payload: object, ...messages: string[]) {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().code).toBe('request.invalid');
  const got = res.json().details.map((d: { message: string }) => d.message);
  for (const m of messages) expect(got).toContain(m);
}

const audits = (instanceId: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.type, 'spu_sku'), eq(auditLogs.instanceId, instanceId)))
    .orderBy(asc(auditLogs.id));

const storage = (over: object = {}) => ({
  storageMuId: 'aws-gp3',
  sizeGiDefault: 500,
  sizeGiMin: 200,
  sizeGiMax: 4096,
  iopsMin: 3000,
  iopsMax: 16000,
  iopsFixed: { iops: 3000 },
  throughputMibpsMin: 125,
  throughputMibpsMax: 1000,
  throughputDynamic: { throughputMibpsPerIops: 0.25, throughputMibpsPerSizeGi: 0 },
  ...over,
});

const tikvSku = (key: string, over: Partial<CreateSkuBody> = {}): CreateSkuBody => ({
  key,
  displayName: `TiKV ${key}`,
  cloudProvider: 'AWS',
  componentType: 'TIKV',
  spuKey: 'tikv-8c32g',
  instanceMuId: 'aws-m6i.2xlarge',
  defaultNodeCount: 3,
  conditions: [{ key: 'ATTACH_TIERUNIT', operator: 'IN', values: ['dedicated'] }],
  dataStorage: storage(),
  ...over,
});

describe('MUs', () => {
  it('lists the compute and storage MUs of a provider', async () => {
    const compute = (await call('GET', '/computeMus?cloudProvider=AWS')).json();
    expect(compute.items.map((m: { instanceType: string }) => m.instanceType)).toContain('m6i.2xlarge');
    expect(compute.items.every((m: { cloudProvider: string }) => m.cloudProvider === 'AWS')).toBe(true);
    expect(compute.items.find((m: { instanceType: string }) => m.instanceType === 'm7g.2xlarge')).toMatchObject({
      id: 'aws-m7g.2xlarge',
      cpuCore: 8,
      memoryGi: 32,
      cpuArch: 'ARM64',
    });
    const gcp = (await call('GET', '/storageMus?cloudProvider=GCP')).json();
    expect(gcp.items.map((m: { volumeType: string }) => m.volumeType)).toEqual(['PD_BALANCED', 'PD_SSD']);
  });

  it('needs a known cloud provider (400)', async () => {
    expect((await call('GET', '/computeMus')).statusCode).toBe(400);
    expect((await call('GET', '/storageMus?cloudProvider=MOON')).statusCode).toBe(400);
  });
});

describe('SPUs', () => {
  it('lists by component type', async () => {
    const res = await call('GET', '/spus?componentType=TIKV&per_page=100');
    const items: Spu[] = res.json().items;
    expect(items.map((s) => s.key)).toEqual(['tikv-16c64g', 'tikv-32c128g', 'tikv-4c16g', 'tikv-8c32g']);
    expect(items[3]!.mappings.map((m) => m.skuKey)).toEqual(
      expect.arrayContaining(['aws-tikv-8c32g', 'aws-tikv-8c32g-arm', 'gcp-tikv-8c32g', 'azure-tikv-8c32g']),
    );
  });

  it('creates one (201, audited with before/after); a taken name is a 409', async () => {
    const body = {
      name: 'tidb-12c48g',
      displayName: '12 vCPU, 48 GiB',
      componentType: 'TIDB',
      cpuCore: 12,
      memorySizeGi: 48,
      mappings: [{ skuKey: 'aws-tidb-12c48g' }],
    };
    const res = await call('POST', '/spus', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().spu).toMatchObject({
      key: 'tidb-12c48g',
      cpuCore: 12,
      mappings: [{ skuKey: 'aws-tidb-12c48g' }],
    });
    const [row] = await audits('spu:tidb-12c48g');
    expect(row).toMatchObject({ operation: 'create_spu', operator: ADMIN });
    expect(row!.details).toMatchObject({ before: null, after: { key: 'tidb-12c48g', displayName: '12 vCPU, 48 GiB' } });
    const again = await call('POST', '/spus', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('skuservice.spuExists');
  });

  it('answers 400 with the §5 messages for a missing name, vCPU or memory below 1, bad mappings', async () => {
    const ok = { name: 'x-1', displayName: 'X', componentType: 'TIDB', cpuCore: 1, memorySizeGi: 1, mappings: [] };
    await expectInvalid('POST', '/spus', { ...ok, name: '' }, M.spuName);
    await expectInvalid('POST', '/spus', { ...ok, name: undefined }, M.spuName);
    await expectInvalid('POST', '/spus', { ...ok, cpuCore: 0 }, M.cpuCoreMin);
    await expectInvalid('POST', '/spus', { ...ok, memorySizeGi: -4 }, M.memoryMin);
    await expectInvalid('POST', '/spus', { ...ok, componentType: 'MYSQL' }, M.componentType);
    await expectInvalid('POST', '/spus', { ...ok, mappings: [{ sku: 'x' }] }, M.mappingsShape);
    await expectInvalid('POST', '/spus', { ...ok, mappings: 'not a list' }, M.mappingsShape);
  });

  it('a body that is not JSON is a 400, never a 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${P}/spus`,
      headers: { ...(await t.as(ADMIN)), 'content-type': 'application/json' },
      payload: '{"name": "broken",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.invalid');
  });

  it('only an admin changes the catalogue; everyone signed in reads it', async () => {
    const body = { name: 'op-1', displayName: 'X', componentType: 'TIDB', cpuCore: 1, memorySizeGi: 1 };
    expect((await call('POST', '/spus', body, OPERATOR)).statusCode).toBe(403);
    expect((await call('GET', '/spus', undefined, OPERATOR)).statusCode).toBe(200);
  });

  it('an update returns the operation id; the SPU changes when the operation runs', async () => {
    const [spu] = await t.database.db.select().from(skuSpus).where(eq(skuSpus.key, 'pd-4c16g'));
    const res = await call('PATCH', `/spus/${spu!.id}`, {
      displayName: 'PD small',
      mappings: [{ skuKey: 'aws-pd-4c16g' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const instanceId: string = res.json().instance_id;
    expect(instanceId).toMatch(/^\d+$/);
    let [now] = await t.database.db.select().from(skuSpus).where(eq(skuSpus.id, spu!.id));
    expect(now!.displayName).toBe('4 vCPU, 16 GiB');
    await t.jobs.drain();
    const op = (
      await t.app.inject({ url: `/api/v1/devops/operations/${instanceId}`, headers: await t.as(ADMIN) })
    ).json();
    expect(op).toMatchObject({ status: 'succeeded', type: 'skuservice.update_spu', target_id: 'pd-4c16g' });
    [now] = await t.database.db.select().from(skuSpus).where(eq(skuSpus.id, spu!.id));
    expect(now!.displayName).toBe('PD small');
    expect(now!.mappings).toEqual([{ skuKey: 'aws-pd-4c16g' }]);
    const rows = await audits('spu:pd-4c16g');
    expect(rows.map((r) => r.operation)).toEqual(['create_spu', 'update_spu', 'update_spu_applied']);
    expect(rows[2]!.details).toMatchObject({
      instance_id: instanceId,
      before: { displayName: '4 vCPU, 16 GiB' },
      after: { displayName: 'PD small', mappings: [{ skuKey: 'aws-pd-4c16g' }] },
    });
  });

  it('an update of an unknown SPU is a 404; an empty one a 400', async () => {
    expect((await call('PATCH', '/spus/999999', { displayName: 'x' })).json().code).toBe('skuservice.spuNotFound');
    expect((await call('PATCH', '/spus/abc', { displayName: 'x' })).statusCode).toBe(404);
    await expectInvalid('PATCH', '/spus/1', {}, M.nothingToUpdate);
  });
});

describe('SKUs', () => {
  it('lists by cloud provider and component types', async () => {
    const res = await call('GET', '/skus?cloudProvider=GCP&componentTypes=PD&componentTypes=TIFLASH&per_page=100');
    const items: Sku[] = res.json().items;
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((s) => s.componentType))).toEqual(new Set(['PD', 'TIFLASH']));
    expect(items.every((s) => s.cloudProvider === 'GCP')).toBe(true);
    const pd = items.find((s) => s.key === 'gcp-pd-4c16g')!;
    expect(pd).toMatchObject({ tikvSkuKey: 'gcp-tikv-8c32g', instanceType: 'n2-standard-4', spuKey: 'pd-4c16g' });
    expect(pd.dataStorage).toMatchObject({
      diskType: 'DATA',
      volumeType: 'PD_SSD',
      iopsDynamic: { iopsPerSizeGi: 30 },
    });
    const bySpu = (await call('GET', '/skus?spuKey=tikv-8c32g')).json();
    expect(bySpu.items.map((s: Sku) => s.key)).toEqual([
      'aws-tikv-8c32g',
      'aws-tikv-8c32g-arm',
      'azure-tikv-8c32g',
      'azure-tikv-8c32g-arm',
      'gcp-tikv-8c32g',
      'gcp-tikv-8c32g-arm',
    ]);
  });

  it('creates a TiKV SKU (201): compute from the MU, volume type from the storage MU, mapped by its SPU', async () => {
    const res = await call(
      'POST',
      '/skus',
      tikvSku('aws-tikv-8c32g-test', { raftlogStorage: storage({ storageMuId: 'aws-io2' }) }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const sku: Sku = res.json().sku;
    expect(sku).toMatchObject({
      key: 'aws-tikv-8c32g-test',
      spuKey: 'tikv-8c32g',
      spuDisplayName: '8 vCPU, 32 GiB',
      instanceType: 'm6i.2xlarge',
      cpuArch: 'AMD64',
      cpuCore: 8,
      memoryGi: 32,
      dataStorage: { diskType: 'DATA', volumeType: 'GP3', sizeGiDefault: 500 },
      raftlogStorage: { diskType: 'RAFT_LOG', volumeType: 'IO2' },
      conditions: [{ key: 'ATTACH_TIERUNIT', operator: 'IN', values: ['dedicated'] }],
    });
    const [spu] = await t.database.db.select().from(skuSpus).where(eq(skuSpus.key, 'tikv-8c32g'));
    expect(spu!.mappings).toContainEqual({ skuKey: 'aws-tikv-8c32g-test', cloudProvider: 'AWS' });
    const [created] = await audits('sku:aws-tikv-8c32g-test');
    expect(created).toMatchObject({ operation: 'create_sku' });
    expect(created!.details).toMatchObject({
      before: null,
      after: { key: 'aws-tikv-8c32g-test', instanceType: 'm6i.2xlarge' },
    });
    const again = await call('POST', '/skus', tikvSku('aws-tikv-8c32g-test'));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('skuservice.skuExists');
  });

  it('answers 400 with every §5 message for a missing field', async () => {
    await expectInvalid(
      'POST',
      '/skus',
      {},
      M.key,
      M.displayName,
      M.provider,
      M.componentType,
      M.spuKey,
      M.instanceType,
      M.defaultNodeCount,
    );
    const { dataStorage: _, ...noStorage } = tikvSku('s-1');
    await expectInvalid(
      'POST',
      '/skus',
      { ...noStorage, dataStorage: {} },
      M.volumeType,
      M.sizeGiDefault,
      M.sizeGiMin,
      M.sizeGiMax,
      M.iopsMin,
      M.iopsMax,
      M.throughputMin,
      M.throughputMax,
    );
    await expectInvalid(
      'POST',
      '/skus',
      tikvSku('s-1', { dataStorage: storage({ iopsFixed: undefined }) }),
      M.iopsStrategy,
    );
    await expectInvalid(
      'POST',
      '/skus',
      tikvSku('s-1', { dataStorage: storage({ throughputDynamic: undefined }) }),
      M.throughputStrategy,
    );
    await expectInvalid('POST', '/skus', tikvSku('s-1', { componentType: 'PD', spuKey: 'pd-4c16g' }), M.tikvSkuKey);
    await expectInvalid('POST', '/skus', noStorage, M.storageRequired);
  });

  it('rejects negative numbers and min > default > max (400)', async () => {
    await expectInvalid('POST', '/skus', tikvSku('s-2', { defaultNodeCount: -1 }), M.minimum0);
    await expectInvalid('POST', '/skus', tikvSku('s-2', { dataStorage: storage({ sizeGiMin: -10 }) }), M.minimum0);
    await expectInvalid('POST', '/skus', tikvSku('s-2', { dataStorage: storage({ sizeGiMin: 600 }) }), M.sizeOrder);
    await expectInvalid('POST', '/skus', tikvSku('s-2', { dataStorage: storage({ sizeGiMax: 100 }) }), M.sizeOrder);
    await expectInvalid('POST', '/skus', tikvSku('s-2', { dataStorage: storage({ iopsMin: 20000 }) }), M.iopsOrder);
  });

  it('rejects an unknown SPU, MU, a foreign MU or a wrong tikv sku key (400)', async () => {
    const code = async (body: CreateSkuBody) => (await call('POST', '/skus', body)).json().code;
    expect(await code(tikvSku('s-3', { spuKey: 'nope' }))).toBe('skuservice.unknownSpu');
    expect(await code(tikvSku('s-3', { spuKey: 'tidb-8c32g' }))).toBe('skuservice.spuComponentMismatch');
    expect(await code(tikvSku('s-3', { instanceMuId: 'gcp-n2-standard-8' }))).toBe('skuservice.unknownComputeMu');
    expect(await code(tikvSku('s-3', { dataStorage: storage({ storageMuId: 'gcp-pd_ssd' }) }))).toBe(
      'skuservice.unknownStorageMu',
    );
    expect(await code(tikvSku('s-3', { componentType: 'PD', spuKey: 'pd-4c16g', tikvSkuKey: 'aws-tidb-8c32g' }))).toBe(
      'skuservice.unknownTikvSku',
    );
    const pd = await call(
      'POST',
      '/skus',
      tikvSku('aws-pd-test', {
        componentType: 'PD',
        spuKey: 'pd-4c16g',
        instanceMuId: 'aws-m6i.xlarge',
        tikvSkuKey: 'aws-tikv-8c32g',
      }),
    );
    expect(pd.statusCode, pd.body).toBe(201);
  });

  it('an update returns the operation id; the SKU changes when the operation succeeds', async () => {
    const [row] = await t.database.db.select().from(skuSkus).where(eq(skuSkus.key, 'azure-tikv-16c64g'));
    const res = await call('PATCH', `/skus/${row!.id}`, {
      defaultNodeCount: 6,
      dataStorage: storage({ storageMuId: 'azure-premiumv2', sizeGiDefault: 800 }),
      raftlogStorage: null,
      conditions: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const instanceId: string = res.json().instance_id;
    const sku = async () => (await call('GET', '/skus?key=azure-tikv-16c64g')).json().items[0] as Sku;
    expect((await sku()).defaultNodeCount).toBe(3);
    await t.jobs.drain();
    const op = (
      await t.app.inject({ url: `/api/v1/devops/operations/${instanceId}`, headers: await t.as(ADMIN) })
    ).json();
    expect(op.status).toBe('succeeded');
    expect(op.steps.map((s: { name: string }) => s.name)).toEqual(['validate', 'apply']);
    const after = await sku();
    expect(after).toMatchObject({ defaultNodeCount: 6, raftlogStorage: null, conditions: [] });
    expect(after.dataStorage).toMatchObject({ volumeType: 'PREMIUMV2', sizeGiDefault: 800 });
    const rows = await audits('sku:azure-tikv-16c64g');
    const applied = rows.find((r) => r.operation === 'update_sku_applied')!;
    expect(applied.details).toMatchObject({
      instance_id: instanceId,
      before: { defaultNodeCount: 3, raftlogStorage: { diskType: 'RAFT_LOG' } },
      after: { defaultNodeCount: 6, raftlogStorage: null },
    });
  });

  it('an update: 404 for an unknown SKU, 400 for negative numbers, nothing, or storage on a TiDB SKU', async () => {
    expect((await call('PATCH', '/skus/999999', { defaultNodeCount: 1 })).json().code).toBe('skuservice.skuNotFound');
    await expectInvalid('PATCH', '/skus/1', { defaultNodeCount: -2 }, M.minimum0);
    await expectInvalid('PATCH', '/skus/1', {}, M.nothingToUpdate);
    const [tidb] = await t.database.db.select().from(skuSkus).where(eq(skuSkus.key, 'aws-tidb-8c32g'));
    const res = await call('PATCH', `/skus/${tidb!.id}`, { dataStorage: storage() });
    expect(res.json().code).toBe('skuservice.storageNotAllowed');
  });
});

describe('whitelist', () => {
  const tenantIds = async (n: number) =>
    (
      await t.database.db
        .select({ id: tenants.id })
        .from(tenants)
        .where(like(tenants.name, '%'))
        .orderBy(asc(tenants.id))
        .limit(n)
    ).map((r) => r.id);

  it('lists the seeded whitelists by SKU and component type, or by SPU', async () => {
    const bySku = (await call('GET', '/whitelist?sku_key=aws-tikv-32c128g&component_type=TIKV')).json();
    expect(bySku.total).toBe(2);
    expect(bySku.items[0]).toMatchObject({ scope: 'sku', sku_key: 'aws-tikv-32c128g', component_type: 'TIKV' });
    expect(bySku.items[0].tenant_name).toBeTruthy();
    const bySpu = (await call('GET', '/whitelist?spu_key=tiflash-16c128g')).json();
    expect(bySpu.items.every((e: { spu_key: string }) => e.spu_key === 'tiflash-16c128g')).toBe(true);
    expect(bySpu.total).toBe(2);
  });

  it('adds tenants (audited), refuses duplicates (409) and unknown targets or tenants (400), removes one', async () => {
    const [a, b] = await tenantIds(2);
    const target = { sku_key: 'gcp-tikv-4c16g', component_type: 'TIKV' };
    const res = await call('POST', '/whitelist', { ...target, tenant_ids: [a, b] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items).toHaveLength(2);
    const dup = await call('POST', '/whitelist', { ...target, tenant_ids: [a] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('skuservice.alreadyWhitelisted');
    expect((await call('POST', '/whitelist', { ...target, tenant_ids: ['no-such-tenant'] })).json().code).toBe(
      'skuservice.unknownTenant',
    );
    expect(
      (await call('POST', '/whitelist', { sku_key: 'gcp-tikv-4c16g', component_type: 'TIDB', tenant_ids: [a] })).json()
        .code,
    ).toBe('skuservice.unknownWhitelistTarget');
    await expectInvalid('POST', '/whitelist', { sku_key: 'gcp-tikv-4c16g', tenant_ids: [a] }, M.whitelistTarget);
    await expectInvalid('POST', '/whitelist', { ...target, tenant_ids: [] }, M.tenantsRequired);

    const id = res.json().items[0].id;
    const removed = await call('DELETE', `/whitelist/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().entry.tenant_id).toBe(a);
    expect((await call('DELETE', `/whitelist/${id}`)).statusCode).toBe(404);
    const left = (await call('GET', '/whitelist?sku_key=gcp-tikv-4c16g&component_type=TIKV')).json();
    expect(left.items.map((e: { tenant_id: string }) => e.tenant_id)).toEqual([b]);
    const rows = await audits('whitelist:sku:gcp-tikv-4c16g');
    expect(rows.map((r) => r.operation)).toEqual(['add_whitelist', 'remove_whitelist']);
    expect(rows[1]!.details).toMatchObject({ before: { tenant_id: a }, after: null });
  });
});

describe('changelog', () => {
  it('lists the catalogue audit rows newest first, with before/after, filterable by object', async () => {
    const res = await call('GET', '/changelog?per_page=5');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { type: string; operate_at: string }[];
    expect(items).toHaveLength(5);
    expect(items.every((i) => i.type === 'spu_sku')).toBe(true);
    const times = items.map((i) => i.operate_at);
    expect([...times].sort().reverse()).toEqual(times);
    const one = (await call('GET', '/changelog?instance_id=spu:tiflash-16c128g')).json();
    expect(one.items.map((i: { operation: string }) => i.operation)).toEqual(['update_spu_applied', 'create_spu']);
    expect(one.items[0].details).toMatchObject({ before: { displayName: '16 vCPU, 128 GB' } });
    expect((await call('GET', '/changelog', undefined, OPERATOR)).statusCode).toBe(200);
  });
});
