import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tenantsApi } from '@portal/contract';
import type {
  AccountUserListQuery,
  CreateTenantBody,
  QuotaBody,
  StartSupportSessionBody,
  VpcCidrBody,
} from '@portal/contract';
import { orgsKeys } from '../../shared/api/entities';
import { api } from '../../shared/lib/api';

/**
 * Tenant operations (spec §7 Devops tenants): support sessions, account users, quota, VPC CIDRs, create and delete.
 * Keys under the orgs root, so whatever refreshes the orgs area refreshes these too.
 */
export const tenantOpsKeys = {
  sessions: (id: string) => ['orgs', 'support-sessions', id] as const,
  accountUsers: (id: string, query: AccountUserListQuery) => ['orgs', 'account-users', id, query] as const,
  quota: (id: string) => ['orgs', 'quota', id] as const,
  vpcCidrs: (id: string) => ['orgs', 'vpc-cidrs', id] as const,
};

export function useSupportSessions(id: string) {
  return useQuery({
    queryKey: tenantOpsKeys.sessions(id),
    queryFn: ({ signal }) => api(tenantsApi.supportSessions, { params: { id } }, { signal }),
    staleTime: 15_000,
  });
}

export function useStartSupportSession(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartSupportSessionBody) => api(tenantsApi.startSupportSession, { params: { id }, body }),
    meta: { errorModal: false },
    onSuccess: () => client.invalidateQueries({ queryKey: tenantOpsKeys.sessions(id) }),
  });
}

/** Ends the caller's session; a refusal opens the §8 dialog. */
export function useEndSupportSession(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(tenantsApi.endSupportSession, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: tenantOpsKeys.sessions(id) }),
  });
}

export function useCreateTenant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTenantBody) => api(tenantsApi.create, { body }),
    meta: { errorModal: false },
    onSuccess: () => client.invalidateQueries({ queryKey: orgsKeys.all }),
  });
}

export function useDeleteTenant(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(tenantsApi.delete, { params: { id } }),
    meta: { errorModal: false },
    // Marked stale, not refetched: the page still showing the tenant would ask for it and get a 404 before it leaves.
    onSuccess: () => client.invalidateQueries({ queryKey: orgsKeys.all, refetchType: 'none' }),
  });
}

export function useAccountUsers(id: string, query: AccountUserListQuery) {
  return useQuery({
    queryKey: tenantOpsKeys.accountUsers(id, query),
    queryFn: ({ signal }) => api(tenantsApi.accountUsers, { params: { id }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useQuota(id: string) {
  return useQuery({
    queryKey: tenantOpsKeys.quota(id),
    queryFn: ({ signal }) => api(tenantsApi.quota, { params: { id } }, { signal }),
  });
}

export function useSetQuota(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QuotaBody) => api(tenantsApi.setQuota, { params: { id }, body }),
    meta: { errorModal: false },
    onSuccess: (quota) => client.setQueryData(tenantOpsKeys.quota(id), quota),
  });
}

export function useVpcCidrs(id: string) {
  return useQuery({
    queryKey: tenantOpsKeys.vpcCidrs(id),
    queryFn: ({ signal }) => api(tenantsApi.vpcCidr, { params: { id } }, { signal }),
  });
}

export function useSetVpcCidr(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VpcCidrBody) => api(tenantsApi.setVpcCidr, { params: { id }, body }),
    meta: { errorModal: false },
    onSuccess: (cidrs) => client.setQueryData(tenantOpsKeys.vpcCidrs(id), cidrs),
  });
}
