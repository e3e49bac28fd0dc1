import { z } from 'zod';
import { route } from './api.js';
import { listQuery, listResult, repeated } from './list.js';

/*
 * Jump authorizations (spec §2 /jumps, /jumps/{authorization_id}; §4 "Jump authorizations: cancel"; §7 "jump
 * authorizations and jumpserver users"): just-in-time access to a cluster's hosts through the jump server. A request
 * names the cluster, the jumpserver user, a duration and a reason; it waits for approval (approving), then the jump
 * server grants the user the cluster's hosts until `expires_at` (active), and the grant is revoked when it expires
 * (expired) or is cancelled (cancelled). A rejected approval ends it (rejected).
 */

// ---- state machine ------------------------------------------------------------------------------------------------
export const JUMP_STATUSES = ['approving', 'active', 'expired', 'cancelled', 'rejected'] as const;
export type JumpStatus = (typeof JUMP_STATUSES)[number];
export const JUMP_ACTIONS = ['cancel'] as const;
export type JumpAction = (typeof JUMP_ACTIONS)[number];

/** Which actions each status allows: the server enforces it (409 `jump.statusForbids`), the web enables from it. */
export const JUMP_STATUS_ACTIONS: Record<JumpStatus, readonly JumpAction[]> = {
  approving: ['cancel'],
  active: ['cancel'],
  expired: [],
  cancelled: [],
  rejected: [],
};
/** Where each status may go: approval → active or rejected, expiry → expired, cancel → cancelled. */
export const JUMP_TRANSITIONS: Record<JumpStatus, readonly JumpStatus[]> = {
  approving: ['active', 'rejected', 'cancelled'],
  active: ['expired', 'cancelled'],
  expired: [],
  cancelled: [],
  rejected: [],
};
/** Statuses of a request still in flight: one per applicant, cluster and jumpserver user. */
export const OPEN_JUMP_STATUSES = ['approving', 'active'] as const satisfies readonly JumpStatus[];
export const canJump = (status: string, action: JumpAction): boolean =>
  JUMP_STATUS_ACTIONS[status as JumpStatus]?.includes(action) ?? false;

export const JUMP_STATUS_COLORS: Record<JumpStatus, string> = {
  approving: 'orange',
  active: 'success',
  expired: 'default',
  cancelled: 'default',
  rejected: 'error',
};

// ---- durations and messages ---------------------------------------------------------------------------------------
export const JUMP_MIN_DURATION_MINUTES = 15;
export const JUMP_MAX_DURATION_MINUTES = 24 * 60;
export const JUMP_REASON_MAX = 500;
/** The durations the request dialog offers (minutes); the API takes any whole number of minutes within the bounds. */
export const JUMP_DURATION_CHOICES = [15, 30, 60, 120, 240, 480, 720, 1440] as const;
export const JUMP_DEFAULT_DURATION_MINUTES = 60;

/** Every message of the area, shown by the form and returned by the server alike. */
export const JUMP_MESSAGES = {
  clusterRequired: 'cluster is required',
  userRequired: 'jumpserver user is required',
  reasonRequired: 'reason is required',
  reasonTooLong: `reason must be at most ${JUMP_REASON_MAX} characters`,
  durationRequired: 'duration is required',
  durationWhole: 'duration must be a whole number of minutes',
  durationMin: `duration must be at least ${JUMP_MIN_DURATION_MINUTES} minutes`,
  durationMax: `duration must be at most ${JUMP_MAX_DURATION_MINUTES / 60} hours`,
  /** Spec §8 success messages, verbatim. */
  created: 'Create successful!',
  cancelled: 'Successfully Cancel',
} as const;

/** "1h 30m", "15m", "24h": a duration in minutes as people read it. */
export function formatJumpDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h && m) return `${h}h ${m}m`;
  return h ? `${h}h` : `${m}m`;
}

