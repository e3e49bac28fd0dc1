import { Tag } from 'antd';
import { displayClusterStatus } from '@portal/contract';

const COLORS: Record<string, string> = {
  ACTIVE: 'success',
  AVAILABLE: 'success',
  APPROVED: 'success',
  APPLIED: 'green',
  SUCCESS: 'success',
  SUCCEEDED: 'success',
  NORMAL: 'success',
  FINISHED: 'default',
  ENABLED: 'success',
  CREATING: 'processing',
  MODIFYING: 'processing',
  RESUMING: 'processing',
  APPLYING: 'blue',
  RUNNING: 'processing',
  WAITING: 'warning',
  UPGRADING: 'processing',
  RESTARTING: 'processing',
  SHUTTING_DOWN: 'warning',
  WARNING: 'warning',
  MAINTAINING: 'warning',
  PENDING: 'warning',
  APPROVING: 'orange',
  PAUSED: 'default',
  SUSPENDED: 'warning',
  CLOSING: 'warning',
  CLOSED: 'default',
  DISABLED: 'default',
  DELETING: 'error',
  DELETED: 'default',
  UNAVAILABLE: 'error',
  REJECTED: 'error',
  FAILED: 'error',
  ERROR: 'error',
  STOPPED: 'default',
  CANCELED: 'default',
  CANCELLED: 'default',
  WITHDRAWN: 'red',
  TERMINATED: 'red',
};

export interface StatusTagProps {
  status: string | null | undefined;
  /** Overrides the colour chosen from the status. */
  color?: string;
}

/** A status as a coloured tag; cluster statuses lose their USER_CLUSTER_STATUS_ prefix. */
export function StatusTag({ status, color }: StatusTagProps) {
  if (!status) return <span>-</span>;
  const label = displayClusterStatus(status);
  return (
    <Tag color={color ?? COLORS[label.toUpperCase()] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
}

/** Enabled / Disabled as a tag. */
export function EnabledTag({ enabled }: { enabled: boolean }) {
  return <StatusTag status={enabled ? 'Enabled' : 'Disabled'} />;
}
