import {
  canClosing,
  CLOSING_POLICY_TEXT,
  CLOSING_REASON_INFO,
  CLOSING_REASONS,
  CLOSING_STATUS_ACTIONS,
  closingPolicies,
  contractNumber,
  formatDateTime,
  type ClosingPolicyKey,
  type ClosingReason,
  type ClosingStatus,
  type runClosingBody,
  type TenantClosing,
} from '@portal/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { enqueueJob } from '../../platform/jobs.js';
import { iso, isoOrNull } from '../../platform/time.js';
import * as repo from './repo.js';
import { auditContract, auditTenant, SYSTEM, tenantOr404 } from './shared.js';

/*
 * Tenant closing (spec §4 "Tenant closing: cancel, or run with a chosen reason"; §7 `tenants/{id}/closing…`). Running
 * it moves the tenant to CLOSING and schedules the close for `close_at` (the reason's grace days from now, or a later
 * date given) as a durable job; cancelling before then puts the tenant back to its status before. At `close_at` the
 * job applies the reason's policies and the tenant is CLOSED. A policy marked `run` applies at once (fraud: cancel
 * the subscriptions and detach the payment method right away); a cancel does not undo it.
 */

/** The durable job that closes a tenant at its closing's `close_at` (queued with run_at = close_at). */
export const CLOSE_JOB = 'billingaccounts.close_tenant';
export interface CloseJobPayload {
  closing_id: string;
}
const DAY_MS = 86_400_000;
/** A requested close may be this much earlier than the grace period allows (the form's clock and ours differ). */
const CLOSE_AT_TOLERANCE_MS = 5 * 60_000;

interface StoredPolicy {
  key: ClosingPolicyKey;
  when: 'run' | 'close';
}

export function toClosing(tenantId: string, r: repo.ClosingRow | undefined): TenantClosing {
  const status: ClosingStatus = (r?.status as ClosingStatus | undefined) ?? 'none';
  return {
    tenant_id: tenantId,
    id: r ? String(r.id) : null,
    status,
    reason: (r?.reason ?? null) as ClosingReason | null,
    note: r?.note ?? null,
    policies: r ? (r.policies as StoredPolicy[]).map((p) => ({ ...p, ...CLOSING_POLICY_TEXT[p.key] })) : [],
    tenant_status_before: r?.tenantStatusBefore ?? null,
    requested_by: r?.requestedBy ?? null,
    requested_at: isoOrNull(r?.requestedAt ?? null),
    close_at: isoOrNull(r?.closeAt ?? null),
    closed_at: isoOrNull(r?.closedAt ?? null),
    cancelled_by: r?.cancelledBy ?? null,
    cancelled_at: isoOrNull(r?.cancelledAt ?? null),
    outcome: (r?.outcome as string[] | undefined) ?? [],
    actions: [...CLOSING_STATUS_ACTIONS[status]],
  };
}

export async function getClosing(db: Db, tenantId: string): Promise<TenantClosing> {
  await tenantOr404(db, tenantId);
  return toClosing(tenantId, await repo.latestClosing(db, tenantId));
}

export async function closingReasons(db: Db, tenantId: string) {
  await tenantOr404(db, tenantId);
  const items = CLOSING_REASONS.map((r) => {
    const { reason, label, description, grace_days, data_retention_days } = CLOSING_REASON_INFO[r];
    return { reason, label, description, grace_days, data_retention_days };
  });
  return { items, total: items.length };
}

export async function reasonPolicies(db: Db, tenantId: string, reason: ClosingReason) {
  await tenantOr404(db, tenantId);
  const { label, description, grace_days, data_retention_days } = CLOSING_REASON_INFO[reason];
  const items = closingPolicies(reason);
  return { reason: { reason, label, description, grace_days, data_retention_days }, items, total: items.length };
}

