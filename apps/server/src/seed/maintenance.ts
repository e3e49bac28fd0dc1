import { asc, eq } from 'drizzle-orm';
import type { ExecutionStatus, MaintenanceStatus } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { writeAudit } from '../platform/audit.js';
import { clusters, projects } from '../features/orgs/index.js';
import { clusterMaintenanceExecutions, clusterMaintenances } from '../features/maintenance/schema.js';
import { at, AUDIT_TYPE, scheduleWindowJob, SYSTEM } from '../features/maintenance/service.js';

const HOUR = 3_600_000;

/** A demo cluster as the picks see it. */
interface Pick {
  id: string;
  name: string;
  projectId: string;
  tenantId: string;
  status: string;
}

interface SeedExecution {
  cluster: Pick;
  status: ExecutionStatus;
  /** Hours after the seed's base time (negative: before it). */
  started?: number;
  ended?: number;
  operator?: string;
  cancelReason?: string;
  /** Cancelled by the maintenance's close (its cancel reason is the close reason). */
  byClose?: true;
}

interface SeedMaintenance {
  project: string;
  tenant: string;
  createdBy: string;
  created: number;
  schedule: number;
  deadline: number;
  description: string;
  executions: SeedExecution[];
  /** How it closed; absent while Pending or Running. */
  close?: { at: number; by: string; reason: string; trigger: 'user' | 'deadline' | 'executions_done' };
}

const OPERATOR = 'operator@example.com';
const LIN = 'lin.wei@example.com';
const MARIA = 'maria.garcia@example.com';

/**
 * The clusters the demo maintenances use, by stable queries over the seeded fleet (dedicated TiDB clusters, by project
 * and id). Open windows hold only clusters that are MAINTAINING or UNAVAILABLE (with executions still to do) so the
 * available clusters other areas' demo data and tests act on are never inside one; available clusters appear in them
 * only with finished or cancelled executions, and in windows that are closed or still in the future.
 */
async function demoProjects(tx: Db) {
  const rows: Pick[] = await tx
    .select({
      id: clusters.id,
      name: clusters.name,
      projectId: clusters.projectId,
      tenantId: projects.tenantId,
      status: clusters.status,
    })
    .from(clusters)
    .innerJoin(projects, eq(projects.id, clusters.projectId))
    .where(eq(clusters.clusterType, 'DEDICATED_TIDB'))
    .orderBy(asc(clusters.projectId), asc(clusters.id));
  const byProject = new Map<string, Pick[]>();
  for (const r of rows) byProject.set(r.projectId, [...(byProject.get(r.projectId) ?? []), r]);
  const groups = [...byProject.values()].map((list) => ({
    held: list.filter((c) => /(MAINTAINING|UNAVAILABLE)$/.test(c.status)),
    free: list.filter((c) => c.status === 'USER_CLUSTER_STATUS_AVAILABLE'),
  }));
  // Windows open now: projects with a MAINTAINING cluster, the largest first.
  const open = groups
    .filter((g) => g.held.some((c) => c.status.endsWith('MAINTAINING')))
    .sort((a, b) => b.held.length + b.free.length - (a.held.length + a.free.length));
  // Windows in the future or closed: projects of available clusters only (at least three).
  const other = groups.filter((g) => g.held.length === 0 && g.free.length >= 3);
  if (open.length < 3 || other.length < 9) throw new Error('the demo fleet has too few clusters for the maintenances');
  return { open, other };
}

