import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GRANT_MESSAGES, grantsApi, MAX_PAGE_SIZE, settingsApi, usersApi } from '@portal/contract';
import type { CreateGrantBody, GrantDetail, GrantListQuery } from '@portal/contract';
import { api } from '../../shared/lib/api';
import { feedback } from '../../shared/lib/feedback';
import { settingsKeys } from '../settings';
import { privilegesKeys as keys } from './keys';

export function useGrants(query: GrantListQuery) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api(grantsApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGrant(id: number) {
  return useQuery({
    queryKey: keys.grant(id),
    queryFn: ({ signal }) => api(grantsApi.detail, { params: { id } }, { signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}

/** The portal users a grant can be for (enabled ones), for the dialog's picker. */
export function useGrantableUsers(enabled: boolean) {
  return useQuery({
    queryKey: keys.users(),
    queryFn: ({ signal }) =>
      api(usersApi.list, { query: { per_page: MAX_PAGE_SIZE, sort: 'email' } }, { signal }).then((r) =>
        r.items.filter((u) => !u.disabled),
      ),
    enabled,
  });
}

/** The longest grant the system settings allow (days), when the caller may read them. */
export function useMaxGrantDays(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.system(),
    queryFn: ({ signal }) => api(settingsApi.get, undefined, { signal }),
    enabled,
    select: (s) => s.values.privilege_grant_max_days,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return (grant: GrantDetail) => {
    client.setQueryData(keys.grant(grant.id), grant);
    void client.invalidateQueries({ queryKey: keys.all });
  };
}

export function useCreateGrant() {
  const refresh = useRefresh();
  return useMutation({
    meta: { errorModal: false },
    mutationFn: (body: CreateGrantBody) => api(grantsApi.create, { body }),
    onSuccess: (grant) => {
      refresh(grant);
      feedback().message.success(GRANT_MESSAGES.created);
    },
  });
}

export type GrantDecision = 'approve' | 'reject';

/** Approve or reject; a refusal (someone else decided first, separation of duties) opens the §8 dialog. */
export function useDecideGrant(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ decision, reason }: { decision: GrantDecision; reason?: string }) =>
      api(decision === 'approve' ? grantsApi.approve : grantsApi.reject, {
        params: { id },
        body: reason ? { reason } : {},
      }),
    onSuccess: (grant, { decision }) => {
      refresh(grant);
      feedback().message.success(decision === 'approve' ? GRANT_MESSAGES.approved : GRANT_MESSAGES.rejected);
    },
  });
}

export function useRevokeGrant(id: number) {
  const refresh = useRefresh();
  return useMutation({
    meta: { errorModal: false },
    mutationFn: (reason: string) => api(grantsApi.revoke, { params: { id }, body: { reason } }),
    onSuccess: (grant) => {
      refresh(grant);
      feedback().message.success(GRANT_MESSAGES.revoked);
    },
  });
}
