import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { maintenanceApi, orgsApi } from '@portal/contract';
import type { CreateMaintenanceBody, ExecutionAction, MaintenanceDetail, MaintenanceListQuery } from '@portal/contract';
import { orgsKeys } from '../../shared/api/entities';
import { api } from '../../shared/lib/api';
import { maintenanceKeys } from './keys';

export { maintenanceKeys };

/** How often a maintenance waiting for its window job (schedule time or deadline passed) is re-read. */
export const WINDOW_POLL_MS = 2000;

/** Whether the window job is about to move it: a Pending one past its schedule time, an open one past its deadline. */
export function awaitingWindowJob(
  m: Pick<MaintenanceDetail, 'status' | 'schedule_time' | 'deadline'>,
  now = Date.now(),
) {
  if (m.status === 'Closed') return false;
  if (Date.parse(m.deadline) <= now) return true;
  return m.status === 'Pending' && Date.parse(m.schedule_time) <= now;
}

export function useMaintenances(query: MaintenanceListQuery) {
  return useQuery({
    queryKey: maintenanceKeys.list(query),
    queryFn: ({ signal }) => api(maintenanceApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMaintenance(id: string) {
  return useQuery({
    queryKey: maintenanceKeys.detail(id),
    queryFn: ({ signal }) => api(maintenanceApi.detail, { params: { id } }, { signal }),
    refetchInterval: (q) => (q.state.data && awaitingWindowJob(q.state.data) ? WINDOW_POLL_MS : false),
  });
}

function useSettled() {
  const client = useQueryClient();
  return (detail: MaintenanceDetail) => {
    client.setQueryData(maintenanceKeys.detail(detail.id), detail);
    void client.invalidateQueries({ queryKey: maintenanceKeys.lists() });
  };
}

/** New Maintenance: the form shows its own field errors (400s land on their fields). */
export function useCreateMaintenance() {
  const settled = useSettled();
  return useMutation({
    mutationFn: (body: CreateMaintenanceBody) => api(maintenanceApi.create, { body }),
    onSuccess: settled,
    meta: { errorModal: false },
  });
}

export interface MaintenanceActionInput {
  action: ExecutionAction | 'close';
  executionId?: string;
  reason?: string;
}

/** Start / finish / cancel an execution, or close the maintenance; its page shows the outcome (spec §8 messages). */
export function useMaintenanceAction(id: string) {
  const settled = useSettled();
  return useMutation({
    mutationFn: ({ action, executionId = '', reason }: MaintenanceActionInput) => {
      const body = { reason: reason || undefined };
      if (action === 'close') return api(maintenanceApi.close, { params: { id }, body });
      if (action === 'cancel') return api(maintenanceApi.cancel, { params: { id, execution_id: executionId }, body });
      const params = { id, execution_id: executionId };
      return action === 'start' ? api(maintenanceApi.start, { params }) : api(maintenanceApi.finish, { params });
    },
    onSuccess: settled,
    meta: { errorModal: false },
  });
}

// ---- what New Maintenance chooses from (the orgs area's lists, in its cache) --------------------------------------

export function useTenantOptions(search: string, enabled: boolean) {
  const query = { search: search || undefined, per_page: 20 };
  return useQuery({
    queryKey: orgsKeys.tenants(query),
    queryFn: ({ signal }) => api(orgsApi.tenants, { query }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useProjectOptions(tenantId: string | undefined) {
  const query = { per_page: 100, sort: 'name' as const };
  return useQuery({
    queryKey: orgsKeys.projects(tenantId ?? '', query),
    queryFn: ({ signal }) => api(orgsApi.projects, { params: { id: tenantId! }, query }, { signal }),
    enabled: Boolean(tenantId),
  });
}

export function useClusterOptions(projectId: string | undefined) {
  const query = { project_id: projectId, per_page: 100, sort: 'name' as const };
  return useQuery({
    queryKey: orgsKeys.clusters(query),
    queryFn: ({ signal }) => api(orgsApi.clusters, { query }, { signal }),
    enabled: Boolean(projectId),
  });
}
