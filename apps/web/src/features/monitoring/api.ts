import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMPONENT_DIFF_MESSAGES, monitoringApi, OPEN_COMPONENT_DIFF_STATUSES } from '@portal/contract';
import type {
  CertificateListQuery,
  CertificateRegionsQuery,
  ComponentDiffReport,
  ComponentDiffReportListQuery,
  ComponentDiffRowListQuery,
  GenerateComponentDiffBody,
  O11yClusterListQuery,
  O11yCoveredListQuery,
} from '@portal/contract';
import { api } from '../../shared/lib/api';
import { feedback } from '../../shared/lib/feedback';
import { monitoringKeys } from './keys';

export { monitoringKeys };

/** How often a report being generated (and a list holding one) is re-read, so its counters move live. */
export const REPORT_POLL_MS = 1000;
export const REPORT_LIST_POLL_MS = 3000;

const inProgress = (status: string) => (OPEN_COMPONENT_DIFF_STATUSES as readonly string[]).includes(status);

export function useCertificateRegions(params: CertificateRegionsQuery = {}) {
  return useQuery({
    queryKey: monitoringKeys.regions(params),
    queryFn: ({ signal }) => api(monitoringApi.certificateRegions, { query: params }, { signal }),
  });
}

export function useRegionCertificates(regionId: string | undefined, params: CertificateListQuery) {
  return useQuery({
    queryKey: monitoringKeys.certificates(regionId ?? '', params),
    queryFn: ({ signal }) =>
      api(monitoringApi.regionCertificates, { params: { id: regionId ?? '' }, query: params }, { signal }),
    enabled: Boolean(regionId),
    placeholderData: keepPreviousData,
  });
}

export function useReports(params: ComponentDiffReportListQuery) {
  return useQuery({
    queryKey: monitoringKeys.reportList(params),
    queryFn: ({ signal }) => api(monitoringApi.reports, { query: params }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some((r) => inProgress(r.status)) && !q.state.error ? REPORT_LIST_POLL_MS : false,
  });
}

/** One report; re-read every second while it is being generated. */
export function useReport(id: string) {
  return useQuery({
    queryKey: monitoringKeys.report(id),
    queryFn: ({ signal }) => api(monitoringApi.report, { params: { id } }, { signal }),
    refetchInterval: (q) =>
      q.state.data && inProgress(q.state.data.status) && !q.state.error ? REPORT_POLL_MS : false,
  });
}

/** A page of a report's diff rows; re-read with the report while it is being generated (`live`). */
export function useReportRows(id: string, params: ComponentDiffRowListQuery, live: boolean) {
  return useQuery({
    queryKey: monitoringKeys.reportRows(id, params),
    queryFn: ({ signal }) => api(monitoringApi.reportRows, { params: { id }, query: params }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? REPORT_POLL_MS : false,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return (report: ComponentDiffReport) => {
    client.setQueryData(monitoringKeys.report(report.id), report);
    void client.invalidateQueries({ queryKey: monitoringKeys.reports() });
  };
}

/** Generate report: the dialog shows a refusal (another report of the scope in progress) inside itself. */
export function useGenerateReport() {
  const refresh = useRefresh();
  return useMutation({
    meta: { errorModal: false },
    mutationFn: (body: GenerateComponentDiffBody) => api(monitoringApi.generateReport, { body }),
    onSuccess: (report) => {
      refresh(report);
      feedback().message.success(COMPONENT_DIFF_MESSAGES.generated);
    },
  });
}

/** Cancel a report; a refusal opens the §8 dialog. */
export function useCancelReport(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api(monitoringApi.cancelReport, { params: { id } }),
    onSuccess: (report) => {
      refresh(report);
      feedback().message.success(COMPONENT_DIFF_MESSAGES.cancelled);
    },
  });
}

export function useO11yClusters(params: O11yClusterListQuery) {
  return useQuery({
    queryKey: monitoringKeys.o11yList(params),
    queryFn: ({ signal }) => api(monitoringApi.o11yClusters, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useO11yCluster(name: string) {
  return useQuery({
    queryKey: monitoringKeys.o11y(name),
    queryFn: ({ signal }) => api(monitoringApi.o11yCluster, { params: { name } }, { signal }),
  });
}

export function useCoveredClusters(name: string, params: O11yCoveredListQuery) {
  return useQuery({
    queryKey: monitoringKeys.covered(name, params),
    queryFn: ({ signal }) => api(monitoringApi.o11yCoveredClusters, { params: { name }, query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}
