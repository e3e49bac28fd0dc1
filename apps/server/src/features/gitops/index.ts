import { gitopsApi } from '@portal/contract';
import { principalOf } from '../../platform/auth.js';
import { defineFeature } from '../../platform/context.js';
import { operationTypes } from '../operations/index.js';
import { gitopsApplyOperation } from './operations.js';
import { applyPending, diffPending, listPending } from './service.js';

/**
 * Gitops secondary confirmation (spec §2 /orgs/{org_id}/{cluster_id}/gitops, §7 `secondaryconfirm`): the desired
 * state of a cluster on a branch of the gitops repository (through the control plane), what differs from the
 * cluster, and applying it after a secondary confirmation as an operation.
 */
export const gitopsFeature = defineFeature({
  name: 'gitops',
  provides: (ctx) => [operationTypes.provide(gitopsApplyOperation(ctx))],
  routes: (r, ctx) => {
    const { db, jobs } = ctx;
    r.add(gitopsApi.list, (req) => listPending(ctx, db, req.body, principalOf(req).email));
    r.add(gitopsApi.diff, (req) => diffPending(ctx, db, req.body, principalOf(req).email));
    r.add(gitopsApi.apply, async (req) => {
      const out = await applyPending(ctx, db, req.body, principalOf(req).email);
      jobs.wake();
      return out;
    });
  },
});
