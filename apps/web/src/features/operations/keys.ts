import type { OperationListQuery } from '@portal/contract';

/**
 * Every query key of the operations area (re-exported by api.ts). A module of its own so that the area's manifest
 * (index.ts, in the entry chunk) can offer it to other areas without bundling the hooks.
 */
export const operationsKeys = {
  all: ['operations'] as const,
  lists: () => ['operations', 'list'] as const,
  list: (params: OperationListQuery) => ['operations', 'list', params] as const,
  detail: (id: string) => ['operations', 'detail', id] as const,
};
