import { Progress } from 'antd';
import type { Operation } from '@portal/contract';

const STATUS: Record<Operation['status'], 'normal' | 'active' | 'success' | 'exception'> = {
  pending: 'normal',
  running: 'active',
  waiting: 'normal',
  succeeded: 'success',
  failed: 'exception',
  cancelled: 'normal',
};

/** done/total steps as a bar. */
export function OperationProgress({
  operation,
  width = 140,
}: {
  operation: Pick<Operation, 'status' | 'progress'>;
  width?: number;
}) {
  const { done, total } = operation.progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div style={{ width }} aria-label={`${done} of ${total} steps done`}>
      <Progress size="small" percent={percent} status={STATUS[operation.status]} format={() => `${done}/${total}`} />
    </div>
  );
}
