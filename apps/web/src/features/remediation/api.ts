import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { remediationApi } from '@portal/contract';
import type {
  CancelRemediationBody,
  CreateRemediationBody,
  RemediationListQuery,
  RemediationTicket,
  RemediationTicketBody,
} from '@portal/contract';
import { api } from '../../shared/lib/api';
import { approvalKeys } from '../../shared/api/approvals';
import { remediationKeys } from './keys';

export { remediationKeys };

/**
 * How often a ticket is re-read while it can move by itself: its approval settling (decided on its page or
 * elsewhere; the ticket follows it through a job), the operation starting once approved, and its outcome.
 */
export const TICKET_POLL_MS: Readonly<Record<string, number>> = { approving: 2000, approved: 2000, running: 2000 };

export function useTickets(params: RemediationListQuery) {
  return useQuery({
    queryKey: remediationKeys.list(params),
    queryFn: ({ signal }) => api(remediationApi.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One ticket; polled while approving, approved or running, so the approval and the operation show by themselves. */
export function useTicket(id: string) {
  return useQuery({
    queryKey: remediationKeys.detail(id),
    queryFn: ({ signal }) => api(remediationApi.detail, { params: { id } }, { signal }).then((r) => r.ticket),
    refetchInterval: (q) => (q.state.data && !q.state.error ? (TICKET_POLL_MS[q.state.data.status] ?? false) : false),
  });
}

function useUpdated() {
  const client = useQueryClient();
  return (t: RemediationTicket) => {
    client.setQueryData(remediationKeys.detail(t.id), t);
    void client.invalidateQueries({ queryKey: remediationKeys.lists() });
    void client.invalidateQueries({ queryKey: approvalKeys.all });
  };
}

/** Create a ticket (a draft, or submitted at once); field errors land on the dialog's fields. */
export function useCreateTicket() {
  const updated = useUpdated();
  return useMutation({
    mutationFn: (body: CreateRemediationBody) => api(remediationApi.create, { body }).then((r) => r.ticket),
    meta: { errorModal: false },
    onSuccess: updated,
  });
}

/** Edit a draft; field errors land on the dialog's fields. */
export function useUpdateTicket(id: string) {
  const updated = useUpdated();
  return useMutation({
    mutationFn: (body: RemediationTicketBody) =>
      api(remediationApi.update, { params: { id }, body }).then((r) => r.ticket),
    meta: { errorModal: false },
    onSuccess: updated,
  });
}

/** Submit for approval, or start the operation of an approved ticket again; a refusal opens the §8 dialog. */
export function useTicketCommand(id: string) {
  const updated = useUpdated();
  return useMutation({
    mutationFn: (command: 'submit' | 'run') => api(remediationApi[command], { params: { id } }).then((r) => r.ticket),
    onSuccess: updated,
  });
}

/** Cancel (spec §4), with an optional reason; a refusal shows in the dialog. */
export function useCancelTicket(id: string) {
  const updated = useUpdated();
  return useMutation({
    mutationFn: (body: CancelRemediationBody) =>
      api(remediationApi.cancel, { params: { id }, body }).then((r) => r.ticket),
    meta: { errorModal: false },
    onSuccess: updated,
  });
}
