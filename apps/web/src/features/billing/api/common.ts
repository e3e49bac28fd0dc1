import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { orgsApi } from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { billingKeys } from '../keys';

/** After any billing change: every billing query refetches (an invoice is re-rated by discounts, plans and rates). */
export function useBillingChanged() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: billingKeys.all });
}

/** Tenants for a picker: by name or id (the search is debounced by the caller). */
export function useTenantOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: billingKeys.tenantOptions(search),
    queryFn: ({ signal }) => api(orgsApi.tenants, { query: { search: search || undefined, per_page: 20 } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
