import { remediationApi } from '@portal/contract';
import { principalOf } from '../../platform/auth.js';
import { defineFeature } from '../../platform/context.js';
import { approvalSettledJob, approvalTemplates, type ApprovalSettled } from '../approvals/index.js';
import { issueSubjects } from '../issuetracker/index.js';
import { operationTypes } from '../operations/index.js';
import { runOperation } from './operation.js';
import * as service from './service.js';

export { remediationTickets } from './schema.js';
export { getTicket as getRemediationTicket, parseTicketId, ticketExists, ticketPath } from './service.js';

/**
 * Remediation tickets (spec §2 /remediation_tickets, §4 submit, approve, reject, cancel, §7 devops
 * remediationtickets): a remediation action proposed for a cluster, approved through the approvals engine and run as
 * an operation with live progress (`remediation.run`), whose outcome the ticket follows.
 */
export const remediationFeature = defineFeature({
  name: 'remediation',
  provides: (ctx) => [
    approvalTemplates.provide(service.REMEDIATION_APPROVAL, service.REMEDIATION_HIGH_RISK_APPROVAL),
    operationTypes.provide(runOperation(ctx)),
    issueSubjects.provide({ type: 'remediation_ticket', exists: service.ticketExists }),
  ],
  jobs: (ctx) => ({
    [approvalSettledJob(service.AUDIT_TYPE)]: (tx, p: ApprovalSettled) => service.onApprovalSettled(ctx, tx, p),
  }),
  routes: (r, ctx) => {
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email;
    // A mutation that queued work (a settled approval, an operation's advance): run it now, not at the next poll.
    const woken = async <T>(out: Promise<T>) => {
      const result = await out;
      ctx.jobs.wake();
      return result;
    };
    r.add(remediationApi.list, (req) => service.listTickets(ctx.db, req.query));
    r.add(remediationApi.create, async (req) => ({ ticket: await service.createTicket(ctx, who(req), req.body) }));
    r.add(remediationApi.detail, async (req) => ({ ticket: await service.getTicket(ctx.db, req.params.id) }));
    r.add(remediationApi.update, async (req) => ({
      ticket: await service.updateTicket(ctx, req.params.id, who(req), req.body),
    }));
    r.add(remediationApi.submit, async (req) => ({ ticket: await service.submitTicket(ctx, req.params.id, who(req)) }));
    for (const decision of ['approve', 'reject'] as const)
      r.add(remediationApi[decision], async (req) => {
        const { approval } = await woken(
          service.decideTicket(ctx, req.params.id, principalOf(req), decision, req.body?.comment),
        );
        return { approval, ticket: await service.getTicket(ctx.db, req.params.id) };
      });
    r.add(remediationApi.cancel, async (req) => ({
      ticket: await woken(service.cancelTicket(ctx, req.params.id, who(req), req.body?.reason)),
    }));
    r.add(remediationApi.run, async (req) => ({
      ticket: await woken(service.runTicket(ctx, req.params.id, who(req))),
    }));
  },
});
