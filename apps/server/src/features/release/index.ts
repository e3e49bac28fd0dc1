import { codehostApi, releaseApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { approvalSettledJob, approvalTemplates, type ApprovalSettled } from '../approvals/index.js';
import { operationTypes } from '../operations/index.js';
import * as changes from './changes.js';
import { codehostOf } from './codehost/factory.js';
import { deployOperation } from './deploy.js';
import { AUDIT_TYPE, RELEASE_APPROVAL } from './model.js';
import * as releases from './releases.js';
import * as tickets from './tickets.js';

/**
 * Releases (issue 12; spec §2 /release…, §4 release changes, §7 "release changes, releases and tickets", "labels,
 * pulls and releases from a code-hosting service"): releases per environment, their changes with the actions submit,
 * check for ready, deploy (an operation; prod after its approval), verify, cancel and close, tickets with their
 * history, and the code host the changes' pull requests live on.
 */
export const releaseFeature = defineFeature({
  name: 'release',
  provides: (ctx) => [operationTypes.provide(deployOperation(ctx)), approvalTemplates.provide(RELEASE_APPROVAL)],
  jobs: () => ({
    [approvalSettledJob(AUDIT_TYPE)]: (tx, p: ApprovalSettled) => releases.onApprovalSettled(tx, p),
  }),
  routes: (r, ctx) => {
    const { db, jobs } = ctx;
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email;
    const woken = async <T>(out: Promise<T>) => {
      const result = await out;
      jobs.wake(); // an operation to advance, or a settled approval to hear: now, not at the next poll
      return result;
    };

    r.add(releaseApi.list, (req) => releases.listReleases(db, req.query));
    r.add(releaseApi.create, async (req) => ({ release: await releases.createRelease(db, who(req), req.body) }));
    r.add(releaseApi.detail, async (req) => ({ release: await releases.getRelease(db, req.params.release_id) }));
    r.add(releaseApi.update, async (req) => ({
      release: await releases.updateRelease(db, req.params.release_id, who(req), req.body),
    }));
    r.add(releaseApi.requestApproval, async (req) => ({
      release: await releases.requestApproval(db, req.params.release_id, who(req), req.body.note),
    }));
    r.add(releaseApi.cancelApproval, async (req) => ({
      release: await woken(releases.cancelReleaseApproval(db, req.params.release_id, who(req), req.body.note)),
    }));

    r.add(releaseApi.changes, (req) => changes.listChanges(db, req.params.release_id, req.query));
    r.add(releaseApi.createChange, async (req) => ({
      change: await changes.createChange(ctx, req.params.release_id, who(req), req.body),
    }));
    r.add(releaseApi.change, async (req) => ({
      change: await changes.getChange(db, req.params.release_id, req.params.change_id),
    }));
    r.add(releaseApi.updateChange, async (req) => ({
      change: await changes.updateChange(ctx, req.params.release_id, req.params.change_id, who(req), req.body),
    }));
    r.add(releaseApi.changePulls, (req) => changes.changePulls(ctx, req.params.release_id, req.params.change_id));
    for (const action of ['submit', 'cancel', 'close'] as const)
      r.add(releaseApi[action], async (req) => ({
        change: await changes.moveChange(
          ctx,
          req.params.release_id,
          req.params.change_id,
          who(req),
          action,
          req.body.note,
        ),
      }));
    r.add(releaseApi.checkReady, async (req) => ({
      change: await changes.checkReady(ctx, req.params.release_id, req.params.change_id, who(req), req.body.note),
    }));
    r.add(releaseApi.deploy, (req) =>
      woken(changes.deployChange(ctx, req.params.release_id, req.params.change_id, who(req), req.body.note)),
    );
    r.add(releaseApi.verify, async (req) => ({
      change: await changes.verifyChange(ctx, req.params.release_id, req.params.change_id, who(req), req.body),
    }));

    r.add(releaseApi.tickets, (req) => tickets.listTickets(db, req.params.release_id, req.query));
    r.add(releaseApi.createTicket, async (req) => ({
      ticket: await tickets.createTicket(db, req.params.release_id, who(req), req.body),
    }));
    r.add(releaseApi.ticket, async (req) => ({
      ticket: await tickets.getTicket(db, req.params.release_id, req.params.name),
    }));
    r.add(releaseApi.updateTicketStatus, async (req) => ({
      ticket: await tickets.updateTicketStatus(db, req.params.release_id, req.params.name, who(req), req.body),
    }));

    // the code host
    const host = () => codehostOf(ctx);
    r.add(codehostApi.info, () => ({ kind: host().kind, repository: host().repository }));
    r.add(codehostApi.labels, async () => {
      const items = await host().labels();
      return { items, total: items.length };
    });
    r.add(codehostApi.pulls, (req) => host().pulls(req.query));
    r.add(codehostApi.pull, async (req) => {
      const pull = await host().pull(req.params.number);
      if (!pull)
        throw new AppError('release.pullNotFound', `${host().repository} has no pull request #${req.params.number}`);
      return { pull };
    });
    r.add(codehostApi.releases, async () => {
      const items = await host().releases();
      return { items, total: items.length };
    });
  },
});

export { codehostFor } from './codehost/factory.js';
export type { CodeHost } from './codehost/types.js';
export { relChanges, relReleases, relTickets } from './schema.js';
