import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessApi, rbacApi } from '@portal/contract';
import type { CreateUserBody, UserDisabledBody, UserListQuery, UserRolesBody } from '@portal/contract';
import { profileKey } from '../../shared/api/profile';
import { api } from '../../shared/lib/api';

export const accessKeys = {
  all: ['access'] as const,
  users: (query: UserListQuery) => ['access', 'users', query] as const,
};

/** The roles of /rbac a user can be given (name, description, privileges), for the role pickers and filters. */
export function useRoleOptions() {
  return useQuery({
    queryKey: ['access', 'roles'],
    queryFn: ({ signal }) => api(rbacApi.roles, { query: { per_page: 1000 } }, { signal }),
    staleTime: 60_000,
  });
}

export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: accessKeys.users(query),
    queryFn: ({ signal }) => api(accessApi.users, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** After any change: the lists, and the caller's own profile (an admin may have changed their own roles). */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: accessKeys.all }),
      client.invalidateQueries({ queryKey: profileKey }),
    ]);
}

/** Forms show their own failures (field messages, or the server message in the dialog). */
const formMeta = { errorModal: false } as const;

export function useCreateUser() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateUserBody) => api(accessApi.createUser, { body }),
    meta: formMeta,
    onSuccess: refresh,
  });
}

export function useUpdateUserRoles() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ email, body }: { email: string; body: UserRolesBody }) =>
      api(accessApi.userRoles, { params: { email }, body }),
    meta: formMeta,
    onSuccess: refresh,
  });
}

/** Failures open the spec §8 operation-failure dialog (title: the error code). */
export function useSetUserDisabled() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ email, body }: { email: string; body: UserDisabledBody }) =>
      api(accessApi.userDisabled, { params: { email }, body }),
    onSuccess: refresh,
  });
}
