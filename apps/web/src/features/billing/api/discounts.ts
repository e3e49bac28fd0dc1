import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { billingApi, DISCOUNT_CREATE_TIMEOUT_MS } from '@portal/contract';
import type {
  CreateDiscountBody,
  CreateGlobalDiscountBody,
  DiscountListQuery,
  RouteQueryIn,
  UnitFilterQuickSelection,
} from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { billingKeys } from '../keys';
import { useBillingChanged } from './common';

export function useDiscounts(query: DiscountListQuery) {
  return useQuery({
    queryKey: billingKeys.discounts(query),
    queryFn: ({ signal }) => api(billingApi.discounts, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGlobalDiscounts(query: RouteQueryIn<typeof billingApi.globalDiscounts>) {
  return useQuery({
    queryKey: billingKeys.globalDiscounts(query),
    queryFn: ({ signal }) => api(billingApi.globalDiscounts, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The unit-filter tree (flat: parent_id, leaf), for the discount dialogs. */
export function useUnitFilters(enabled = true) {
  return useQuery({
    queryKey: billingKeys.unitFilters(),
    queryFn: ({ signal }) => api(billingApi.unitFilters, {}, { signal }).then((r) => r.items),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** The leaf filters a preset's quick selection stands for. */
export function fetchQuickSelection(name: UnitFilterQuickSelection) {
  return api(billingApi.quickSelection, { params: { name } });
}

/** Add Discount (§9: the request times out after 15 s); field errors land on the dialog's fields. */
export function useCreateDiscount() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (body: CreateDiscountBody) =>
      api(billingApi.createDiscount, { body }, { timeoutMs: DISCOUNT_CREATE_TIMEOUT_MS }).then((r) => r.discount),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}

/** Reclaim (§4: only a valid discount); a refusal opens the §8 dialog. */
export function useReclaimDiscount() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (id: string) => api(billingApi.reclaimDiscount, { params: { id } }).then((r) => r.discount),
    onSuccess: changed,
  });
}

export function useCreateGlobalDiscount() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (body: CreateGlobalDiscountBody) =>
      api(billingApi.createGlobalDiscount, { body }).then((r) => r.global_discount),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}

export function useDeleteGlobalDiscount() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (id: string) => api(billingApi.deleteGlobalDiscount, { query: { id } }),
    onSuccess: changed,
  });
}
