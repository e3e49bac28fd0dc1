import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { billingApi } from '@portal/contract';
import type {
  AddBoundPlanBody,
  BoundPlanListQuery,
  SupportPlanListQuery,
  UpdateSupportPlanBody,
} from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { billingKeys } from '../keys';
import { useBillingChanged } from './common';

export function useSupportPlans(query: SupportPlanListQuery) {
  return useQuery({
    queryKey: billingKeys.supportPlans(query),
    queryFn: ({ signal }) => api(billingApi.supportPlans, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBoundPlans(query: BoundPlanListQuery) {
  return useQuery({
    queryKey: billingKeys.boundPlans(query),
    queryFn: ({ signal }) => api(billingApi.boundPlans, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A tenant's current plan: the active one, else the next to be activated, else none. */
export function useCurrentBoundPlan(tenantId: string) {
  return useQuery({
    queryKey: billingKeys.boundPlan(tenantId),
    queryFn: ({ signal }) =>
      api(billingApi.boundPlan, { query: { tenant_id: tenantId } }, { signal }).then((r) => r.binded_support_plan),
    enabled: Boolean(tenantId),
  });
}

/** Update a plan's terms; field errors land on the dialog's fields. */
export function useUpdateSupportPlan(id: string) {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (body: UpdateSupportPlanBody) => api(billingApi.updateSupportPlan, { params: { id }, body }),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}

export function useAddBoundPlan() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (body: AddBoundPlanBody) => api(billingApi.addBoundPlan, { body }).then((r) => r.binded_support_plan),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}

/** Cancel a tenant's current plan; a refusal opens the §8 dialog. */
export function useCancelBoundPlan() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (tenantId: string) => api(billingApi.cancelBoundPlan, { query: { tenant_id: tenantId } }),
    onSuccess: changed,
  });
}

/** Disable a bound plan; its failure is shown by the caller (§8: the server message, else "Cancel Failed"). */
export function useDisableBoundPlan() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (id: string) => api(billingApi.disableBoundPlan, { params: { id } }),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}