/** Applies policies to the tenant (in the caller's transaction); returns one line per policy of what it did. */
async function applyPolicies(
  tx: Db,
  tenantId: string,
  policies: StoredPolicy[],
  why: string,
  at: Date,
): Promise<string[]> {
  const out: string[] = [];
  for (const p of policies) {
    switch (p.key) {
      case 'cancel_subscriptions': {
        const subs = await repo.lockOpenSubscriptions(tx, tenantId);
        for (const s of subs)
          await repo.updateSubscription(tx, s.id, {
            status: 'cancelled',
            cancelledAt: at,
            cancelledBy: SYSTEM,
            cancelReason: why,
          });
        out.push(`Cancelled ${subs.length} marketplace subscription${subs.length === 1 ? '' : 's'}`);
        break;
      }
      case 'end_contracts': {
        const contracts = await repo.lockTenantContracts(tx, tenantId, [
          'draft',
          'pending_signature',
          'active',
          'suspended',
        ]);
        let terminated = 0;
        for (const c of contracts) {
          const status = c.status === 'active' || c.status === 'suspended' ? 'terminated' : 'cancelled';
          if (status === 'terminated') terminated++;
          await repo.updateContract(tx, c.id, {
            status,
            statusReason: why,
            endedAt: at,
            endedBy: SYSTEM,
            updatedAt: at,
          });
          await auditContract(
            tx,
            c.id,
            SYSTEM,
            status === 'terminated' ? 'terminate' : 'cancel',
            { tenant_id: tenantId, reason: why, before: { status: c.status }, after: { status, status_reason: why } },
            at,
          );
        }
        out.push(
          `Ended ${contracts.length} contract${contracts.length === 1 ? '' : 's'}: ${terminated} terminated, ` +
            `${contracts.length - terminated} cancelled` +
            (contracts.length ? ` (${contracts.map((c) => contractNumber(c.id)).join(', ')})` : ''),
        );
        break;
      }
      case 'detach_payment_method': {
        const account = await repo.findAccount(tx, tenantId, true);
        if (account?.type || account?.invoiceable) {
          await repo.upsertAccount(tx, tenantId, {
            type: null,
            invoiceable: false,
            cardPaymentMethodId: null,
            card: null,
            subscriptionId: null,
            updatedBy: SYSTEM,
            updatedAt: at,
          });
          out.push(`Detached the payment method (${account.type ?? 'none'})`);
        } else out.push('No payment method to detach');
        break;
      }
      case 'delete_budgets': {
        const n = await repo.deleteTenantBudgets(tx, tenantId);
        out.push(`Deleted ${n} budget${n === 1 ? '' : 's'}`);
        break;
      }
    }
  }
  return out;
}

/**
 * Starts closing a tenant for a reason (admin): 409 `billingaccounts.closingActionNotAllowed` while one is under way
 * or the tenant is closed; `close_at` may be later than the grace period, never sooner (400).
 */
export async function runClosing(
  db: Db,
  tenantId: string,
  reason: ClosingReason,
  who: string,
  body: z.output<typeof runClosingBody>,
  at = new Date(),
): Promise<TenantClosing> {
  const info = CLOSING_REASON_INFO[reason];
  const earliest = at.getTime() + info.grace_days * DAY_MS;
  let closeAt = new Date(earliest);
  if (body.close_at) {
    const wanted = new Date(body.close_at);
    if (wanted.getTime() < earliest - CLOSE_AT_TOLERANCE_MS) {
      const message = `${info.label}: the close is at least ${info.grace_days} days away, on or after ${formatDateTime(earliest)} UTC`;
      throw new AppError('billingaccounts.closeTooSoon', message, [{ field: 'body.close_at', message }]);
    }
    closeAt = wanted.getTime() < earliest ? new Date(earliest) : wanted;
  }
  await db.transaction(async (tx) => {
    const tenant = await tenantOr404(tx, tenantId, true);
    const latest = await repo.latestClosing(tx, tenantId, true);
    const status: ClosingStatus = (latest?.status as ClosingStatus | undefined) ?? 'none';
    if (!canClosing(status, 'run') || tenant.status === 'CLOSED' || tenant.status === 'CLOSING')
      throw new AppError(
        'billingaccounts.closingActionNotAllowed',
        `Tenant ${tenant.name} (${tenant.id}) is ${status === 'none' || status === 'cancelled' ? tenant.status.toLowerCase() : status}: it cannot be closed again`,
        { status, tenant_status: tenant.status },
      );
    const policies: StoredPolicy[] = info.policies.map((p) => ({ key: p.key, when: p.when }));
    const why = `Tenant closing: ${info.label}`;
    const id = await repo.insertClosing(tx, {
      tenantId,
      status: 'closing',
      reason,
      note: body.note || null,
      policies,
      tenantStatusBefore: tenant.status,
      requestedBy: who,
      requestedAt: at,
      closeAt,
      outcome: [],
    });
    const outcome = await applyPolicies(
      tx,
      tenantId,
      policies.filter((p) => p.when === 'run'),
      why,
      at,
    );
    if (outcome.length) await repo.updateClosing(tx, id, { outcome });
    await repo.setTenantStatus(tx, tenantId, 'CLOSING');
    await auditTenant(
      tx,
      tenantId,
      who,
      'closing_run',
      {
        closing_id: String(id),
        reason,
        ...(body.note ? { note: body.note } : {}),
        close_at: iso(closeAt),
        ...(outcome.length ? { outcome } : {}),
        before: { status: tenant.status, closing: status },
        after: { status: 'CLOSING', closing: 'closing' },
      },
      at,
    );
    await enqueueJob(tx, CLOSE_JOB, { closing_id: String(id) } satisfies CloseJobPayload, {
      runAt: closeAt,
      dedupeKey: `tenant-closing-${id}`,
      maxAttempts: 20,
    });
  });
  return getClosing(db, tenantId);
}

