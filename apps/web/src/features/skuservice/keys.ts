import type { SkuChangelogQuery, SkuListQuery, SpuListQuery, WhitelistListQuery } from '@portal/contract';

/** Every query key of the SKU service (root `skuservice`). */
export const skuServiceKeys = {
  all: ['skuservice'] as const,
  spus: (query: SpuListQuery) => ['skuservice', 'spus', query] as const,
  skus: (query: SkuListQuery) => ['skuservice', 'skus', query] as const,
  computeMus: (cloudProvider: string) => ['skuservice', 'compute-mus', cloudProvider] as const,
  storageMus: (cloudProvider: string) => ['skuservice', 'storage-mus', cloudProvider] as const,
  whitelist: (query: WhitelistListQuery) => ['skuservice', 'whitelist', query] as const,
  changelog: (query: SkuChangelogQuery) => ['skuservice', 'changelog', query] as const,
};
