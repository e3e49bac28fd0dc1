import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { incidentsApi, orgsApi } from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { remediationKeys } from '../keys';

/*
 * What the ticket form offers to choose from. A module of the form's own, so that the pages that only open the form
 * do not carry these calls (nor the incidents area's route descriptors) in their first load.
 */

/** The clusters the ticket form offers for a search (id exactly, or a part of the name). */
export function useClusterOptions(search: string) {
  return useQuery({
    queryKey: remediationKeys.clusterOptions(search),
    queryFn: ({ signal }) =>
      api(orgsApi.clusters, { query: { search: search || undefined, per_page: 20, sort: 'name' } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The chosen cluster's components (which to restart, its PD members and TiDB instances). */
export function useClusterComponents(clusterId: string | undefined) {
  return useQuery({
    queryKey: remediationKeys.clusterComponents(clusterId ?? ''),
    queryFn: ({ signal }) => api(orgsApi.clusterComponents, { params: { id: clusterId ?? '' } }, { signal }),
    enabled: Boolean(clusterId),
  });
}

/** The incidents the ticket form offers for a search (an id like INC-1001, or words of the title), newest first. */
export function useIncidentOptions(search: string) {
  return useQuery({
    queryKey: remediationKeys.incidentOptions(search),
    queryFn: ({ signal }) =>
      api(incidentsApi.list, { query: { search: search || undefined, per_page: 20 } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
