import type { z } from 'zod';
import { auditTimeRange } from '@portal/contract';
import type { adminAuditListQuery, AuditLog, ListResult } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { iso } from '../../platform/time.js';
import { selectAuditPage } from './repo.js';

/**
 * The filters of both audit lists: one object's trail (`GET /api/v1/devops/audit`, type + instance_id) and the
 * admin browser (`GET /api/v1/admin/audits`, which adds the time range).
 */
type Query = z.output<typeof adminAuditListQuery>;

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
