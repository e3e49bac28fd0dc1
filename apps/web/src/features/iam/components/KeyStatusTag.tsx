import { Tag } from 'antd';
import type { IamApiKeyStatus } from '@portal/contract';
import { KEY_STATUS_COLORS } from '../lib/paths';

const LABELS: Record<IamApiKeyStatus, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };

export function KeyStatusTag({ status }: { status: IamApiKeyStatus }) {
  return <Tag color={KEY_STATUS_COLORS[status]}>{LABELS[status]}</Tag>;
}
