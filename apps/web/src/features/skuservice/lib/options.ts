import { CLOUD_PROVIDERS, SKU_COMPONENT_TYPES } from '@portal/contract';
import type { SkuComponentType } from '@portal/contract';

export const COMPONENT_LABELS: Record<SkuComponentType, string> = {
  TIDB: 'TiDB',
  TIKV: 'TiKV',
  TIFLASH: 'TiFlash',
  PD: 'PD',
  TIPROXY: 'TiProxy',
};
export const componentOptions = SKU_COMPONENT_TYPES.map((value) => ({ value, label: COMPONENT_LABELS[value] }));
export const providerOptions = CLOUD_PROVIDERS.map((value) => ({ value, label: value }));

/** The mappings as the SPU forms edit them: pretty JSON. */
export const mappingsText = (mappings: unknown) => JSON.stringify(mappings, null, 2);
