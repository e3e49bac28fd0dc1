import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { k8sApi, K8S_MESSAGES, MAX_PAGE_SIZE } from '@portal/contract';
import type {
  K8sAutoGenerationBody,
  K8sInfoListQuery,
  K8sTaskBody,
  K8sTaskListQuery,
  K8sUpgradeTaskDetail,
} from '@portal/contract';
import { api } from '../../shared/lib/api';
import { feedback } from '../../shared/lib/feedback';
import { operationsKeys } from '../operations';
import { k8sKeys } from './keys';

export { k8sKeys };

/** How often a running task (or a cluster being upgraded) is re-read, so its batches move live. */
export const TASK_POLL_MS = 1000;
/** A task list with running tasks refreshes less eagerly. */
export const TASK_LIST_POLL_MS = 5000;

export function useK8sInfos(params: K8sInfoListQuery) {
  return useQuery({
    queryKey: k8sKeys.infoList(params),
    queryFn: ({ signal }) => api(k8sApi.infos, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every k8s cluster of the fleet (one page of up to 1,000), for the cluster picker of the task dialog. */
export function useK8sFleet() {
  return useK8sInfos({ per_page: MAX_PAGE_SIZE, sort: 'name' });
}

export function useK8sInfo(name: string) {
  return useQuery({
    queryKey: k8sKeys.info(name),
    queryFn: ({ signal }) => api(k8sApi.info, { params: { k8s_name: name } }, { signal }),
  });
}

export function useK8sTasks(params: K8sTaskListQuery) {
  return useQuery({
    queryKey: k8sKeys.taskList(params),
    queryFn: ({ signal }) => api(k8sApi.tasks, { query: params }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some((t) => t.status === 'running') && !q.state.error ? TASK_LIST_POLL_MS : false,
  });
}

/** A task with its batches; re-read every second while it runs or an upgrade of it is still under way. */
export function useK8sTask(id: string) {
  return useQuery({
    queryKey: k8sKeys.task(id),
    queryFn: ({ signal }) => api(k8sApi.task, { params: { task_id: id } }, { signal }),
    refetchInterval: (q) => {
      const task = q.state.data;
      if (!task || q.state.error) return false;
      // A cancelled task's upgrades already under way still end (and are recorded).
      return task.status === 'running' || task.progress.upgrading > 0 ? TASK_POLL_MS : false;
    },
  });
}

/** One k8s cluster inside a task; re-read every second while it is being upgraded. */
export function useK8sTaskCluster(id: string, name: string) {
  return useQuery({
    queryKey: k8sKeys.taskCluster(id, name),
    queryFn: ({ signal }) => api(k8sApi.taskCluster, { params: { task_id: id, k8s_name: name } }, { signal }),
    refetchInterval: (q) => (q.state.data?.cluster.status === 'upgrading' && !q.state.error ? TASK_POLL_MS : false),
  });
}

/** After any mutation: the whole area (a task moves its clusters' open task and versions) and the operations. */
function useRefresh() {
  const client = useQueryClient();
  return (task?: K8sUpgradeTaskDetail) => {
    if (task) client.setQueryData(k8sKeys.task(task.id), task);
    void client.invalidateQueries({ queryKey: k8sKeys.all });
    void client.invalidateQueries({ queryKey: operationsKeys.lists() });
  };
}

// Create, edit and auto-generate show their failures inside their dialog (FormModal); the task actions keep the
// query client's spec §8 operation-failure dialog.

export function useCreateTask() {
  const refresh = useRefresh();
  return useMutation({
    meta: { errorModal: false },
    mutationFn: (body: K8sTaskBody) => api(k8sApi.createTask, { body }),
    onSuccess: (task) => {
      refresh(task);
      feedback().message.success(K8S_MESSAGES.created);
    },
  });
}

export function useUpdateTask(id: string) {
  const refresh = useRefresh();
  return useMutation({
    meta: { errorModal: false },
    mutationFn: (body: K8sTaskBody) => api(k8sApi.updateTask, { params: { task_id: id }, body }),
    onSuccess: (task) => {
      refresh(task);
      feedback().message.success(K8S_MESSAGES.saved);
    },
  });
}

export function useAutoGenerate() {
  const refresh = useRefresh();
  return useMutation({
    meta: { errorModal: false },
    mutationFn: (body: K8sAutoGenerationBody) => api(k8sApi.autoGenerate, { body }),
    onSuccess: (task) => {
      refresh(task);
      feedback().message.success(K8S_MESSAGES.created);
    },
  });
}

export type K8sTaskCommand = 'submit' | 'cancel' | 'close';

const COMMAND_SUCCESS: Record<K8sTaskCommand, string> = {
  submit: K8S_MESSAGES.submitted,
  cancel: K8S_MESSAGES.cancelled,
  close: K8S_MESSAGES.closed,
};

function callCommand(id: string, command: K8sTaskCommand) {
  const params = { task_id: id };
  switch (command) {
    case 'submit':
      return api(k8sApi.submit, { params });
    case 'cancel':
      return api(k8sApi.cancel, { params, body: {} });
    case 'close':
      return api(k8sApi.close, { params });
  }
}

/** Submit, cancel or close a task; a refusal opens the §8 dialog. */
export function useTaskCommand(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (command: K8sTaskCommand) => callCommand(id, command),
    onSuccess: (task, command) => {
      refresh(task);
      feedback().message.success(COMMAND_SUCCESS[command]);
    },
  });
}

export function useDeleteTask(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(k8sApi.deleteTask, { params: { task_id: id } }),
    onSuccess: () => {
      client.removeQueries({ queryKey: k8sKeys.task(id) });
      void client.invalidateQueries({ queryKey: k8sKeys.all });
      feedback().message.success(K8S_MESSAGES.deleted);
    },
  });
}

/** Exclude one k8s cluster from a task, with a reason (the dialog keeps the §8 dialog for refusals). */
export function useExcludeCluster(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { k8s_name: string; reason: string }) => api(k8sApi.exclude, { params: { task_id: id }, body }),
    onSuccess: (task) => {
      refresh(task);
      feedback().message.success(K8S_MESSAGES.excluded);
    },
  });
}
