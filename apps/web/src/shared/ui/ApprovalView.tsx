import { Button, Descriptions, Empty, Flex, Input, Skeleton, Timeline, Tooltip, Typography } from 'antd';
import type { TimelineItemProps } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approvalRoutes, canDecide } from '@portal/contract';
import type { Approval, ApprovalNode, ApprovalStatus, ApprovalTask } from '@portal/contract';
import { useProfile } from '../api/profile';
import { feedback } from '../lib/feedback';
import { http, pathOf } from '../lib/http';
import { confirmAction } from './ConfirmButton';
import { ErrorState } from './ErrorState';
import { DateText } from './Formatted';
import { StatusTag } from './StatusTag';

export const approvalKeys = {
  all: ['approvals'] as const,
  detail: (id: string) => ['approvals', 'detail', id] as const,
};

/** GET /api/v1/devops/approval/approvals/:id → `{ approval }` (spec §7: approval responses read an approval object). */
export const approvalQuery = (id: string) =>
  queryOptions({
    queryKey: approvalKeys.detail(id),
    queryFn: ({ signal }) =>
      http.get<{ approval: Approval }>(pathOf(approvalRoutes.detail, { id }), { signal }).then((r) => r.approval),
  });

type Decision = 'approve' | 'reject';

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
        <Typography.Text strong>{task.user_email}</Typography.Text>
        <StatusTag status={task.status} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <DateText value={task.start_at} withTime /> ~ <DateText value={task.end_at} withTime />
        </Typography.Text>
      </Flex>
      {task.comment ? (
        <Typography.Paragraph type="secondary" style={{ margin: '2px 0 0' }}>
          {task.comment}
        </Typography.Paragraph>
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
          <Typography.Text strong>{node.name}</Typography.Text>
          <StatusTag status={node.status} />
        </Flex>
        {node.tasks.length ? (
          node.tasks.map((task, i) => <TaskLine key={`${task.user_email}-${i}`} task={task} />)
        ) : (
          <Typography.Text type="secondary">No approvers</Typography.Text>
        )}
      </div>
    ),
  };
}

/**
 * The Approval view of spec §2, built once: facts, a timeline of nodes with their tasks, and Approve /
 * Reject — enabled only for an approver of the first PENDING node (`canDecide`), each confirmed first.
 */
export function ApprovalView({ approvalId, onDecided }: ApprovalViewProps) {
  const client = useQueryClient();
  const { profile } = useProfile();
  const query = useQuery({ ...approvalQuery(approvalId ?? ''), enabled: Boolean(approvalId) });
  const decide = useMutation({
    mutationFn: ({ decision, comment }: { decision: Decision; comment: string }) =>
      http
        .post<{ approval: Approval }>(
          pathOf(approvalRoutes[decision], { id: approvalId ?? '' }),
          comment ? { comment } : {},
        )
        .then((r) => r.approval),
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
  const allowed = canDecide(approval, profile?.email);
  const why = allowed
    ? undefined
    : approval.status !== 'PENDING'
      ? `The approval is ${approval.status}`
      : 'Only an approver of the current approval step can decide';

  const ask = (decision: Decision) => {
    let comment = '';
    confirmAction({
      title: decision === 'approve' ? 'Are you sure to approve?' : 'Are you sure to reject?',
      content: (
        <Input.TextArea
          aria-label="Comment"
          placeholder="Comment (optional)"
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(e) => {
            comment = e.target.value.trim();
          }}
        />
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
            { key: 'template', label: 'From Template', children: approval.from_template },
            { key: 'applicant', label: 'Applicant', children: approval.applicant },
          ]}
        />
        <Flex gap={8}>
          <Tooltip title={why}>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              disabled={!allowed}
              loading={decide.isPending && decide.variables?.decision === 'approve'}
              onClick={() => ask('approve')}
            >
              Approve
            </Button>
          </Tooltip>
          <Tooltip title={why}>
            <Button
              danger
              icon={<CloseOutlined />}
              disabled={!allowed}
              loading={decide.isPending && decide.variables?.decision === 'reject'}
              onClick={() => ask('reject')}
            >
              Reject
            </Button>
          </Tooltip>
        </Flex>
      </Flex>
      <Timeline style={{ marginTop: 16 }} items={approval.nodes.map(nodeItem)} />
    </div>
  );
}
