import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gitopsApi } from '@portal/contract';
import type { GitopsApplyBody, RouteResponse } from '@portal/contract';
import { api } from '../../shared/lib/api';

export type GitopsView = 'list' | 'diff';
export type GitopsListAnswer = RouteResponse<typeof gitopsApi.list>;
export type GitopsDiffAnswer = RouteResponse<typeof gitopsApi.diff>;

export const gitopsKeys = {
  all: ['gitops'] as const,
  view: (view: GitopsView, clusterId: string, branch: string) => ['gitops', view, clusterId, branch] as const,
};

// List and Diff are POSTs that only read: queries keyed by view, cluster and branch, read afresh each time.
const read = { retry: false, staleTime: 0 } as const;

export function useGitopsList(clusterId: string, branch: string, enabled: boolean) {
  return useQuery({
    queryKey: gitopsKeys.view('list', clusterId, branch),
    queryFn: ({ signal }) => api(gitopsApi.list, { body: { cluster_id: clusterId, branch } }, { signal }),
    enabled,
    ...read,
  });
}

export function useGitopsDiff(clusterId: string, branch: string, enabled: boolean) {
  return useQuery({
    queryKey: gitopsKeys.view('diff', clusterId, branch),
    queryFn: ({ signal }) => api(gitopsApi.diff, { body: { cluster_id: clusterId, branch } }, { signal }),
    enabled,
    ...read,
  });
}

/** Apply; the page asks for the secondary confirmation the server wants and shows other failures itself. */
export function useGitopsApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GitopsApplyBody) => api(gitopsApi.apply, { body }),
    meta: { errorModal: false },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: gitopsKeys.all });
    },
  });
}
