import type { z } from 'zod';
import {
  canJump,
  displayClusterStatus,
  formatJumpDuration,
  type createJumpBody,
  type JumpAuthorization,
  type jumpListQuery,
  type JumpserverUser,
  type jumpUserListQuery,
  type ListResult,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit, type AuditEntry } from '../../platform/audit.js';
import { enqueueJob, type Job } from '../../platform/jobs.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { cancelApproval, createApproval, type ApprovalSettled, type ApprovalTemplate } from '../approvals/index.js';
import { getCluster, listClusterComponents } from '../orgs/index.js';
import { clusterHosts } from './hosts.js';
import type { JumpServer } from './jumpserver.js';
import * as repo from './repo.js';

export const AUDIT_TYPE = 'jump' as const;
export const APPROVAL_TEMPLATE = 'jump_authorization';
/** The durable job that ends an active authorization at its expiry (queued with run_at = expires_at). */
export const EXPIRE_JOB = 'jump.expire';
/** An expiry whose revoke fails is retried for a while (backoff up to a minute): about 45 minutes. */
const EXPIRE_ATTEMPTS = 50;
/** Who ends an authorization at its expiry, in the audit trail. */
export const SYSTEM = 'system';

/** Access to a cluster's hosts is decided by an admin (never the applicant: the approvals engine enforces it). */
export const JUMP_APPROVAL: ApprovalTemplate = {
  name: APPROVAL_TEMPLATE,
  title: 'Jump authorization',
  nodes: [{ name: 'Access review', approvers: ['admin@example.com'] }],
};

/** What the service needs: the database and the jump server. */
export interface JumpDeps {
  db: Db;
  jumpServer: JumpServer;
}

export interface ExpirePayload {
  authorization_id: string;
}

/** Clusters whose hosts do not run: nothing to reach. */
const UNREACHABLE = new Set([
  'USER_CLUSTER_STATUS_CREATING',
  'USER_CLUSTER_STATUS_PAUSED',
  'USER_CLUSTER_STATUS_DELETING',
  'USER_CLUSTER_STATUS_DELETED',
]);

export function toAuthorization(r: repo.AuthorizationRow): JumpAuthorization {
  return {
    id: String(r.id),
    cluster_id: r.clusterId,
    cluster_name: r.clusterName,
    tenant_id: r.tenantId,
    applicant: r.applicant,
    jumpserver_user: r.jumpserverUser,
    reason: r.reason,
    duration_minutes: r.durationMinutes,
    status: r.status as JumpAuthorization['status'],
    status_reason: r.statusReason,
    approval_id: r.approvalId,
    hosts: r.hosts as string[],
    grant_id: r.grantId,
    created_at: iso(r.createdAt),
    starts_at: isoOrNull(r.startsAt),
    expires_at: isoOrNull(r.expiresAt),
    ended_at: isoOrNull(r.endedAt),
    ended_by: r.endedBy,
  };
}

function parseId(id: string): number | undefined {
  return /^\d{1,15}$/.test(id) ? Number(id) : undefined;
}

const notFound = (id: string) => new AppError('jump.notFound', `Jump authorization ${id} not found`);

