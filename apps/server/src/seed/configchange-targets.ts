import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { createTemplateBody, type ChangeScope } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { writeAudit } from '../platform/audit.js';
import { APPLY_OPERATION, persistChange, planSteps } from '../features/configchange/apply.js';
import * as repo from '../features/configchange/repo.js';
import { createTemplateChange } from '../features/configchange/template-change.js';
import { ccTemplates } from '../features/configcenter/schema.js';
import type { SeedContext } from './demo.js';
import { recordFinished } from './operations.js';
import { approve, backdateChange, demoChange, EVENT_OFFSET } from './parameters.js';
import { buildDemoPlatform, DEMO_BASE_TIME } from './platform.js';

/*
 * Configuration changes of the flow's other target types (spec §3 Config change target_type): Add Template changes
 * (`template`) and tenants' init configurations (`tenant_init`), each applied, waiting for apply and approving, so
 * /configchange and /confighistories show every action on them. Created through the services the API uses; runs after
 * the config center's seed (the template target and the default version come from it). Deterministic.
 */

const DAY = 86_400_000;
const at = (days: number) => new Date(DEMO_BASE_TIME - days * DAY);

/** ACTIVE demo tenants from the end of the id order (tests hand out fresh tenants from the start). */
export function demoInitTenants(): string[] {
  return buildDemoPlatform()
    .tenants.filter((t) => t.status === 'ACTIVE')
    .map((t) => t.id!)
    .sort()
    .reverse()
    .slice(0, 3);
}

/** An Add Template change (cluster type, change type and apply policy: the request's defaults). */
async function templateChange(
  ctx: SeedContext,
  tx: Db,
  applicant: string,
  input: z.input<typeof createTemplateBody>,
): Promise<number> {
  return Number(await createTemplateChange(ctx, tx, applicant, createTemplateBody.parse(input)));
}

const param = (name: string, value: string, comment = '') => ({ name, value, comment });

/**
 * Applies an approved change before the demo begins, as the apply operation would (nothing restarts for these
 * targets: check, then persist), and records that finished operation at the change's apply time.
 */
async function appliedBefore(
  ctx: SeedContext,
  tx: Db,
  id: number,
  createdAt: Date,
  messages: { check: string; persist: string },
): Promise<void> {
  await approve(tx, id);
  const change = (await repo.findChange(tx, id))!;
  await repo.updateChange(tx, id, { phase: 'applying' });
  await writeAudit(tx, {
    type: 'cloud_config_change',
    instanceId: String(id),
    operator: change.applicant,
    operation: 'apply',
    details: { before: { phase: 'wait_for_apply' }, after: { phase: 'applying' } },
  });
  await persistChange(ctx, tx, id, null);
  await backdateChange(tx, id, createdAt);
  const steps = planSteps(change.applyPolicy, []);
  const operationId = await recordFinished(ctx, tx, {
    type: APPLY_OPERATION,
    title: `Apply configuration change ${id} to ${change.targetId}`,
    targetType: change.targetType === 'tenant_init' ? 'tenant' : 'template',
    targetId: change.targetId,
    tenantId: change.tenantId,
    createdBy: change.applicant,
    params: { change_id: String(id), apply_policy: change.applyPolicy, components: [] },
    steps,
    startedAt: new Date(createdAt.getTime() + EVENT_OFFSET.apply!),
    stepMinutes: 1,
    messages,
  });
  await repo.updateChange(tx, id, { operationId });
}

/** Template and tenant-init changes in the phases their actions need (applied, wait_for_apply, approving). */
export async function seedTargetChanges(ctx: SeedContext, tx: Db): Promise<void> {
  const initChange = (tenantId: string, applicant: string, params: Parameters<typeof demoChange>[4], reason: string) =>
    demoChange(ctx, tx, tenantId, applicant, params, reason, {}, 'tenant_init');
  const [initApplied, initWaiting, initApproving] = demoInitTenants() as [string, string, string];

  // Applied: a custom template created through the flow (the template gets the time it was applied).
  const tplApplied = await templateChange(ctx, tx, 'maria.garcia@example.com', {
    name: 'gaming-burst-writes',
    version: { to_version: 'v8.1.2' },
    files: {
      tidb: [param('token-limit', '3000', 'login storms at season start'), param('log.level', 'warn')],
      tikv: [param('server.grpc-concurrency', '8'), param('raftstore.store-pool-size', '4')],
      init_sql: [
        { index: 1, sql: 'SET GLOBAL tidb_enable_auto_analyze = ON;' },
        { index: 2, sql: 'CREATE DATABASE IF NOT EXISTS leaderboard;' },
      ],
    },
    reason: 'A template for the game studios: bursts of small writes at season start',
  });
  await appliedBefore(ctx, tx, tplApplied, at(45), {
    check: 'no custom template is named gaming-burst-writes',
    persist: 'custom template gaming-burst-writes created',
  });
  const { scope } = (await repo.findChange(tx, tplApplied))!;
  const templateId = (scope as ChangeScope).template?.template_id;
  if (templateId)
    await tx
      .update(ccTemplates)
      .set({ createdAt: new Date(at(45).getTime() + EVENT_OFFSET.applied!) })
      .where(eq(ccTemplates.id, Number(templateId)));

  // Applied: a tenant's new clusters start with more sessions and gRPC threads.
  const tenantApplied = await initChange(
    initApplied,
    'lin.wei@example.com',
    { tidb: { 'token-limit': '2000' }, tikv: { 'server.grpc-concurrency': '8' } },
    'The tenant runs connection-heavy services: start its new clusters with more sessions',
  );
  await appliedBefore(ctx, tx, tenantApplied, at(38), {
    check: `the init configuration of tenant ${initApplied} is as the change found it`,
    persist: 'tidb.toml and tikv.toml init parameters stored',
  });

  // Waiting for apply (approved), one of each.
  const tplWaiting = await templateChange(ctx, tx, 'operator@example.com', {
    name: 'htap-reporting',
    version: { to_version: 'v8.5.1' },
    files: {
      tidb: [param('performance.max-procs', '16')],
      tiflash: [param('profiles.default.max_threads', '16', 'half the cores for MPP')],
      init_sql: [{ index: 1, sql: 'SET GLOBAL tidb_allow_mpp = ON;' }],
    },
    reason: 'Reporting tenants query TiFlash all day',
  });
  await approve(tx, tplWaiting);
  await backdateChange(tx, tplWaiting, at(30));

  const tenantWaiting = await initChange(
    initWaiting,
    'operator@example.com',
    { pd: { 'schedule.leader-schedule-limit': '8' }, tidb: { 'log.level': 'warn' } },
    'Faster leader balancing for the tenant’s spiky workloads',
  );
  await approve(tx, tenantWaiting);
  await backdateChange(tx, tenantWaiting, at(24));

  // Approving: the admin may decide.
  const tplApproving = await templateChange(ctx, tx, 'lin.wei@example.com', {
    name: 'iot-ingest',
    version: { to_version: 'v8.1.2' },
    files: {
      tidb: [param('performance.txn-total-size-limit', '2147483648', 'large batch inserts')],
      tikv: [param('raftstore.apply-pool-size', '4')],
    },
    reason: 'Sensor data arrives in large batches',
  });
  await backdateChange(tx, tplApproving, at(16));

  const tenantApproving = await initChange(
    initApproving,
    'operator@example.com',
    { tikv: { 'raftstore.apply-pool-size': '4' } },
    'More apply threads for the tenant’s write-heavy clusters',
  );
  await backdateChange(tx, tenantApproving, at(14));
}
