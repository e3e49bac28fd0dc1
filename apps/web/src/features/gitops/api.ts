import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gitopsRoutes } from '@portal/contract';
import type { GitopsApplyBody, GitopsDiffItem, GitopsItem, OperationCreated } from '@portal/contract';
import { http } from '../../shared/lib/http';

interface GitopsAnswer<T> {
  cluster_id: string;
  branch: string;
  items: T[];
  total: number;
  /** The apply of this cluster still running, if any. */
  applying: { instance_id: string } | null;
}
export type GitopsListAnswer = GitopsAnswer<GitopsItem>;
export type GitopsDiffAnswer = GitopsAnswer<GitopsDiffItem>;
export type GitopsView = 'list' | 'diff';

export const gitopsKeys = {
  all: ['gitops'] as const,
  view: (view: GitopsView, clusterId: string, branch: string) => ['gitops', view, clusterId, branch] as const,
};

/** List and Diff are POSTs that only read: queries keyed by cluster and branch. */
export function useGitopsView<V extends GitopsView>(view: V, clusterId: string, branch: string, enabled: boolean) {
  return useQuery({
    queryKey: gitopsKeys.view(view, clusterId, branch),
    queryFn: ({ signal }) =>
      http.post<V extends 'list' ? GitopsListAnswer : GitopsDiffAnswer>(
        gitopsRoutes[view],
        { cluster_id: clusterId, branch },
        { signal },
      ),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

/** Apply; the page handles the 409 that asks for the secondary confirmation and shows other failures itself. */
export function useGitopsApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GitopsApplyBody) => http.post<OperationCreated>(gitopsRoutes.apply, body),
    meta: { errorModal: false },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: gitopsKeys.all });
      void client.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}
