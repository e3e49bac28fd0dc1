import { Alert, Flex } from 'antd';
import { Link } from 'react-router';
import { operationPath } from '../../../shared/ui/OperationSubmitted';
import { useOperation } from '../api';
import { OperationProgress } from './OperationProgress';
import { Text } from '../../../shared/ui/Typography';

/**
 * An operation's progress where the work was started from (e.g. a change that is applying): the bar, the step
 * under way and a link to the operation's page; polled every second until it ends.
 */
export function LiveOperation({ operationId, what }: { operationId: string; what: string }) {
  const query = useOperation(operationId);
  const op = query.data;
  const current = op?.steps.find((s) => s.status === 'running' || s.status === 'waiting' || s.status === 'failed');
  return (
    <Alert
      type={op?.status === 'failed' ? 'error' : 'info'}
      showIcon
      title={
        <Flex gap={12} align="center" wrap>
          <span>{what}</span>
          {op ? <OperationProgress operation={op} width={180} /> : null}
          {current ? <Text type="secondary">{current.title}</Text> : null}
          <Link to={operationPath(operationId)}>Operation {operationId}</Link>
        </Flex>
      }
    />
  );
}
