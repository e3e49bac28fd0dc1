import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operationRoutes, TERMINAL_OPERATION_STATUSES } from '@portal/contract';
import type { ListResult, Operation, OperationDetail, OperationStatus } from '@portal/contract';
import { feedback } from '../../shared/lib/feedback';
import { http, pathOf } from '../../shared/lib/http';

/** The parsed shape of the contract's `operationListQuery`. */
export type OperationListParams = {
  page: number;
  per_page: number;
  sort?: string;
  status?: OperationStatus[];
  type?: string;
  target_id?: string;
  search?: string;
};

export const operationKeys = {
  all: ['operations'] as const,
  list: (params: OperationListParams) => ['operations', 'list', params] as const,
  detail: (id: string) => ['operations', 'detail', id] as const,
};

/** How often a running operation is re-read so its progress shows live. */
export const OPERATION_POLL_MS = 1000;
/** A list with unfinished operations refreshes less eagerly. */
export const OPERATION_LIST_POLL_MS = 5000;

export const isTerminal = (status: OperationStatus) => TERMINAL_OPERATION_STATUSES.includes(status);

export function useOperations(params: OperationListParams) {
  return useQuery({
    queryKey: operationKeys.list(params),
    queryFn: ({ signal }) => http.get<ListResult<Operation>>(operationRoutes.list, { params, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((o) => !isTerminal(o.status)) ? OPERATION_LIST_POLL_MS : false,
  });
}

export function useOperation(id: string) {
  return useQuery({
    queryKey: operationKeys.detail(id),
    queryFn: ({ signal }) => http.get<OperationDetail>(pathOf(operationRoutes.detail, { id }), { signal }),
    // Poll every second until the operation ends (or the read fails).
    refetchInterval: (query) => {
      const data = query.state.data;
      if (query.state.error || !data || isTerminal(data.status)) return false;
      return OPERATION_POLL_MS;
    },
  });
}

export type OperationAction = { action: 'submit' | 'cancel' } | { action: 'start' | 'finish'; seq: number };

const SUCCESS: Record<OperationAction['action'], string> = {
  submit: 'Successfully Submit',
  cancel: 'Successfully Cancel',
  start: 'Successfully Start',
  finish: 'Successfully Finish',
};

function actionPath(id: string, a: OperationAction): string {
  switch (a.action) {
    case 'submit':
    case 'cancel':
      return pathOf(operationRoutes[a.action], { id });
    case 'start':
      return pathOf(operationRoutes.startStep, { id, seq: a.seq });
    case 'finish':
      return pathOf(operationRoutes.finishStep, { id, seq: a.seq });
  }
}

/** Submit, cancel, start or finish a manual step; failures open the operation-failure dialog. */
export function useOperationAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: OperationAction) => http.post<OperationDetail>(actionPath(id, a), {}),
    onSuccess: (detail, a) => {
      client.setQueryData(operationKeys.detail(id), detail);
      void client.invalidateQueries({ queryKey: ['operations', 'list'] });
      void client.invalidateQueries({ queryKey: ['audit'] });
      feedback().message.success(SUCCESS[a.action]);
    },
  });
}
