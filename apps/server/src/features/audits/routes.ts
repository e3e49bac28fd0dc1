import { adminAuditListQuery, auditList, auditListQuery, auditRoutes } from '@portal/contract';
import type { FeatureRoutes } from '../../platform/context.js';
import { listAuditLogs } from './service.js';

export const registerAuditRoutes: FeatureRoutes = (app, { database }) => {
  // One object's trail, for the audit tabs of detail pages.
  app.get(
    auditRoutes.list,
    {
      schema: { querystring: auditListQuery, response: { 200: auditList }, tags: ['audit'] },
      config: { access: 'portal.read' },
    },
    (req) => listAuditLogs(database.db, req.query),
  );

  // Every audit row, for the admin's /audits page (spec §2, §6: admin only).
  app.get(
    auditRoutes.adminList,
    {
      schema: { querystring: adminAuditListQuery, response: { 200: auditList }, tags: ['audit'] },
      config: { access: 'admin.manage' },
    },
    (req) => listAuditLogs(database.db, req.query),
  );
};
