import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { configcenterApi } from '@portal/contract';
import type {
  DefaultConfigChangeListQuery,
  ReleaseVersionBody,
  RouteInput,
  SyncFromGitopsBody,
} from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { configcenterKeys } from '../keys';

/*
 * The data of /version, /component and /dict (spec §2, §7 Version calls; decision 0012). Mutations keep the default
 * failure handling: the spec §8 operation-failure dialog (title: the error code, content: the server message).
 */

export type VersionRulesQuery = NonNullable<RouteInput<typeof configcenterApi.versionRules>['query']>;
export type ComponentVersionsQuery = NonNullable<RouteInput<typeof configcenterApi.componentVersions>['query']>;
export type SetDefaultVersionBody = NonNullable<RouteInput<typeof configcenterApi.setDefaultVersion>['body']>;

/** Default Version Rules (server-paged, 10 per page). */
export function useVersionRules(query: VersionRulesQuery) {
  return useQuery({
    queryKey: configcenterKeys.versionRules(query),
    queryFn: ({ signal }) => api(configcenterApi.versionRules, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Versions of one component of a cluster type: version, base image, image tag (server-paged). */
export function useComponentVersions(query: ComponentVersionsQuery, enabled = true) {
  return useQuery({
    queryKey: configcenterKeys.componentVersions(query),
    queryFn: ({ signal }) => api(configcenterApi.componentVersions, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Default-config changes that release a version (New TiDB Version): each links to /version/modify/{id}. */
export function useVersionChanges(query: DefaultConfigChangeListQuery) {
  const full: DefaultConfigChangeListQuery = { ...query, item_type: 'version_release' };
  return useQuery({
    queryKey: configcenterKeys.changeList(full),
    queryFn: ({ signal }) => api(configcenterApi.changes, { query: full }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshVersions() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: [...configcenterKeys.all, 'versions'] });
    void client.invalidateQueries({ queryKey: [...configcenterKeys.all, 'version-rules'] });
  };
}

/** Set Default Version → the operation doing it (`instance_id`). */
export function useSetDefaultVersion() {
  const refresh = useRefreshVersions();
  return useMutation({
    mutationFn: (body: SetDefaultVersionBody) => api(configcenterApi.setDefaultVersion, { body }),
    onSuccess: refresh,
  });
}

/** New TiDB Version → the default-config change releasing it (`change_id`). */
export function useReleaseVersion() {
  const client = useQueryClient();
  const refresh = useRefreshVersions();
  return useMutation({
    mutationFn: (body: ReleaseVersionBody) => api(configcenterApi.releaseVersion, { body }),
    onSuccess: () => {
      refresh();
      void client.invalidateQueries({ queryKey: configcenterKeys.changes() });
    },
  });
}

/** Sync from Gitops → the operation adding the branch's versions (`instance_id`). */
export function useSyncFromGitops() {
  const refresh = useRefreshVersions();
  return useMutation({
    mutationFn: (body: SyncFromGitopsBody) => api(configcenterApi.syncFromGitops, { body }),
    onSuccess: refresh,
  });
}