function audit(
  tx: Db,
  id: number | string,
  operator: string,
  operation: string,
  details: AuditEntry['details'],
  at: Date,
): Promise<void> {
  return writeAudit(tx, { type: AUDIT_TYPE, instanceId: String(id), operator, operation, details, operateAt: at });
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

export async function getAuthorization(db: Db, id: string): Promise<JumpAuthorization> {
  const n = parseId(id);
  const row = n === undefined ? undefined : await repo.findAuthorization(db, n);
  if (!row) throw notFound(id);
  return toAuthorization(row);
}

export async function listAuthorizations(
  db: Db,
  q: z.output<typeof jumpListQuery>,
): Promise<ListResult<JumpAuthorization>> {
  const filter: repo.AuthorizationFilter = {
    status: q.status,
    clusterId: q.cluster_id || undefined,
    applicant: q.applicant || undefined,
  };
  const page = await listPage(
    repo.selectPage(db, filter, { ...pageWindow(q), sort: q.sort }),
    repo.countPage(db, filter),
  );
  return { total: page.total, items: page.items.map(toAuthorization) };
}

export function listJumpUsers(
  deps: JumpDeps,
  q: z.output<typeof jumpUserListQuery>,
): Promise<ListResult<JumpserverUser>> {
  return deps.jumpServer.listUsers(deps.db, {
    search: q.search || undefined,
    isActive: q.is_active === undefined ? undefined : q.is_active === 'true',
    page: q.page,
    per_page: q.per_page,
  });
}

/** A field's failure, placed on the request dialog's field (400 details). */
const fieldError = (code: 'jump.clusterUnavailable' | 'jump.userUnavailable', field: string, message: string) =>
  new AppError(code, message, [{ field: `body.${field}`, message }]);

/** The cluster and the hosts a request covers; refused when there is nothing to reach. */
async function targetOf(db: Db, clusterId: string) {
  let cluster;
  try {
    cluster = await getCluster(db, clusterId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'cluster.notFound')
      throw fieldError('jump.clusterUnavailable', 'cluster_id', `Cluster ${clusterId} does not exist`);
    throw err;
  }
  if (UNREACHABLE.has(cluster.status))
    throw fieldError(
      'jump.clusterUnavailable',
      'cluster_id',
      `Cluster ${cluster.name} (${cluster.id}) is ${displayClusterStatus(cluster.status)}: its hosts cannot be reached`,
    );
  const hosts = clusterHosts(cluster.id, (await listClusterComponents(db, cluster.id)).items);
  if (!hosts.length)
    throw fieldError('jump.clusterUnavailable', 'cluster_id', `Cluster ${cluster.name} (${cluster.id}) has no hosts`);
  return { cluster, hosts };
}

async function activeUser(deps: JumpDeps, username: string): Promise<JumpserverUser> {
  const user = await deps.jumpServer.findUser(deps.db, username);
  if (!user) throw fieldError('jump.userUnavailable', 'jumpserver_user', `Jumpserver user ${username} does not exist`);
  if (!user.is_active)
    throw fieldError('jump.userUnavailable', 'jumpserver_user', `Jumpserver user ${username} is inactive`);
  return user;
}

/**
 * Requests access: the authorization and its approval, in one transaction with its audit row (→ approving). One
 * request in flight per applicant, cluster and jumpserver user.
 */
export async function createAuthorization(
  deps: JumpDeps,
  who: string,
  body: z.output<typeof createJumpBody>,
  at = new Date(),
): Promise<JumpAuthorization> {
  const email = who.toLowerCase();
  const { cluster, hosts } = await targetOf(deps.db, body.cluster_id);
  const user = await activeUser(deps, body.jumpserver_user);
  const alreadyOpen = (open?: { id: number; status: string }) =>
    new AppError(
      'jump.alreadyOpen',
      open
        ? `Your authorization ${open.id} for cluster ${cluster.name} as ${user.username} is ${open.status}; cancel it or wait for it to end`
        : `Another authorization for cluster ${cluster.name} as ${user.username} was just requested`,
      open ? { authorization_id: String(open.id), status: open.status } : undefined,
    );
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const open = await repo.findOpen(tx, email, cluster.id, user.username);
      if (open) throw alreadyOpen(open);
      const n = await repo.insertAuthorization(tx, {
        clusterId: cluster.id,
        clusterName: cluster.name,
        tenantId: cluster.tenant_id,
        applicant: email,
        jumpserverUser: user.username,
        reason: body.reason,
        durationMinutes: body.duration_minutes,
        status: 'approving',
        hosts,
        createdAt: at,
        updatedAt: at,
      });
      const approvalId = await createApproval(tx, {
        template: APPROVAL_TEMPLATE,
        name: `Jump access to cluster ${cluster.name} (${cluster.id}) as ${user.username} for ${formatJumpDuration(body.duration_minutes)}`,
        applicant: email,
        subjectType: AUDIT_TYPE,
        subjectId: String(n),
      });
      await repo.updateAuthorization(tx, n, { approvalId, updatedAt: at });
      await audit(
        tx,
        n,
        email,
        'create',
        {
          approval_id: approvalId,
          reason: body.reason,
          after: {
            status: 'approving',
            cluster_id: cluster.id,
            jumpserver_user: user.username,
            duration_minutes: body.duration_minutes,
            hosts,
          },
        },
        at,
      );
      return n;
    });
  } catch (err) {
    // A concurrent request of the same applicant, cluster and user won the race to the one-open index.
    if (isUniqueViolation(err)) throw alreadyOpen();
    throw err;
  }
  return toAuthorization((await repo.findAuthorization(deps.db, id))!);
}

/**
 * Cancel (spec §4): while approving its approval is cancelled; while active the grant is revoked at once (the
 * expiry job then finds nothing to do). Refused in any other status (409 `jump.statusForbids`).
 */
export async function cancelAuthorization(
  deps: JumpDeps,
  id: string,
  who: string,
  reason: string | undefined,
  at = new Date(),
): Promise<JumpAuthorization> {
  const n = parseId(id);
  if (n === undefined) throw notFound(id);
  const email = who.toLowerCase();
  await deps.db.transaction(async (tx) => {
    const row = await repo.findAuthorization(tx, n, true);
    if (!row) throw notFound(id);
    if (!canJump(row.status, 'cancel'))
      throw new AppError('jump.statusForbids', `A jump authorization that is ${row.status} cannot be cancelled`, {
        status: row.status,
      });
    if (row.status === 'approving' && row.approvalId) await cancelApproval(tx, row.approvalId, email);
    const revoked = row.status === 'active' && row.grantId !== null;
    if (revoked) await deps.jumpServer.revoke(tx, row.grantId!);
    const statusReason = reason || `Cancelled by ${email}`;
    await repo.updateAuthorization(tx, n, {
      status: 'cancelled',
      statusReason,
      endedAt: at,
      endedBy: email,
      updatedAt: at,
    });
    await audit(
      tx,
      n,
      email,
      'cancel',
      {
        ...(revoked ? { revoked_grant_id: row.grantId } : {}),
        before: { status: row.status },
        after: { status: 'cancelled', status_reason: statusReason },
      },
      at,
    );
  });
  return getAuthorization(deps.db, id);
}

