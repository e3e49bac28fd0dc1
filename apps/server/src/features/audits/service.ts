import type { z } from 'zod';
import { auditTimeRange, isAdminAuditType } from '@portal/contract';
import type { adminAuditListQuery, auditListQuery, AuditLog, ListResult } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import type { Principal } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { iso } from '../../platform/time.js';
import { selectAuditPage } from './repo.js';

/**
 * The filters of both audit lists: one object's trail (`GET /api/v1/devops/audit`, type + instance_id) and the
 * admin browser (`GET /api/v1/admin/audits`, which adds the time range).
 */
type Query = z.output<typeof adminAuditListQuery>;

/**
 * One object's trail (`GET /api/v1/devops/audit`): its type and id are required by the query schema, and the rows of
 * admin-only types (ADMIN_AUDIT_TYPES, e.g. portal users) are the admin's only, as on `/api/v1/admin/audits`.
 */
export async function listObjectTrail(
  db: Db,
  principal: Principal,
  q: z.output<typeof auditListQuery>,
): Promise<ListResult<AuditLog>> {
  if (isAdminAuditType(q.type) && !principal.privileges.has('admin.audits'))
    throw new AppError('auth.forbidden', 'This audit trail needs the privilege admin.audits', {
      privilege: 'admin.audits',
    });
  return listAuditLogs(db, q);
}

export async function listAuditLogs(db: Db, q: Query): Promise<ListResult<AuditLog>> {
  const range = auditTimeRange(q.from, q.to);
  const page = await selectAuditPage(db, {
    page: q.page,
    per_page: q.per_page,
    sort: q.sort,
    type: q.type,
    instanceId: q.instance_id,
    operator: q.operator?.toLowerCase(),
    from: range.from,
    before: range.before,
  });
  return {
    total: page.total,
    items: page.items.map((r) => ({
      id: String(r.id),
      type: r.type,
      instance_id: r.instanceId,
      operator: r.operator,
      operation: r.operation,
      operate_at: iso(r.operateAt),
      details: r.details,
    })),
  };
}
