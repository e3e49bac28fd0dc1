import { Button, Empty, Flex, Steps, Tag } from 'antd';
import type { StepsProps } from 'antd';
import { OPERATION_ACTIONS, TERMINAL_OPERATION_STATUSES } from '@portal/contract';
import type { OperationDetail, OperationStep, StepStatus } from '@portal/contract';
import { DateText } from '../../../shared/ui/Formatted';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';

const STEP_STATUS: Record<StepStatus, NonNullable<StepsProps['status']>> = {
  pending: 'wait',
  running: 'process',
  waiting: 'process',
  succeeded: 'finish',
  failed: 'error',
  cancelled: 'wait',
};

export interface OperationStepsProps {
  operation: OperationDetail;
  /** Start or finish a manual step; absent: read-only. */
  onStep?: (action: 'start' | 'finish', step: OperationStep) => void;
  busy?: boolean;
}

/**
 * Which manual action a step offers now: Start a waiting one, Finish a running one (only while the operation waits).
 */
export function stepAction(operation: Pick<OperationDetail, 'status'>, step: OperationStep): 'start' | 'finish' | null {
  if (!step.manual || !OPERATION_ACTIONS[operation.status].includes('step')) return null;
  if (step.status === 'waiting') return 'start';
  if (step.status === 'running') return 'finish';
  return null;
}

/** The steps of an operation: status, message, start and finish time, and the manual actions. */
export function OperationSteps({ operation, onStep, busy }: OperationStepsProps) {
  if (!operation.steps.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No steps" />;
  const current = Math.max(
    0,
    operation.steps.findIndex((s) => s.status !== 'succeeded'),
  );
  return (
    <Steps
      orientation="vertical"
      size="small"
      current={current}
      items={operation.steps.map((step) => {
        const action = stepAction(operation, step);
        // A step still pending when the operation has ended never ran: say so rather than "pending".
        const notRun = step.status === 'pending' && TERMINAL_OPERATION_STATUSES.includes(operation.status);
        return {
          key: step.seq,
          status: STEP_STATUS[step.status],
          title: (
            <Flex gap={8} align="center" wrap>
              <span>{`${step.seq}. ${step.title}`}</span>
              {notRun ? <Tag>not run</Tag> : <StatusTag status={step.status} />}
              {step.manual ? <Tag color="purple">manual</Tag> : null}
            </Flex>
          ),
          content: (
            <div className="operation-step" aria-label={`Step ${step.seq}`}>
              <Text type="secondary" style={{ fontSize: 12 }}>
                {step.started_at ? (
                  <>
                    <DateText value={step.started_at} withTime /> ~ <DateText value={step.finished_at} withTime />
                  </>
                ) : notRun ? (
                  'Not run: the operation ended before this step'
                ) : (
                  'Not started'
                )}
              </Text>
              {step.message ? <div className="operation-step-message">{step.message}</div> : null}
              {action && onStep ? (
                <Button
                  size="small"
                  type={action === 'finish' ? 'primary' : 'default'}
                  style={{ marginTop: 6 }}
                  loading={busy}
                  onClick={() => onStep(action, step)}
                >
                  {action === 'start' ? 'Start' : 'Finish'}
                </Button>
              ) : null}
            </div>
          ),
        };
      })}
    />
  );
}
