import {
  gitopsApplyBody,
  gitopsDiffResponse,
  gitopsListResponse,
  gitopsQueryBody,
  gitopsRoutes,
  operationCreated,
} from '@portal/contract';
import type { FeatureRoutes } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { defineGitopsOperations } from './operations.js';
import { applyPending, diffPending, listPending } from './service.js';

const tags = ['gitops'];

/** Gitops secondary confirmation: list, diff, apply (spec §7 `secondaryconfirm`). */
export const registerGitopsRoutes: FeatureRoutes = (app, { database, jobs, stepTimeScale }) => {
  const { db } = database;
  defineGitopsOperations(stepTimeScale);
  // list and diff are POSTs that only read (the calls the spec names); apply changes clusters.
  app.post(
    gitopsRoutes.list,
    {
      schema: { body: gitopsQueryBody, response: { 200: gitopsListResponse }, tags },
      config: { access: 'portal.read' },
    },
    (req) => listPending(db, req.body, principalOf(req).email),
  );
  app.post(
    gitopsRoutes.diff,
    {
      schema: { body: gitopsQueryBody, response: { 200: gitopsDiffResponse }, tags },
      config: { access: 'portal.read' },
    },
    (req) => diffPending(db, req.body, principalOf(req).email),
  );
  app.post(
    gitopsRoutes.apply,
    {
      schema: { body: gitopsApplyBody, response: { 200: operationCreated }, tags },
      config: { access: 'portal.operate' },
    },
    async (req) => {
      const out = await applyPending(db, req.body, principalOf(req).email);
      jobs.wake();
      return out;
    },
  );
};
