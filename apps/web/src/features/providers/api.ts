import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { providerRoutes } from '@portal/contract';
import type {
  CreateProviderBody,
  CreateRegionBody,
  ListResult,
  Provider,
  ProviderDetail,
  Region,
  UpdateRegionBody,
} from '@portal/contract';
import { http, pathOf } from '../../shared/lib/http';

export const providerKeys = {
  all: ['providers'] as const,
  list: () => ['providers', 'list'] as const,
  detail: (id: string) => ['providers', 'detail', id] as const,
};

export function useProviders() {
  return useQuery({
    queryKey: providerKeys.list(),
    queryFn: ({ signal }) => http.get<ListResult<Provider>>(providerRoutes.list, { signal }),
  });
}

export function useProvider(id: string) {
  return useQuery({
    queryKey: providerKeys.detail(id),
    queryFn: ({ signal }) => http.get<ProviderDetail>(pathOf(providerRoutes.detail, { id }), { signal }),
  });
}

/** Forms show their own failures (field messages), so these opt out of the failure dialog. */
const formMeta = { errorModal: false } as const;

export function useCreateProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProviderBody) => http.post<Provider>(providerRoutes.list, body),
    meta: formMeta,
    onSuccess: () => client.invalidateQueries({ queryKey: providerKeys.all }),
  });
}

export function useCreateRegion(providerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRegionBody) => http.post<Region>(pathOf(providerRoutes.regions, { id: providerId }), body),
    meta: formMeta,
    // The list's region_count changes too.
    onSuccess: () => client.invalidateQueries({ queryKey: providerKeys.all }),
  });
}

export function useUpdateRegion(providerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ regionId, body }: { regionId: string; body: UpdateRegionBody }) =>
      http.put<Region>(pathOf(providerRoutes.region, { id: providerId, rid: regionId }), body),
    meta: formMeta,
    onSuccess: () => client.invalidateQueries({ queryKey: providerKeys.all }),
  });
}
