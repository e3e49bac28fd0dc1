import { auditList, auditListQuery, auditRoutes } from '@portal/contract';
import type { FeatureRoutes } from '../../platform/context.js';
import { listAuditLogs } from './service.js';

export const registerAuditRoutes: FeatureRoutes = (app, { database }) => {
  app.get(
    auditRoutes.list,
    {
      schema: { querystring: auditListQuery, response: { 200: auditList }, tags: ['audit'] },
      config: { access: 'portal.read' },
    },
    (req) => listAuditLogs(database.db, req.query),
  );
};