// ---- entities -----------------------------------------------------------------------------------------------------
export const jumpAuthorizationSchema = z.object({
  id: z.string(),
  cluster_id: z.string(),
  /** The cluster's name and tenant when requested (kept: the cluster may be renamed or deleted later). */
  cluster_name: z.string(),
  tenant_id: z.string(),
  applicant: z.string(),
  jumpserver_user: z.string(),
  reason: z.string(),
  duration_minutes: z.number().int(),
  status: z.enum(JUMP_STATUSES),
  /** Why it ended: who rejected or cancelled it and why, or that it expired. */
  status_reason: z.string().nullable(),
  approval_id: z.string().nullable(),
  /** The cluster's hosts the request covers (granted while active). */
  hosts: z.array(z.string()),
  /** The jump server's grant while active (and after, for the record); null before approval. */
  grant_id: z.string().nullable(),
  created_at: z.string(),
  /** When access started (approval) and when it ends by itself; null until approved. */
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** When it was expired, cancelled or rejected, and by whom (`system` for an expiry). */
  ended_at: z.string().nullable(),
  ended_by: z.string().nullable(),
});
export type JumpAuthorization = z.infer<typeof jumpAuthorizationSchema>;
export const jumpAuthorizationResponse = z.object({ authorization: jumpAuthorizationSchema });

/** A user account of the jump server (not a portal user): whom access is granted to. */
export const jumpserverUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
});
export type JumpserverUser = z.infer<typeof jumpserverUserSchema>;

// ---- requests -----------------------------------------------------------------------------------------------------
export const createJumpBody = z.object({
  cluster_id: z.string({ error: JUMP_MESSAGES.clusterRequired }).trim().min(1, JUMP_MESSAGES.clusterRequired).max(64),
  jumpserver_user: z.string({ error: JUMP_MESSAGES.userRequired }).trim().min(1, JUMP_MESSAGES.userRequired).max(64),
  duration_minutes: z
    .number({ error: JUMP_MESSAGES.durationRequired })
    .int(JUMP_MESSAGES.durationWhole)
    .min(JUMP_MIN_DURATION_MINUTES, JUMP_MESSAGES.durationMin)
    .max(JUMP_MAX_DURATION_MINUTES, JUMP_MESSAGES.durationMax),
  reason: z
    .string({ error: JUMP_MESSAGES.reasonRequired })
    .trim()
    .min(1, JUMP_MESSAGES.reasonRequired)
    .max(JUMP_REASON_MAX, JUMP_MESSAGES.reasonTooLong),
});
export type CreateJumpBody = z.input<typeof createJumpBody>;

export const cancelJumpBody = z
  .object({ reason: z.string().trim().max(JUMP_REASON_MAX, JUMP_MESSAGES.reasonTooLong).optional() })
  .default({});
export type CancelJumpBody = z.input<typeof cancelJumpBody>;

export const jumpListQuery = listQuery(
  {
    status: repeated(z.enum(JUMP_STATUSES)),
    cluster_id: z.string().trim().max(64).optional(),
    /** The applicant's email, exactly (case-insensitive). */
    applicant: z.string().trim().max(254).optional(),
  },
  ['created_at', 'expires_at'],
  '-created_at',
);
export type JumpListQuery = z.input<typeof jumpListQuery>;
export const jumpList = listResult(jumpAuthorizationSchema);

export const jumpUserListQuery = listQuery(
  {
    /** Matches the username, name or email as a case-insensitive substring. */
    search: z.string().trim().max(200).optional(),
    is_active: z.enum(['true', 'false']).optional(),
  },
  ['username'],
  'username',
);
export type JumpUserListQuery = z.input<typeof jumpUserListQuery>;
export const jumpUserList = listResult(jumpserverUserSchema);

/** An authorization's id: digits in practice; anything else is a 404 (`jump.notFound`), not a 400. */
const jumpParams = z.object({ id: z.string().trim().min(1).max(20) });

/** Jump authorizations and the jump server's users (spec §7 "jump authorizations and jumpserver users"). */
export const jumpsApi = {
  list: route({
    method: 'GET',
    path: '/api/v1/devops/jump/authorizations',
    access: 'jumps.read',
    query: jumpListQuery,
    response: jumpList,
  }),
  create: route({
    method: 'POST',
    path: '/api/v1/devops/jump/authorizations',
    access: 'jumps.write',
    status: 201,
    body: createJumpBody,
    response: jumpAuthorizationResponse,
  }),
  detail: route({
    method: 'GET',
    path: '/api/v1/devops/jump/authorizations/:id',
    access: 'jumps.read',
    params: jumpParams,
    response: jumpAuthorizationResponse,
  }),
  cancel: route({
    method: 'POST',
    path: '/api/v1/devops/jump/authorizations/:id/cancel',
    access: 'jumps.write',
    params: jumpParams,
    body: cancelJumpBody,
    response: jumpAuthorizationResponse,
  }),
  users: route({
    method: 'GET',
    path: '/api/v1/devops/jump/users',
    access: 'jumps.read',
    query: jumpUserListQuery,
    response: jumpUserList,
  }),
};
