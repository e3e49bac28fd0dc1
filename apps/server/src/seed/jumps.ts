import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { auditLogs, jobs } from '../platform/schema.js';
import { privilegesOf } from '../platform/auth.js';
import { approvals, decide } from '../features/approvals/index.js';
import type { StoredNode } from '../features/approvals/repo.js';
import { clusterComponents, clusters } from '../features/orgs/index.js';
import { embeddedJumpServer } from '../features/jumps/jumpserver.js';
import { jumpAuthorizations, jumpGrants, jumpUsers } from '../features/jumps/schema.js';
import {
  AUDIT_TYPE,
  cancelAuthorization,
  createAuthorization,
  EXPIRE_JOB,
  expireAuthorization,
  onApprovalSettled,
  type JumpDeps,
} from '../features/jumps/service.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * Jump authorizations' demo data: the embedded jump server's users (one offboarded, inactive) and authorizations
 * over the first seeded available clusters in every status the pages act on, each with the audit rows and approval
 * its history would have left. Ended ones are dated before DEMO_BASE_TIME, like the rest of the demo. The ones in
 * flight (approving, active) are dated around the moment of seeding instead, so a fresh `npm start` shows access
 * that is still running with its expiry ahead, and an expiry job queued for it.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const OPERATOR = 'operator@example.com';
const LIN = 'lin.wei@example.com';
const MARIA = 'maria.garcia@example.com';
const ADMIN = { email: 'admin@example.com', name: 'Ada Admin', roles: ['admin'], privileges: privilegesOf(['admin']) };

export const SEED_JUMP_USERS = [
  { id: 'jsu-0001', username: 'ada.admin', name: 'Ada Admin', email: 'admin@example.com', isActive: true },
  { id: 'jsu-0002', username: 'oscar.ops', name: 'Oscar Operator', email: OPERATOR, isActive: true },
  { id: 'jsu-0003', username: 'lin.wei', name: 'Lin Wei', email: LIN, isActive: true },
  { id: 'jsu-0004', username: 'maria.garcia', name: 'Maria Garcia', email: MARIA, isActive: true },
  { id: 'jsu-0005', username: 'sam.okafor', name: 'Sam Okafor', email: 'sam.okafor@example.com', isActive: true },
  {
    id: 'jsu-0006',
    username: 'dba-oncall',
    name: 'DBA on-call (shared)',
    email: 'dba-oncall@example.com',
    isActive: true,
  },
  {
    id: 'jsu-0007',
    username: 'sre-breakglass',
    name: 'SRE break-glass',
    email: 'sre-breakglass@example.com',
    isActive: true,
  },
  {
    id: 'jsu-0008',
    username: 'jordan.doe',
    name: 'Jordan Doe (contractor, offboarded)',
    email: 'jordan.doe@example.com',
    isActive: false,
  },
] as const;

/** The first available dedicated clusters (by id) that have components: the authorizations' targets. */
async function targetClusters(tx: Db, n: number): Promise<string[]> {
  const rows = await tx
    .select({ id: clusters.id })
    .from(clusters)
    .where(
      and(
        eq(clusters.status, 'USER_CLUSTER_STATUS_AVAILABLE'),
        eq(clusters.clusterType, 'DEDICATED_TIDB'),
        exists(
          tx
            .select({ x: sql`1` })
            .from(clusterComponents)
            .where(eq(clusterComponents.clusterId, clusters.id)),
        ),
      ),
    )
    .orderBy(asc(clusters.id))
    .limit(n);
  if (rows.length < n) throw new Error(`seed: jumps need ${n} available dedicated clusters, found ${rows.length}`);
  return rows.map((r) => r.id);
}

/** Moves an approval's own times (and its tasks') to when the demo's history had them. */
async function backdateApproval(tx: Db, id: string, start: Date, end: Date | null): Promise<void> {
  const [row] = await tx
    .select()
    .from(approvals)
    .where(eq(approvals.id, Number(id)));
  if (!row) return;
  const nodes = (row.nodes as StoredNode[]).map((node, i) => ({
    ...node,
    tasks: node.tasks.map((t) => ({
      ...t,
      start_at: i === 0 || t.start_at ? start.toISOString() : null,
      end_at: t.end_at && end ? end.toISOString() : t.end_at,
    })),
  }));
  await tx
    .update(approvals)
    .set({ startAt: start, endAt: end, nodes })
    .where(eq(approvals.id, Number(id)));
  // The engine's decision row (approve/reject) is dated when it was decided.
  if (end)
    await tx
      .update(auditLogs)
      .set({ operateAt: end })
      .where(
        and(
          eq(auditLogs.type, AUDIT_TYPE),
          eq(auditLogs.instanceId, row.subjectId),
          inArray(auditLogs.operation, ['approve', 'reject']),
        ),
      );
}

