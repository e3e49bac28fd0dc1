import { Tag } from 'antd';
import { displayClusterStatus } from '@portal/contract';
import { useSlots } from '../lib/slots';

/**
 * Colours of a few words any area's status may use. Each area declares its own statuses' colours in its manifest
 * (`statusColors`), which take precedence.
 */
export const GENERIC_STATUS_COLORS: Readonly<Record<string, string>> = {
  ENABLED: 'success',
  DISABLED: 'default',
  SUCCESS: 'success',
  SUCCEEDED: 'success',
  RUNNING: 'processing',
  PENDING: 'warning',
  WARNING: 'warning',
  FAILED: 'error',
  ERROR: 'error',
  APPROVED: 'success',
  REJECTED: 'error',
  CANCELED: 'default',
  CANCELLED: 'default',
  STOPPED: 'default',
  TERMINATED: 'red',
};

export interface StatusTagProps {
  status: string | null | undefined;
  /** Overrides the colour chosen from the status. */
  color?: string;
}

/** A status as a coloured tag; cluster statuses lose their USER_CLUSTER_STATUS_ prefix. */
export function StatusTag({ status, color }: StatusTagProps) {
  const colors = useSlots().statusColors;
  if (!status) return <span>-</span>;
  const label = displayClusterStatus(status);
  const key = label.toUpperCase();
  return (
    <Tag color={color ?? colors[key] ?? GENERIC_STATUS_COLORS[key] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
}

/** Enabled / Disabled as a tag. */
export function EnabledTag({ enabled }: { enabled: boolean }) {
  return <StatusTag status={enabled ? 'Enabled' : 'Disabled'} />;
}
