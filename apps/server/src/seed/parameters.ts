import { and, eq } from 'drizzle-orm';
import { CONFIG_FILENAMES, createChangeBody, type ConfigType, type CreateChangeBody } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { privilegesOf } from '../platform/auth.js';
import { writeAudit } from '../platform/audit.js';
import { auditLogs } from '../platform/schema.js';
import { approvals, decide } from '../features/approvals/index.js';
import { compareVersions } from '../features/configchange/configuration.js';
import * as repo from '../features/configchange/repo.js';
import {
  cancelChange,
  createChange,
  getChange,
  getClusterConfig,
  onApprovalSettled,
} from '../features/configchange/service.js';
import { persistChange } from '../features/configchange/apply.js';
import type { TargetType } from '../features/configchange/targets.js';
import { buildParameterCatalogue } from './parameter-catalogue.js';
import { seedOperationHistory } from './operations.js';
import type { SeedContext } from './demo.js';
import { buildDemoPlatform, DEMO_BASE_TIME } from './platform.js';

const DAY = 86_400_000;

/** The parameter catalogue (idempotent upsert). */
export async function seedParameterCatalogue(tx: Db): Promise<void> {
  await repo.upsertParameters(tx, buildParameterCatalogue());
}

/** Available dedicated clusters on a catalogued version, in id order: the demo's configuration targets. */
export function demoConfigClusters(): { id: string; version: string }[] {
  return buildDemoPlatform()
    .clusters.filter(
      (c) =>
        c.clusterType === 'DEDICATED_TIDB' &&
        c.status === 'USER_CLUSTER_STATUS_AVAILABLE' &&
        compareVersions(c.version, 'v7.5.0') >= 0,
    )
    .map((c) => ({ id: c.id!, version: c.version }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

type Params = Partial<Record<ConfigType, Record<string, string>>>;

/** Custom parameters a few clusters carry, so the editor shows both sources. */
const CUSTOM: Params[] = [
  {
    tidb: { 'log.level': 'warn', 'token-limit': '2000', 'performance.txn-total-size-limit': '1073741824' },
    tikv: { 'storage.block-cache.capacity': '24GB' },
  },
  {
    tidb: { 'instance.tidb_slow_log_threshold': '500', labels: '{"zone":"us-east-1a"}' },
    pd: { 'schedule.leader-schedule-limit': '8' },
  },
  { tikv: { 'raftstore.apply-pool-size': '4', 'raftstore.store-pool-size': '4', 'server.grpc-concurrency': '8' } },
  { tidb: { 'oom-action': 'log', 'mem-quota-query': '2147483648' }, pd: { 'replication.max-replicas': '5' } },
];

const ADMIN = { email: 'admin@example.com', name: 'Ada Admin', roles: ['admin'], privileges: privilegesOf(['admin']) };

function changeFiles(params: Params) {
  return (Object.entries(params) as [ConfigType, Record<string, string>][]).map(([t, p]) => ({
    config_type: t,
    filename: CONFIG_FILENAMES[t],
    custom_parameters: Object.entries(p).map(([name, value]) => ({
      actionType: 'set' as const,
      configType: t,
      name,
      value,
      type: 'string' as const,
    })),
  }));
}

/** A dedicated cluster's (or, with `targetType`, a tenant's init) configuration change setting `params`, approving. */
export async function demoChange(
  ctx: SeedContext,
  tx: Db,
  clusterId: string,
  applicant: string,
  params: Params,
  reason: string,
  extra: Partial<CreateChangeBody> = {},
  targetType: TargetType = 'cluster',
): Promise<number> {
  const { configuration } = await getClusterConfig(ctx, tx, 'DEDICATED_TIDB', clusterId, targetType);
  const body = createChangeBody.parse({
    change_type: 'config',
    cluster_type: 'DEDICATED_TIDB',
    cluster_id: clusterId,
    files: changeFiles(params),
    base_fingerprint: configuration.fingerprint,
    apply_policy: 'RollingRestart',
    reason,
    ...extra,
  });
  return Number(await createChange(ctx, tx, applicant, clusterId, body, targetType));
}

/** Approves a demo change as the admin and moves it to wait_for_apply, as the settled job would. */
export async function approve(tx: Db, changeId: number): Promise<void> {
  const change = await getChange(tx, String(changeId));
  const approval = await decide(tx, change.approval_id!, ADMIN, 'approve', 'Looks good');
  // The settled job would do this at the next start; the demo wants the result now (the job then finds nothing to do).
  await onApprovalSettled(tx, {
    approval_id: approval.id,
    subject_id: String(changeId),
    status: 'APPROVED',
    decided_by: ADMIN.email,
  });
}

/** Custom parameters on a few demo clusters and changes in each phase of the flow (spec §4). */
export async function seedDemoConfig(ctx: SeedContext, tx: Db): Promise<void> {
  const clusters = demoConfigClusters();
  for (const [i, params] of CUSTOM.entries()) {
    for (const [t, p] of Object.entries(params) as [ConfigType, Record<string, string>][]) {
      const key = {
        clusterType: 'DEDICATED_TIDB',
        targetId: clusters[i]!.id,
        configType: t,
        filename: CONFIG_FILENAMES[t],
      };
      await repo.replaceCustomParams(
        tx,
        key,
        Object.entries(p).map(([name, value]) => ({ name, value })),
      );
    }
  }
  const at = (days: number) => new Date(DEMO_BASE_TIME - days * DAY);
  const c = (i: number) => clusters[CUSTOM.length + i]!.id;

  const applied = await demoChange(
    ctx,
    tx,
    c(0),
    'maria.garcia@example.com',
    { pd: { 'schedule.leader-schedule-limit': '16', 'schedule.region-schedule-limit': '4096' } },
    'Speed up rebalancing after the TiKV scale-out',
  );
  await approve(tx, applied);
  // Applied before the demo begins: its finished apply operation is recorded by seedOperationHistory.
  await repo.updateChange(tx, applied, { phase: 'applying' });
  await writeAudit(tx, {
    type: 'cloud_config_change',
    instanceId: String(applied),
    operator: 'maria.garcia@example.com',
    operation: 'apply',
    details: { before: { phase: 'wait_for_apply' }, after: { phase: 'applying' } },
  });
  await persistChange(ctx, tx, applied, null);

  const rejected = await demoChange(
    ctx,
    tx,
    c(1),
    'lin.wei@example.com',
    { tidb: { 'split-table': 'false' } },
    'Fewer Regions for the many small tables of the catalog schema',
  );
  await decide(
    tx,
    (await getChange(tx, String(rejected))).approval_id!,
    ADMIN,
    'reject',
    'Region per table is needed for the write hotspots',
  );
  await onApprovalSettled(tx, {
    approval_id: (await getChange(tx, String(rejected))).approval_id!,
    subject_id: String(rejected),
    status: 'REJECTED',
    decided_by: ADMIN.email,
  });

  const cancelled = await demoChange(
    ctx,
    tx,
    c(2),
    'operator@example.com',
    { tikv: { 'rocksdb.max-background-jobs': '12' } },
    'More compaction threads for the ingest peak',
  );
  await approve(tx, cancelled);
  await cancelChange(tx, String(cancelled), 'lin.wei@example.com', 'The ingest peak moved to next quarter');

  const waiting = await demoChange(
    ctx,
    tx,
    c(3),
    'lin.wei@example.com',
    { tikv: { 'storage.block-cache.capacity': '32GB' }, tidb: { 'performance.max-procs': '16' } },
    'Use the memory of the new 16C64G TiKV nodes',
  );
  await approve(tx, waiting);

  const approving = await demoChange(
    ctx,
    tx,
    c(4),
    'operator@example.com',
    { tidb: { 'log.level': 'warn', 'instance.tidb_slow_log_threshold': '1000' } },
    'Quieter logs during the holiday freeze',
    { apply_policy: 'HotReload' },
  );

  // Deterministic times, oldest first, so the list reads as a history; every recorded event moves with its change.
  const ids = [applied, rejected, cancelled, waiting, approving];
  for (const [k, id] of ids.entries()) await backdateChange(tx, id, at(40 - k * 7));
  await seedOperationHistory(ctx, tx, applied, new Date(at(40).getTime() + EVENT_OFFSET.apply!));
}

const HOUR = 3_600_000;
/** When each recorded event of a demo change happened, after the change was created. */
export const EVENT_OFFSET: Record<string, number> = {
  create: 0,
  submit_for_approval: 60_000,
  approve: DAY,
  reject: DAY,
  approved: DAY + 1000,
  rejected: DAY + 1000,
  apply: DAY + HOUR,
  applied: DAY + HOUR + 12 * 60_000,
  cancel: 2 * DAY,
  withdraw: 2 * DAY,
};

/** Moves a demo change, its approval and its audit rows from the moment of seeding to `createdAt` and after. */
export async function backdateChange(tx: Db, id: number, createdAt: Date): Promise<void> {
  const when = (operation: string) => new Date(createdAt.getTime() + (EVENT_OFFSET[operation] ?? 0));
  const rows = await tx
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.type, 'cloud_config_change'), eq(auditLogs.instanceId, String(id))));
  let closedAt: Date | null = null;
  for (const r of rows) {
    await tx
      .update(auditLogs)
      .set({ operateAt: when(r.operation) })
      .where(eq(auditLogs.id, r.id));
    if (['applied', 'rejected', 'cancel', 'withdraw'].includes(r.operation)) closedAt = when(r.operation);
  }
  await repo.updateChange(tx, id, { createdAt, closedAt });
  const change = await getChange(tx, String(id));
  if (!change.approval_id) return;
  const [approval] = await tx
    .select()
    .from(approvals)
    .where(eq(approvals.id, Number(change.approval_id)));
  if (!approval) return;
  const started = when('submit_for_approval').toISOString();
  const decided = approval.endAt ? when('approve').toISOString() : null;
  const retime = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(retime)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v).map(([k, x]) => [
              k,
              k === 'start_at' && x ? started : k === 'end_at' && x ? decided : retime(x),
            ]),
          )
        : v;
  await tx
    .update(approvals)
    .set({ startAt: new Date(started), endAt: decided ? new Date(decided) : null, nodes: retime(approval.nodes) })
    .where(eq(approvals.id, approval.id));
}