/** The demo maintenances (spec §3, §4): Pending in the future, Running with executions in every status, Closed. */
function demoMaintenances(p: Awaited<ReturnType<typeof demoProjects>>): SeedMaintenance[] {
  const [a, b, c] = p.open as [(typeof p.open)[0], (typeof p.open)[0], (typeof p.open)[0]];
  const o = (i: number) => p.other[i]!.free;
  const of = (list: Pick[]) => ({ project: list[0]!.projectId, tenant: list[0]!.tenantId });
  const openA = [...a.held, ...a.free];
  const out: SeedMaintenance[] = [
    // Closed, oldest first.
    {
      ...of(o(0)),
      createdBy: LIN,
      created: -16 * 24,
      schedule: -14 * 24,
      deadline: -14 * 24 + 6,
      description: 'Expand the TiKV EBS volumes from 1 TiB to 2 TiB',
      executions: [
        { cluster: o(0)[0]!, status: 'Finished', started: -14 * 24 + 0.5, ended: -14 * 24 + 2, operator: LIN },
        { cluster: o(0)[1]!, status: 'Finished', started: -14 * 24 + 2, ended: -14 * 24 + 3.5, operator: LIN },
        {
          cluster: o(0)[2]!,
          status: 'Cancelled',
          ended: -14 * 24 + 3.6,
          operator: LIN,
          cancelReason: 'Volumes were already expanded by the autoscaler',
        },
      ],
      close: {
        at: -14 * 24 + 3.6,
        by: SYSTEM,
        reason: 'every execution is finished or cancelled',
        trigger: 'executions_done',
      },
    },
    {
      ...of(o(1)),
      createdBy: MARIA,
      created: -12 * 24,
      schedule: -10 * 24,
      deadline: -10 * 24 + 4,
      description: 'OS kernel patching of the TiKV and TiDB nodes',
      executions: o(1)
        .slice(0, 3)
        .map((cl, i) => ({
          cluster: cl,
          status: 'Finished' as const,
          started: -10 * 24 + i,
          ended: -10 * 24 + i + 0.8,
          operator: MARIA,
        })),
      close: {
        at: -10 * 24 + 2.8,
        by: SYSTEM,
        reason: 'every execution is finished or cancelled',
        trigger: 'executions_done',
      },
    },
    {
      ...of(o(2)),
      createdBy: OPERATOR,
      created: -8 * 24,
      schedule: -7 * 24,
      deadline: -7 * 24 + 6,
      description: 'Move PD to dedicated nodes',
      executions: [
        { cluster: o(2)[0]!, status: 'Finished', started: -7 * 24 + 0.2, ended: -7 * 24 + 1.5, operator: OPERATOR },
        { cluster: o(2)[1]!, status: 'Cancelled', ended: -7 * 24 + 2, operator: OPERATOR, byClose: true },
        { cluster: o(2)[2]!, status: 'Cancelled', ended: -7 * 24 + 2, operator: OPERATOR, byClose: true },
      ],
      close: { at: -7 * 24 + 2, by: OPERATOR, reason: 'the rest moves to the next window', trigger: 'user' },
    },
    {
      ...of(o(3)),
      createdBy: LIN,
      created: -6 * 24,
      schedule: -5 * 24,
      deadline: -5 * 24 + 3,
      description: 'Rotate the TLS certificates of the TiDB endpoints',
      executions: [
        { cluster: o(3)[0]!, status: 'Finished', started: -5 * 24 + 0.1, ended: -5 * 24 + 0.6, operator: LIN },
        {
          cluster: o(3)[1]!,
          status: 'Cancelled',
          started: -5 * 24 + 0.7,
          ended: -5 * 24 + 3,
          operator: SYSTEM,
          byClose: true,
        },
      ],
      close: {
        at: -5 * 24 + 3,
        by: SYSTEM,
        reason: 'the maintenance window ended at its deadline',
        trigger: 'deadline',
      },
    },
    {
      ...of(o(4)),
      createdBy: MARIA,
      created: -4 * 24,
      schedule: -1 * 24,
      deadline: -1 * 24 + 4,
      description: 'Replace the degraded TiKV node in zone b',
      executions: o(4)
        .slice(0, 2)
        .map((cl) => ({
          cluster: cl,
          status: 'Cancelled' as const,
          ended: -3 * 24,
          operator: MARIA,
          byClose: true as const,
        })),
      close: { at: -3 * 24, by: MARIA, reason: 'the cloud provider replaced the node itself', trigger: 'user' },
    },
    // Running now.
    {
      ...of(openA),
      createdBy: OPERATOR,
      created: -26,
      schedule: -3,
      deadline: 21,
      description: 'TiKV rolling upgrade to v8.1.2 and RocksDB compaction tuning',
      executions: [
        { cluster: a.held[0]!, status: 'Running', started: -2.5, operator: OPERATOR },
        ...(a.held[1] ? [{ cluster: a.held[1], status: 'Pending' as const }] : []),
        ...(a.free[0]
          ? [{ cluster: a.free[0], status: 'Finished' as const, started: -2.9, ended: -2.6, operator: OPERATOR }]
          : []),
        ...(a.free[1]
          ? [
              {
                cluster: a.free[1],
                status: 'Cancelled' as const,
                ended: -2.8,
                operator: OPERATOR,
                cancelReason: "Moved to next week's window: the customer's batch jobs run tonight",
              },
            ]
          : []),
      ],
    },
    {
      ...of([...b.held, ...b.free]),
      createdBy: LIN,
      created: -30,
      schedule: -1,
      deadline: 47,
      description: 'Region merge and store rebalancing after the bulk delete',
      executions: [
        { cluster: b.held[0]!, status: 'Pending' },
        ...(b.free[0]
          ? [{ cluster: b.free[0], status: 'Finished' as const, started: -0.9, ended: -0.4, operator: LIN }]
          : []),
      ],
    },
    {
      ...of([...c.held, ...c.free]),
      createdBy: MARIA,
      created: -50,
      schedule: -2,
      deadline: 10,
      description: 'Rebuild the TiFlash replicas of the reporting tables',
      executions: [{ cluster: c.held[0]!, status: 'Running', started: -1.5, operator: MARIA }],
    },
    // Pending: scheduled in the future.
    {
      ...of(o(5)),
      createdBy: OPERATOR,
      created: -20,
      schedule: 2 * 24,
      deadline: 2 * 24 + 4,
      description: 'Upgrade to v8.5.1',
      executions: o(5)
        .slice(0, 3)
        .map((cl) => ({ cluster: cl, status: 'Pending' as const })),
    },
    {
      ...of(o(6)),
      createdBy: LIN,
      created: -5,
      schedule: 3 * 24,
      deadline: 3 * 24 + 6,
      description: 'Switch the TiKV storage engine to partitioned Raft KV',
      executions: [
        { cluster: o(6)[0]!, status: 'Pending' },
        { cluster: o(6)[1]!, status: 'Pending' },
        {
          cluster: o(6)[2]!,
          status: 'Cancelled',
          ended: -2,
          operator: LIN,
          cancelReason: 'This cluster is being migrated to another region first',
        },
      ],
    },
    {
      ...of(o(7)),
      createdBy: MARIA,
      created: -3,
      schedule: 5 * 24,
      deadline: 5 * 24 + 8,
      description: 'Enable encryption at rest',
      executions: o(7)
        .slice(0, 2)
        .map((cl) => ({ cluster: cl, status: 'Pending' as const })),
    },
    {
      ...of(o(8)),
      createdBy: OPERATOR,
      created: -1,
      schedule: 9 * 24,
      deadline: 9 * 24 + 2,
      description: 'Network migration to the new VPC peering',
      executions: o(8)
        .slice(0, 3)
        .map((cl) => ({ cluster: cl, status: 'Pending' as const })),
    },
  ];
  return out;
}

