import { z } from 'zod';
import { AUDIT_TYPES, type AuditType } from './constants.js';
import { route } from './api.js';
import { listQuery, listResult } from './list.js';

export const auditLogSchema = z.object({
  id: z.string(),
  type: z.string(),
  instance_id: z.string(),
  operator: z.string(),
  operation: z.string(),
  operate_at: z.string(),
  details: z.unknown(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

/**
 * Audit types only admins may read (spec §2, §6: access management is the admin's): the rows of the admin-only areas
 * that have no page of their own for other roles. `/api/v1/devops/audit` refuses them to everyone else with 403.
 */
export const ADMIN_AUDIT_TYPES = [
  'user',
  'privilege_grant',
  'iam_user_group',
  'iam_api_key',
  'iam_policy',
  'iam_binding',
] as const satisfies readonly AuditType[];

export function isAdminAuditType(type: string): boolean {
  return (ADMIN_AUDIT_TYPES as readonly string[]).includes(type);
}

/** GET /api/v1/devops/audit: one object's trail, so both its type and its id are required (spec §3). */
export const auditListQuery = listQuery(
  {
    type: z.enum(AUDIT_TYPES),
    instance_id: z.string().trim().min(1).max(200),
    operator: z.string().trim().max(320).optional(),
  },
  ['operate_at'],
  '-operate_at',
);
export type AuditListQuery = z.input<typeof auditListQuery>;
export const auditList = listResult(auditLogSchema);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * The instants a `from`/`to` filter bounds. A date (YYYY-MM-DD) is a whole UTC day: `from` starts at its 00:00Z and
 * `to` includes it up to the next day's 00:00Z. An ISO time bounds exactly, both ends inclusive.
 */
export function auditTimeRange(from?: string, to?: string): { from?: Date; before?: Date } {
  const out: { from?: Date; before?: Date } = {};
  if (from) out.from = new Date(DATE_ONLY.test(from) ? `${from}T00:00:00.000Z` : from);
  if (to) out.before = new Date(DATE_ONLY.test(to) ? Date.parse(`${to}T00:00:00.000Z`) + DAY_MS : Date.parse(to) + 1);
  return out;
}

// Marked pure for the web build, which cannot tell that `z.iso.…()` has no side effects (apps/web/vite.config.ts).
const utcDateOrTime = /* @__PURE__ */ z.union(
  [/* @__PURE__ */ z.iso.date(), /* @__PURE__ */ z.iso.datetime({ offset: true })],
  {
    error: 'a UTC date (YYYY-MM-DD) or an ISO 8601 time',
  },
);

/** GET /api/v1/admin/audits: every audit row, newest first; the filters of the devops list plus a time range. */
export const adminAuditListQuery = listQuery(
  {
    type: z.enum(AUDIT_TYPES).optional(),
    instance_id: z.string().trim().max(200).optional(),
    /** The operator's email (any case), or `system`. */
    operator: z.string().trim().max(320).optional(),
    from: utcDateOrTime.optional(),
    to: utcDateOrTime.optional(),
  },
  ['operate_at'],
  '-operate_at',
).refine(
  (q) => {
    const { from, before } = auditTimeRange(q.from, q.to);
    return !from || !before || from < before;
  },
  { message: 'must not be before from', path: ['to'] },
);
export type AdminAuditListQuery = z.input<typeof adminAuditListQuery>;

export const auditsApi = {
  /** One object's trail (type + instance_id), for the audit tabs of detail pages. */
  list: route({
    method: 'GET',
    path: '/api/v1/devops/audit',
    access: 'audit.read',
    query: auditListQuery,
    response: auditList,
  }),
  /** Every audit row, for the admin's /audits page (spec §2, §6: admin only). */
  adminList: route({
    method: 'GET',
    path: '/api/v1/admin/audits',
    access: 'admin.audits',
    query: adminAuditListQuery,
    response: auditList,
  }),
};
