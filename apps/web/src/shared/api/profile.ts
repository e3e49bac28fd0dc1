import { useQuery } from '@tanstack/react-query';
import { ADMIN_ROLE, authApi } from '@portal/contract';
import type { Profile } from '@portal/contract';
import { api } from '../lib/api';

export const profileKey = ['me'] as const;

/** The signed-in user (GET /api/v1/devops/me): name, email, roles and the privileges they grant. */
export function useProfile() {
  const query = useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => api(authApi.me, {}, { signal }),
    // Roles and grants are data (/rbac, /privilege): a change reaches an open console within a minute.
    staleTime: 60_000,
    retry: false,
  });
  return { ...query, profile: query.data, isAdmin: isAdmin(query.data) };
}

export function isAdmin(profile: Profile | undefined): boolean {
  return profile?.roles.includes(ADMIN_ROLE) ?? false;
}
