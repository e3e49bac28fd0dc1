import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operationsApi, TERMINAL_OPERATION_STATUSES } from '@portal/contract';
import type { OperationListQuery, OperationStatus } from '@portal/contract';
import { api } from '../../shared/lib/api';
import { feedback } from '../../shared/lib/feedback';
import { operationsKeys } from './keys';

export { operationsKeys };

/** How often a running operation is re-read so its progress shows live. */
export const OPERATION_POLL_MS = 1000;
/** A list with unfinished operations refreshes less eagerly. */
export const OPERATION_LIST_POLL_MS = 5000;

export const isTerminal = (status: OperationStatus) => TERMINAL_OPERATION_STATUSES.includes(status);

export function useOperations(params: OperationListQuery) {
  return useQuery({
    queryKey: operationsKeys.list(params),
    queryFn: ({ signal }) => api(operationsApi.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((o) => !isTerminal(o.status)) ? OPERATION_LIST_POLL_MS : false,
  });
}

export function useOperation(id: string) {
  return useQuery({
    queryKey: operationsKeys.detail(id),
    queryFn: ({ signal }) => api(operationsApi.detail, { params: { id } }, { signal }),
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

function callAction(id: string, a: OperationAction) {
  switch (a.action) {
    case 'submit':
    case 'cancel':
      return api(operationsApi[a.action], { params: { id }, body: {} });
    case 'start':
      return api(operationsApi.startStep, { params: { id, seq: a.seq }, body: {} });
    case 'finish':
      return api(operationsApi.finishStep, { params: { id, seq: a.seq }, body: {} });
  }
}

/** Submit, cancel, start or finish a manual step; failures open the operation-failure dialog. */
export function useOperationAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: OperationAction) => callAction(id, a),
    onSuccess: (detail, a) => {
      client.setQueryData(operationsKeys.detail(id), detail);
      void client.invalidateQueries({ queryKey: operationsKeys.lists() });
      feedback().message.success(SUCCESS[a.action]);
    },
  });
}
