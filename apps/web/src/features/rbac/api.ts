import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rbacApi } from '@portal/contract';
import type { CreateRoleBody, RoleListQuery, UpdateRoleBody } from '@portal/contract';
import { profileKey } from '../../shared/api/profile';
import { api } from '../../shared/lib/api';

export const rbacKeys = {
  all: ['rbac'] as const,
  roles: (query: RoleListQuery) => ['rbac', 'roles', query] as const,
  privileges: () => ['rbac', 'privileges'] as const,
};

export function useRoles(query: RoleListQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: rbacKeys.roles(query),
    queryFn: ({ signal }) => api(rbacApi.roles, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePrivileges() {
  return useQuery({
    queryKey: rbacKeys.privileges(),
    queryFn: ({ signal }) => api(rbacApi.privileges, {}, { signal }),
    staleTime: Infinity,
  });
}

/** After a change: the role lists, and the caller's own profile (their roles may grant something else now). */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: rbacKeys.all }),
      client.invalidateQueries({ queryKey: ['access'] }),
      client.invalidateQueries({ queryKey: profileKey }),
    ]);
}

/** Forms show their own failures (field messages, or the server message in the dialog). */
const formMeta = { errorModal: false } as const;

export function useCreateRole() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateRoleBody) => api(rbacApi.createRole, { body }),
    meta: formMeta,
    onSuccess: refresh,
  });
}

export function useUpdateRole() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdateRoleBody) => api(rbacApi.updateRole, { body }),
    meta: formMeta,
    onSuccess: refresh,
  });
}

/** Failures open the spec §8 operation-failure dialog. */
export function useDeleteRole() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api(rbacApi.deleteRole, { params: { id } }),
    onSuccess: refresh,
  });
}
