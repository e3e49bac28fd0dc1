import { and, count, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { auditListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { auditLogs } from '../../platform/schema.js';
import { listOrder, listPage, pageWindow, type PageParams } from '../../platform/list-query.js';

export interface AuditFilter extends PageParams {
  sort: z.output<typeof auditListQuery>['sort'];
  type?: string | undefined;
  instanceId?: string | undefined;
  /** Lower-case email, or `system`. */
  operator?: string | undefined;
  /** Inclusive lower bound of `operate_at`. */
  from?: Date | undefined;
  /** Exclusive upper bound of `operate_at`. */
  before?: Date | undefined;
}

export type AuditRow = typeof auditLogs.$inferSelect;

/** One page of audit rows, newest first by default, and the filter's total. */
export function selectAuditPage(db: Db, q: AuditFilter) {
  const conds: SQL[] = [];
  if (q.type) conds.push(eq(auditLogs.type, q.type));
  if (q.instanceId) conds.push(eq(auditLogs.instanceId, q.instanceId));
  if (q.operator) conds.push(eq(auditLogs.operator, q.operator));
  if (q.from) conds.push(gte(auditLogs.operateAt, q.from));
  if (q.before) conds.push(lt(auditLogs.operateAt, q.before));
  const where = conds.length ? and(...conds) : undefined;
  const { limit, offset } = pageWindow(q);
  return listPage<AuditRow>(
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(...listOrder(q.sort, { operate_at: auditLogs.operateAt }, auditLogs.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(auditLogs)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
}
