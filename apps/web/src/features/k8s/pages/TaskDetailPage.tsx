import { useState } from 'react';
import { Alert, Button, Flex } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { canDoOnK8sTask, k8sApi, K8S_MESSAGES } from '@portal/contract';
import type { K8sUpgradeTaskDetail } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { Text } from '../../../shared/ui/Typography';
import { LiveOperation } from '../../operations/lazy';
import { useDeleteTask, useK8sTask, useTaskCommand } from '../api';
import { BatchesView } from '../components/BatchesView';
import { TaskStatusTag } from '../components/display';
import { TaskProgressText } from '../components/TaskProgressText';

const TaskDialog = lazyDialog(() => import('../components/TaskDialog').then((m) => m.TaskDialog));
const ExcludeDialog = lazyDialog(() => import('../components/ExcludeDialog').then((m) => m.ExcludeDialog));

function generationText(g: NonNullable<K8sUpgradeTaskDetail['generation']>): string {
  const where = [g.provider, g.region, g.environment].filter(Boolean).join(' · ');
  return `Below ${g.below_version}, ${g.batch_size} per batch${where ? `, ${where}` : ''}`;
}

/** The upgrades under way in the task's current batch, each with its operation's live progress. */
function CurrentBatch({ task }: { task: K8sUpgradeTaskDetail }) {
  const batch = task.batches.find((b) => b.index === task.current_batch);
  const upgrading = batch?.clusters.filter((c) => c.status === 'upgrading' && c.operation_id) ?? [];
  if (!batch || !upgrading.length) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} role="region" aria-label="Current batch">
      {upgrading.map((c) => (
        <LiveOperation
          key={c.k8s_name}
          operationId={c.operation_id!}
          what={`Batch ${batch.index}: upgrading ${c.k8s_name} to ${task.target_version}`}
        />
      ))}
    </Flex>
  );
}

/**
 * /k8sUpgradeTask/:taskId: a task's facts, its batches (each cluster linked to its upgrade in the task, Exclude on
 * the pending ones), the current batch's upgrades live, and Edit / Submit / Cancel / Close / Delete enabled from the
 * contract's K8S_TASK_STATE_ACTIONS; Audit Logs. Re-read every second while it runs.
 */
