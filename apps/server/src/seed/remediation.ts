import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import {
  createRemediationBody,
  describeRemediation,
  remediationSteps,
  type CreateRemediationBody,
  type RemediationAction,
  type RemediationRiskLevel,
} from '@portal/contract';
import { privilegesOf, type Principal } from '../platform/auth.js';
import { auditLogs, jobs } from '../platform/schema.js';
import { assertClusterWorkAllowed } from '../platform/cluster-work.js';
import type { Db } from '../platform/db.js';
import { approvals, decide } from '../features/approvals/index.js';
import type { StoredNode } from '../features/approvals/repo.js';
import { incidents } from '../features/incidents/index.js';
import { embeddedIssueTracker, linkIssue } from '../features/issuetracker/index.js';
import { clusterComponents, clusters } from '../features/orgs/index.js';
import * as repo from '../features/remediation/repo.js';
import {
  audit,
  AUDIT_TYPE,
  cancelTicket,
  createTicket,
  onApprovalSettled,
  parseTicketId,
  RUN_OPERATION,
  submitTicket,
  SYSTEM,
  TARGET_TYPE,
  type RunParams,
} from '../features/remediation/service.js';
import { runStep } from '../features/remediation/operation.js';
import type { SeedContext } from './demo.js';
import { SEED_ISSUE_KEYS } from './issuetracker.js';
import { recordFinished } from './operations.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * Remediation tickets' demo data: tickets over the first available dedicated clusters in every status the pages act
 * on, through the same service calls the routes make (create, submit, the approvals engine's decisions, the settled
 * job's handler), each with the audit rows, approval and operation its history would have left, and some linked to
 * the seeded incidents and tracker issues. Finished ones are dated before DEMO_BASE_TIME like the rest of the demo;
 * the ones in flight around the moment of seeding. In flight: two drafts; three approving (first-node approvers
 * include admin@ and operator@, never the applicant, so the demo accounts can approve); one approved whose start an
 * open maintenance window refused (Run is offered); one running, a high-risk failover whose operation starts when the
 * server does and then waits for its manual health confirmation on /operations/{id}.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const ADMIN = 'admin@example.com';
const OPERATOR = 'operator@example.com';
const LIN = 'lin.wei@example.com';
const MARIA = 'maria.garcia@example.com';
const ROLES: Record<string, string[]> = { [ADMIN]: ['admin'] };
const principal = (email: string): Principal => {
  const roles = ROLES[email] ?? ['operator'];
  return { email, name: email, roles, privileges: privilegesOf(roles) };
};

/** The first available dedicated clusters (by id) with components: the tickets' targets. */
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
  if (rows.length < n)
    throw new Error(`seed: remediation needs ${n} available dedicated clusters, found ${rows.length}`);
  return rows.map((r) => r.id);
}

/** A dedicated cluster inside an open maintenance window (the guards refuse work on it), if the demo has one. */
async function heldCluster(ctx: SeedContext, tx: Db): Promise<string | undefined> {
  const rows = await tx
    .select({ id: clusters.id })
    .from(clusters)
    .where(
      and(
        eq(clusters.status, 'USER_CLUSTER_STATUS_MAINTAINING'),
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
    .limit(50);
  for (const { id } of rows) {
    const work = { kind: RUN_OPERATION, subjectType: AUDIT_TYPE, subjectId: 'seed', clusterIds: [id] };
    const refused = await assertClusterWorkAllowed(ctx, tx, work).then(
      () => false,
      () => true,
    );
    if (refused) return id;
  }
  return undefined;
}

/** Moves an approval's own times (and its tasks') to when the demo's history had them, with the engine's rows. */
async function backdateApproval(tx: Db, id: string, start: Date, decidedAt: Date[]): Promise<void> {
  const [row] = await tx
    .select()
    .from(approvals)
    .where(eq(approvals.id, Number(id)));
  if (!row) return;
  const nodes = (row.nodes as StoredNode[]).map((node, i) => ({
    ...node,
    tasks: node.tasks.map((t) => ({
      ...t,
      start_at: t.start_at ? (i === 0 ? start : decidedAt[i - 1]!).toISOString() : null,
      end_at: t.end_at ? (decidedAt[i] ?? decidedAt.at(-1)!).toISOString() : null,
    })),
  }));
  const settled = row.status !== 'PENDING';
  await tx
    .update(approvals)
    .set({ startAt: start, endAt: settled ? (decidedAt.at(-1) ?? null) : null, nodes })
    .where(eq(approvals.id, Number(id)));
  const decisions = await tx
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.type, AUDIT_TYPE),
        eq(auditLogs.instanceId, row.subjectId),
        inArray(auditLogs.operation, ['approve', 'reject']),
      ),
    )
    .orderBy(asc(auditLogs.id));
  for (const [i, d] of decisions.entries())
    if (decidedAt[i]) await tx.update(auditLogs).set({ operateAt: decidedAt[i] }).where(eq(auditLogs.id, d.id));
}

