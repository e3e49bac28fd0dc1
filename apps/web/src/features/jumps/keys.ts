import type { JumpListQuery, JumpUserListQuery } from '@portal/contract';

/**
 * Every query key of the jumps area (re-exported by api.ts). A module of its own so that the area's manifest can
 * offer it without bundling the hooks.
 */
export const jumpsKeys = {
  all: ['jumps'] as const,
  lists: () => ['jumps', 'list'] as const,
  list: (params: JumpListQuery) => ['jumps', 'list', params] as const,
  detail: (id: string) => ['jumps', 'detail', id] as const,
  users: (params: JumpUserListQuery) => ['jumps', 'users', params] as const,
  clusterOptions: (search: string) => ['jumps', 'cluster-options', search] as const,
};
