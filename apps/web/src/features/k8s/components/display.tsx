import { Link } from 'react-router';
import { K8S_CLUSTER_STATUS_COLORS, K8S_HEALTH_COLORS, K8S_TASK_STATUS_COLORS } from '@portal/contract';
import type { K8sBatchStatus } from '@portal/contract';
import { operationPath } from '../../../shared/ui/OperationSubmitted';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';

/*
 * The area's tags take their colours from the contract's tables: its words (pending, cancelled…) mean other things
 * elsewhere, where the shell's shared colours would apply.
 */

const colorOf = (table: Readonly<Record<string, string>>, status: string) => table[status] ?? 'default';

/** A task's status (K8S_TASK_STATUSES). */
export function TaskStatusTag({ status }: { status: string }) {
  return <StatusTag status={status} color={colorOf(K8S_TASK_STATUS_COLORS, status)} />;
}

/** A k8s cluster's status inside a task (K8S_CLUSTER_STATUSES). */
export function ClusterStatusTag({ status }: { status: string }) {
  return <StatusTag status={status} color={colorOf(K8S_CLUSTER_STATUS_COLORS, status)} />;
}

const BATCH_COLORS: Record<K8sBatchStatus, string> = {
  pending: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  skipped: 'default',
};

export function BatchStatusTag({ status }: { status: K8sBatchStatus }) {
  return <StatusTag status={status} color={BATCH_COLORS[status]} />;
}

export function HealthTag({ health }: { health: string }) {
  return <StatusTag status={health} color={colorOf(K8S_HEALTH_COLORS, health)} />;
}

/** `1.28 → 1.29`, or the version alone when it does not move. */
export function VersionMove({ from, to }: { from: string; to: string }) {
  if (from === to) return <Text code>{to}</Text>;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Text code>{from}</Text> → <Text code>{to}</Text>
    </span>
  );
}

/** An operation id linked to /operations/{id}; "-" when there is none yet. */
export function OperationLink({ id }: { id: string | null }) {
  return id ? <Link to={operationPath(id)}>{id}</Link> : <span>-</span>;
}
