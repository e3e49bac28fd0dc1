import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orgsApi, userbehaviorApi } from '@portal/contract';
import type {
  AddChatBody,
  MockSubscriptionBody,
  UserbehaviorListQuery,
  UserbehaviorSubscription,
  UserbehaviorSubscriptionBody,
} from '@portal/contract';
import { chatMessagesKeys } from '../../shared/api/chatMessages';
import { api } from '../../shared/lib/api';
import { userbehaviorKeys } from './keys';

export { userbehaviorKeys };

export function useSubscriptions(params: UserbehaviorListQuery) {
  return useQuery({
    queryKey: userbehaviorKeys.list(params),
    queryFn: ({ signal }) => api(userbehaviorApi.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSubscription(id: string) {
  return useQuery({
    queryKey: userbehaviorKeys.detail(id),
    queryFn: ({ signal }) => api(userbehaviorApi.detail, { params: { id } }, { signal }).then((r) => r.subscription),
  });
}

/** The registered chats (a handful), for the chat select and the Add chat dialog. */
export function useChats(enabled = true) {
  return useQuery({
    queryKey: userbehaviorKeys.chats(),
    queryFn: ({ signal }) => api(userbehaviorApi.larkchatOptions, {}, { signal }).then((r) => r.items),
    enabled,
  });
}

/** Tenants for the tenant select: the id exactly or a part of the name. */
export function useTenantOptions(search: string) {
  return useQuery({
    queryKey: userbehaviorKeys.tenantOptions(search),
    queryFn: ({ signal }) =>
      api(orgsApi.tenants, { query: { search: search || undefined, per_page: 20, sort: 'name' } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** After a change: the subscription as answered, and every list (and chat counts) read again. */
function useChanged() {
  const client = useQueryClient();
  return (s?: UserbehaviorSubscription) => {
    if (s) client.setQueryData(userbehaviorKeys.detail(s.id), s);
    void client.invalidateQueries({ queryKey: userbehaviorKeys.lists() });
    void client.invalidateQueries({ queryKey: userbehaviorKeys.chats() });
  };
}

/** Create or edit (with an id); field errors land on the dialog's fields. */
export function useSaveSubscription(id?: string) {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: UserbehaviorSubscriptionBody) =>
      (id === undefined
        ? api(userbehaviorApi.create, { body })
        : api(userbehaviorApi.update, { params: { id }, body })
      ).then((r) => r.subscription),
    meta: { errorModal: false },
    onSuccess: changed,
  });
}

export function useSetEnabled() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      api(enabled ? userbehaviorApi.enable : userbehaviorApi.disable, { params: { id } }).then((r) => r.subscription),
    onSuccess: changed,
  });
}

export function useDeleteSubscription() {
  const changed = useChanged();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(userbehaviorApi.remove, { params: { id } }),
    onSuccess: (r) => {
      client.removeQueries({ queryKey: userbehaviorKeys.detail(r.id) });
      changed();
    },
  });
}

/** Send a test event: the message shows in the subscription's chat messages at once (queued, then delivered). */
export function useMockSubscription() {
  const changed = useChanged();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MockSubscriptionBody }) =>
      api(userbehaviorApi.mock, { params: { id }, body }).then((r) => r.message),
    onSuccess: (message) => {
      void client.invalidateQueries({ queryKey: chatMessagesKeys.all });
      void client.invalidateQueries({ queryKey: userbehaviorKeys.detail(message.source_id) });
      changed();
    },
  });
}

export function useAddChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddChatBody) => api(userbehaviorApi.addChat, { body }).then((r) => r.chat),
    meta: { errorModal: false },
    onSuccess: () => void client.invalidateQueries({ queryKey: userbehaviorKeys.chats() }),
  });
}
