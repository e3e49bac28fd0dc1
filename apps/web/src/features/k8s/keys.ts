import type { K8sInfoListQuery, K8sTaskListQuery } from '@portal/contract';

/**
 * Every query key of the k8s area (infrastructure information and upgrade tasks). A module of its own so the
 * manifest can offer it without bundling the hooks. Mutations refresh `all` unless they know better.
 */
export const k8sKeys = {
  all: ['k8s'] as const,
  infos: () => ['k8s', 'infos'] as const,
  infoList: (params: K8sInfoListQuery) => ['k8s', 'infos', 'list', params] as const,
  info: (name: string) => ['k8s', 'infos', 'detail', name] as const,
  tasks: () => ['k8s', 'tasks'] as const,
  taskList: (params: K8sTaskListQuery) => ['k8s', 'tasks', 'list', params] as const,
  task: (id: string) => ['k8s', 'tasks', 'detail', id] as const,
  taskCluster: (id: string, name: string) => ['k8s', 'tasks', 'cluster', id, name] as const,
};
