import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jumpsApi, orgsApi } from '@portal/contract';
import type {
  CancelJumpBody,
  CreateJumpBody,
  JumpAuthorization,
  JumpListQuery,
  JumpUserListQuery,
} from '@portal/contract';
import { api } from '../../shared/lib/api';
import { approvalKeys } from '../../shared/api/approvals';
import { jumpsKeys } from './keys';

export { jumpsKeys };

/**
 * How often an authorization is re-read while it can still move by itself: waiting for its approval (decided on its
 * page or elsewhere), or active (cancelled elsewhere, or expired: its time left counts down locally meanwhile).
 */
export const JUMP_POLL_MS: Readonly<Record<string, number>> = { approving: 2000, active: 10_000 };

export function useJumpAuthorizations(params: JumpListQuery) {
  return useQuery({
    queryKey: jumpsKeys.list(params),
    queryFn: ({ signal }) => api(jumpsApi.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One authorization; polled while approving or active, so an approval, a cancel or the expiry shows by itself. */
export function useJumpAuthorization(id: string) {
  return useQuery({
    queryKey: jumpsKeys.detail(id),
    queryFn: ({ signal }) => api(jumpsApi.detail, { params: { id } }, { signal }).then((r) => r.authorization),
    refetchInterval: (q) => (q.state.data && !q.state.error ? (JUMP_POLL_MS[q.state.data.status] ?? false) : false),
  });
}

export function useJumpUsers(params: JumpUserListQuery, enabled = true) {
  return useQuery({
    queryKey: jumpsKeys.users(params),
    queryFn: ({ signal }) => api(jumpsApi.users, { query: params }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The clusters the request dialog offers for a search (id exactly, or a part of the name). */
export function useClusterOptions(search: string) {
  return useQuery({
    queryKey: jumpsKeys.clusterOptions(search),
    queryFn: ({ signal }) =>
      api(orgsApi.clusters, { query: { search: search || undefined, per_page: 20, sort: 'name' } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useUpdated() {
  const client = useQueryClient();
  return (a: JumpAuthorization) => {
    client.setQueryData(jumpsKeys.detail(a.id), a);
    void client.invalidateQueries({ queryKey: jumpsKeys.lists() });
    void client.invalidateQueries({ queryKey: approvalKeys.all });
  };
}

/** Request access; field errors land on the dialog's fields. */
export function useRequestAccess() {
  const updated = useUpdated();
  return useMutation({
    mutationFn: (body: CreateJumpBody) => api(jumpsApi.create, { body }).then((r) => r.authorization),
    meta: { errorModal: false },
    onSuccess: updated,
  });
}

/** Cancel (spec §4); a refusal shows in the dialog. */
export function useCancelAuthorization(id: string) {
  const updated = useUpdated();
  return useMutation({
    mutationFn: (body: CancelJumpBody) => api(jumpsApi.cancel, { params: { id }, body }).then((r) => r.authorization),
    meta: { errorModal: false },
    onSuccess: updated,
  });
}
