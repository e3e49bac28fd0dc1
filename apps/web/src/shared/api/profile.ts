import { useQuery } from '@tanstack/react-query';
import { ADMIN_ROLE, authRoutes } from '@portal/contract';
import type { Profile } from '@portal/contract';
import { http } from '../lib/http';

export const profileKey = ['me'] as const;

/** The signed-in user (GET /api/v1/devops/me): name, email, roles. */
export function useProfile() {
  const query = useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => http.get<Profile>(authRoutes.me, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return { ...query, profile: query.data, isAdmin: isAdmin(query.data) };
}

export function isAdmin(profile: Profile | undefined): boolean {
  return profile?.roles.includes(ADMIN_ROLE) ?? false;
}
