import type { FeatureManifest } from '../../shared/lib/feature';

export { skuServiceKeys } from './keys';

/**
 * The SKU service (issue 17; spec §2 /sku_service/{spu,sku,whitelist,changelog}): SPUs, SKUs, the whitelist strategy
 * and the catalogue's change log. Loads with the shell: data and lazy imports only.
 */
export const skuServiceFeature: FeatureManifest = {
  key: 'skuservice',
  requires: 'skus.read',
  routes: [
    {
      path: '/sku_service',
      title: 'SKU Service',
      redirectTo: '/sku_service/spu',
    },
    { path: '/sku_service/:component', page: () => import('./pages/SkuServicePage').then((m) => m.SkuServicePage) },
  ],
  menu: { section: 'skus', key: 'sku_service', label: 'SKU Service', path: '/sku_service', order: 2 },
  objectLinks: [
    { kind: 'sku', path: (key) => `/sku_service/sku?key=${encodeURIComponent(key)}` },
    { kind: 'spu', path: (key) => `/sku_service/spu?key=${encodeURIComponent(key)}` },
  ],
  // The catalogue's change log, filtered by the object (it links the object itself): the link code stays in the page.
  auditLinks: [{ type: 'spu_sku', path: (id) => `/sku_service/changelog?instance_id=${encodeURIComponent(id)}` }],
};
