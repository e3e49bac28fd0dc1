import { lazy, Suspense } from 'react';
import { Button, Descriptions, Empty, Flex, Skeleton, Timeline, Tooltip } from 'antd';
import type { TimelineItemProps } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approvalsApi, canDecide } from '@portal/contract';
import type { Approval, ApprovalNode, ApprovalStatus, ApprovalTask } from '@portal/contract';
import { approvalKeys, approvalQuery, decideApproval, type ApprovalDecision } from '../api/approvals';
import { useProfile } from '../api/profile';
import { feedback } from '../lib/feedback';
import { useCan } from '../lib/useCan';
import { confirmAction } from './ConfirmButton';
import { ErrorState } from './ErrorState';
import { DateText } from './Formatted';
import { StatusTag } from './StatusTag';
import { Paragraph, Text } from './Typography';

// The comment box (antd Input, ≈ 14 KB gzip) loads with the confirmation that shows it.
const ApprovalComment = lazy(() => import('./ApprovalComment').then((m) => ({ default: m.ApprovalComment })));

type Decision = ApprovalDecision;

/** Spec §8 success messages, verbatim. */
export const DECISION_SUCCESS: Record<Decision, string> = {
  approve: 'Successfully Approve',
  reject: 'Successfully Reject',
};

const NODE_COLORS: Record<ApprovalStatus, string> = {
  PENDING: 'blue',
  APPROVED: 'green',
  REJECTED: 'red',
  CANCELED: 'gray',
};

export interface ApprovalViewProps {
  /** The approval of the owning object; null/undefined while it has none (e.g. a change not submitted yet). */
  approvalId: string | null | undefined;
  /**
   * Runs after a successful approve or reject, with the updated approval: invalidate the owning
   * object's queries here (its phase follows the approval).
   */
  onDecided?: (approval: Approval, decision: Decision) => void;
}

function TaskLine({ task }: { task: ApprovalTask }) {
  return (
    <div className="approval-task" data-testid="approval-task">
      <Flex gap={8} align="center" wrap>
        <Text strong>{task.user_email}</Text>
        <StatusTag status={task.status} />
        <Text type="secondary" style={{ fontSize: 12 }}>
          <DateText value={task.start_at} withTime /> ~ <DateText value={task.end_at} withTime />
        </Text>
      </Flex>
      {task.comment ? (
        <Paragraph type="secondary" style={{ margin: '2px 0 0' }}>
          {task.comment}
        </Paragraph>
      ) : null}
    </div>
  );
}

function nodeItem(node: ApprovalNode, index: number): TimelineItemProps {
  return {
    key: `${index}-${node.name}`,
    color: NODE_COLORS[node.status] ?? 'gray',
    content: (
      <div className="approval-node" aria-label={`Approval node ${node.name}`}>
        <Flex gap={8} align="center" style={{ marginBottom: 4 }}>
          <Text strong>{node.name}</Text>
          <StatusTag status={node.status} />
        </Flex>
        {node.tasks.length ? (
          node.tasks.map((task, i) => <TaskLine key={`${task.user_email}-${i}`} task={task} />)
        ) : (
          <Text type="secondary">No approvers</Text>
        )}
      </div>
    ),
  };
}

/**
 * The Approval view of spec §2, built once: facts, a timeline of nodes with their tasks, and Approve /
 * Reject — enabled only for an approver of the first PENDING node (`canDecide`) who is not the applicant and may
 * operate, each confirmed first.
 */
export function ApprovalView({ approvalId, onDecided }: ApprovalViewProps) {
  const client = useQueryClient();
  const { profile } = useProfile();
  const can = useCan();
  const query = useQuery({ ...approvalQuery(approvalId ?? ''), enabled: Boolean(approvalId) });
  const decide = useMutation({
    mutationFn: ({ decision, comment }: { decision: Decision; comment: string }) =>
      decideApproval(approvalId ?? '', decision, comment),
    // Failures open the shared operation-failure dialog (title: the error code).
    onSuccess: (approval, { decision }) => {
      client.setQueryData(approvalKeys.detail(approval.id), approval);
      feedback().message.success(DECISION_SUCCESS[decision]);
      onDecided?.(approval, decision);
    },
  });

  if (!approvalId) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No approval yet" />;
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.error || !query.data)
    return <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />;

  const approval = query.data;
  // Separation of duties (the server refuses it too): the applicant never decides their own request.
  const isApplicant = !!profile && approval.applicant.toLowerCase() === profile.email.toLowerCase();
  const mayOperate = can(approvalsApi.approve) && can(approvalsApi.reject);
  const allowed = canDecide(approval, profile?.email) && !isApplicant && mayOperate;
  const why = allowed
    ? undefined
    : approval.status !== 'PENDING'
      ? `The approval is ${approval.status}`
      : isApplicant
        ? 'You applied for this change: another approver must decide it'
        : !mayOperate
          ? 'Your roles do not allow deciding approvals'
          : 'Only an approver of the current approval step can decide';

  const ask = (decision: Decision) => {
    let comment = '';
    confirmAction({
      title: decision === 'approve' ? 'Are you sure to approve?' : 'Are you sure to reject?',
      content: (
        <Suspense fallback={null}>
          <ApprovalComment
            onChange={(value) => {
              comment = value;
            }}
          />
        </Suspense>
      ),
      okText: decision === 'approve' ? 'Approve' : 'Reject',
      danger: decision === 'reject',
      // The confirmation closes either way; a failure shows in the operation-failure dialog.
      onOk: () => decide.mutateAsync({ decision, comment }).catch(() => undefined),
    });
  };

  return (
    <div className="approval-view" aria-label="Approval">
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          style={{ flex: 1, minWidth: 280 }}
          items={[
            { key: 'id', label: 'ID', children: approval.id },
            { key: 'name', label: 'Name', children: approval.name },
            { key: 'status', label: 'Status', children: <StatusTag status={approval.status} /> },
            { key: 'start', label: 'Start At', children: <DateText value={approval.start_at} withTime /> },
            { key: 'end', label: 'End At', children: <DateText value={approval.end_at} withTime /> },
            {
              key: 'template',
              label: 'From Template',
              // A template name is one word (jump_authorization): never broken across lines.
              children: <span style={{ whiteSpace: 'nowrap' }}>{approval.from_template}</span>,
            },
            { key: 'applicant', label: 'Applicant', children: approval.applicant },
          ]}
        />
        <Flex gap={8}>
          {/* A disabled button gets no pointer events: its wrapper takes the hover that shows why. */}
          <Tooltip title={why}>
            <span className="approval-decision">
              <Button
                type="primary"
                icon={<CheckOutlined />}
                disabled={!allowed}
                style={allowed ? undefined : { pointerEvents: 'none' }}
                loading={decide.isPending && decide.variables?.decision === 'approve'}
                onClick={() => ask('approve')}
              >
                Approve
              </Button>
            </span>
          </Tooltip>
          <Tooltip title={why}>
            <span className="approval-decision">
              <Button
                danger
                icon={<CloseOutlined />}
                disabled={!allowed}
                style={allowed ? undefined : { pointerEvents: 'none' }}
                loading={decide.isPending && decide.variables?.decision === 'reject'}
                onClick={() => ask('reject')}
              >
                Reject
              </Button>
            </span>
          </Tooltip>
        </Flex>
      </Flex>
      <Timeline style={{ marginTop: 16 }} items={approval.nodes.map(nodeItem)} />
    </div>
  );
}