interface Story {
  applicant: string;
  user: string;
  cluster: number;
  minutes: number;
  reason: string;
  /** When it was requested. */
  at: Date;
  /** Minutes after the request the admin decided; absent: still approving. */
  decided?: { after: number; outcome: 'approve' | 'reject'; comment: string };
  /** Minutes after the request it was cancelled, by whom and why. */
  cancelled?: { after: number; by: string; reason: string };
  /** Ran to its expiry. */
  expired?: boolean;
}

/** The authorizations that ended before DEMO_BASE_TIME (and the jump users): fixed, part of the static seed. */
export async function seedJumpHistory(tx: Db): Promise<void> {
  await tx
    .insert(jumpUsers)
    .values(SEED_JUMP_USERS.map((u) => ({ ...u, createdAt: new Date(DEMO_BASE_TIME - 400 * DAY) })));
  const past = (days: number, hours = 0) => new Date(DEMO_BASE_TIME - days * DAY + hours * 60 * MINUTE);
  await seedStories(tx, [
    {
      applicant: OPERATOR,
      user: 'oscar.ops',
      cluster: 0,
      minutes: 120,
      reason: 'Investigate slow TiKV compaction on store 3 (INC-2231): read RocksDB logs on the TiKV hosts',
      at: past(20, 9),
      decided: { after: 12, outcome: 'approve', comment: 'OK for the incident' },
      expired: true,
    },
    {
      applicant: LIN,
      user: 'lin.wei',
      cluster: 1,
      minutes: 60,
      reason: 'Collect a TiDB goroutine dump for the connection leak report (SUP-4410)',
      at: past(14, 15),
      decided: { after: 5, outcome: 'approve', comment: 'Approved' },
      expired: true,
    },
    {
      applicant: LIN,
      user: 'dba-oncall',
      cluster: 2,
      minutes: 1440,
      reason: 'Standing access for the weekend on-call shift',
      at: past(12, 17),
      decided: {
        after: 40,
        outcome: 'reject',
        comment: 'A day on the shared account is too broad: request your own account for the hours you need',
      },
    },
    {
      applicant: OPERATOR,
      user: 'oscar.ops',
      cluster: 3,
      minutes: 30,
      reason: 'Check the PD leader election log after the AZ failover drill',
      at: past(9, 11),
      cancelled: { after: 8, by: OPERATOR, reason: 'The drill report had the log already; no access needed' },
    },
    {
      applicant: MARIA,
      user: 'maria.garcia',
      cluster: 4,
      minutes: 480,
      reason: 'TiFlash replica lag on the analytics tables (INC-2290): inspect the TiFlash hosts during the incident',
      at: past(6, 2),
      decided: { after: 10, outcome: 'approve', comment: 'Go ahead, incident channel informed' },
      cancelled: { after: 75, by: 'admin@example.com', reason: 'Incident INC-2290 closed; revoking the access early' },
    },
    {
      applicant: MARIA,
      user: 'sre-breakglass',
      cluster: 5,
      minutes: 240,
      reason: 'Disk almost full on a TiKV host: move old logs off the data volume',
      at: past(3, 22),
      decided: { after: 3, outcome: 'approve', comment: 'Break-glass approved' },
      expired: true,
    },
    {
      applicant: OPERATOR,
      user: 'oscar.ops',
      cluster: 5,
      minutes: 15,
      reason: 'Verify the new node exporter is running on every host',
      at: past(1, 8),
      decided: { after: 4, outcome: 'approve', comment: 'OK' },
      expired: true,
    },
  ]);
}

/**
 * The authorizations in flight (approving, active), dated around the moment of seeding: part of the live seed, so a
 * fresh start shows access still running with its expiry ahead and its expiry job queued.
 */
