import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { billingApi, RISK_LEVEL_REFRESH_MS } from '@portal/contract';
import type { CreateRiskLevelBody, RouteQueryIn, UpdateCostQuotaBody, UpdateRiskLevelBody } from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { billingKeys } from '../keys';
import { useBillingChanged } from './common';

/** The credit risk levels, refreshed every 120 s (§9) while shown. */
export function useRiskLevels(query: RouteQueryIn<typeof billingApi.riskLevels>) {
  return useQuery({
    queryKey: billingKeys.riskLevels(query),
    queryFn: ({ signal }) => api(billingApi.riskLevels, { query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: RISK_LEVEL_REFRESH_MS,
  });
}

export function useCreateRiskLevel() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (body: CreateRiskLevelBody) => api(billingApi.createRiskLevel, { body }),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}

export function useUpdateRiskLevel(id: string) {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (body: UpdateRiskLevelBody) => api(billingApi.updateRiskLevel, { params: { id }, body }),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}

export function useUpdateCostQuota(id: string) {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (body: UpdateCostQuotaBody) => api(billingApi.updateCostQuota, { params: { id }, body }),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}

/** Delete a level; a refusal (tenants still at it) opens the §8 dialog. */
export function useDeleteRiskLevel() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (id: string) => api(billingApi.deleteRiskLevel, { params: { id } }),
    onSuccess: changed,
  });
}
