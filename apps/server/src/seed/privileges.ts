import type { SystemSettingKey, SystemSettingsValues } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { writeAudit } from '../platform/audit.js';
import { privilegeGrants, systemSettings } from '../platform/schema.js';
import { SYSTEM_SETTING_DEFAULTS } from '@portal/contract';
import { FORMER_ADMIN } from './accounts.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * Privilege grants and system settings' demo data. Grants are for the staff only (never admin@ or operator@; none
 * active for Sam Okafor, whose profile tests expect a plain viewer's), in
 * every status the /privilege pages act on, each with the audit rows its history would have left: requested by one
 * administrator, decided by the other (admin@ and the former admin Priya Raman). Open ones (pending, active) are
 * dated around the moment of seeding so their end is ahead on a fresh start: they belong to the live part.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ADMIN = 'admin@example.com';
const LIN = 'lin.wei@example.com';
const MARIA = 'maria.garcia@example.com';
const SAM = 'sam.okafor@example.com';

interface SeedGrant {
  user: string;
  privilege: string;
  reason: string;
  requestedBy: string;
  /** Hours before now it was requested. */
  requestedAgo: number;
  /** Hours from the request to its end (negative values are fine: it ended). */
  lastsHours: number;
  decision?: { by: string; afterHours: number; outcome: 'approve' | 'reject'; comment?: string };
  revoke?: { by: string; afterHours: number; reason: string };
}

const GRANTS: SeedGrant[] = [
  {
    // Pending, requested by admin@: they cannot approve it themselves (the page shows no Approve to them).
    user: MARIA,
    privilege: 'partners.manage',
    reason: 'Rotate the partner API keys of the MSPs affected by the key leak, ticket OPS-4711',
    requestedBy: ADMIN,
    requestedAgo: 3,
    lastsHours: 7 * 24,
  },
  {
    // Pending, requested by the other admin: admin@ can approve or reject it.
    user: LIN,
    privilege: 'billing.manage',
    reason: 'Confirm the October invoices while the billing lead is on leave',
    requestedBy: FORMER_ADMIN,
    requestedAgo: 30,
    lastsHours: 5 * 24,
  },
  {
    user: MARIA,
    privilege: 'providers.manage',
    reason: 'Add the new Jakarta region for the Indonesia launch and set its availability zones',
    requestedBy: FORMER_ADMIN,
    requestedAgo: 48,
    lastsHours: 8 * 24,
    decision: { by: ADMIN, afterHours: 2, outcome: 'approve', comment: 'Approved for the launch week' },
  },
  {
    user: LIN,
    privilege: 'skus.manage',
    reason: 'Add the new TiFlash SKUs to the catalogue for the GCP launch',
    requestedBy: ADMIN,
    requestedAgo: 26,
    lastsHours: 4 * 24,
    decision: { by: FORMER_ADMIN, afterHours: 1, outcome: 'approve' },
  },
  {
    // Approved, then expired: no job ended it, the time did.
    user: MARIA,
    privilege: 'orgs.manage',
    reason: 'Start support sessions for the Acme migration weekend',
    requestedBy: FORMER_ADMIN,
    requestedAgo: 12 * 24,
    lastsHours: 3 * 24,
    decision: { by: ADMIN, afterHours: 4, outcome: 'approve' },
  },
  {
    user: SAM,
    privilege: 'billing.manage',
    reason: 'Wants to change FX rates for the quarterly report',
    requestedBy: FORMER_ADMIN,
    requestedAgo: 6 * 24,
    lastsHours: 2 * 24,
    decision: {
      by: ADMIN,
      afterHours: 3,
      outcome: 'reject',
      comment: 'FX rates stay with the billing team; ask them for the numbers instead',
    },
  },
  {
    user: LIN,
    privilege: 'admin.audits',
    reason: 'Review every audit row of the September incident for the post-mortem',
    requestedBy: ADMIN,
    requestedAgo: 9 * 24,
    lastsHours: 7 * 24,
    decision: { by: FORMER_ADMIN, afterHours: 1, outcome: 'approve' },
    revoke: { by: ADMIN, afterHours: 30, reason: 'Post-mortem published: no longer needed' },
  },
];

/** The grants, dated relative to `now` (the live part of the demo). */
export async function seedGrants(tx: Db, now = Date.now()): Promise<void> {
  for (const g of GRANTS) {
    const createdAt = new Date(now - g.requestedAgo * HOUR);
    const expiresAt = new Date(createdAt.getTime() + g.lastsHours * HOUR);
    const decidedAt = g.decision ? new Date(createdAt.getTime() + g.decision.afterHours * HOUR) : undefined;
    const revokedAt = g.revoke ? new Date(createdAt.getTime() + g.revoke.afterHours * HOUR) : undefined;
    const status = g.revoke
      ? 'revoked'
      : g.decision
        ? g.decision.outcome === 'approve'
          ? 'active'
          : 'rejected'
        : 'pending';
    const [row] = await tx
      .insert(privilegeGrants)
      .values({
        userEmail: g.user,
        privilege: g.privilege,
        reason: g.reason,
        status,
        requestedBy: g.requestedBy,
        decidedBy: g.decision?.by ?? null,
        expiresAt,
        revokedAt: revokedAt ?? null,
        revokedBy: g.revoke?.by ?? null,
        revokeReason: g.revoke?.reason ?? null,
        createdAt,
        updatedAt: revokedAt ?? decidedAt ?? createdAt,
      })
      .returning({ id: privilegeGrants.id });
    const instanceId = String(row!.id);
    await writeAudit(tx, {
      type: 'privilege_grant',
      instanceId,
      operator: g.requestedBy,
      operation: 'request_grant',
      operateAt: createdAt,
      details: {
        before: null,
        after: {
          user_email: g.user,
          privilege: g.privilege,
          reason: g.reason,
          status: 'pending',
          expires_at: expiresAt.toISOString(),
        },
      },
    });
    if (g.decision) {
      const after = g.decision.outcome === 'approve' ? 'active' : 'rejected';
      await writeAudit(tx, {
        type: 'privilege_grant',
        instanceId,
        operator: g.decision.by,
        operation: g.decision.outcome,
        operateAt: decidedAt!,
        details: { comment: g.decision.comment ?? null, before: { status: 'pending' }, after: { status: after } },
      });
    }
    if (g.revoke) {
      await writeAudit(tx, {
        type: 'privilege_grant',
        instanceId,
        operator: g.revoke.by,
        operation: 'revoke',
        operateAt: revokedAt!,
        details: { reason: g.revoke.reason, before: { status: 'active' }, after: { status: 'revoked' } },
      });
    }
  }
}

/**
 * Changes of the settings, oldest first, each with the audit row it leaves (the static part: fixed dates). The
 * maintenance banner was set for an upgrade and cleared a few days later, so a fresh start shows no banner but the
 * history of one; the two limits keep their changed values.
 */
const SETTING_CHANGES: {
  key: SystemSettingKey;
  value: SystemSettingsValues[SystemSettingKey];
  by: string;
  daysAgo: number;
}[] = [
  {
    key: 'maintenance_banner',
    value:
      'Scheduled maintenance: Saturday 02:00-04:00 UTC the metadata database is upgraded; the console is read-only.',
    by: ADMIN,
    daysAgo: 41,
  },
  { key: 'maintenance_banner', value: '', by: ADMIN, daysAgo: 38 },
  { key: 'privilege_grant_max_days', value: 14, by: FORMER_ADMIN, daysAgo: 33 },
  { key: 'support_session_max_minutes', value: 120, by: ADMIN, daysAgo: 12 },
];

export async function seedSystemSettings(tx: Db): Promise<void> {
  const current: Partial<Record<SystemSettingKey, SystemSettingsValues[SystemSettingKey]>> = {};
  for (const s of SETTING_CHANGES) {
    const at = new Date(DEMO_BASE_TIME - s.daysAgo * DAY);
    const before = current[s.key] ?? SYSTEM_SETTING_DEFAULTS[s.key];
    current[s.key] = s.value;
    // As the service stores a change (settings/service.ts): the last one of a key holds its value and author.
    await tx
      .insert(systemSettings)
      .values({ key: s.key, value: s.value, updatedBy: s.by, updatedAt: at })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: s.value, updatedBy: s.by, updatedAt: at } });
    await writeAudit(tx, {
      type: 'system_setting',
      instanceId: s.key,
      operator: s.by,
      operation: 'update_setting',
      operateAt: at,
      details: { before: { [s.key]: before }, after: { [s.key]: s.value } },
    });
  }
}
