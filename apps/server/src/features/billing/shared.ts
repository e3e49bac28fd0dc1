import { inArray } from 'drizzle-orm';
import type { AuditType, ErrorCode } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit, type AuditEntry } from '../../platform/audit.js';
import { enqueueJob } from '../../platform/jobs.js';
import type { ApprovalTemplate } from '../approvals/index.js';
import { tenants } from '../orgs/index.js';

/** What the billing services need: the database and the approval threshold (BILLING_APPROVAL_THRESHOLD_CENTS). */
export interface BillingDeps {
  db: Db;
  approvalThresholdCents: number;
}

/** Who acts in the audit trail when a job does (closing a month, settling an approval's effects). */
export const SYSTEM = 'system';

/** The durable job that re-rates (and creates) invoices; see rating.ts. */
export const RATE_JOB = 'billing.rate';
/** The durable job that closes ended months (draft → unconfirmed) and re-queues itself for the next month start. */
export const CLOSE_MONTH_JOB = 'billing.close_month';

export interface RatePayload {
  /** Re-rate the open invoices of these tenants… */
  tenant_ids?: string[];
  /** …or of every tenant. */
  all?: boolean;
  /** Create the usage invoices of these tenant months when missing (usage reported for them), then rate them. */
  months?: { tenant_id: string; month: string }[];
}

/** Queues a re-rating in the caller's transaction: it runs once the change commits (and only if it does). */
export function queueRating(tx: Db, payload: RatePayload): Promise<void> {
  return enqueueJob(tx, RATE_JOB, payload, { maxAttempts: 10 });
}

/** Credits above the threshold are decided by finance (never the applicant: the approvals engine enforces it). */
export const CREDIT_APPROVAL: ApprovalTemplate = {
  name: 'billing_credit',
  title: 'Billing credit',
  nodes: [{ name: 'Finance review', approvers: ['admin@example.com'] }],
};
export const DISCOUNT_APPROVAL: ApprovalTemplate = {
  name: 'billing_discount',
  title: 'Billing discount',
  nodes: [{ name: 'Finance review', approvers: ['admin@example.com'] }],
};

export function audit(
  tx: Db,
  type: AuditType,
  id: number | string,
  operator: string,
  operation: string,
  details: AuditEntry['details'],
): Promise<void> {
  return writeAudit(tx, { type, instanceId: String(id), operator, operation, details });
}

/** A numeric id from a path; anything else is the object's 404. */
export function parseId(id: string, code: ErrorCode, what: string): number {
  if (!/^\d{1,15}$/.test(id)) throw new AppError(code, `${what} ${id} not found`);
  return Number(id);
}

/** Tenant names by id (missing ids are absent). */
export async function tenantNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(inArray(tenants.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The tenant's name, or 400 billing.unknownTenant on `field`. */
export async function requireTenant(db: Db, id: string, field = 'tenant_id'): Promise<string> {
  const name = (await tenantNames(db, [id])).get(id);
  if (name === undefined) {
    const message = `Tenant ${id} does not exist`;
    throw new AppError('billing.unknownTenant', message, [{ field: `body.${field}`, message }]);
  }
  return name;
}

/** "0.850000" (a numeric column) → 0.85. */
export const num = (v: string | number | null): number | null => (v === null ? null : Number(v));
/** A fraction for a numeric(9,6) column. */
export const fractionText = (v: number): string => v.toFixed(6);

/** Month key "2026-10" ↔ first day "2026-10-01" ↔ its instant range. */
export const monthDay = (month: string): string => `${month.slice(0, 7)}-01`;
export function monthBounds(month: string): { start: Date; end: Date } {
  const [y, m] = month.slice(0, 7).split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(y, m - 1, 1)), end: new Date(Date.UTC(y, m, 1)) };
}
export const monthOf = (d: Date): string => d.toISOString().slice(0, 7);
export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** Cents → "1234.56" for CSV (no currency sign, no grouping). */
export function csvAmount(cents: number): string {
  const neg = cents < 0;
  const abs = Math.abs(cents);
  return `${neg ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a leading = + - @ is neutralised. */
export function csvField(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
export const csvLine = (fields: (string | number | null | undefined)[]): string => fields.map(csvField).join(',');
