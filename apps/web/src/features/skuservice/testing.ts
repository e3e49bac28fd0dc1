import type { ComputeMu, Sku, SkuStorage, Spu, StorageMu, WhitelistEntry } from '@portal/contract';

/** Test fixtures of the SKU service (used by its *.test.tsx files only). */
export const P = '/api/v1/devops/mgmt-portal';

export function spu(overrides: Partial<Spu> = {}): Spu {
  return {
    id: '4',
    key: 'tikv-8c32g',
    name: 'tikv-8c32g',
    displayName: '8 vCPU, 32 GiB',
    componentType: 'TIKV',
    cpuCore: 8,
    memorySizeGi: 32,
    mappings: [{ skuKey: 'aws-tikv-8c32g' }],
    createdAt: '2026-10-04T09:00:00.000Z',
    updatedAt: null,
    ...overrides,
  };
}

export function storage(overrides: Partial<SkuStorage> = {}): SkuStorage {
  return {
    diskType: 'DATA',
    storageMuId: 'aws-gp3',
    volumeType: 'GP3',
    sizeGiDefault: 500,
    sizeGiMin: 200,
    sizeGiMax: 6144,
    iopsMin: 3000,
    iopsMax: 16000,
    iopsFixed: { iops: 3000 },
    throughputMibpsMin: 125,
    throughputMibpsMax: 1000,
    throughputFixed: { throughputMibps: 125 },
    ...overrides,
  };
}

export function sku(overrides: Partial<Sku> = {}): Sku {
  return {
    id: '12',
    key: 'aws-tikv-8c32g',
    displayName: 'TiKV 8C32G (AWS m6i.2xlarge)',
    spuId: '4',
    spuKey: 'tikv-8c32g',
    spuDisplayName: '8 vCPU, 32 GiB',
    cloudProvider: 'AWS',
    componentType: 'TIKV',
    instanceMuId: 'aws-m6i.2xlarge',
    instanceType: 'm6i.2xlarge',
    cpuArch: 'AMD64',
    cpuCore: 8,
    memoryGi: 32,
    defaultNodeCount: 3,
    tikvSkuKey: null,
    conditions: [],
    dataStorage: storage(),
    raftlogStorage: null,
    createdAt: '2026-10-04T11:00:00.000Z',
    updatedAt: null,
    ...overrides,
  };
}

export const computeMus: ComputeMu[] = [
  {
    id: 'aws-m6i.2xlarge',
    cloudProvider: 'AWS',
    instanceType: 'm6i.2xlarge',
    cpuCore: 8,
    memoryGi: 32,
    cpuArch: 'AMD64',
  },
  {
    id: 'aws-m7g.2xlarge',
    cloudProvider: 'AWS',
    instanceType: 'm7g.2xlarge',
    cpuCore: 8,
    memoryGi: 32,
    cpuArch: 'ARM64',
  },
];
export const storageMus: StorageMu[] = [
  { id: 'aws-gp3', cloudProvider: 'AWS', volumeType: 'GP3' },
  { id: 'aws-io2', cloudProvider: 'AWS', volumeType: 'IO2' },
];

export function entry(overrides: Partial<WhitelistEntry> = {}): WhitelistEntry {
  return {
    id: '7',
    scope: 'sku',
    sku_key: 'aws-tikv-32c128g',
    spu_key: null,
    component_type: 'TIKV',
    tenant_id: '1372813089189341184',
    tenant_name: 'Kestrel Robotics',
    created_by: 'admin@example.com',
    created_at: '2026-10-24T15:00:00.000Z',
    ...overrides,
  };
}

export const list = <T>(items: T[]) => ({ items, total: items.length });
