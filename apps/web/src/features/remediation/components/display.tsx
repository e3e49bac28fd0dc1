import { Tag } from 'antd';
import { REMEDIATION_RISK_COLORS, REMEDIATION_STATUS_COLORS, REMEDIATION_STATUS_LABELS } from '@portal/contract';
import type { RemediationRiskLevel, RemediationStatus } from '@portal/contract';

/** A ticket's status as the contract colours and labels it. */
export function TicketStatusTag({ status }: { status: RemediationStatus }) {
  return (
    <Tag color={REMEDIATION_STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {REMEDIATION_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}

export function RiskTag({ risk }: { risk: RemediationRiskLevel }) {
  return (
    <Tag color={REMEDIATION_RISK_COLORS[risk]} style={{ marginInlineEnd: 0 }}>
      {risk}
    </Tag>
  );
}
