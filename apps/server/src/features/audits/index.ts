import { auditsApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { listAuditLogs, listObjectTrail } from './service.js';

/** One audit type's rows as a list page (the SKU service's change log). */
export { listAuditLogs } from './service.js';

/** The audit trail: one object's (the audit tabs of detail pages) and every row (the admin's /audits, spec §2, §6). */
export const auditsFeature = defineFeature({
  name: 'audits',
  routes: (r, { db }) => {
    r.add(auditsApi.list, (req) => listObjectTrail(db, principalOf(req), req.query));
    r.add(auditsApi.adminList, (req) => listAuditLogs(db, req.query));
  },
});
