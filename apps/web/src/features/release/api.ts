import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { codehostApi, MAX_PAGE_SIZE, releaseApi } from '@portal/contract';
import type {
  CreateDevopsReleaseBody,
  CreateReleaseChangeBody,
  CreateReleaseTicketBody,
  DevopsRelease,
  DevopsReleaseListQuery,
  ReleaseChangeListQuery,
  ReleaseTicketListQuery,
  UpdateReleaseChangeBody,
  UpdateTicketStatusBody,
  VerifyChangeBody,
} from '@portal/contract';
import { approvalKeys } from '../../shared/api/approvals';
import { api } from '../../shared/lib/api';
import { operationsKeys } from '../operations';
import { releaseKeys } from './keys';

export { releaseKeys };

/** How often a change being deployed (or a release waiting for its approval to settle) is re-read. */
export const RELEASE_POLL_MS = 1000;

/** Forms show their own failures (field messages inline), so these opt out of the §8 failure dialog. */
const formMeta = { errorModal: false } as const;

export function useReleases(query: DevopsReleaseListQuery) {
  return useQuery({
    queryKey: releaseKeys.list(query),
    queryFn: ({ signal }) => api(releaseApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One release; re-read every second while `poll` says so (e.g. its approval is settling). */
export function useRelease(releaseId: string, poll: (release: DevopsRelease) => boolean = () => false) {
  return useQuery({
    queryKey: releaseKeys.detail(releaseId),
    queryFn: ({ signal }) => api(releaseApi.detail, { params: { release_id: releaseId } }, { signal }),
    select: (r) => r.release,
    refetchInterval: (q) => (q.state.data && !q.state.error && poll(q.state.data.release) ? RELEASE_POLL_MS : false),
  });
}

/** The changes of a release (tens, not thousands: one page); re-read every second while one is deploying. */
export function useReleaseChanges(releaseId: string, query: ReleaseChangeListQuery = { per_page: MAX_PAGE_SIZE }) {
  return useQuery({
    queryKey: releaseKeys.changes(releaseId, query),
    queryFn: ({ signal }) => api(releaseApi.changes, { params: { release_id: releaseId }, query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      !q.state.error && q.state.data?.items.some((c) => c.status === 'deploying') ? RELEASE_POLL_MS : false,
  });
}

/** One change; re-read every second while it is deploying (the operation decides deployed or deploy_failed). */
export function useReleaseChange(releaseId: string, changeId: string) {
  return useQuery({
    queryKey: releaseKeys.change(releaseId, changeId),
    queryFn: ({ signal }) =>
      api(releaseApi.change, { params: { release_id: releaseId, change_id: changeId } }, { signal }),
    select: (r) => r.change,
    refetchInterval: (q) => (!q.state.error && q.state.data?.change.status === 'deploying' ? RELEASE_POLL_MS : false),
  });
}

/** The change's pull requests as the code host has them now, and the numbers it does not have. */
export function useChangePulls(releaseId: string, changeId: string, enabled = true) {
  return useQuery({
    queryKey: releaseKeys.changePulls(releaseId, changeId),
    queryFn: ({ signal }) =>
      api(releaseApi.changePulls, { params: { release_id: releaseId, change_id: changeId } }, { signal }),
    enabled,
  });
}

/** One pull request with its files and unified diff. */
export function usePull(number: number) {
  return useQuery({
    queryKey: releaseKeys.pull(number),
    queryFn: ({ signal }) => api(codehostApi.pull, { params: { number: String(number) } }, { signal }),
    select: (r) => r.pull,
    staleTime: 60_000,
  });
}

/** The code host's labels (name → colour), for showing and choosing a change's labels. */
export function useCodehostLabels() {
  return useQuery({
    queryKey: releaseKeys.labels(),
    queryFn: ({ signal }) => api(codehostApi.labels, {}, { signal }),
    select: (r) => r.items,
    staleTime: 5 * 60_000,
  });
}

/** The code host's newest pull requests, offered when choosing a change's. */
export function useCodehostPulls() {
  return useQuery({
    queryKey: releaseKeys.pulls(),
    queryFn: ({ signal }) => api(codehostApi.pulls, { query: { state: 'all', per_page: MAX_PAGE_SIZE } }, { signal }),
    select: (r) => r.items,
    staleTime: 60_000,
  });
}

export function useReleaseTickets(releaseId: string, query: ReleaseTicketListQuery = { per_page: MAX_PAGE_SIZE }) {
  return useQuery({
    queryKey: releaseKeys.tickets(releaseId, query),
    queryFn: ({ signal }) => api(releaseApi.tickets, { params: { release_id: releaseId }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(releaseId: string, name: string) {
  return useQuery({
    queryKey: releaseKeys.ticket(releaseId, name),
    queryFn: ({ signal }) => api(releaseApi.ticket, { params: { release_id: releaseId, name } }, { signal }),
    select: (r) => r.ticket,
  });
}

/** After any mutation: the whole area, and approvals (a prod release's request starts or withdraws one). */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: releaseKeys.all });
    void client.invalidateQueries({ queryKey: approvalKeys.all });
  };
}

// Failures of the mutations without `formMeta` open the spec §8 operation-failure dialog (the query client's default).

export function useCreateRelease() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateDevopsReleaseBody) => api(releaseApi.create, { body }),
    meta: formMeta,
    onSuccess: refresh,
  });
}

export function useUpdateRelease(releaseId: string) {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (description: string) =>
      api(releaseApi.update, { params: { release_id: releaseId }, body: { description } }),
    meta: formMeta,
    onSuccess: (out) => {
      client.setQueryData(releaseKeys.detail(releaseId), out);
      refresh();
    },
  });
}

export type ReleaseApprovalAction = 'requestApproval' | 'cancelApproval';

/** prod: request the release's approval, or withdraw the request. */
export function useReleaseApproval(releaseId: string) {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (action: ReleaseApprovalAction) =>
      api(releaseApi[action], { params: { release_id: releaseId }, body: {} }),
    onSuccess: (out) => {
      client.setQueryData(releaseKeys.detail(releaseId), out);
      refresh();
    },
  });
}

