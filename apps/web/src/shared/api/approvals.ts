import { queryOptions } from '@tanstack/react-query';
import { approvalsApi } from '@portal/contract';
import { api } from '../lib/api';

/**
 * Approvals have no pages of their own: the Approval view (shared/ui/ApprovalView) shows one inside the page of the
 * object waiting for it. Its queries and calls live here, beside the one key factory other areas refresh it with.
 */
export const approvalKeys = {
  all: ['approvals'] as const,
  detail: (id: string) => ['approvals', 'detail', id] as const,
};

/** An approval by id (spec §7: approval responses read an approval object). */
export const approvalQuery = (id: string) =>
  queryOptions({
    queryKey: approvalKeys.detail(id),
    queryFn: ({ signal }) => api(approvalsApi.detail, { params: { id } }, { signal }).then((r) => r.approval),
  });

export type ApprovalDecision = 'approve' | 'reject';

/** Approve or reject as the signed-in user, with an optional comment; resolves with the updated approval. */
export function decideApproval(id: string, decision: ApprovalDecision, comment: string) {
  return api(approvalsApi[decision], { params: { id }, body: comment ? { comment } : {} }).then((r) => r.approval);
}
