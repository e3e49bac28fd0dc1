import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authRoutes } from '@portal/contract';
import type { CreateUserBody, ListResult, PortalUser, UserDisabledBody, UserRolesBody } from '@portal/contract';
import { profileKey } from '../../shared/api/profile';
import { http, pathOf } from '../../shared/lib/http';

/** The params of GET /api/v1/admin/users (contract `userListQuery`). */
export type UserListParams = {
  page: number;
  per_page: number;
  sort?: string;
  search?: string;
  role?: string;
};

export const accessKeys = {
  all: ['access', 'users'] as const,
  users: (params: UserListParams) => ['access', 'users', params] as const,
};

export function useUsers(params: UserListParams) {
  return useQuery({
    queryKey: accessKeys.users(params),
    queryFn: ({ signal }) => http.get<ListResult<PortalUser>>(authRoutes.users, { params, signal }),
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
    mutationFn: (body: CreateUserBody) => http.post<PortalUser>(authRoutes.users, body),
    meta: formMeta,
    onSuccess: refresh,
  });
}

export function useUpdateUserRoles() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ email, body }: { email: string; body: UserRolesBody }) =>
      http.put<PortalUser>(pathOf(authRoutes.userRoles, { email }), body),
    meta: formMeta,
    onSuccess: refresh,
  });
}

/** Failures open the spec §8 operation-failure dialog (title: the error code). */
export function useSetUserDisabled() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ email, body }: { email: string; body: UserDisabledBody }) =>
      http.put<PortalUser>(pathOf(authRoutes.userDisabled, { email }), body),
    onSuccess: refresh,
  });
}
