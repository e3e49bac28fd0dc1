import {
  canApplyChange,
  notChangeableMessage,
  objectKindOf,
  type ChangeScope,
  type ClusterType,
  type ConfigChange,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { assertClusterWorkAllowed } from '../../platform/cluster-work.js';
import type { AppContext } from '../../platform/context.js';
import { startOperation, type OperationDefinition, type StepContext } from '../operations/index.js';
import { COMPONENT_OF, loadTarget, storeId } from './configuration.js';
import type { ConfigChangeContext, TargetType } from './targets.js';
import { getChange, parseChangeId } from './service.js';
import * as repo from './repo.js';

export const APPLY_OPERATION = 'cloud_config_change.apply';

/** Rolling restart order: placement first, storage next, the SQL layer and proxies last. */
const RESTART_ORDER = ['PD', 'TIKV', 'TIFLASH', 'TIFLASH_LEARNER', 'TIDB', 'TIPROXY', 'TICDC', 'CHANGEFEED'] as const;

interface ApplyParams {
  change_id: string;
}

/** Components a change restarts: all of them for a version change, else those whose image or config changes. */
export function affectedComponents(scope: ChangeScope, allComponents: string[]): string[] {
  const set = new Set<string>();
  if (scope.version) for (const c of allComponents) set.add(c);
  for (const c of scope.components) set.add(c.component);
  for (const f of scope.files) set.add(COMPONENT_OF[f.config_type]);
  return RESTART_ORDER.filter((c) => set.has(c));
}

/** The steps of an apply plan: the check, a hot reload or one rolling restart per component, then the persist. */
export function planSteps(policy: string, components: string[]): string[] {
  if (policy === 'HotReload') return ['check', 'hot-reload', 'persist'];
  if (policy === 'EnsureUpdateToTC') return ['check', 'persist'];
  return ['check', ...components.map((c) => `restart-${c}`), 'persist'];
}

const changeIdOf = (step: StepContext) => Number((step.operation.params as ApplyParams).change_id);

async function lockedChange(step: StepContext) {
  const row = await repo.findChange(step.tx, changeIdOf(step), true);
  if (!row) throw new Error(`configuration change ${changeIdOf(step)} no longer exists`);
  return row;
}

/**
 * The stale guard, inside the operation: someone else's change since approval fails this one instead of being
 * overwritten.
 */
const targetTypeOf = (row: repo.ChangeListRow) => row.targetType as TargetType;

/** What an apply operation acts on: a cluster (TiCDC cluster, changefeed), a tenant, or the template it creates. */
function operationTarget(row: repo.ChangeListRow): string {
  if (row.targetType === 'tenant_init') return 'tenant';
  if (row.targetType === 'template') return 'template';
  return objectKindOf(row.clusterType);
}

async function checkUnchanged(ctx: ConfigChangeContext, tx: Db, row: repo.ChangeRow) {
  const tc = await loadTarget(ctx, tx, row.clusterType as ClusterType, row.targetId, {
    forUpdate: true,
    targetType: targetTypeOf(row),
  });
  if (tc.fingerprint !== row.baseFingerprint) {
    throw new Error(
      `The cluster configuration changed after this change was prepared (fingerprint ${row.baseFingerprint} → ${tc.fingerprint}); cancel it and prepare it again`,
    );
  }
  return tc;
}

/**
 * Writes a change's new configuration through the target's adapter and closes it as applied. The apply operation's
 * last step runs it, in the transaction that marks that step done, so it happens exactly once.
 */
export async function persistChange(
  ctx: ConfigChangeContext,
  tx: Db,
  changeId: number,
  operationId: string | null,
): Promise<string> {
  const row = await repo.findChange(tx, changeId, true);
  if (!row) throw new Error(`configuration change ${changeId} no longer exists`);
  if (row.phase !== 'applying') throw new Error(`configuration change ${row.id} is ${row.phase}, not applying`);
  const tc = await checkUnchanged(ctx, tx, row);
  const scope = row.scope as ChangeScope;
  if (tc.adapter.persist) {
    // The target persists the change its own way (a template target creates its template).
    const out = await tc.adapter.persist(tx, {
      id: row.id,
      targetId: row.targetId,
      clusterType: row.clusterType,
      applicant: row.applicant,
      scope,
    });
    const after = out.scope ?? scope;
    await repo.updateChange(tx, row.id, {
      phase: 'applied',
      phaseReason: null,
      closedAt: new Date(),
      ...(out.scope ? { scope: out.scope } : {}),
    });
    await writeAudit(tx, {
      type: 'cloud_config_change',
      instanceId: String(row.id),
      operator: 'system',
      operation: 'applied',
      details: {
        operation_id: operationId,
        before: { phase: 'applying' },
        after: {
          phase: 'applied',
          target_type: row.targetType,
          result: out.summary,
          ...(after.template ? { template: after.template } : {}),
        },
      },
    });
    return out.summary;
  }
  const stored = storeId(tc.targetType, row.targetId);
  if (scope.version) {
    await tc.adapter.setVersion(tx, row.targetId, scope.version.to);
    await repo.clearImageOverrides(tx, row.clusterType, stored);
  }
  for (const c of scope.components) {
    await tc.adapter.setImageTag(tx, row.targetId, c.component, c.modified_image_tag.to);
    await repo.upsertImageOverride(tx, row.clusterType, stored, c.component, c.modified_image_tag.to);
  }
  for (const f of scope.files) {
    await repo.replaceCustomParams(
      tx,
      { clusterType: row.clusterType, targetId: stored, configType: f.config_type, filename: f.filename },
      f.all_parameters,
    );
  }
  await repo.updateChange(tx, row.id, { phase: 'applied', phaseReason: null, closedAt: new Date() });
  await writeAudit(tx, {
    type: 'cloud_config_change',
    instanceId: String(row.id),
    operator: 'system',
    operation: 'applied',
    details: {
      operation_id: operationId,
      before: {
        phase: 'applying',
        version: scope.version?.from ?? tc.target.version,
        images: scope.components.map((c) => ({ component: c.component, tag: c.modified_image_tag.from })),
      },
      after: {
        phase: 'applied',
        version: scope.version?.to ?? tc.target.version,
        images: scope.components.map((c) => ({ component: c.component, tag: c.modified_image_tag.to })),
        files: scope.files.map((f) => ({ filename: f.filename, parameters: f.all_parameters })),
      },
    },
  });
  const params = scope.files.reduce((n, f) => n + f.modified_parameters.length, 0);
  return `persisted ${params} parameter change(s), ${scope.components.length} image tag(s)${scope.version ? `, version ${scope.version.to}` : ''}`;
}

/** A failed or cancelled apply leaves the change approved and retryable, with the reason. */
async function backToWaitForApply(step: StepContext, reason: string, operation: string): Promise<void> {
  const row = await lockedChange(step).catch(() => undefined);
  if (!row || row.phase !== 'applying') return;
  await repo.updateChange(step.tx, row.id, { phase: 'wait_for_apply', phaseReason: reason });
  await writeAudit(step.tx, {
    type: 'cloud_config_change',
    instanceId: String(row.id),
    operator: 'system',
    operation,
    details: {
      operation_id: step.operation.id,
      before: { phase: 'applying' },
      after: { phase: 'wait_for_apply', phase_reason: reason },
    },
  });
}

/**
 * The apply operation type, as configchange provides it to the app (each step's duration is the control plane's
 * answer: modelled by the simulation, 0 in tests). Each instance runs its plan's steps.
 */
export function applyOperation(ctx: Pick<AppContext, 'registry' | 'controlPlane'>): OperationDefinition {
  const durationMs = (step: string) => ctx.controlPlane.stepDuration(APPLY_OPERATION, step);
  return {
    type: APPLY_OPERATION,
    steps: [
      {
        name: 'check',
        title: 'Check the configuration is unchanged',
        run: async (step) =>
          `configuration ${(await checkUnchanged(ctx, step.tx, await lockedChange(step))).fingerprint} is unchanged`,
      },
      {
        name: 'hot-reload',
        title: 'Hot reload',
        durationMs: durationMs('hot-reload'),
        run: async () => 'the new values were loaded online',
      },
      ...RESTART_ORDER.map((c) => ({
        name: `restart-${c}`,
        title: `Rolling restart ${c}`,
        durationMs: durationMs(`restart-${c}`),
        run: async () => `${c} restarted one instance at a time with the new configuration`,
      })),
      {
        name: 'persist',
        title: 'Persist the new configuration',
        run: (step) => persistChange(ctx, step.tx, changeIdOf(step), step.operation.id),
      },
    ],
    onFail: (step, error) => backToWaitForApply(step, error, 'apply_failed'),
    onCancel: (step) =>
      backToWaitForApply(step, `The apply operation ${step.operation.id} was cancelled`, 'apply_cancelled'),
  };
}

/**
 * Apply (spec §4): only in wait_for_apply and only while the target is as the change found it. Starts the operation.
 */
export async function applyChange(
  ctx: ConfigChangeContext,
  db: Db,
  id: string,
  who: string,
): Promise<{ change: ConfigChange; instance_id: string }> {
  const n = parseChangeId(id);
  const email = who.toLowerCase();
  const instanceId = await db.transaction(async (tx) => {
    const row = await repo.findChange(tx, n, true);
    if (!row) throw new AppError('configChange.notFound');
    if (!canApplyChange(row.phase))
      throw new AppError('configChange.phaseForbids', `A change that is ${row.phase} cannot be applied`);
    const tc = await loadTarget(ctx, tx, row.clusterType as ClusterType, row.targetId, {
      forUpdate: true,
      targetType: targetTypeOf(row),
    });
    if (tc.target.blocked)
      throw new AppError('configChange.notChangeable', notChangeableMessage(tc.target.blocked), {
        reason: tc.target.blocked,
      });
    if (tc.fingerprint !== row.baseFingerprint) {
      throw new AppError('configChange.stale', undefined, {
        base_fingerprint: row.baseFingerprint,
        current_fingerprint: tc.fingerprint,
      });
    }
    if (tc.targetType === 'cluster') {
      await assertClusterWorkAllowed(ctx, tx, {
        kind: 'config_change.apply',
        subjectType: 'cloud_config_change',
        subjectId: id,
        clusterIds: [row.targetId],
      });
    }
    // Only clusters restart: a tenant's init configuration or a template is written, nothing runs it yet.
    const components =
      tc.targetType === 'cluster'
        ? affectedComponents(
            row.scope as ChangeScope,
            tc.target.components.map((c) => c.name),
          )
        : [];
    const operationId = await startOperation(ctx, tx, {
      type: APPLY_OPERATION,
      steps: planSteps(row.applyPolicy, components),
      title: `Apply configuration change ${id} to ${row.targetId}`,
      targetType: operationTarget(row),
      targetId: row.targetId,
      tenantId: row.tenantId,
      params: { change_id: id, apply_policy: row.applyPolicy, components } satisfies ApplyParams &
        Record<string, unknown>,
      createdBy: email,
    });
    await repo.updateChange(tx, n, { phase: 'applying', phaseReason: null, operationId });
    await writeAudit(tx, {
      type: 'cloud_config_change',
      instanceId: id,
      operator: email,
      operation: 'apply',
      details: { operation_id: operationId, before: { phase: row.phase }, after: { phase: 'applying' } },
    });
    return operationId;
  });
  return { change: await getChange(db, id), instance_id: instanceId };
}
