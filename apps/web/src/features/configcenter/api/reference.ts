import { useQuery } from '@tanstack/react-query';
import { CONFIG_TYPES, configcenterApi, configchangeApi, sortConfigTypes } from '@portal/contract';
import type { ClusterType, ConfigType, RouteResponse } from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { fetchClusterVersions } from '../../../shared/lib/clusterVersions';
import { configcenterKeys } from '../keys';

/*
 * The config center's reference data, one hook each, shared by every page of the area: the versions, config types,
 * instance types and components of a cluster type, and a config type's parameter catalogue.
 */

export type InstanceTypeOption = RouteResponse<typeof configcenterApi.instanceTypes>['instance_types'][number];
export type ParameterAttributes = RouteResponse<typeof configchangeApi.parameters>;

/** The versions of a cluster type (all of them; tables page them locally). */
export function useVersions(clusterType: ClusterType, enabled = true) {
  return useQuery({
    queryKey: configcenterKeys.versions(clusterType),
    queryFn: ({ signal }) => fetchClusterVersions(clusterType, signal),
    enabled,
  });
}

/**
 * Config types in the order of spec §9 (tidb, tikv, pd, tiflash, tiflash_learner): ranked by priority over the
 * contract's canonical order, so equal priorities (tiflash, tiflash_learner) never swap.
 */
export function orderConfigTypes(types: readonly ConfigType[]): ConfigType[] {
  const known = new Set(types);
  return sortConfigTypes(CONFIG_TYPES.filter((t) => known.has(t)));
}

/** The config types of a cluster type (at a version), ordered as spec §9 says. */
export function useConfigTypes(clusterType: ClusterType, version?: string, enabled = true) {
  return useQuery({
    queryKey: configcenterKeys.configTypes(clusterType, version),
    queryFn: ({ signal }) =>
      api(configcenterApi.configTypes, { query: { cluster_type: clusterType, version } }, { signal }).then(
        (r) => r.config_types,
      ),
    select: orderConfigTypes,
    enabled,
  });
}

export function useInstanceTypes(clusterType: ClusterType) {
  return useQuery({
    queryKey: configcenterKeys.instanceTypes(clusterType),
    queryFn: ({ signal }) =>
      api(configcenterApi.instanceTypes, { query: { cluster_type: clusterType } }, { signal }).then(
        (r) => r.instance_types,
      ),
  });
}

/** The components a cluster type has. */
export function useComponents(clusterType: ClusterType) {
  return useQuery({
    queryKey: configcenterKeys.components(clusterType),
    queryFn: ({ signal }) =>
      api(configcenterApi.components, { query: { cluster_type: clusterType } }, { signal }).then((r) => r.components),
  });
}

/** The parameter catalogue of a config type at a version. */
export function useParameterCatalogue(configType: ConfigType | undefined, version: string | undefined) {
  return useQuery({
    queryKey: configcenterKeys.parameters(configType ?? '', version),
    queryFn: ({ signal }) =>
      api(configchangeApi.parameters, { query: { config_type: configType!, version } }, { signal }),
    enabled: Boolean(configType && version),
  });
}