/**
 * The approval settled (job handler). Approved: the jump server grants the hosts until now + duration (→ active),
 * and the expiry job is queued for then. Rejected → rejected. A cancelled approval was the authorization's own
 * cancel, which moved it already. A grant the jump server keeps refusing ends the request (→ cancelled) on the
 * job's last attempt.
 */
export async function onApprovalSettled(
  deps: Pick<JumpDeps, 'jumpServer'>,
  tx: Db,
  p: ApprovalSettled,
  job?: Pick<Job, 'attempts' | 'max_attempts'>,
  at = new Date(),
): Promise<void> {
  const n = parseId(p.subject_id);
  if (n === undefined || (p.status !== 'APPROVED' && p.status !== 'REJECTED')) return;
  const row = await repo.findAuthorization(tx, n, true);
  if (!row || row.status !== 'approving' || row.approvalId !== p.approval_id) return;
  if (p.status === 'REJECTED') {
    const statusReason = `Rejected by ${p.decided_by}`;
    await repo.updateAuthorization(tx, n, {
      status: 'rejected',
      statusReason,
      endedAt: at,
      endedBy: p.decided_by,
      updatedAt: at,
    });
    await audit(
      tx,
      n,
      p.decided_by,
      'rejected',
      {
        approval_id: p.approval_id,
        before: { status: 'approving' },
        after: { status: 'rejected', status_reason: statusReason },
      },
      at,
    );
    return;
  }
  const expiresAt = new Date(at.getTime() + row.durationMinutes * 60_000);
  const hosts = row.hosts as string[];
  let grantId: string;
  try {
    ({ grantId } = await deps.jumpServer.grant(tx, {
      username: row.jumpserverUser,
      hosts,
      until: expiresAt,
      reference: `jump-authorization-${n}`,
      reason: row.reason,
    }));
  } catch (err) {
    // Retried with backoff by the job runner; on the last attempt the request ends instead of waiting for ever.
    if (!job || job.attempts + 1 < job.max_attempts) throw err;
    const statusReason = `The jump server could not grant access: ${(err as Error).message}`;
    await repo.updateAuthorization(tx, n, {
      status: 'cancelled',
      statusReason,
      endedAt: at,
      endedBy: SYSTEM,
      updatedAt: at,
    });
    await audit(
      tx,
      n,
      SYSTEM,
      'grant_failed',
      {
        approval_id: p.approval_id,
        before: { status: 'approving' },
        after: { status: 'cancelled', status_reason: statusReason },
      },
      at,
    );
    return;
  }
  await repo.updateAuthorization(tx, n, {
    status: 'active',
    statusReason: null,
    grantId,
    startsAt: at,
    expiresAt,
    updatedAt: at,
  });
  await audit(
    tx,
    n,
    p.decided_by,
    'approved',
    {
      approval_id: p.approval_id,
      before: { status: 'approving' },
      after: {
        status: 'active',
        starts_at: at.toISOString(),
        expires_at: expiresAt.toISOString(),
        grant_id: grantId,
        hosts,
      },
    },
    at,
  );
  await enqueueJob(tx, EXPIRE_JOB, { authorization_id: String(n) } satisfies ExpirePayload, {
    runAt: expiresAt,
    dedupeKey: `jump-expire-${n}`,
    maxAttempts: EXPIRE_ATTEMPTS,
  });
}

/**
 * The expiry job: an authorization still active at its expiry loses its grant (→ expired). One cancelled meanwhile
 * is left as it is; one whose expiry is still ahead (a clock skew) is looked at again then.
 */
export async function expireAuthorization(
  deps: Pick<JumpDeps, 'jumpServer'>,
  tx: Db,
  p: ExpirePayload,
  at = new Date(),
): Promise<{ rerunAt?: Date } | void> {
  const n = parseId(p.authorization_id);
  if (n === undefined) return;
  const row = await repo.findAuthorization(tx, n, true);
  if (!row || row.status !== 'active') return;
  if (row.expiresAt && row.expiresAt > at) return { rerunAt: row.expiresAt };
  if (row.grantId) await deps.jumpServer.revoke(tx, row.grantId);
  const statusReason = `Expired at ${isoOrNull(row.expiresAt) ?? at.toISOString()}`;
  await repo.updateAuthorization(tx, n, {
    status: 'expired',
    statusReason,
    endedAt: at,
    endedBy: SYSTEM,
    updatedAt: at,
  });
  await audit(
    tx,
    n,
    SYSTEM,
    'expire',
    {
      revoked_grant_id: row.grantId,
      before: { status: 'active', expires_at: isoOrNull(row.expiresAt) },
      after: { status: 'expired', status_reason: statusReason },
    },
    at,
  );
}
