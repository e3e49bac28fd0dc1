import { z } from 'zod';
import { approvalDecisionBody, approvalResponse, approvalRoutes } from '@portal/contract';
import type { FeatureRoutes } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { decide, getApproval } from './service.js';

const params = z.object({ id: z.string().min(1).max(20) });

export const registerApprovalRoutes: FeatureRoutes = (app, { database, jobs }) => {
  app.get(
    approvalRoutes.detail,
    { schema: { params, response: { 200: approvalResponse }, tags: ['approvals'] }, config: { access: 'portal.read' } },
    async (req) => ({ approval: await getApproval(database.db, req.params.id) }),
  );
  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      approvalRoutes[decision],
      {
        schema: { params, body: approvalDecisionBody, response: { 200: approvalResponse }, tags: ['approvals'] },
        config: { access: 'portal.operate' },
      },
      async (req) => {
        const approval = await decide(database.db, req.params.id, principalOf(req), decision, req.body?.comment);
        jobs.wake();
        return { approval };
      },
    );
  }
};
