import type { AiopsIssueListQuery, AiopsReportListQuery } from '@portal/contract';

/** Every query key of the AIOps area (root `aiops`). A module of its own so the manifest can offer it lightly. */
export const aiopsKeys = {
  all: ['aiops'] as const,
  issueLists: () => ['aiops', 'issues'] as const,
  issues: (query: AiopsIssueListQuery) => ['aiops', 'issues', query] as const,
  issue: (key: string) => ['aiops', 'issue', key] as const,
  evidence: (key: string) => ['aiops', 'evidence', key] as const,
  reportLists: () => ['aiops', 'reports'] as const,
  reports: (query: AiopsReportListQuery) => ['aiops', 'reports', query] as const,
  report: (id: string) => ['aiops', 'report', id] as const,
};
