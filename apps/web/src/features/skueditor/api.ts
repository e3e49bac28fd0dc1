import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingApi, billingSkuApi } from '@portal/contract';
import type { CreateUnitsByGroupBody, SkuGroupBody, SkuGroupListQuery } from '@portal/contract';
import { api } from '../../shared/lib/api';
import { skuEditorKeys as keys } from './keys';

export { skuEditorKeys } from './keys';

export function useSkuGroups(query: SkuGroupListQuery) {
  return useQuery({
    queryKey: keys.groups(query),
    queryFn: ({ signal }) => api(billingSkuApi.skuGroups, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSkuCategories() {
  return useQuery({
    queryKey: keys.categories(),
    queryFn: ({ signal }) => api(billingSkuApi.skuCategories, {}, { signal }).then((r) => r.items),
    staleTime: Infinity,
  });
}

/** A group's live units (every one: a group has few). */
export function useGroupUnits(groupId: string | undefined) {
  return useQuery({
    queryKey: keys.units(groupId ?? ''),
    queryFn: ({ signal }) =>
      api(billingApi.units, { query: { group_id: groupId, per_page: 1000 } }, { signal }).then((r) => r.items),
    enabled: Boolean(groupId),
  });
}

export function usePreviewTree(enabled: boolean) {
  return useQuery({
    queryKey: keys.tree(),
    queryFn: ({ signal }) => api(billingSkuApi.skuPreviewTree, {}, { signal }).then((r) => r.items),
    enabled,
  });
}

// The SKU group and unit dialogs show a failure inline (spec §8), not in the operation-failure dialog.
const inline = { meta: { errorModal: false } } as const;

export function useSaveSkuGroup() {
  const qc = useQueryClient();
  return useMutation({
    ...inline,
    mutationFn: ({ id, body }: { id?: string; body: SkuGroupBody }) =>
      (id
        ? api(billingSkuApi.updateSkuGroup, { params: { id }, body })
        : api(billingSkuApi.createSkuGroup, { body })
      ).then((r) => r.sku_group),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export function usePricePreview() {
  return useMutation({
    ...inline,
    mutationFn: ({
      id,
      body,
    }: {
      id: string;
      body: Pick<SkuGroupBody, 'price_expression' | 'price_formula' | 'price_type'>;
    }) => api(billingSkuApi.skuPricePreview, { params: { id }, body }),
  });
}

export function useUnitsDryRun() {
  return useMutation({
    ...inline,
    mutationFn: (body: CreateUnitsByGroupBody) => api(billingSkuApi.createUnitsDryRun, { body }),
  });
}

export function useCreateUnits() {
  const qc = useQueryClient();
  return useMutation({
    ...inline,
    mutationFn: (body: CreateUnitsByGroupBody) => api(billingSkuApi.createUnits, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteUnit() {
  const qc = useQueryClient();
  return useMutation({
    ...inline,
    mutationFn: (key: string) => api(billingSkuApi.deleteUnit, { params: { key } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}
