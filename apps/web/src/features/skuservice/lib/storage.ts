import type { SkuStorage, SkuStorageInput, SkuStrategy } from '@portal/contract';

/** A storage as the SKU forms hold it: the strategies as choices, each strategy's own fields beside them. */
export interface StorageValues {
  storageMuId?: string;
  sizeGiDefault?: number;
  sizeGiMin?: number;
  sizeGiMax?: number;
  iopsMin?: number;
  iopsMax?: number;
  iopsStrategy?: SkuStrategy;
  iops?: number;
  iopsPerSizeGi?: number;
  throughputMibpsMin?: number;
  throughputMibpsMax?: number;
  throughputStrategy?: SkuStrategy;
  throughputMibps?: number;
  throughputMibpsPerIops?: number;
  throughputMibpsPerSizeGi?: number;
}

/** The storage the API takes, from the form's (validated) values. */
export function toStorage(v: StorageValues): SkuStorageInput {
  return {
    storageMuId: v.storageMuId!,
    sizeGiDefault: v.sizeGiDefault!,
    sizeGiMin: v.sizeGiMin!,
    sizeGiMax: v.sizeGiMax!,
    iopsMin: v.iopsMin!,
    iopsMax: v.iopsMax!,
    ...(v.iopsStrategy === 'Fixed'
      ? { iopsFixed: { iops: v.iops! } }
      : { iopsDynamic: { iopsPerSizeGi: v.iopsPerSizeGi! } }),
    throughputMibpsMin: v.throughputMibpsMin!,
    throughputMibpsMax: v.throughputMibpsMax!,
    ...(v.throughputStrategy === 'Fixed'
      ? { throughputFixed: { throughputMibps: v.throughputMibps! } }
      : {
          throughputDynamic: {
            throughputMibpsPerIops: v.throughputMibpsPerIops!,
            throughputMibpsPerSizeGi: v.throughputMibpsPerSizeGi!,
          },
        }),
  };
}

/** The form's values of a stored storage (the update dialog starts from them). */
export function fromStorage(s: SkuStorage | null): StorageValues | undefined {
  if (!s) return undefined;
  return {
    storageMuId: s.storageMuId,
    sizeGiDefault: s.sizeGiDefault,
    sizeGiMin: s.sizeGiMin,
    sizeGiMax: s.sizeGiMax,
    iopsMin: s.iopsMin,
    iopsMax: s.iopsMax,
    iopsStrategy: s.iopsFixed ? 'Fixed' : 'Dynamic',
    iops: s.iopsFixed?.iops,
    iopsPerSizeGi: s.iopsDynamic?.iopsPerSizeGi,
    throughputMibpsMin: s.throughputMibpsMin,
    throughputMibpsMax: s.throughputMibpsMax,
    throughputStrategy: s.throughputFixed ? 'Fixed' : 'Dynamic',
    throughputMibps: s.throughputFixed?.throughputMibps,
    throughputMibpsPerIops: s.throughputDynamic?.throughputMibpsPerIops,
    throughputMibpsPerSizeGi: s.throughputDynamic?.throughputMibpsPerSizeGi,
  };
}

/** One line for a storage in the list: volume type and sizes. */
export function storageSummary(s: SkuStorage | null): string {
  if (!s) return '-';
  return `${s.volumeType} ${s.sizeGiMin}–${s.sizeGiMax} GiB (default ${s.sizeGiDefault})`;
}
