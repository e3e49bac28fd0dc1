import type { Db } from '../../platform/db.js';
import { writeAudit, type AuditEntry } from '../../platform/audit.js';
import { AUDIT_TYPE } from './model.js';

/** Every mutation of a default-config change writes one row of its audit type, instance id = the change id. */
export function auditChange(
  tx: Db,
  changeId: number | string,
  operator: string,
  operation: string,
  details: AuditEntry['details'],
): Promise<void> {
  return writeAudit(tx, { type: AUDIT_TYPE, instanceId: String(changeId), operator, operation, details });
}

/** A unique index refused the row (PostgreSQL 23505), wherever the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}