export async function seedJumps(tx: Db, now = new Date()): Promise<void> {
  // In flight: relative to the moment of seeding, on whole minutes.
  const recent = (minutesAgo: number) => new Date(Math.floor(now.getTime() / MINUTE) * MINUTE - minutesAgo * MINUTE);
  await seedStories(tx, [
    {
      applicant: MARIA,
      user: 'maria.garcia',
      cluster: 0,
      minutes: 480,
      reason: 'Rolling TiKV restart follow-up (CHG-881): watch store heartbeats from the hosts',
      at: recent(70),
      decided: { after: 10, outcome: 'approve', comment: 'Approved for the change window' },
    },
    {
      applicant: OPERATOR,
      user: 'oscar.ops',
      cluster: 1,
      minutes: 240,
      reason: 'Capture a CPU profile of TiDB during the nightly batch (PERF-102)',
      at: recent(40),
      decided: { after: 10, outcome: 'approve', comment: 'OK' },
    },
    {
      applicant: OPERATOR,
      user: 'oscar.ops',
      cluster: 2,
      minutes: 120,
      reason: 'Check TiKV disk latency on the hosts after the EBS volume migration',
      at: recent(25),
    },
    {
      applicant: LIN,
      user: 'lin.wei',
      cluster: 3,
      minutes: 60,
      reason: 'Read the slow query log files of the TiDB hosts for the customer escalation (SUP-4520)',
      at: recent(12),
    },
  ]);
}

/** Creates each story's authorization through the service calls the routes make, then dates its history. */
async function seedStories(tx: Db, stories: Story[]): Promise<void> {
  const cl = await targetClusters(tx, 6);

  const deps: JumpDeps = { db: tx, jumpServer: embeddedJumpServer };
  const done: string[] = [];
  const created: string[] = [];
  for (const s of stories) {
    const a = await createAuthorization(
      deps,
      s.applicant,
      { cluster_id: cl[s.cluster]!, jumpserver_user: s.user, duration_minutes: s.minutes, reason: s.reason },
      s.at,
    );
    created.push(a.id);
    const approvalId = a.approval_id!;
    const stamp = (after: number) => new Date(s.at.getTime() + after * MINUTE);
    if (s.decided) {
      const decidedAt = stamp(s.decided.after);
      await decide(tx, approvalId, ADMIN, s.decided.outcome, s.decided.comment);
      await onApprovalSettled(
        deps,
        tx,
        {
          approval_id: approvalId,
          subject_id: a.id,
          status: s.decided.outcome === 'approve' ? 'APPROVED' : 'REJECTED',
          decided_by: ADMIN.email,
        },
        undefined,
        decidedAt,
      );
      await backdateApproval(tx, approvalId, s.at, decidedAt);
    } else {
      await backdateApproval(tx, approvalId, s.at, null);
    }
    if (s.cancelled) {
      const at = stamp(s.cancelled.after);
      await cancelAuthorization(deps, a.id, s.cancelled.by, s.cancelled.reason, at);
      if (!s.decided) await backdateApproval(tx, approvalId, s.at, at);
      done.push(a.id);
    } else if (s.expired) {
      await expireAuthorization(deps, tx, { authorization_id: a.id }, stamp(s.decided!.after + s.minutes));
      done.push(a.id);
    }
  }

  // The grants' own times follow their authorizations'.
  const rows = await tx
    .select()
    .from(jumpAuthorizations)
    .where(inArray(jumpAuthorizations.id, created.map(Number)));
  for (const r of rows)
    if (r.grantId)
      await tx
        .update(jumpGrants)
        .set({ createdAt: r.startsAt!, revokedAt: r.status === 'active' ? null : r.endedAt })
        .where(eq(jumpGrants.id, r.grantId));
  // History needs no more work: drop the settled-approval jobs the decisions queued (handled above) and the expiry
  // jobs of authorizations that already ended. The active ones keep theirs.
  await tx.delete(jobs).where(eq(jobs.kind, `approval.settled:${AUDIT_TYPE}`));
  await tx.delete(jobs).where(
    and(
      eq(jobs.kind, EXPIRE_JOB),
      inArray(
        jobs.dedupeKey,
        done.map((id) => `jump-expire-${id}`),
      ),
    ),
  );
}
