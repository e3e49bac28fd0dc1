import type { GrantListQuery } from '@portal/contract';

/** Every query key of the privilege grants area (root `privileges`). */
export const privilegesKeys = {
  all: ['privileges'] as const,
  list: (query: GrantListQuery) => ['privileges', 'list', query] as const,
  grant: (id: number) => ['privileges', 'grant', id] as const,
  users: () => ['privileges', 'users'] as const,
};