/** What a cancelled execution says: its own reason, or the close reason when the close cancelled it. */
function cancelReasonOf(m: SeedMaintenance, e: SeedExecution): string | null {
  if (e.status !== 'Cancelled') return null;
  return e.byClose && m.close ? `The maintenance was closed: ${m.close.reason}` : (e.cancelReason ?? null);
}

function statusOf(m: SeedMaintenance): MaintenanceStatus {
  if (m.close) return 'Closed';
  return m.schedule <= 0 ? 'Running' : 'Pending';
}

/**
 * Seeds the demo maintenances with their executions and audit rows, and queues the window jobs of those not closed
 * (a Pending one opens at its schedule time, a Running one closes at its deadline). Times are relative to the hour
 * the seed runs in: the window job acts on the real clock, so a window "open now" has to be open when the demo runs.
 */
export async function seedMaintenances(tx: Db, base = Math.floor(Date.now() / HOUR) * HOUR): Promise<void> {
  const t = (hours: number) => new Date(base + Math.round(hours * HOUR));
  const list = demoMaintenances(await demoProjects(tx));
  // A close at the deadline names it, as the window job writes it.
  for (const m of list)
    if (m.close?.trigger === 'deadline')
      m.close.reason = `the maintenance window ended at its deadline ${at(t(m.deadline))}`;
  for (const m of list) {
    const status = statusOf(m);
    const [row] = await tx
      .insert(clusterMaintenances)
      .values({
        projectId: m.project,
        tenantId: m.tenant,
        scheduleTime: t(m.schedule),
        deadline: t(m.deadline),
        status,
        description: m.description,
        createdBy: m.createdBy,
        createdAt: t(m.created),
        updatedAt: t(m.close?.at ?? m.created),
        closedAt: m.close ? t(m.close.at) : null,
        closeReason: m.close?.reason ?? null,
      })
      .returning({ id: clusterMaintenances.id });
    const id = row!.id;
    const ids = await tx
      .insert(clusterMaintenanceExecutions)
      .values(
        m.executions.map((e) => ({
          maintenanceId: id,
          clusterId: e.cluster.id,
          clusterName: e.cluster.name,
          status: e.status,
          cancelReason: cancelReasonOf(m, e),
          startedAt: e.started === undefined ? null : t(e.started),
          endedAt: e.ended === undefined ? null : t(e.ended),
          operator: e.operator ?? null,
          updatedAt: t(e.ended ?? e.started ?? m.created),
        })),
      )
      .returning({ id: clusterMaintenanceExecutions.id });
    await auditTrail(
      tx,
      String(id),
      m,
      ids.map((x) => String(x.id)),
      t,
    );
    if (status !== 'Closed') await scheduleWindowJob(tx, id, status === 'Pending' ? t(m.schedule) : t(m.deadline));
  }
}

