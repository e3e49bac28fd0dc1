import { useEffect, useRef } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { configcenterApi, configchangeApi, MAX_PAGE_SIZE } from '@portal/contract';
import type {
  ChangeItemQuery,
  ClusterType,
  ConfigEnvironment,
  ConfigType,
  Release,
  ReleaseDetail,
  RouteInput,
  RouteResponse,
} from '@portal/contract';
import { approvalKeys } from '../../../shared/api/approvals';
import { api } from '../../../shared/lib/api';
import { configcenterKeys } from '../keys';

/*
 * The default-config change, its items, images and releases (decision 0012). Queries cache the route's answer as it
 * came and pick what they show with `select` (the versions key excepted, see below). A mutation refreshes the whole
 * area: staging a change moves default cases, component defaults and templates too.
 */

/** How often a release being applied (or waiting for its approval to settle) is re-read. */
export const RELEASE_POLL_MS = 1000;

/** One row of the image modification view. */
export type ComponentImageRow = RouteResponse<typeof configcenterApi.changeImages>['items'][number];
export type BatchUpdateTemplatesInput = RouteInput<typeof configcenterApi.batchUpdateTemplates>['body'];
export type CloseChangeInput = RouteInput<typeof configcenterApi.close>['body'];
export type CreateReleaseInput = RouteInput<typeof configcenterApi.createRelease>['body'];
export type ComponentImageChange = { component: ComponentImageRow['component']; base_image: string; image_tag: string };

export function useDefaultConfigChange(changeId: string) {
  return useQuery({
    queryKey: configcenterKeys.change(changeId),
    queryFn: ({ signal }) => api(configcenterApi.change, { params: { change_id: changeId } }, { signal }),
    select: (r) => r.change,
  });
}

/** Every item of a change matching `filter` (a change has tens of items, not thousands: one page). */
export function useChangeItems(changeId: string, filter: Pick<ChangeItemQuery, 'type_is' | 'environment_is'> = {}) {
  const query: ChangeItemQuery = { ...filter, per_page: MAX_PAGE_SIZE };
  return useQuery({
    queryKey: configcenterKeys.items(changeId, query),
    queryFn: ({ signal }) => api(configcenterApi.items, { params: { change_id: changeId }, query }, { signal }),
  });
}

/** The releases of a change, re-read every second while one of them is being applied (or `poll` says so). */
export function useChangeReleases(changeId: string, poll: (releases: Release[]) => boolean = () => false) {
  return useQuery({
    queryKey: configcenterKeys.releases(changeId),
    queryFn: ({ signal }) => api(configcenterApi.releases, { params: { change_id: changeId } }, { signal }),
    select: (r) => r.items,
    refetchInterval: (q) => {
      const items = q.state.data?.items;
      if (!items || q.state.error) return false;
      return items.some((r) => r.phase === 'releasing') || poll(items) ? RELEASE_POLL_MS : false;
    },
  });
}

/** One release with what it carries; re-read every second while `poll` says so (releasing, a decision settling). */
export function useRelease(changeId: string, releaseId: string, poll: (release: ReleaseDetail) => boolean) {
  return useQuery({
    queryKey: configcenterKeys.release(changeId, releaseId),
    queryFn: ({ signal }) =>
      api(
        configcenterApi.release,
        { params: { change_id: changeId, release_id: releaseId }, query: { with_released_items: 'true' } },
        { signal },
      ),
    select: (r) => r.release,
    refetchInterval: (q) => (q.state.data && !q.state.error && poll(q.state.data.release) ? RELEASE_POLL_MS : false),
  });
}

/** The image modification view of a cluster type and version: released (source) and staged (current) tags. */
export function useChangeImages(changeId: string, clusterType: ClusterType, version: string | undefined) {
  const query = { cluster_type: clusterType, version: version ?? '' };
  return useQuery({
    queryKey: configcenterKeys.changeImages(changeId, query),
    queryFn: ({ signal }) => api(configcenterApi.changeImages, { params: { change_id: changeId }, query }, { signal }),
    select: (r) => r.items,
    enabled: Boolean(version),
  });
}

/**
 * The parameter catalogues of a config type for each version given (a template is validated against its own minor
 * version's catalogue; the server picks the catalogue of a version).
 */
export function useCatalogues(configType: ConfigType | undefined, versions: readonly string[]) {
  return useQueries({
    queries: versions.map((version) => ({
      queryKey: configcenterKeys.parameters(configType ?? '', version),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api(configchangeApi.parameters, { query: { config_type: configType!, version } }, { signal }),
      enabled: Boolean(configType),
      staleTime: 5 * 60_000,
    })),
  });
}

/** After any mutation of a change: the whole area (and approvals: releases start and cancel them). */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: configcenterKeys.all });
    void client.invalidateQueries({ queryKey: approvalKeys.all });
  };
}

// Failures of every mutation below open the spec §8 operation-failure dialog (the query client's default).

export function useCloseChange(changeId: string) {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CloseChangeInput) => api(configcenterApi.close, { params: { change_id: changeId }, body }),
    onSuccess: (out) => {
      client.setQueryData(configcenterKeys.change(changeId), out);
      refresh();
    },
  });
}

export function useBatchUpdateTemplates(changeId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BatchUpdateTemplatesInput) =>
      api(configcenterApi.batchUpdateTemplates, { params: { change_id: changeId }, body }),
    onSuccess: refresh,
  });
}

export function useBatchUpdateComponents(changeId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      clusterType,
      version,
      changes,
    }: {
      clusterType: ClusterType;
      version: string;
      changes: ComponentImageChange[];
    }) =>
      api(configcenterApi.batchUpdateComponents, {
        params: { change_id: changeId },
        body: {
          batch_update_component_configs: {
            components: changes.map((c) => ({
              default_case: { component: c.component, version, cloud_provider: null, instance_type: null },
              cluster_type: clusterType,
              base_image: c.base_image,
              image_tag: c.image_tag,
            })),
          },
        },
      }),
    onSuccess: refresh,
  });
}

export function useCreateRelease(changeId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateReleaseInput & { environment: ConfigEnvironment }) =>
      api(configcenterApi.createRelease, { params: { change_id: changeId }, body }),
    onSuccess: refresh,
  });
}

export function useCancelRelease(changeId: string, releaseId: string) {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api(configcenterApi.cancelRelease, { params: { change_id: changeId, release_id: releaseId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: configcenterKeys.release(changeId, releaseId) });
      refresh();
    },
  });
}

/**
 * When a release of the change moves on (approved, released, cancelled…), what it released moves too: the change's
 * items (released to) and the change itself (environments) are read again.
 */
export function useRefreshOnReleaseMoves(changeId: string, releases: readonly Release[] | undefined) {
  const client = useQueryClient();
  const signature = releases?.map((r) => `${r.id}:${r.phase}`).join(',');
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (signature === undefined) return;
    if (seen.current !== undefined && seen.current !== signature) {
      void client.invalidateQueries({ queryKey: configcenterKeys.change(changeId) });
      // Every item list of the change, whatever its filter: the key without its last part.
      void client.invalidateQueries({ queryKey: configcenterKeys.items(changeId, null).slice(0, -1) });
    }
    seen.current = signature;
  }, [client, changeId, signature]);
}
