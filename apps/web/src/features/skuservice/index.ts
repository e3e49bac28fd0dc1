import type { FeatureManifest } from '../../shared/lib/feature';

export { skuServiceKeys } from './keys';

/** The SKU service's tabs (spec §2 "/sku_service/{sku_component}: tabs spu, sku, whitelist, changelog"). */
export const SKU_SERVICE_TABS = ['spu', 'sku', 'whitelist', 'changelog'] as const;

/**
 * Where an audit row of the catalogue links: instance `spu:<key>`, `sku:<key>`, `whitelist:<scope>:<key>`, and the
 * SKU editor's `sku_group:<id>` and `unit:<key>` (its list: the groups are searched by name, not id).
 */
export function catalogueObjectPath(instanceId: string): string {
  const [kind, a = '', b = ''] = instanceId.split(':');
  const q = (k: string, v: string) => `${k}=${encodeURIComponent(v)}`;
  if (kind === 'sku_group' || kind === 'unit') return '/sku_editor';
  if (kind === 'sku') return `/sku_service/sku?${q('key', a)}`;
  if (kind === 'whitelist') return `/sku_service/whitelist?${q(a === 'spu' ? 'spu_key' : 'sku_key', b)}`;
  return `/sku_service/spu?${q('key', a)}`;
}

/**
 * The SKU service (issue 17; spec §2 /sku_service/{spu,sku,whitelist,changelog}): SPUs, SKUs, the whitelist strategy
 * and the catalogue's change log. Loads with the shell: data and lazy imports only.
 */
export const skuServiceFeature: FeatureManifest = {
  key: 'skuservice',
  routes: [
    {
      path: '/sku_service',
      title: 'SKU Service',
      page: () => import('./pages/SkuServicePage').then((m) => m.SkuServiceRedirect),
    },
    { path: '/sku_service/:component', page: () => import('./pages/SkuServicePage').then((m) => m.SkuServicePage) },
  ],
  menu: { section: 'skus', key: 'sku_service', label: 'SKU Service', path: '/sku_service', order: 2 },
  objectLinks: [
    { kind: 'sku', path: (key) => `/sku_service/sku?key=${encodeURIComponent(key)}` },
    { kind: 'spu', path: (key) => `/sku_service/spu?key=${encodeURIComponent(key)}` },
  ],
  auditLinks: [{ type: 'spu_sku', path: catalogueObjectPath }],
};
