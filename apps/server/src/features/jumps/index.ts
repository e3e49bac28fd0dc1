import { jumpsApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import type { Job } from '../../platform/jobs.js';
import { approvalSettledJob, approvalTemplates, type ApprovalSettled } from '../approvals/index.js';
import { jumpServerFor } from './jumpserver.js';
import * as service from './service.js';

export { embeddedJumpServer, jumpServerFor, restJumpServer, type JumpServer } from './jumpserver.js';
export { jumpAuthorizations, jumpGrants, jumpUsers } from './schema.js';

/**
 * Jump authorizations (spec §2 /jumps, §4 cancel, §7 "jump authorizations and jumpserver users"): just-in-time
 * access to a cluster's hosts through the jump server, approved through the approvals engine, granted on approval
 * and revoked at its expiry by a durable job (or at once when cancelled).
 */
export const jumpsFeature = defineFeature({
  name: 'jumps',
  provides: () => [approvalTemplates.provide(service.JUMP_APPROVAL)],
  jobs: (ctx) => {
    const jumpServer = jumpServerFor(ctx.config);
    return {
      [approvalSettledJob(service.AUDIT_TYPE)]: (tx, p: ApprovalSettled, job: Job) =>
        service.onApprovalSettled({ jumpServer }, tx, p, job),
      [service.EXPIRE_JOB]: (tx, p: service.ExpirePayload) => service.expireAuthorization({ jumpServer }, tx, p),
    };
  },
  routes: (r, ctx) => {
    const deps: service.JumpDeps = { db: ctx.db, jumpServer: jumpServerFor(ctx.config) };
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email;
    r.add(jumpsApi.list, (req) => service.listAuthorizations(ctx.db, req.query));
    r.add(jumpsApi.create, async (req) => ({
      authorization: await service.createAuthorization(deps, who(req), req.body),
    }));
    r.add(jumpsApi.detail, async (req) => ({ authorization: await service.getAuthorization(ctx.db, req.params.id) }));
    r.add(jumpsApi.cancel, async (req) => {
      const authorization = await service.cancelAuthorization(deps, req.params.id, who(req), req.body?.reason);
      // A cancelled approval's settled job: run it now rather than at the next poll.
      ctx.jobs.wake();
      return { authorization };
    });
    r.add(jumpsApi.users, (req) => service.listJumpUsers(deps, req.query));
  },
});
