import { createHash } from 'node:crypto';
import type { Db } from '../platform/db.js';
import type { PolicyStatement } from '../platform/access-control.js';
import { auditLogs, iamApiKeys, iamBindings, iamGroupMembers, iamPolicies, iamUserGroups } from '../platform/schema.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * IAM's demo (fixed to the demo's calendar, October 2026): user groups with members among the demo staff, API keys in
 * each status (active, revoked, expired), policies (one bound to nobody, so it can be deleted) and the role and
 * policy bindings connecting them, with their audit trail.
 *
 * What it must not do: change what admin@example.com, operator@example.com or the viewer sam.okafor may do — the
 * tests and browser tests rely on them. So operator@example.com is in no group; admin@example.com only in a group
 * bound to the admin role (which it holds already); sam.okafor only gets what he has (viewer) and a Deny of a
 * privilege he lacks. Only maria.garcia gains something (billing.manage, through billing-team).
 *
 * The keys' stored hashes are of strings that are not API keys (no `mpk_` prefix): no secret exists that the API would
 * accept for them, so none can leak from this file.
 */

const DAY = 86_400_000;
const at = (daysBefore: number, hour = 9) => new Date(DEMO_BASE_TIME - daysBefore * DAY + hour * 3_600_000);
const ADMIN = 'admin@example.com';
const unusableHash = (name: string) => createHash('sha256').update(`demo-seed-not-a-key:${name}`).digest('hex');

const GROUPS = [
  {
    name: 'platform-admins',
    description: 'Administrators of the portal (bound to the admin role)',
    members: [ADMIN],
    created: 40,
  },
  {
    name: 'sre-oncall',
    description: 'On-call SREs: run the platform, act on alerts and incidents',
    members: ['lin.wei@example.com', 'maria.garcia@example.com'],
    created: 35,
  },
  {
    name: 'billing-team',
    description: 'Finance staff: all of billing, including prices and invoice confirmation',
    members: ['maria.garcia@example.com'],
    created: 30,
  },
  {
    name: 'support-readonly',
    description: 'Support engineers: read everything, never run cluster commands',
    members: ['sam.okafor@example.com'],
    created: 25,
  },
] as const;

const POLICIES: { name: string; description: string; statements: PolicyStatement[]; created: number }[] = [
  {
    name: 'deny-ctl-write',
    description: 'Never run cluster control commands, whatever the role',
    statements: [{ effect: 'Deny', actions: ['ctl.write'], resources: ['*'] }],
    created: 33,
  },
  {
    name: 'allow-billing',
    description: 'All of billing: read, change, prices, FX rates and invoice confirmation',
    statements: [{ effect: 'Allow', actions: ['billing.*'], resources: ['*'] }],
    created: 31,
  },
  {
    name: 'partner-readonly-billing',
    description: 'Read partners and billing; no price changes through the billing proxy',
    statements: [
      { effect: 'Allow', actions: ['partners.read', 'billing.read'], resources: ['*'] },
      { effect: 'Deny', actions: ['billing.manage'], resources: ['/api/v1/devops/billing-proxy/*'] },
    ],
    created: 12,
  },
];

const KEYS = [
  {
    name: 'ci-readonly',
    description: 'CI pipeline: reads clusters and tenants for the nightly report',
    role: 'viewer',
    prefix: 'mpk_Xq7bR2cL',
    created: 20,
    expires: null,
    lastUsed: 1,
    revoked: null,
  },
  {
    name: 'legacy-deploy',
    description: 'Old deploy script (replaced by gitops)',
    role: 'operator',
    prefix: 'mpk_9fKw3TzA',
    created: 60,
    expires: null,
    lastUsed: 9,
    revoked: 7,
  },
  {
    name: 'billing-export',
    description: 'Monthly invoice export for the finance warehouse (expired)',
    role: 'viewer',
    prefix: 'mpk_Lm4hV8pE',
    created: 45,
    expires: 10,
    lastUsed: 12,
    revoked: null,
  },
] as const;

/** [kind, target, subject type, subject, days before the base time] */
const BINDINGS: ['role' | 'policy', string, 'user' | 'group' | 'apikey', string, number][] = [
  ['role', 'admin', 'group', 'platform-admins', 40],
  ['role', 'operator', 'group', 'sre-oncall', 35],
  ['role', 'viewer', 'group', 'support-readonly', 25],
  ['role', 'viewer', 'apikey', 'billing-export', 45],
  ['policy', 'allow-billing', 'group', 'billing-team', 30],
  ['policy', 'deny-ctl-write', 'group', 'support-readonly', 25],
  ['policy', 'deny-ctl-write', 'apikey', 'ci-readonly', 20],
];

export async function seedIam(tx: Db): Promise<void> {
  const audits: (typeof auditLogs.$inferInsert)[] = [];
  const audit = (type: string, instanceId: string, operation: string, when: Date, details: object) =>
    audits.push({ type, instanceId, operator: ADMIN, operation, details, operateAt: when });

  await tx.insert(iamUserGroups).values(
    GROUPS.map((g) => ({
      name: g.name,
      description: g.description,
      createdBy: ADMIN,
      createdAt: at(g.created),
      updatedAt: at(g.created),
    })),
  );
  await tx
    .insert(iamGroupMembers)
    .values(
      GROUPS.flatMap((g) =>
        g.members.map((userEmail) => ({ groupName: g.name, userEmail, addedBy: ADMIN, addedAt: at(g.created, 10) })),
      ),
    );
  for (const g of GROUPS) {
    audit('iam_user_group', g.name, 'create_user_group', at(g.created), {
      before: null,
      after: { name: g.name, description: g.description },
    });
    audit('iam_user_group', g.name, 'add_members', at(g.created, 10), { added: [...g.members].sort() });
  }

  await tx.insert(iamPolicies).values(
    POLICIES.map((p) => ({
      name: p.name,
      description: p.description,
      statements: p.statements,
      createdBy: ADMIN,
      createdAt: at(p.created),
      updatedAt: at(p.created),
    })),
  );
  for (const p of POLICIES)
    audit('iam_policy', p.name, 'create_policy', at(p.created), {
      before: null,
      after: { description: p.description, statements: p.statements },
    });

  await tx.insert(iamApiKeys).values(
    KEYS.map((k) => ({
      name: k.name,
      description: k.description,
      role: k.role,
      prefix: k.prefix,
      secretHash: unusableHash(k.name),
      createdBy: ADMIN,
      createdAt: at(k.created),
      expiresAt: k.expires === null ? null : at(k.expires, 0),
      lastUsedAt: at(k.lastUsed, 3),
      revokedAt: k.revoked === null ? null : at(k.revoked, 15),
      revokedBy: k.revoked === null ? null : ADMIN,
    })),
  );
  for (const k of KEYS) {
    audit('iam_api_key', k.name, 'create_api_key', at(k.created), {
      before: null,
      after: {
        role: k.role,
        prefix: k.prefix,
        description: k.description,
        expires_at: k.expires === null ? null : at(k.expires, 0).toISOString(),
      },
    });
    if (k.revoked !== null)
      audit('iam_api_key', k.name, 'revoke_api_key', at(k.revoked, 15), {
        before: { status: 'active' },
        after: { status: 'revoked' },
        prefix: k.prefix,
      });
  }

  const rows = await tx
    .insert(iamBindings)
    .values(
      BINDINGS.map(([kind, target, subjectType, subject, days]) => ({
        kind,
        target,
        subjectType,
        subject,
        createdBy: ADMIN,
        createdAt: at(days, 11),
      })),
    )
    .returning();
  for (const b of rows)
    audit('iam_binding', `${b.kind}:${b.target}`, `create_${b.kind}_binding`, b.createdAt, {
      before: null,
      after: { id: b.id, subject_type: b.subjectType, subject: b.subject },
    });

  await tx.insert(auditLogs).values(audits);
}
