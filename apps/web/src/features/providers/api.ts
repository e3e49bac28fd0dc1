import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { providersApi } from '@portal/contract';
import type { CreateProviderBody, CreateRegionBody, UpdateRegionBody } from '@portal/contract';
import { api } from '../../shared/lib/api';

export const providerKeys = {
  all: ['providers'] as const,
  list: () => ['providers', 'list'] as const,
  detail: (id: string) => ['providers', 'detail', id] as const,
};

export function useProviders() {
  return useQuery({
    queryKey: providerKeys.list(),
    queryFn: ({ signal }) => api(providersApi.list, {}, { signal }),
  });
}

export function useProvider(id: string) {
  return useQuery({
    queryKey: providerKeys.detail(id),
    queryFn: ({ signal }) => api(providersApi.detail, { params: { id } }, { signal }),
  });
}

/** Forms show their own failures (field messages), so these opt out of the failure dialog. */
const formMeta = { errorModal: false } as const;

export function useCreateProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProviderBody) => api(providersApi.create, { body }),
    meta: formMeta,
    onSuccess: () => client.invalidateQueries({ queryKey: providerKeys.all }),
  });
}

export function useCreateRegion(providerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRegionBody) => api(providersApi.createRegion, { params: { id: providerId }, body }),
    meta: formMeta,
    // The list's region_count changes too.
    onSuccess: () => client.invalidateQueries({ queryKey: providerKeys.all }),
  });
}

export function useUpdateRegion(providerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ regionId, body }: { regionId: string; body: UpdateRegionBody }) =>
      api(providersApi.updateRegion, { params: { id: providerId, rid: regionId }, body }),
    meta: formMeta,
    onSuccess: () => client.invalidateQueries({ queryKey: providerKeys.all }),
  });
}