export function useCreateChange(releaseId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateReleaseChangeBody) =>
      api(releaseApi.createChange, { params: { release_id: releaseId }, body }),
    meta: formMeta,
    onSuccess: refresh,
  });
}

export function useUpdateChange(releaseId: string, changeId: string) {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdateReleaseChangeBody) =>
      api(releaseApi.updateChange, { params: { release_id: releaseId, change_id: changeId }, body }),
    meta: formMeta,
    onSuccess: (out) => {
      client.setQueryData(releaseKeys.change(releaseId, changeId), out);
      refresh();
    },
  });
}

/** The change actions answering the change (deploy answers its operation too, see `useDeployChange`). */
export type ChangeAction = 'submit' | 'cancel' | 'close' | 'checkReady';

export function useChangeAction(releaseId: string, changeId: string) {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (action: ChangeAction) =>
      api(releaseApi[action], { params: { release_id: releaseId, change_id: changeId }, body: {} }),
    onSuccess: (out) => {
      client.setQueryData(releaseKeys.change(releaseId, changeId), out);
      refresh();
    },
  });
}

export function useDeployChange(releaseId: string, changeId: string) {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api(releaseApi.deploy, { params: { release_id: releaseId, change_id: changeId }, body: {} }),
    onSuccess: (out) => {
      client.setQueryData(releaseKeys.change(releaseId, changeId), { change: out.change });
      void client.invalidateQueries({ queryKey: operationsKeys.lists() });
      refresh();
    },
  });
}

export function useVerifyChange(releaseId: string, changeId: string) {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: VerifyChangeBody) =>
      api(releaseApi.verify, { params: { release_id: releaseId, change_id: changeId }, body }),
    meta: formMeta,
    onSuccess: (out) => {
      client.setQueryData(releaseKeys.change(releaseId, changeId), out);
      refresh();
    },
  });
}

export function useCreateTicket(releaseId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateReleaseTicketBody) =>
      api(releaseApi.createTicket, { params: { release_id: releaseId }, body }),
    meta: formMeta,
    onSuccess: refresh,
  });
}

export function useUpdateTicketStatus(releaseId: string, name: string) {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdateTicketStatusBody) =>
      api(releaseApi.updateTicketStatus, { params: { release_id: releaseId, name }, body }),
    onSuccess: (out) => {
      client.setQueryData(releaseKeys.ticket(releaseId, name), out);
      refresh();
    },
  });
}
