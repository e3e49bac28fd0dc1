import {
  describeRemediation,
  displayClusterStatus,
  REMEDIATION_ACTION_INFO,
  REMEDIATION_ACTIONS,
  REMEDIATION_CONFIRM_STEP,
  TIKV_MAX_REPLICAS,
  type RemediationStepInfo,
} from '@portal/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { publishEvent } from '../../platform/events.js';
import type { OperationDefinition, StepContext } from '../operations/index.js';
import { getCluster, listClusterComponents, setClusterComponentReplicas } from '../orgs/index.js';
import * as repo from './repo.js';
import { audit, isUnreachable, parseTicketId, RUN_OPERATION, SYSTEM, ticketPath, type RunParams } from './service.js';

/*
 * A remediation runs as an operation with live progress (`remediation.run`, target the ticket): a pre-check of the
 * cluster, the action's own steps, for a high-risk ticket a manual confirmation that the cluster is healthy, then a
 * verification whose effect marks the ticket succeeded. A failed or cancelled operation fails the ticket. Either way
 * the portal event `remediation.completed` tells whoever listens (the applicant among its recipients).
 *
 * What is simulated: the work on the cluster. Each step waits the control plane's modelled duration and records
 * what it did; a scale-out records the new TiKV count in the portal's cluster records. A real deployment would call
 * the operator (rolling restarts, scale-out) and PD's API (leader transfer, schedule limits) in these steps.
 */

/** Every step any action runs, in the one order they appear in (each action's steps are a subsequence of it). */
export const RUN_STEPS: RemediationStepInfo[] = (() => {
  const out: RemediationStepInfo[] = [];
  const add = (s: RemediationStepInfo) => {
    if (!out.some((o) => o.name === s.name)) out.push(s);
  };
  for (const action of REMEDIATION_ACTIONS)
    for (const s of REMEDIATION_ACTION_INFO[action].steps) if (s.name !== 'verify') add(s);
  add(REMEDIATION_CONFIRM_STEP);
  add(REMEDIATION_ACTION_INFO.restart_component.steps.find((s) => s.name === 'verify')!);
  return out;
})();

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

async function replicas(tx: Db, clusterId: string, component: string): Promise<number> {
  return (await listClusterComponents(tx, clusterId)).items.find((c) => c.component === component)?.replicas ?? 0;
}

/** A step's effect; returns what it records. Throws to fail the operation (and the ticket). */
export async function runStep(tx: Db, step: string, p: RunParams): Promise<string> {
  const params = p.params;
  switch (step) {
    case 'precheck': {
      const cluster = await getCluster(tx, p.cluster_id).catch(() => null);
      if (!cluster) throw new Error(`cluster ${p.cluster_id} no longer exists`);
      if (isUnreachable(cluster.status))
        throw new Error(`cluster ${cluster.name} is ${displayClusterStatus(cluster.status)}: nothing to remediate`);
      return `cluster ${cluster.name} is ${displayClusterStatus(cluster.status)}`;
    }
    case 'evict-leaders':
      return params.component === 'TIKV'
        ? `evicted the region leaders of ${plural(await replicas(tx, p.cluster_id, 'TIKV'), 'TiKV store')}, one at a time`
        : `${String(params.component)} holds no region leaders: nothing to evict`;
    case 'rolling-restart': {
      const component = String(params.component);
      return `restarted ${plural(await replicas(tx, p.cluster_id, component), `${component} instance`)}, one at a time`;
    }
    case 'provision-stores': {
      const before = await replicas(tx, p.cluster_id, 'TIKV');
      const after = before + Number(params.add_nodes);
      if (after > TIKV_MAX_REPLICAS)
        throw new Error(`the cluster would run ${after} TiKV nodes (at most ${TIKV_MAX_REPLICAS})`);
      await setClusterComponentReplicas(tx, p.cluster_id, 'TIKV', after);
      return `TiKV scaled out from ${before} to ${after} stores`;
    }
    case 'balance-regions':
      return `regions balanced onto the ${plural(Number(params.add_nodes), 'new store')}`;
    case 'transfer-leader':
      return `PD leader transferred to ${String(params.target_member)}`;
    case 'raise-limits':
      return `region-schedule-limit raised to ${Number(params.region_schedule_limit)}, leader-schedule-limit to 8`;
    case 'wait-balance':
      return `region scores of ${plural(await replicas(tx, p.cluster_id, 'TIKV'), 'TiKV store')} within 5% of each other`;
    case 'restore-limits':
      return 'schedule limits restored to the cluster’s configuration';
    case 'drain-connections':
      return `${String(params.instance)} drained: new connections go to the other TiDB instances`;
    case 'replace-instance':
      return `${String(params.instance)} replaced by a fresh instance`;
    case 'verify':
      return verify(tx, p);
    default:
      return '';
  }
}

