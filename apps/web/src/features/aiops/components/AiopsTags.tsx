import { Tag } from 'antd';
import {
  AIOPS_ISSUE_STATUS_COLORS,
  AIOPS_ISSUE_STATUS_LABELS,
  AIOPS_SEVERITY_COLORS,
  AIOPS_SEVERITY_LABELS,
} from '@portal/contract';
import type { AiopsIssueStatus, AiopsSeverity } from '@portal/contract';

/** The severity as a coloured tag, from the contract's tables. */
export function AiopsSeverityTag({ severity }: { severity: AiopsSeverity }) {
  return (
    <Tag color={AIOPS_SEVERITY_COLORS[severity]} style={{ marginInlineEnd: 0 }}>
      {AIOPS_SEVERITY_LABELS[severity]}
    </Tag>
  );
}

/** The status as a coloured tag, from the contract's tables. */
export function AiopsStatusTag({ status }: { status: AiopsIssueStatus }) {
  return (
    <Tag color={AIOPS_ISSUE_STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {AIOPS_ISSUE_STATUS_LABELS[status]}
    </Tag>
  );
}
