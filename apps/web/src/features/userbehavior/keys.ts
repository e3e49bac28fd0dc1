import type { UserbehaviorListQuery } from '@portal/contract';

/**
 * Every query key of the user-behaviour area (re-exported by api.ts). A module of its own so that the area's manifest
 * can offer it without bundling the hooks.
 */
export const userbehaviorKeys = {
  all: ['userbehavior'] as const,
  lists: () => ['userbehavior', 'list'] as const,
  list: (params: UserbehaviorListQuery) => ['userbehavior', 'list', params] as const,
  detail: (id: string) => ['userbehavior', 'detail', id] as const,
  chats: () => ['userbehavior', 'chats'] as const,
  tenantOptions: (search: string) => ['userbehavior', 'tenant-options', search] as const,
};