/** The last step: the cluster is still reachable, and the ticket succeeds (with its event). */
async function verify(tx: Db, p: RunParams): Promise<string> {
  const cluster = await getCluster(tx, p.cluster_id).catch(() => null);
  if (!cluster || isUnreachable(cluster.status))
    throw new Error(
      `verification failed: cluster ${p.cluster_id} is ${cluster ? displayClusterStatus(cluster.status) : 'gone'}`,
    );
  await finish(tx, p, 'succeeded', null);
  return `cluster ${cluster.name} is ${displayClusterStatus(cluster.status)}; ${describeRemediation(p.action, p.params)} done`;
}

/** Moves a running ticket to its outcome, with its audit row and the `remediation.completed` event. */
async function finish(
  tx: Db,
  p: RunParams,
  status: 'succeeded' | 'failed',
  reason: string | null,
  operationId?: string,
): Promise<void> {
  const n = parseTicketId(p.ticket_id);
  const row = n === undefined ? undefined : await repo.findTicket(tx, n, true);
  if (!row || row.status !== 'running' || (operationId && row.operationId !== operationId)) return;
  const at = new Date();
  await repo.updateTicket(tx, row.number, { status, statusReason: reason, finishedAt: at, updatedAt: at });
  await audit(
    tx,
    row.number,
    SYSTEM,
    status,
    {
      operation_id: row.operationId,
      ...(reason ? { reason } : {}),
      before: { status: 'running' },
      after: { status, status_reason: reason },
    },
    at,
  );
  const what = describeRemediation(p.action, p.params);
  await publishEvent(tx, {
    type: 'remediation.completed',
    subjectType: 'remediation_ticket',
    subjectId: p.ticket_id,
    title: `Remediation ${p.ticket_id} ${status}: ${what} on ${row.clusterName}`,
    summary: reason ?? `${what} on cluster ${row.clusterName} (${row.clusterId}) succeeded.`,
    link: ticketPath(p.ticket_id),
    recipients: [row.applicant],
    tenantId: row.tenantId,
    clusterIds: [row.clusterId],
    actor: SYSTEM,
    occurredAt: at,
  });
}

const failTicket = (step: StepContext, reason: string) =>
  finish(step.tx, step.operation.params as RunParams, 'failed', reason, step.operation.id);

export function runOperation(ctx: Pick<AppContext, 'controlPlane'>): OperationDefinition {
  return {
    type: RUN_OPERATION,
    steps: RUN_STEPS.map((s) =>
      s.name === REMEDIATION_CONFIRM_STEP.name
        ? { ...s, manual: true }
        : {
            ...s,
            durationMs: ctx.controlPlane.stepDuration(RUN_OPERATION, s.name),
            run: (step: StepContext) => runStep(step.tx, s.name, step.operation.params as RunParams),
          },
    ),
    onFail: (step, error) => failTicket(step, `The remediation operation ${step.operation.id} failed: ${error}`),
    onCancel: (step) => failTicket(step, `The remediation operation ${step.operation.id} was cancelled`),
  };
}
