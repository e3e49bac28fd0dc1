import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { skuServiceApi } from '@portal/contract';
import type {
  AddWhitelistBody,
  CloudProvider,
  CreateSkuBody,
  CreateSpuBody,
  SkuChangelogQuery,
  SkuListQuery,
  SpuListQuery,
  UpdateSkuBody,
  UpdateSpuBody,
  WhitelistListQuery,
} from '@portal/contract';
import { api } from '../../shared/lib/api';
import { skuServiceKeys as keys } from './keys';

export { skuServiceKeys } from './keys';

/** Every change to the catalogue may show in every tab (a new SKU joins its SPU's mappings, the change log grows). */
function useCatalogueChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}

export function useSpus(query: SpuListQuery, enabled = true) {
  return useQuery({
    queryKey: keys.spus(query),
    queryFn: ({ signal }) => api(skuServiceApi.spus, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSkus(query: SkuListQuery, enabled = true) {
  return useQuery({
    queryKey: keys.skus(query),
    queryFn: ({ signal }) => api(skuServiceApi.skus, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The provider's compute MUs (the SKU form's instance types). */
export function useComputeMus(cloudProvider: CloudProvider | undefined) {
  return useQuery({
    queryKey: keys.computeMus(cloudProvider ?? ''),
    queryFn: ({ signal }) =>
      api(skuServiceApi.computeMus, { query: { cloudProvider: cloudProvider! } }, { signal }).then((r) => r.items),
    enabled: !!cloudProvider,
    staleTime: 5 * 60_000,
  });
}

/** The provider's storage MUs (the SKU form's volume types). */
export function useStorageMus(cloudProvider: CloudProvider | undefined) {
  return useQuery({
    queryKey: keys.storageMus(cloudProvider ?? ''),
    queryFn: ({ signal }) =>
      api(skuServiceApi.storageMus, { query: { cloudProvider: cloudProvider! } }, { signal }).then((r) => r.items),
    enabled: !!cloudProvider,
    staleTime: 5 * 60_000,
  });
}

export function useWhitelist(query: WhitelistListQuery) {
  return useQuery({
    queryKey: keys.whitelist(query),
    queryFn: ({ signal }) => api(skuServiceApi.whitelist, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useChangelog(query: SkuChangelogQuery) {
  return useQuery({
    queryKey: keys.changelog(query),
    queryFn: ({ signal }) => api(skuServiceApi.changelog, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateSpu() {
  const changed = useCatalogueChanged();
  return useMutation({
    mutationFn: (body: CreateSpuBody) => api(skuServiceApi.createSpu, { body }).then((r) => r.spu),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}

/** Answers the operation applying the change (spec §7: "returns instance_id"); a failure is the §8 dialog. */
export function useUpdateSpu(id: string) {
  const changed = useCatalogueChanged();
  return useMutation({
    mutationFn: (body: UpdateSpuBody) => api(skuServiceApi.updateSpu, { params: { id }, body }),
    onSuccess: changed,
  });
}

export function useCreateSku() {
  const changed = useCatalogueChanged();
  return useMutation({
    mutationFn: (body: CreateSkuBody) => api(skuServiceApi.createSku, { body }).then((r) => r.sku),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}

export function useUpdateSku(id: string) {
  const changed = useCatalogueChanged();
  return useMutation({
    mutationFn: (body: UpdateSkuBody) => api(skuServiceApi.updateSku, { params: { id }, body }),
    onSuccess: changed,
  });
}

export function useAddWhitelist() {
  const changed = useCatalogueChanged();
  return useMutation({
    mutationFn: (body: AddWhitelistBody) => api(skuServiceApi.addWhitelist, { body }),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}

/** Remove one tenant; a refusal opens the §8 dialog. */
export function useRemoveWhitelist() {
  const changed = useCatalogueChanged();
  return useMutation({
    mutationFn: (id: string) => api(skuServiceApi.removeWhitelist, { params: { id } }),
    onSuccess: changed,
  });
}
