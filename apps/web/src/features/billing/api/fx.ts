import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { billingApi } from '@portal/contract';
import type { FxRateListQuery, SetFxRateBody } from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { billingKeys } from '../keys';
import { useBillingChanged } from './common';

/** USD → SGD rates, newest first (the first is the current one). */
export function useFxRates(query: FxRateListQuery) {
  return useQuery({
    queryKey: billingKeys.fxRates(query),
    queryFn: ({ signal }) => api(billingApi.fxRates, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetFxRate() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (body: SetFxRateBody) => api(billingApi.setFxRate, { body }),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}
