import { z } from 'zod';
import { listQuery, listResult } from './list.js';
import { PRIVILEGES, type Privilege } from './privileges.js';

/*
 * Time-bound privilege grants (spec §2 /privilege, /privilege/{priv_id}; §4 "Privileges: revoke"; §7 "privilege
 * privileges and revoke"): one privilege of the catalogue given to one portal user, with a reason, until a time. An
 * administrator requests it (pending); another administrator — never the requester, never the grantee — approves
 * (active) or rejects it (rejected); either may revoke it while pending or active (revoked). Expiry is a time, not a
 * status: the server stops counting an active grant at `expires_at` (access-control.ts), and lists show such a grant
 * as `expired`.
 */

/** Stored statuses. */
export const GRANT_STORED_STATUSES = ['pending', 'active', 'rejected', 'revoked'] as const;
/** As shown: `expired` is an active (or pending) grant past its `expires_at`. */
export const GRANT_STATUSES = ['pending', 'active', 'expired', 'rejected', 'revoked'] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];

export const GRANT_ACTIONS = ['approve', 'reject', 'revoke'] as const;
export type GrantAction = (typeof GRANT_ACTIONS)[number];

/** What each shown status allows (who may act is checked besides: see GRANT_MESSAGES.selfDecide). */
export const GRANT_STATUS_ACTIONS: Record<GrantStatus, readonly GrantAction[]> = {
  pending: ['approve', 'reject', 'revoke'],
  active: ['revoke'],
  expired: [],
  rejected: [],
  revoked: [],
};
export const canGrant = (status: string, action: GrantAction): boolean =>
  GRANT_STATUS_ACTIONS[status as GrantStatus]?.includes(action) ?? false;

export const GRANT_STATUS_COLORS: Record<GrantStatus, string> = {
  pending: 'orange',
  active: 'success',
  expired: 'default',
  rejected: 'error',
  revoked: 'default',
};

export const GRANT_REASON_MIN = 10;
export const GRANT_REASON_MAX = 500;

/** Every message of the area: shown by the forms and returned by the server alike. */
export const GRANT_MESSAGES = {
  userRequired: 'Select a user',
  privilegeRequired: 'Select a privilege of the portal',
  reasonRequired: 'Give a reason',
  reasonTooShort: `The reason must be at least ${GRANT_REASON_MIN} characters`,
  reasonTooLong: `The reason must be at most ${GRANT_REASON_MAX} characters`,
  untilRequired: 'Choose until when the grant lasts',
  untilPast: 'The end must be in the future',
  untilTooFar: (days: number) => `The end must be at most ${days} days ahead`,
  selfGrant: 'You cannot grant a privilege to yourself: another administrator must request it',
  selfDecide: 'You requested this grant: another administrator must approve or reject it',
  granteeDecide: 'This grant is for you: another administrator must approve or reject it',
  granteeUnknown: (email: string) => `${email} is not a portal user`,
  granteeDisabled: (email: string) => `${email} is disabled: enable the user first`,
  alreadyHeld: (email: string, privilege: string) =>
    `${email} already holds ${privilege} through their roles: a grant would change nothing`,
  alreadyGranted: (email: string, privilege: string) =>
    `${email} already has a pending or active grant of ${privilege}`,
  statusForbids: (status: string, action: string) => `A ${status} grant cannot be ${action}d`,
  revokeReasonRequired: 'Give a reason for revoking',
  /** Success toasts. */
  created: 'Privilege grant requested: another administrator must approve it',
  approved: 'Grant approved: the privilege is active',
  rejected: 'Grant rejected',
  revoked: 'Grant revoked',
} as const;

const M = GRANT_MESSAGES;

export const grantSchema = z.object({
  id: z.number().int(),
  user_email: z.string(),
  /** The grantee's name, when a portal user. */
  user_name: z.string().nullable(),
  privilege: z.string(),
  /** The catalogue's description of the privilege. */
  privilege_description: z.string(),
  reason: z.string(),
  status: z.enum(GRANT_STATUSES),
  requested_by: z.string(),
  decided_by: z.string().nullable(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_by: z.string().nullable(),
  revoke_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the caller may do to it now (status and separation of duties): the web shows only these. */
  actions: z.array(z.enum(GRANT_ACTIONS)),
});
export type Grant = z.infer<typeof grantSchema>;

export const GRANT_EVENTS = ['requested', 'approved', 'rejected', 'revoked', 'expires', 'expired'] as const;
export type GrantEvent = (typeof GRANT_EVENTS)[number];

/** The detail: the grant and its history (from its audit rows), oldest first; the expiry last. */
export const grantDetailSchema = grantSchema.extend({
  timeline: z.array(
    z.object({
      event: z.enum(GRANT_EVENTS),
      at: z.string(),
      /** Who did it (none for the expiry). */
      by: z.string().nullable(),
      /** The reason or comment given. */
      note: z.string().nullable(),
    }),
  ),
});
export type GrantDetail = z.infer<typeof grantDetailSchema>;

const reason = z
  .string({ error: M.reasonRequired })
  .trim()
  .min(1, M.reasonRequired)
  .min(GRANT_REASON_MIN, M.reasonTooShort)
  .max(GRANT_REASON_MAX, M.reasonTooLong);

/**
 * POST: a new grant, pending until another administrator approves it. The end must be in the future and at most
 * the system setting `privilege_grant_max_days` ahead (the server checks that bound).
 */
export const createGrantBody = z.object({
  user_email: z
    .string({ error: M.userRequired })
    .trim()
    .toLowerCase()
    .min(1, M.userRequired)
    .max(254, 'at most 254 characters'),
  privilege: z.enum(PRIVILEGES as [Privilege, ...Privilege[]], { error: M.privilegeRequired }),
  reason,
  expires_at: z.iso
    .datetime({ offset: true, error: M.untilRequired, abort: true })
    .refine((v) => Date.parse(v) > Date.now(), M.untilPast),
});
export type CreateGrantBody = z.input<typeof createGrantBody>;

/** Approve or reject: an optional comment. */
export const decideGrantBody = z
  .object({ reason: z.string().trim().max(GRANT_REASON_MAX, M.reasonTooLong).optional() })
  .nullish();
export type DecideGrantBody = z.input<typeof decideGrantBody>;

export const revokeGrantBody = z.object({
  reason: z
    .string({ error: M.revokeReasonRequired })
    .trim()
    .min(1, M.revokeReasonRequired)
    .max(GRANT_REASON_MAX, M.reasonTooLong),
});
export type RevokeGrantBody = z.input<typeof revokeGrantBody>;

export const grantIdParams = z.object({ id: z.coerce.number().int().positive() });

/** The list: filter by grantee, privilege, shown status; search user, privilege or reason; sort. */
export const grantListQuery = listQuery(
  {
    user_email: z.string().trim().max(254).optional(),
    privilege: z.string().trim().max(100).optional(),
    status: z.enum(GRANT_STATUSES).optional(),
    search: z.string().max(200).optional(),
  },
  ['created_at', 'expires_at'],
  '-created_at',
);
export type GrantListQuery = z.input<typeof grantListQuery>;
export const grantList = listResult(grantSchema);
