import { approvalsApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { decide, getApproval } from './service.js';
import { ensureApprovalTemplates } from './templates.js';

export { approvalTemplates, ensureApprovalTemplates } from './templates.js';
export type { ApprovalTemplate, TemplateNode } from './repo.js';
export { approvalSettledJob, cancelApproval, createApproval, decide, getApproval } from './service.js';
export type { ApprovalSettled } from './service.js';
export { approvals } from './schema.js';

/**
 * Approval flows (spec §2 Approval view, §3 Approval): features provide their templates (`approvalTemplates`),
 * start approvals in their own transactions (`createApproval`) and hear the outcome through the settled job
 * (`approvalSettledJob(subjectType)`).
 */
export const approvalsFeature = defineFeature({
  name: 'approvals',
  routes: (r, { db, jobs }) => {
    r.add(approvalsApi.detail, async (req) => ({ approval: await getApproval(db, req.params.id) }));
    for (const decision of ['approve', 'reject'] as const) {
      r.add(approvalsApi[decision], async (req) => {
        const approval = await decide(db, req.params.id, principalOf(req), decision, req.body?.comment);
        // The settled job tells the owning feature: run it now rather than at the next poll.
        jobs.wake();
        return { approval };
      });
    }
  },
  start: (ctx) => ensureApprovalTemplates(ctx, ctx.db),
});
