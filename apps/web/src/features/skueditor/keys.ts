import type { SkuGroupListQuery } from '@portal/contract';

/** Every query key of the SKU editor (root `skueditor`). */
export const skuEditorKeys = {
  all: ['skueditor'] as const,
  groups: (query: SkuGroupListQuery) => ['skueditor', 'groups', query] as const,
  categories: () => ['skueditor', 'categories'] as const,
  units: (groupId: string) => ['skueditor', 'units', groupId] as const,
  tree: () => ['skueditor', 'tree'] as const,
};
