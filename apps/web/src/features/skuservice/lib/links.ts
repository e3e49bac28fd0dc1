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
