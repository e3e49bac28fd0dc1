import type { z } from 'zod';
import { auditTimeRange } from '@portal/contract';
import type { adminAuditListQuery, AuditLog, ListResult } from '@portal/contract';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { auditLogs } from '../../platform/schema.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { iso } from '../../platform/time.js';

/**
 * The filters of both audit lists: one object's trail (`GET /api/v1/devops/audit`, type + instance_id) and the
 * admin browser (`GET /api/v1/admin/audits`, which adds the time range).
 */
type Query = z.output<typeof adminAuditListQuery>;

export async function listAuditLogs(db: Db, q: Query): Promise<ListResult<AuditLog>> {
  const conds: SQL[] = [];
  if (q.type) conds.push(eq(auditLogs.type, q.type));
  if (q.instance_id) conds.push(eq(auditLogs.instanceId, q.instance_id));
  if (q.operator) conds.push(eq(auditLogs.operator, q.operator.toLowerCase()));
  const range = auditTimeRange(q.from, q.to);
  if (range.from) conds.push(gte(auditLogs.operateAt, range.from));
  if (range.before) conds.push(lt(auditLogs.operateAt, range.before));
  const where = conds.length ? and(...conds) : undefined;
  const { limit, offset } = pageWindow(q);
  const ascending = q.sort === 'operate_at';
  return listPage(
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(...(ascending ? [auditLogs.operateAt, auditLogs.id] : [desc(auditLogs.operateAt), desc(auditLogs.id)]))
      .limit(limit)
      .offset(offset)
      .then((rows) =>
        rows.map((r) => ({
          id: String(r.id),
          type: r.type,
          instance_id: r.instanceId,
          operator: r.operator,
          operation: r.operation,
          operate_at: iso(r.operateAt),
          details: r.details,
        })),
      ),
    db
      .select({ n: count() })
      .from(auditLogs)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
}
