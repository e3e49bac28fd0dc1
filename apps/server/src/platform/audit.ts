import type { AuditType } from '@portal/contract';
import type { Db } from './db.js';
import { auditLogs } from './schema.js';

export interface AuditEntry {
  type: AuditType;
  instanceId: string;
  /** The acting user's email. */
  operator: string;
  /** A short verb phrase, e.g. `create_region`. */
  operation: string;
  /** Before/after values and anything else worth keeping. */
  details?: { before?: unknown; after?: unknown; [k: string]: unknown };
  /** When it happened: now, except for history recorded by the demo seed. */
  operateAt?: Date;
}

/** Writes one audit row. Call it with the transaction that performs the change, never on its own. */
export async function writeAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLogs).values({
    type: entry.type,
    instanceId: entry.instanceId,
    operator: entry.operator,
    operation: entry.operation,
    details: entry.details ?? {},
    ...(entry.operateAt ? { operateAt: entry.operateAt } : {}),
  });
}
