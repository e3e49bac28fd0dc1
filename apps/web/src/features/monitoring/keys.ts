import type {
  CertificateListQuery,
  CertificateRegionsQuery,
  ComponentDiffReportListQuery,
  ComponentDiffRowListQuery,
  O11yClusterListQuery,
  O11yCoveredListQuery,
} from '@portal/contract';

/**
 * Every query key of the monitoring area (re-exported by api.ts). A module of its own so that the area's manifest can
 * offer it without bundling the hooks.
 */
export const monitoringKeys = {
  all: ['monitoring'] as const,
  regions: (params: CertificateRegionsQuery) => ['monitoring', 'regions', params] as const,
  certificates: (regionId: string, params: CertificateListQuery) =>
    ['monitoring', 'certificates', regionId, params] as const,
  reports: () => ['monitoring', 'reports'] as const,
  reportList: (params: ComponentDiffReportListQuery) => ['monitoring', 'reports', 'list', params] as const,
  report: (id: string) => ['monitoring', 'reports', 'detail', id] as const,
  reportRows: (id: string, params: ComponentDiffRowListQuery) => ['monitoring', 'reports', 'rows', id, params] as const,
  o11yList: (params: O11yClusterListQuery) => ['monitoring', 'o11y', 'list', params] as const,
  o11y: (name: string) => ['monitoring', 'o11y', 'detail', name] as const,
  covered: (name: string, params: O11yCoveredListQuery) => ['monitoring', 'o11y', 'covered', name, params] as const,
};
