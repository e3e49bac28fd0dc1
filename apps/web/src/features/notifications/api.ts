import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '@portal/contract';
import type {
  EmailOutboxListQuery,
  NotificationDeliveryListQuery,
  NotificationStatisticsQuery,
  NotificationWorkflow,
  NotificationWorkflowBody,
  NotificationWorkflowListQuery,
} from '@portal/contract';
import { api } from '../../shared/lib/api';
import { notificationKeys } from './keys';

export { notificationKeys };

/** Recent deliveries are re-read this often while any of them is still pending (a delivery job may retry). */
export const DELIVERY_POLL_MS = 5000;

export function useWorkflows(params: NotificationWorkflowListQuery) {
  return useQuery({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => api(notificationsApi.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWorkflow(id: string) {
  return useQuery({
    queryKey: notificationKeys.detail(id),
    queryFn: ({ signal }) =>
      api(notificationsApi.detail, { params: { workflow_id: id } }, { signal }).then((r) => r.workflow),
  });
}

/** A workflow's recent deliveries; polled while one of the page is pending, so its outcome shows by itself. */
export function useDeliveries(id: string, params: NotificationDeliveryListQuery) {
  return useQuery({
    queryKey: notificationKeys.deliveries(id, params),
    queryFn: ({ signal }) =>
      api(notificationsApi.deliveries, { params: { workflow_id: id }, query: params }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some((d) => d.status === 'pending') && !q.state.error ? DELIVERY_POLL_MS : false,
  });
}

/** Per-day statistics over a range; `enabled` false while the range is not one the server takes. */
export function useStatistics(id: string, params: NotificationStatisticsQuery, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.statistics(id, params),
    queryFn: ({ signal }) =>
      api(notificationsApi.statistics, { params: { workflow_id: id }, query: params }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The embedded email outbox (SMTP unset), e.g. the emails of one workflow. */
export function useEmailOutbox(params: EmailOutboxListQuery) {
  return useQuery({
    queryKey: notificationKeys.emailOutbox(params),
    queryFn: ({ signal }) => api(notificationsApi.emailOutbox, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useUpdated() {
  const client = useQueryClient();
  return (w: NotificationWorkflow) => {
    client.setQueryData(notificationKeys.detail(w.id), w);
    void client.invalidateQueries({ queryKey: notificationKeys.workflows(), exact: false });
  };
}

/** Create a workflow; field errors land on the dialog's fields. */
export function useCreateWorkflow() {
  const updated = useUpdated();
  return useMutation({
    mutationFn: (body: NotificationWorkflowBody) => api(notificationsApi.create, { body }).then((r) => r.workflow),
    meta: { errorModal: false },
    onSuccess: updated,
  });
}

/** Save the whole workflow (PUT); field errors land on the dialog's fields. */
export function useUpdateWorkflow(id: string) {
  const updated = useUpdated();
  return useMutation({
    mutationFn: (body: NotificationWorkflowBody) =>
      api(notificationsApi.update, { params: { workflow_id: id }, body }).then((r) => r.workflow),
    meta: { errorModal: false },
    onSuccess: updated,
  });
}

/** Enable or disable; a refusal opens the spec §8 failure dialog. */
export function useToggleWorkflow(id: string) {
  const updated = useUpdated();
  return useMutation({
    mutationFn: (enable: boolean) =>
      api(enable ? notificationsApi.enable : notificationsApi.disable, { params: { workflow_id: id } }).then(
        (r) => r.workflow,
      ),
    onSuccess: updated,
  });
}

export function useDeleteWorkflow(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(notificationsApi.remove, { params: { workflow_id: id } }),
    onSuccess: () => {
      client.removeQueries({ queryKey: notificationKeys.detail(id) });
      void client.invalidateQueries({ queryKey: notificationKeys.workflows() });
    },
  });
}