/** Cancels the closing under way (409 otherwise): the tenant goes back to its status before. */
export async function cancelClosing(db: Db, tenantId: string, who: string, at = new Date()): Promise<TenantClosing> {
  await db.transaction(async (tx) => {
    const tenant = await tenantOr404(tx, tenantId, true);
    const latest = await repo.latestClosing(tx, tenantId, true);
    const status: ClosingStatus = (latest?.status as ClosingStatus | undefined) ?? 'none';
    if (!latest || !canClosing(status, 'cancel'))
      throw new AppError(
        'billingaccounts.closingActionNotAllowed',
        `Tenant ${tenant.name} (${tenant.id}) has no closing under way (${status}): nothing to cancel`,
        { status },
      );
    await repo.updateClosing(tx, latest.id, { status: 'cancelled', cancelledBy: who, cancelledAt: at });
    const restored = tenant.status === 'CLOSING' ? latest.tenantStatusBefore : tenant.status;
    if (restored !== tenant.status) await repo.setTenantStatus(tx, tenantId, restored);
    await auditTenant(
      tx,
      tenantId,
      who,
      'closing_cancel',
      {
        closing_id: String(latest.id),
        reason: latest.reason,
        before: { status: tenant.status, closing: 'closing' },
        after: { status: restored, closing: 'cancelled' },
      },
      at,
    );
  });
  return getClosing(db, tenantId);
}

/**
 * The close job: a closing still under way at its `close_at` applies its `close` policies and the tenant is CLOSED
 * (audited as `system`). One cancelled meanwhile is left; one whose date is ahead (a clock skew) runs again then.
 */
export async function closeTenant(tx: Db, p: CloseJobPayload, at = new Date()): Promise<{ rerunAt?: Date } | void> {
  const id = Number(p.closing_id);
  if (!Number.isSafeInteger(id)) return;
  const row = await repo.findClosing(tx, id, true);
  if (!row || row.status !== 'closing') return;
  if (row.closeAt > at) return { rerunAt: row.closeAt };
  const tenant = await repo.findTenant(tx, row.tenantId, true);
  const info = CLOSING_REASON_INFO[row.reason as ClosingReason];
  const policies = (row.policies as StoredPolicy[]).filter((x) => x.when === 'close');
  const outcome = [
    ...((row.outcome as string[]) ?? []),
    ...(await applyPolicies(tx, row.tenantId, policies, `Tenant closed: ${info?.label ?? row.reason}`, at)),
  ];
  await repo.updateClosing(tx, id, { status: 'closed', closedAt: at, outcome });
  if (tenant) await repo.setTenantStatus(tx, row.tenantId, 'CLOSED');
  await auditTenant(
    tx,
    row.tenantId,
    SYSTEM,
    'closing_close',
    {
      closing_id: String(id),
      reason: row.reason,
      outcome,
      before: { status: tenant?.status ?? null, closing: 'closing' },
      after: { status: 'CLOSED', closing: 'closed' },
    },
    at,
  );
}
