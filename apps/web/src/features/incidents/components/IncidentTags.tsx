import { Tag } from 'antd';
import {
  INCIDENT_SEVERITY_COLORS,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_COLORS,
  INCIDENT_STATUS_LABELS,
} from '@portal/contract';
import type { IncidentSeverity, IncidentStatus } from '@portal/contract';

/** The severity as a coloured tag (SEV1 · Critical …), from the contract's tables. */
export function SeverityTag({ severity }: { severity: IncidentSeverity }) {
  return (
    <Tag color={INCIDENT_SEVERITY_COLORS[severity]} style={{ marginInlineEnd: 0 }}>
      {INCIDENT_SEVERITY_LABELS[severity]}
    </Tag>
  );
}

/** The status as a coloured tag, from the contract's tables. */
export function IncidentStatusTag({ status }: { status: IncidentStatus }) {
  return (
    <Tag color={INCIDENT_STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {INCIDENT_STATUS_LABELS[status]}
    </Tag>
  );
}
