import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { errorMessage } from '../lib/ApiError';
import { ResultMessage } from './ResultMessage';

export interface ErrorStateProps {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  compact?: boolean;
}

/** A failed load: what went wrong and a Retry button. */
export function ErrorState({ error, title = 'Failed to load', onRetry, compact }: ErrorStateProps) {
  return (
    <ResultMessage
      status="error"
      compact={compact}
      title={title}
      subTitle={errorMessage(error)}
      extra={
        onRetry ? (
          <Button icon={<ReloadOutlined />} onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    />
  );
}
