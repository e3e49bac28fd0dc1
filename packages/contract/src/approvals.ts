import { z } from 'zod';
import { route } from './api.js';

export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const approvalTaskSchema = z.object({
  user_email: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  comment: z.string().nullable(),
});
export type ApprovalTask = z.infer<typeof approvalTaskSchema>;

export const approvalNodeSchema = z.object({
  name: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  tasks: z.array(approvalTaskSchema),
});
export type ApprovalNode = z.infer<typeof approvalNodeSchema>;

export const approvalSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  applicant: z.string(),
  start_at: z.string(),
  end_at: z.string().nullable(),
  from_template: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  nodes: z.array(approvalNodeSchema),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalResponse = z.object({ approval: approvalSchema });
export const approvalDecisionBody = z.object({ comment: z.string().trim().max(500).optional() }).default({});

/** An approval's id: digits in practice; anything else is a 404 (`approval.notFound`), not a 400. */
const approvalParams = z.object({ id: z.string().min(1).max(20) });

/** One approval flow instance (spec §2 Approval view, §7 Approval calls): read, approve, reject. */
export const approvalsApi = {
  detail: route({
    method: 'GET',
    path: '/api/v1/devops/approval/approvals/:id',
    access: 'approvals.read',
    params: approvalParams,
    response: approvalResponse,
  }),
  approve: route({
    method: 'POST',
    path: '/api/v1/devops/approval/approvals/:id/approve',
    access: 'approvals.write',
    params: approvalParams,
    body: approvalDecisionBody,
    response: approvalResponse,
  }),
  reject: route({
    method: 'POST',
    path: '/api/v1/devops/approval/approvals/:id/reject',
    access: 'approvals.write',
    params: approvalParams,
    body: approvalDecisionBody,
    response: approvalResponse,
  }),
};

/**
 * Spec §4/§6: Approve and Reject are allowed only while the approval is PENDING and the user is among the tasks of
 * the first PENDING node. The server enforces it; the web enables its buttons from the same function.
 */
export function canDecide(approval: Pick<Approval, 'status' | 'nodes'>, email: string | undefined): boolean {
  if (!email || approval.status !== 'PENDING') return false;
  const node = approval.nodes.find((n) => n.status === 'PENDING');
  return !!node && node.tasks.some((t) => t.user_email.toLowerCase() === email.toLowerCase() && t.status === 'PENDING');
}
