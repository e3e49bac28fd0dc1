import type { FeatureManifest } from '../../shared/lib/feature';

export { skuEditorKeys } from './keys';

/**
 * The SKU editor (issue 17; spec §2 /sku_editor): SKU groups, the units made from them and the price list as rating
 * uses it. Loads with the shell: data and lazy imports only.
 */
export const skuEditorFeature: FeatureManifest = {
  key: 'skueditor',
  requires: 'skus.read',
  routes: [
    {
      path: '/sku_editor',
      title: 'SKU Editor',
      page: () => import('./pages/SkuEditorPage').then((m) => m.SkuEditorPage),
    },
  ],
  menu: { section: 'skus', key: 'sku_editor', label: 'SKU Editor', path: '/sku_editor', order: 1 },
};
