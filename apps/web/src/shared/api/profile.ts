import { useQuery } from '@tanstack/react-query';
import { authApi } from '@portal/contract';
import { api } from '../lib/api';

export const profileKey = ['me'] as const;

/**
 * The signed-in user (GET /api/v1/devops/me): name, email, roles and the privileges they grant. What the console
 * shows is decided from the privileges, never from a role's name (issue 18).
 */
export function useProfile() {
  const query = useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => api(authApi.me, {}, { signal }),
    // Roles and grants are data (/rbac, /privilege): a change reaches an open console within a minute.
    staleTime: 60_000,
    retry: false,
  });
  return { ...query, profile: query.data };
}
