import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { incidentsApi, orgsApi } from '@portal/contract';
import type {
  CreateIncidentBody,
  CreateIncidentLogBody,
  CreateIncidentTodoBody,
  Incident,
  IncidentChangesQuery,
  IncidentListQuery,
  IncidentLogListQuery,
  IncidentNoticeBody,
  UpdateIncidentBody,
  UpdateIncidentTodoBody,
} from '@portal/contract';
import { chatMessagesKeys } from '../../shared/api/chatMessages';
import { trackerIssuesKeys } from '../../shared/api/trackerIssues';
import { api } from '../../shared/lib/api';
import { incidentsKeys } from './keys';

export { incidentsKeys };

export function useIncidents(query: IncidentListQuery) {
  return useQuery({
    queryKey: incidentsKeys.list(query),
    queryFn: ({ signal }) => api(incidentsApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useIncident(id: string) {
  return useQuery({
    queryKey: incidentsKeys.detail(id),
    queryFn: ({ signal }) => api(incidentsApi.detail, { params: { id } }, { signal }).then((r) => r.incident),
  });
}

export function useIncidentLogs(id: string, query: IncidentLogListQuery) {
  return useQuery({
    queryKey: incidentsKeys.logs(id, query),
    queryFn: ({ signal }) => api(incidentsApi.logs, { params: { id }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useIncidentTodos(id: string) {
  return useQuery({
    queryKey: incidentsKeys.todos(id),
    queryFn: ({ signal }) => api(incidentsApi.todos, { params: { id } }, { signal }),
  });
}

export function useIncidentChanges(id: string, query: IncidentChangesQuery) {
  return useQuery({
    queryKey: incidentsKeys.changes(id, query),
    queryFn: ({ signal }) => api(incidentsApi.changes, { params: { id }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** After a change of the incident itself: its record, the lists, and its timeline (status changes write to it). */
function useIncidentSaved() {
  const client = useQueryClient();
  return (incident: Incident) => {
    client.setQueryData(incidentsKeys.detail(incident.id), incident);
    void client.invalidateQueries({ queryKey: incidentsKeys.lists() });
    void client.invalidateQueries({ queryKey: incidentsKeys.of(incident.id) });
  };
}

/** Create Incident: the dialog shows field errors (400s land on their fields). */
export function useCreateIncident() {
  const saved = useIncidentSaved();
  return useMutation({
    mutationFn: (body: CreateIncidentBody) => api(incidentsApi.create, { body }).then((r) => r.incident),
    meta: { errorModal: false },
    onSuccess: saved,
  });
}

/** Edit dialog: the dialog shows field errors. */
export function useUpdateIncident(id: string) {
  const saved = useIncidentSaved();
  return useMutation({
    mutationFn: (body: UpdateIncidentBody) =>
      api(incidentsApi.update, { params: { id }, body }).then((r) => r.incident),
    meta: { errorModal: false },
    onSuccess: saved,
  });
}

/** A status action (Acknowledge, Mitigate, Resolve…): a refusal opens the spec §8 operation-failure dialog. */
export function useIncidentTransition(id: string) {
  const saved = useIncidentSaved();
  return useMutation({
    mutationFn: (body: Pick<UpdateIncidentBody, 'status' | 'note'>) =>
      api(incidentsApi.update, { params: { id }, body }).then((r) => r.incident),
    onSuccess: saved,
  });
}

/** Add log: the form shows its own failure. */
export function useAddIncidentLog(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIncidentLogBody) => api(incidentsApi.addLog, { params: { id }, body }).then((r) => r.log),
    meta: { errorModal: false },
    onSuccess: () => void client.invalidateQueries({ queryKey: incidentsKeys.of(id) }),
  });
}

/** Send chat notice: records the message (listed in the Chat notices tab) and a timeline entry. */
export function useSendIncidentNotice(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IncidentNoticeBody) => api(incidentsApi.notice, { params: { id }, body }),
    meta: { errorModal: false },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: chatMessagesKeys.all });
      void client.invalidateQueries({ queryKey: incidentsKeys.of(id) });
    },
  });
}

function useTodosChanged(id: string) {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: incidentsKeys.todos(id) });
}

/** Add / edit a todo: the dialog shows field errors. */
export function useSaveIncidentTodo(id: string) {
  const changed = useTodosChanged(id);
  return useMutation({
    mutationFn: ({ todoId, body }: { todoId?: string; body: CreateIncidentTodoBody & UpdateIncidentTodoBody }) =>
      (todoId
        ? api(incidentsApi.updateTodo, { params: { id, todo_id: todoId }, body })
        : api(incidentsApi.createTodo, { params: { id }, body })
      ).then((r) => r.todo),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}

/** Mark done / reopen a todo from its row: a refusal opens the spec §8 dialog. */
export function useSetIncidentTodoStatus(id: string) {
  const changed = useTodosChanged(id);
  return useMutation({
    mutationFn: ({ todoId, status }: { todoId: string; status: 'open' | 'done' }) =>
      api(incidentsApi.updateTodo, { params: { id, todo_id: todoId }, body: { status } }).then((r) => r.todo),
    onSuccess: changed,
  });
}

export function useDeleteIncidentTodo(id: string) {
  const changed = useTodosChanged(id);
  return useMutation({
    mutationFn: (todoId: string) => api(incidentsApi.deleteTodo, { params: { id, todo_id: todoId } }),
    onSuccess: changed,
  });
}

/** Sync with tracker: creates the missing tracker issues and pulls their statuses back. */
export function useSyncIncidentTodos(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(incidentsApi.syncTodos, { params: { id } }),
    onSuccess: (result) => {
      client.setQueryData(incidentsKeys.todos(id), { items: result.items, total: result.total });
      // The tracker issues linked to the incident (the sync may have created and linked some).
      void client.invalidateQueries({ queryKey: trackerIssuesKeys.linked('incident', id) });
    },
  });
}

// ---- what the incident form chooses from (the orgs API, searched) -------------------------------------------------

export function useTenantOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: incidentsKeys.tenantOptions(search),
    queryFn: ({ signal }) =>
      api(orgsApi.tenants, { query: { search: search || undefined, per_page: 20, sort: 'name' } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useClusterOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: incidentsKeys.clusterOptions(search),
    queryFn: ({ signal }) =>
      api(orgsApi.clusters, { query: { search: search || undefined, per_page: 20, sort: 'name' } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