interface Story {
  applicant: string;
  cluster: string;
  incident?: number;
  body: Pick<CreateRemediationBody, 'action' | 'params' | 'reason'> & { risk_level?: RemediationRiskLevel };
  at: Date;
  /** Decisions, node by node, minutes after the submit (5 minutes after the creation). */
  decisions?: { by: string; after: number; outcome: 'approve' | 'reject'; comment: string }[];
  /** Draft only (never submitted). */
  draft?: boolean;
  cancelled?: { after: number; by: string; reason: string };
  /** A finished run: minutes per step, and the step that failed with its error. */
  ran?: { stepMinutes: number; failed?: { step: string; error: string } };
  /** Tracker issues linked to it. */
  issues?: string[];
}

export async function seedRemediation(seedCtx: SeedContext, tx: Db, now = new Date()): Promise<void> {
  // Everything in the seed's transaction (the app's own handle would wait for it to end).
  const ctx = { db: tx, registry: seedCtx.registry };
  const cl = await targetClusters(tx, 6);
  const held = await heldCluster(ctx, tx);
  const incidentIds = (
    await tx.select({ n: incidents.number }).from(incidents).orderBy(asc(incidents.number)).limit(3)
  ).map((r) => `INC-${r.n}`);
  const past = (days: number, hours = 0) => new Date(DEMO_BASE_TIME - days * DAY + hours * 60 * MINUTE);
  const recent = (minutesAgo: number) => new Date(Math.floor(now.getTime() / MINUTE) * MINUTE - minutesAgo * MINUTE);
  const issue = (i: number) => SEED_ISSUE_KEYS[i]!;

  const stories: Story[] = [
    {
      applicant: OPERATOR,
      cluster: cl[0]!,
      incident: 0,
      body: {
        action: 'restart_component',
        params: { component: 'TIKV' },
        reason:
          'TiKV stores stuck with high raftstore CPU after the node reboot; a rolling restart clears the stalled apply pool',
      },
      at: past(21, 10),
      decisions: [{ by: ADMIN, after: 12, outcome: 'approve', comment: 'Go, incident channel informed' }],
      ran: { stepMinutes: 6 },
      issues: [issue(6)],
    },
    {
      applicant: MARIA,
      cluster: cl[1]!,
      body: {
        action: 'scale_out_tikv',
        params: { add_nodes: 3 },
        reason: 'Disk usage above 85% on every TiKV store; the tenant’s import doubles next week',
      },
      at: past(16, 14),
      decisions: [{ by: LIN, after: 20, outcome: 'approve', comment: 'Capacity review agrees' }],
      ran: { stepMinutes: 9 },
      issues: [issue(7), issue(8)],
    },
    {
      applicant: LIN,
      cluster: cl[2]!,
      body: {
        action: 'transfer_pd_leader',
        params: { target_member: 'pd-1' },
        reason: 'The PD leader’s host shows disk latency spikes; move leadership off it before the host is replaced',
      },
      at: past(12, 3),
      decisions: [{ by: OPERATOR, after: 8, outcome: 'approve', comment: 'OK' }],
      ran: {
        stepMinutes: 2,
        failed: {
          step: 'transfer-leader',
          error: 'PD member pd-1 is not healthy (no heartbeat for 45s): transfer refused',
        },
      },
      issues: [issue(2)],
    },
    {
      applicant: OPERATOR,
      cluster: cl[3]!,
      body: {
        action: 'failover_tidb',
        params: { instance: 'tidb-0' },
        reason: 'tidb-0 leaks connections under the nightly batch; replace it',
        risk_level: 'high',
      },
      at: past(9, 20),
      decisions: [
        {
          by: LIN,
          after: 15,
          outcome: 'reject',
          comment: 'Restart is not a fix: capture a goroutine dump first (SUP-4410), then we decide',
        },
      ],
      issues: [issue(12)],
    },
    {
      applicant: MARIA,
      cluster: cl[4]!,
      body: {
        action: 'rebalance_regions',
        params: { region_schedule_limit: 32 },
        reason: 'Region scores uneven after the scale-out of last week',
      },
      at: past(7, 9),
      draft: true,
      cancelled: { after: 30, by: MARIA, reason: 'PD balanced the regions by itself overnight' },
    },
    {
      applicant: LIN,
      cluster: cl[4]!,
      incident: 1,
      body: {
        action: 'rebalance_regions',
        params: { region_schedule_limit: 24 },
        reason: 'Hot stores after the region hotspot incident: spread the regions out again',
      },
      at: past(4, 11),
      decisions: [{ by: ADMIN, after: 6, outcome: 'approve', comment: 'Approved' }],
      ran: { stepMinutes: 7 },
      issues: [issue(24)],
    },
    // In flight.
    {
      applicant: OPERATOR,
      cluster: cl[5]!,
      body: {
        action: 'restart_component',
        params: { component: 'TIDB' },
        reason: 'TiDB memory creeping up since the upgrade; restart before the tenant’s month-end batch',
      },
      at: recent(180),
      draft: true,
    },
    {
      applicant: LIN,
      cluster: cl[0]!,
      body: { action: 'scale_out_tikv', params: { add_nodes: 2 }, reason: 'Capacity: store usage at 78% and rising' },
      at: recent(95),
      draft: true,
    },
    {
      applicant: MARIA,
      cluster: cl[1]!,
      incident: 2,
      body: {
        action: 'transfer_pd_leader',
        params: { target_member: 'pd-2' },
        reason: 'PD leader on the host scheduled for replacement tonight',
      },
      at: recent(50),
      decisions: [],
    },
    {
      applicant: LIN,
      cluster: cl[2]!,
      body: {
        action: 'failover_tidb',
        params: { instance: 'tidb-1' },
        reason: 'tidb-1 answers slowly since its host was migrated; fail over to a fresh instance',
        risk_level: 'high',
      },
      at: recent(35),
      decisions: [],
      issues: [issue(12)],
    },
    {
      applicant: MARIA,
      cluster: cl[3]!,
      incident: 0,
      body: {
        action: 'restart_component',
        params: { component: 'PD' },
        reason: 'PD members keep re-electing every few minutes; a rolling restart with the new election timeout',
        risk_level: 'high',
      },
      at: recent(25),
      decisions: [{ by: OPERATOR, after: 6, outcome: 'approve', comment: 'On-call agrees; SRE lead to confirm' }],
    },
    {
      applicant: OPERATOR,
      cluster: cl[4]!,
      incident: 1,
      body: {
        action: 'failover_tidb',
        params: { instance: 'tidb-1' },
        reason: 'tidb-1 stuck at 100% CPU on a runaway plan; replace it while the plan binding is fixed',
        risk_level: 'high',
      },
      at: recent(15),
      decisions: [
        { by: LIN, after: 3, outcome: 'approve', comment: 'OK' },
        { by: ADMIN, after: 6, outcome: 'approve', comment: 'Approved, confirm health on the dashboards' },
      ],
      issues: [issue(13)],
    },
  ];
  if (held)
    stories.push({
      applicant: LIN,
      cluster: held,
      body: {
        action: 'restart_component',
        params: { component: 'TIKV' },
        reason: 'TiKV stores report stale region heartbeats after the maintenance started',
      },
      at: recent(20),
      decisions: [{ by: OPERATOR, after: 4, outcome: 'approve', comment: 'Approved; runs once the window closes' }],
    });

  for (const s of stories) {
    const stamp = (after: number) => new Date(s.at.getTime() + after * MINUTE);
    const ticket = await createTicket(
      ctx,
      s.applicant,
      createRemediationBody.parse({
        ...s.body,
        cluster_id: s.cluster,
        incident_id: s.incident === undefined ? null : (incidentIds[s.incident] ?? null),
      }),
      s.at,
    );
    const n = parseTicketId(ticket.id)!;
    for (const key of s.issues ?? [])
      await linkIssue(tx, embeddedIssueTracker, {
        subjectType: 'remediation_ticket',
        subjectId: ticket.id,
        key,
        actor: s.applicant,
        at: stamp(2),
      });
    if (s.draft) {
      if (s.cancelled) await cancelTicket(ctx, ticket.id, s.cancelled.by, s.cancelled.reason, stamp(s.cancelled.after));
      continue;
    }
    const submittedAt = stamp(5);
    const submitted = await submitTicket(ctx, ticket.id, s.applicant, submittedAt);
    const approvalId = submitted.approval_id!;
    const decisions = s.decisions ?? [];
    const decidedAt = decisions.map((d) => new Date(submittedAt.getTime() + d.after * MINUTE));
    for (const d of decisions) await decide(tx, approvalId, principal(d.by), d.outcome, d.comment);
    await backdateApproval(tx, approvalId, submittedAt, decidedAt);
    const last = decisions.at(-1);
    const settled = last && (last.outcome === 'reject' || decisions.length === (s.body.risk_level === 'high' ? 2 : 1));
    if (!settled) continue;
    const at = decidedAt.at(-1)!;
    const outcome = last.outcome === 'approve' ? 'APPROVED' : 'REJECTED';
    if (!s.ran) {
      // In flight (or rejected): what the settled job does, at the decision's time.
      await onApprovalSettled(
        ctx,
        tx,
        { approval_id: approvalId, subject_id: ticket.id, status: outcome, decided_by: last.by },
        at,
      );
      continue;
    }
    // History: approved, run and finished before the demo begins.
    const params = s.body.params as Record<string, unknown>;
    const action = s.body.action as RemediationAction;
    const run: RunParams = { ticket_id: ticket.id, cluster_id: s.cluster, action, params };
    const steps = remediationSteps(action, submitted.risk_level).map((x) => x.name);
    const messages: Record<string, string> = {};
    for (const step of steps.filter((x) => x !== 'verify' && x !== 'provision-stores'))
      messages[step] = await runStep(tx, step, run);
    const what = describeRemediation(action, params);
    messages['provision-stores'] = `TiKV scaled out by ${Number(params.add_nodes)} stores`;
    messages.verify = `cluster ${ticket.cluster_name} is AVAILABLE; ${what} done`;
    const operationId = await recordFinished(ctx, tx, {
      type: RUN_OPERATION,
      title: `Remediation ${ticket.id}: ${what} on ${ticket.cluster_name}`,
      targetType: TARGET_TYPE,
      targetId: ticket.id,
      tenantId: ticket.tenant_id,
      createdBy: SYSTEM,
      params: run as unknown as Record<string, unknown>,
      steps,
      startedAt: at,
      stepMinutes: s.ran.stepMinutes,
      messages,
      ...(s.ran.failed ? { failed: s.ran.failed } : {}),
    });
    const ranSteps = s.ran.failed ? steps.indexOf(s.ran.failed.step) + 1 : steps.length;
    const finishedAt = new Date(at.getTime() + ranSteps * s.ran.stepMinutes * MINUTE);
    const status = s.ran.failed ? 'failed' : 'succeeded';
    const reason = s.ran.failed ? `The remediation operation ${operationId} failed: ${s.ran.failed.error}` : null;
    await repo.updateTicket(tx, n, {
      status,
      statusReason: reason,
      decidedAt: at,
      decidedBy: last.by,
      operationId,
      startedAt: at,
      finishedAt,
      updatedAt: finishedAt,
    });
    await audit(
      tx,
      n,
      last.by,
      'approved',
      { approval_id: approvalId, before: { status: 'approving' }, after: { status: 'approved', status_reason: null } },
      at,
    );
    await audit(
      tx,
      n,
      SYSTEM,
      'run',
      { operation_id: operationId, before: { status: 'approved' }, after: { status: 'running' } },
      at,
    );
    await audit(
      tx,
      n,
      SYSTEM,
      status,
      {
        operation_id: operationId,
        ...(reason ? { reason } : {}),
        before: { status: 'running' },
        after: { status, status_reason: reason },
      },
      finishedAt,
    );
  }
  // The decisions above were handled in place: drop the settled-approval jobs they queued.
  await tx.delete(jobs).where(eq(jobs.kind, `approval.settled:${AUDIT_TYPE}`));
}
