import type { IncidentChangesQuery, IncidentListQuery, IncidentLogListQuery } from '@portal/contract';

/**
 * Every query key of the incidents area (root `incidents`; re-exported by api.ts). A module of its own so that the
 * area's manifest can offer it without bundling the hooks.
 */
export const incidentsKeys = {
  all: ['incidents'] as const,
  lists: () => ['incidents', 'list'] as const,
  list: (query: IncidentListQuery) => ['incidents', 'list', query] as const,
  detail: (id: string) => ['incidents', 'detail', id] as const,
  /** Everything of one incident below its record: logs, todos, changes. */
  of: (id: string) => ['incidents', 'of', id] as const,
  logs: (id: string, query: IncidentLogListQuery) => ['incidents', 'of', id, 'logs', query] as const,
  todos: (id: string) => ['incidents', 'of', id, 'todos'] as const,
  changes: (id: string, query: IncidentChangesQuery) => ['incidents', 'of', id, 'changes', query] as const,
  tenantOptions: (search: string) => ['incidents', 'tenant-options', search] as const,
  clusterOptions: (search: string) => ['incidents', 'cluster-options', search] as const,
};
