import type { ReactNode } from 'react';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';

const ICONS = {
  error: <CloseCircleFilled style={{ color: '#ff4d4f' }} />,
  warning: <ExclamationCircleFilled style={{ color: '#faad14' }} />,
  info: <InfoCircleFilled style={{ color: '#1677ff' }} />,
  success: <CheckCircleFilled style={{ color: '#52c41a' }} />,
};

export interface ResultMessageProps {
  status: keyof typeof ICONS;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  /** Smaller, for inside tables and cards. */
  compact?: boolean;
}

/**
 * A Result-style message (icon, title, subtitle, actions). Lighter than antd's Result, whose
 * illustrations would weigh on the first page load; used where the sign-in path needs one.
 */
export function ResultMessage({ status, title, subTitle, extra, compact }: ResultMessageProps) {
  return (
    <div
      className={compact ? 'result-message result-message-compact' : 'result-message'}
      role={status === 'error' ? 'alert' : 'status'}
    >
      <div className="result-message-icon">{ICONS[status]}</div>
      <div className="result-message-title">{title}</div>
      {subTitle ? <div className="result-message-subtitle">{subTitle}</div> : null}
      {extra ? <div className="result-message-extra">{extra}</div> : null}
    </div>
  );
}