export function TaskDetailPage() {
  const id = useParams().taskId ?? '';
  const navigate = useNavigate();
  const can = useCan();
  const { data: task, isLoading, isFetching, error, refetch } = useK8sTask(id);
  const command = useTaskCommand(id);
  const remove = useDeleteTask(id);
  const [editing, setEditing] = useState(false);
  const [excluding, setExcluding] = useState<string | null>(null);
  const allowed = (action: Parameters<typeof canDoOnK8sTask>[1]) =>
    task ? canDoOnK8sTask(task.status, action) : false;
  const busy = (c: string) => command.isPending && command.variables === c;

  const actions = task ? (
    <>
      {can(k8sApi.updateTask) ? (
        <Button
          icon={<EditOutlined />}
          disabled={!allowed('edit')}
          onPointerEnter={TaskDialog.preload}
          onClick={() => setEditing(true)}
        >
          Edit
        </Button>
      ) : null}
      {can(k8sApi.submit) ? (
        <ConfirmButton
          type="primary"
          icon={<SendOutlined />}
          disabled={!allowed('submit')}
          loading={busy('submit')}
          confirmTitle={`Submit upgrade task ${task.id}?`}
          confirmContent={`Its ${task.batch_count} batches upgrade to ${task.target_version} one after another; a failed batch stops the later ones.`}
          okText="Submit"
          onConfirm={() => command.mutateAsync('submit').catch(() => undefined)}
        >
          Submit
        </ConfirmButton>
      ) : null}
      {can(k8sApi.cancel) ? (
        <ConfirmButton
          danger
          icon={<StopOutlined />}
          disabled={!allowed('cancel')}
          loading={busy('cancel')}
          confirmTitle={`Cancel upgrade task ${task.id}?`}
          confirmContent={K8S_MESSAGES.cancelConfirm}
          okText="Cancel the task"
          onConfirm={() => command.mutateAsync('cancel').catch(() => undefined)}
        >
          Cancel
        </ConfirmButton>
      ) : null}
      {can(k8sApi.close) ? (
        <ConfirmButton
          icon={<CheckCircleOutlined />}
          disabled={!allowed('close')}
          loading={busy('close')}
          confirmTitle={`Close upgrade task ${task.id}?`}
          confirmContent="A closed task keeps its history; it can only be deleted afterwards."
          okText="Close"
          onConfirm={() => command.mutateAsync('close').catch(() => undefined)}
        >
          Close
        </ConfirmButton>
      ) : null}
      {can(k8sApi.deleteTask) ? (
        <ConfirmButton
          danger
          icon={<DeleteOutlined />}
          disabled={!allowed('delete')}
          loading={remove.isPending}
          confirmTitle={`Delete upgrade task ${task.id}?`}
          confirmContent={K8S_MESSAGES.deleteConfirm}
          okText="Delete"
          onConfirm={() =>
            remove
              .mutateAsync()
              .then(() => navigate('/k8sUpgradeTask'))
              .catch(() => undefined)
          }
        >
          Delete
        </ConfirmButton>
      ) : null}
      <ReloadButton loading={isFetching && task.status !== 'running'} onReload={refetch}>
        Refresh
      </ReloadButton>
    </>
  ) : null;

  return (
    <>
      <DetailLayout
        title={task ? `Upgrade Task ${task.id}: ${task.name}` : `Upgrade Task ${id}`}
        tags={task ? <TaskStatusTag status={task.status} /> : null}
        loading={isLoading}
        error={task ? undefined : error}
        onRetry={() => void refetch()}
        extra={actions}
        descriptions={
          task && [
            { key: 'id', label: 'ID', children: <Text copyable>{task.id}</Text> },
            { key: 'name', label: 'Name', children: task.name },
            { key: 'status', label: 'Status', children: <TaskStatusTag status={task.status} /> },
            { key: 'target', label: 'Target Version', children: <Text code>{task.target_version}</Text> },
            { key: 'verification', label: 'Verification', children: task.verification },
            {
              key: 'batch',
              label: 'Current Batch',
              children: task.current_batch
                ? `${task.current_batch} of ${task.batch_count}`
                : `- of ${task.batch_count}`,
            },
            { key: 'progress', label: 'Progress', children: <TaskProgressText progress={task.progress} /> },
            {
              key: 'generation',
              label: 'Generated',
              children: task.generation ? generationText(task.generation) : 'By hand',
            },
            { key: 'created_by', label: 'Created By', children: task.created_by },
            { key: 'created', label: 'Created At', children: <DateText value={task.created_at} withTime /> },
            { key: 'submitted', label: 'Submitted At', children: <DateText value={task.submitted_at} withTime /> },
            { key: 'finished', label: 'Finished At', children: <DateText value={task.finished_at} withTime /> },
            { key: 'closed', label: 'Closed At', children: <DateText value={task.closed_at} withTime /> },
            // Last, over the rest of the row: a long description does not squeeze the facts' columns.
            { key: 'description', label: 'Description', span: 'filled', children: task.description || '-' },
          ]
        }
        tabs={
          task
            ? [
                {
                  key: 'batches',
                  label: `Batches (${task.batch_count})`,
                  children: (
                    <BatchesView
                      task={task}
                      onExclude={can(k8sApi.exclude) ? (name) => setExcluding(name) : undefined}
                    />
                  ),
                },
                {
                  key: 'audit',
                  label: 'Audit Logs',
                  children: <AuditLogTab type="k8s_upgrade_task" instanceId={task.id} />,
                },
              ]
            : undefined
        }
      >
        {task?.reason ? (
          <Alert
            type={task.status === 'failed' ? 'error' : 'warning'}
            showIcon
            title={task.status === 'failed' ? 'The task failed' : 'Reason'}
            description={task.reason}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        {task ? <CurrentBatch task={task} /> : null}
        {task && error ? (
          <Alert type="warning" showIcon title="Refreshing the task failed; showing the last known state." />
        ) : null}
      </DetailLayout>
      {task ? (
        <TaskDialog open={editing} task={task} onClose={() => setEditing(false)} onDone={() => setEditing(false)} />
      ) : null}
      <ExcludeDialog open={excluding !== null} taskId={id} k8sName={excluding} onClose={() => setExcluding(null)} />
    </>
  );
}
