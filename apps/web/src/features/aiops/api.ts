import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { aiopsApi } from '@portal/contract';
import type { AiopsIssue, AiopsIssueAction, AiopsIssueListQuery, AiopsReportListQuery } from '@portal/contract';
import { api } from '../../shared/lib/api';
import { aiopsKeys } from './keys';

export { aiopsKeys };

export function useAiopsIssues(query: AiopsIssueListQuery) {
  return useQuery({
    queryKey: aiopsKeys.issues(query),
    queryFn: ({ signal }) => api(aiopsApi.issues, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAiopsIssue(key: string) {
  return useQuery({
    queryKey: aiopsKeys.issue(key),
    queryFn: ({ signal }) => api(aiopsApi.issue, { params: { issue_key: key } }, { signal }).then((r) => r.issue),
  });
}

/** The evidence chart's data: the rule's metric around the issue, from the metrics adapter. */
export function useAiopsEvidence(key: string) {
  return useQuery({
    queryKey: aiopsKeys.evidence(key),
    queryFn: ({ signal }) => api(aiopsApi.evidence, { params: { issue_key: key } }, { signal }),
  });
}

export function useAiopsReports(query: AiopsReportListQuery) {
  return useQuery({
    queryKey: aiopsKeys.reports(query),
    queryFn: ({ signal }) => api(aiopsApi.reports, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAiopsReport(id: string) {
  return useQuery({
    queryKey: aiopsKeys.report(id),
    queryFn: ({ signal }) => api(aiopsApi.report, { params: { report_id: id } }, { signal }).then((r) => r.report),
  });
}

/** Acknowledge / Resolve: a refusal (409) opens the spec §8 operation-failure dialog. */
export function useAiopsIssueAction(key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, note }: { action: AiopsIssueAction; note?: string }) =>
      api(aiopsApi[action], { params: { issue_key: key }, body: note ? { note } : {} }).then((r) => r.issue),
    onSuccess: (issue: AiopsIssue) => {
      client.setQueryData(aiopsKeys.issue(issue.key), issue);
      void client.invalidateQueries({ queryKey: aiopsKeys.issueLists() });
    },
  });
}
