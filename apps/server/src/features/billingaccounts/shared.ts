import { CONTRACT_AUDIT_TYPE } from '@portal/contract';
import { writeAudit, type AuditEntry } from '../../platform/audit.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './repo.js';

/** Who acts in the audit trail when a durable job does (a closing at its date). */
export const SYSTEM = 'system';

/** A numeric id from a path, or undefined (an id that is not one is a 404, not a 400). */
export function parseNumericId(id: string): number | undefined {
  return /^\d{1,15}$/.test(id) ? Number(id) : undefined;
}

/** A field's failure, placed on the form's field (400 `request.invalid` with details). */
export function fieldError(field: string, message: string): AppError {
  return new AppError('request.invalid', message, [{ field: `body.${field}`, message }]);
}

/** An audit row about a tenant's billing (type `tenant`, instance: the tenant id). */
export function auditTenant(
  tx: Db,
  tenantId: string,
  operator: string,
  operation: string,
  details: AuditEntry['details'],
  at: Date,
): Promise<void> {
  return writeAudit(tx, { type: 'tenant', instanceId: tenantId, operator, operation, details, operateAt: at });
}

/** An audit row about a contract (type `billing_contract`, instance: the contract id). */
export function auditContract(
  tx: Db,
  contractId: number,
  operator: string,
  operation: string,
  details: AuditEntry['details'],
  at: Date,
): Promise<void> {
  return writeAudit(tx, {
    type: CONTRACT_AUDIT_TYPE,
    instanceId: String(contractId),
    operator,
    operation,
    details,
    operateAt: at,
  });
}

/** The tenant, or 404 `tenant.notFound`. */
export async function tenantOr404(db: Db, id: string, forUpdate = false): Promise<repo.TenantRow> {
  const row = await repo.findTenant(db, id, forUpdate);
  if (!row) throw new AppError('tenant.notFound', `Tenant ${id} not found`);
  return row;
}

/** The tenant a body names, or 400 `billingaccounts.unknownTenant` on its field. */
export async function bodyTenant(db: Db, id: string, field = 'tenant_id', forUpdate = false) {
  const row = await repo.findTenant(db, id, forUpdate);
  if (!row) {
    const message = `Tenant ${id} does not exist`;
    throw new AppError('billingaccounts.unknownTenant', message, [{ field: `body.${field}`, message }]);
  }
  return row;
}

/** Refuses work on a tenant that is closed, or (with `closing`) closing too: 409 `billingaccounts.tenantClosed`. */
export function assertTenantOpen(tenant: repo.TenantRow, opts: { closing: boolean }): void {
  if (tenant.status === 'CLOSED' || (opts.closing && tenant.status === 'CLOSING'))
    throw new AppError(
      'billingaccounts.tenantClosed',
      `Tenant ${tenant.name} (${tenant.id}) is ${tenant.status === 'CLOSED' ? 'closed' : 'closing'}`,
      { tenant_id: tenant.id, status: tenant.status },
    );
}
