import type { MaintenanceListQuery } from '@portal/contract';

/** Every query key of the maintenance area (root `maintenance`). */
export const maintenanceKeys = {
  all: ['maintenance'] as const,
  lists: () => ['maintenance', 'list'] as const,
  list: (query: MaintenanceListQuery) => ['maintenance', 'list', query] as const,
  detail: (id: string) => ['maintenance', 'detail', id] as const,
};
