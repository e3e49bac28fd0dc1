import { describe, expect, it } from 'vitest';
import { catalogueObjectPath } from './lib/links';

describe('the catalogue change log links each row to its object', () => {
  it('SPUs, SKUs and whitelists to their tab, SKU groups and units to the SKU editor', () => {
    expect(catalogueObjectPath('spu:tidb-8c32g')).toBe('/sku_service/spu?key=tidb-8c32g');
    expect(catalogueObjectPath('sku:aws-tikv-8c32g')).toBe('/sku_service/sku?key=aws-tikv-8c32g');
    expect(catalogueObjectPath('whitelist:spu:tiflash-16c128g')).toBe('/sku_service/whitelist?spu_key=tiflash-16c128g');
    expect(catalogueObjectPath('whitelist:sku:gcp-tidb-32c128g')).toBe(
      '/sku_service/whitelist?sku_key=gcp-tidb-32c128g',
    );
    expect(catalogueObjectPath('sku_group:7')).toBe('/sku_editor');
    expect(catalogueObjectPath('unit:aws.dedicated.compute.tidb')).toBe('/sku_editor');
  });
});