/** The audit rows a maintenance's history would have written, at the times it happened. */
async function auditTrail(
  tx: Db,
  id: string,
  m: SeedMaintenance,
  executionIds: string[],
  t: (hours: number) => Date,
): Promise<void> {
  const rows: { at: number; operator: string; operation: string; details: Record<string, unknown> }[] = [];
  rows.push({
    at: m.created,
    operator: m.createdBy,
    operation: 'create',
    details: {
      after: {
        status: 'Pending',
        project_id: m.project,
        schedule_time: t(m.schedule).toISOString(),
        deadline: t(m.deadline).toISOString(),
        cluster_ids: m.executions.map((e) => e.cluster.id),
        description: m.description,
      },
    },
  });
  const opened = m.schedule <= 0 && (!m.close || m.close.at >= m.schedule);
  if (opened)
    rows.push({
      at: m.schedule,
      operator: SYSTEM,
      operation: 'open_window',
      details: {
        before: { status: 'Pending' },
        after: { status: 'Running' },
        schedule_time: t(m.schedule).toISOString(),
      },
    });
  for (const [i, e] of m.executions.entries()) {
    const base = { execution_id: executionIds[i], cluster_id: e.cluster.id };
    if (e.started !== undefined)
      rows.push({
        at: e.started,
        operator: e.operator ?? SYSTEM,
        operation: 'start_execution',
        details: { ...base, before: { status: 'Pending' }, after: { status: 'Running' } },
      });
    if (e.ended !== undefined && !e.byClose)
      rows.push({
        at: e.ended,
        operator: e.operator ?? SYSTEM,
        operation: e.status === 'Finished' ? 'finish_execution' : 'cancel_execution',
        details: {
          ...base,
          before: { status: e.started === undefined ? 'Pending' : 'Running' },
          after: { status: e.status, ...(e.status === 'Cancelled' ? { cancel_reason: cancelReasonOf(m, e) } : {}) },
        },
      });
  }
  if (m.close) {
    const cancelled = m.executions.flatMap((e, i) =>
      e.byClose
        ? [
            {
              id: executionIds[i],
              cluster_id: e.cluster.id,
              before: { status: e.started === undefined ? 'Pending' : 'Running' },
              after: { status: 'Cancelled', cancel_reason: cancelReasonOf(m, e) },
            },
          ]
        : [],
    );
    rows.push({
      at: m.close.at,
      operator: m.close.by,
      operation: 'close',
      details: {
        trigger: m.close.trigger,
        before: { status: opened ? 'Running' : 'Pending' },
        after: { status: 'Closed', close_reason: m.close.reason },
        cancelled_executions: cancelled,
      },
    });
  }
  // Oldest first; a close written with the execution that ended it comes after it.
  rows.sort((x, y) => x.at - y.at);
  for (const r of rows)
    await writeAudit(tx, {
      type: AUDIT_TYPE,
      instanceId: id,
      operator: r.operator,
      operation: r.operation,
      details: r.details,
      operateAt: t(r.at),
    });
}
