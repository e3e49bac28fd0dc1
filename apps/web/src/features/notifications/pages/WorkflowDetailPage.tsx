import { useState } from 'react';
import { Alert, Button } from 'antd';
import {
  BarChartOutlined,
  DeleteOutlined,
  EditOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import {
  canNotificationWorkflow,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_MESSAGES,
  notificationsApi,
  PORTAL_EVENT_LABELS,
} from '@portal/contract';
import type { NotificationWorkflow } from '@portal/contract';
import { chatMessagesKeys } from '../../../shared/api/chatMessages';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { ChatMessagesPanel } from '../../../shared/ui/ChatMessagesPanel';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { EnabledTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';
import { auditsKeys } from '../../audits';
import { notificationKeys, useDeleteWorkflow, useToggleWorkflow, useWorkflow } from '../api';
import { DeliveriesTable } from '../components/DeliveriesTable';
import { EmailOutboxTable } from '../components/EmailOutboxTable';
import { workflowStatisticsPath } from '../paths';
import '../notifications.css';

const WorkflowFormDialog = lazyDialog(() =>
  import('../components/WorkflowFormDialog').then((m) => m.WorkflowFormDialog),
);

const M = NOTIFICATION_MESSAGES;

function Audience({ w }: { w: NotificationWorkflow }) {
  const a = w.audience;
  const lines = [
    a.event_recipients ? "The event's recipients" : null,
    a.roles.length ? `Roles: ${a.roles.join(', ')}` : null,
    a.users.length ? `Users: ${a.users.join(', ')}` : null,
  ].filter(Boolean);
  if (!lines.length) return <Text type="secondary">{w.channels.includes('chat') ? 'The chat only' : '-'}</Text>;
  return (
    <span>
      {lines.map((line, i) => (
        <span key={i}>
          {i ? <br /> : null}
          {line}
        </span>
      ))}
    </span>
  );
}

/** Enable / Disable / Delete, as the contract's state table allows; each says how it went in a toast. */
function WorkflowActions({ w, onEdit }: { w: NotificationWorkflow; onEdit(): void }) {
  const can = useCan();
  const navigate = useNavigate();
  const toggle = useToggleWorkflow(w.id);
  const remove = useDeleteWorkflow(w.id);
  return (
    <>
      {can(notificationsApi.update) ? (
        <Button
          icon={<EditOutlined />}
          disabled={!canNotificationWorkflow(w.enabled, 'edit')}
          onPointerEnter={WorkflowFormDialog.preload}
          onClick={onEdit}
        >
          Edit
        </Button>
      ) : null}
      {can(notificationsApi.enable) && canNotificationWorkflow(w.enabled, 'enable') ? (
        <Button
          icon={<PlayCircleOutlined />}
          loading={toggle.isPending}
          onClick={() => toggle.mutate(true, { onSuccess: () => void feedback().message.success(M.enabled) })}
        >
          Enable
        </Button>
      ) : null}
      {can(notificationsApi.disable) && canNotificationWorkflow(w.enabled, 'disable') ? (
        <ConfirmButton
          icon={<PauseCircleOutlined />}
          confirmTitle={`Disable the workflow ${w.name}?`}
          confirmContent="It stops sending until it is enabled again; events meanwhile are not sent later."
          okText="Disable"
          onConfirm={async () => {
            await toggle.mutateAsync(false);
            feedback().message.success(M.disabled);
          }}
        >
          Disable
        </ConfirmButton>
      ) : null}
      {can(notificationsApi.remove) ? (
        <ConfirmButton
          danger
          icon={<DeleteOutlined />}
          disabled={!canNotificationWorkflow(w.enabled, 'delete')}
          confirmTitle={`Delete the workflow ${w.name}?`}
          confirmContent="Its deliveries and statistics go with it."
          okText="Delete"
          onConfirm={async () => {
            await remove.mutateAsync();
            feedback().message.success(M.deleted);
            void navigate('/notification');
          }}
        >
          Delete
        </ConfirmButton>
      ) : null}
    </>
  );
}

/**
 * /notification/detail/:workflowId: one notification workflow — its settings (Edit opens the workflow form), Enable,
 * Disable and Delete as its state allows, a link to its statistics, and its recent deliveries (filters in the URL),
 * the emails and chat messages it sent, and its audit logs.
 */
export function WorkflowDetailPage() {
  const id = useParams().workflowId ?? '';
  const query = useWorkflow(id);
  const w = query.data;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: notificationKeys.detail(id) });
    void client.invalidateQueries({ queryKey: notificationKeys.deliveries(id) });
    void client.invalidateQueries({ queryKey: notificationKeys.emailOutboxes() });
    void client.invalidateQueries({ queryKey: chatMessagesKeys.all });
    void client.invalidateQueries({ queryKey: auditsKeys.all });
  };
  const statistics = workflowStatisticsPath(id);

  return (
    <DetailLayout
      title={w ? `Workflow: ${w.name}` : `Workflow ${id}`}
      tags={w ? <EnabledTag enabled={w.enabled} /> : null}
      loading={query.isLoading}
      error={w ? undefined : query.error}
      onRetry={() => void query.refetch()}
      extra={
        w ? (
          <>
            <WorkflowActions w={w} onEdit={() => setEditing(true)} />
            <Button
              icon={<BarChartOutlined />}
              href={statistics}
              onClick={(e) => {
                e.preventDefault();
                void navigate(statistics);
              }}
            >
              Statistics
            </Button>
            <ReloadButton loading={query.isFetching} onReload={refresh}>
              Refresh
            </ReloadButton>
          </>
        ) : null
      }
      descriptions={
        w && [
          { key: 'id', label: 'ID', children: <Text copyable>{w.id}</Text> },
          { key: 'trigger', label: 'Trigger', children: PORTAL_EVENT_LABELS[w.trigger] },
          {
            key: 'channels',
            label: 'Channels',
            children: w.channels.map((c) => NOTIFICATION_CHANNEL_LABELS[c]).join(', '),
          },
          { key: 'audience', label: 'Audience', children: <Audience w={w} /> },
          {
            key: 'chat',
            label: 'Chat',
            children: w.channels.includes('chat')
              ? [w.chat_name, w.chat_webhook_url ?? 'the configured chat'].filter(Boolean).join(' · ')
              : '-',
          },
          { key: 'last', label: 'Last Triggered', children: <DateText value={w.last_triggered_at} withTime /> },
          {
            key: 'created',
            label: 'Created',
            children: (
              <span>
                <DateText value={w.created_at} withTime /> <Text type="secondary">{`by ${w.created_by}`}</Text>
              </span>
            ),
          },
          {
            key: 'updated',
            label: 'Updated',
            span: 'filled',
            children: (
              <span>
                <DateText value={w.updated_at} withTime /> <Text type="secondary">{`by ${w.updated_by}`}</Text>
              </span>
            ),
          },
          { key: 'description', label: 'Description', span: 3, children: w.description || '-' },
          { key: 'subject', label: 'Subject', span: 3, children: <Text code>{w.subject}</Text> },
          {
            key: 'body',
            label: 'Body',
            span: 3,
            children: <pre className="wf-template">{w.body}</pre>,
          },
        ]
      }
      tabs={
        w
          ? [
              { key: 'deliveries', label: 'Recent Deliveries', children: <DeliveriesTable workflowId={w.id} /> },
              { key: 'email', label: 'Email Outbox', children: <EmailOutboxTable workflowId={w.id} /> },
              {
                key: 'chat',
                label: 'Chat Messages',
                children: <ChatMessagesPanel sourceType="notification_workflow" sourceId={w.id} />,
              },
              {
                key: 'audit',
                label: 'Audit Logs',
                children: <AuditLogTab type="notification_workflow" instanceId={w.id} />,
              },
            ]
          : undefined
      }
    >
      {w && query.error ? (
        <Alert type="warning" showIcon title="Refreshing the workflow failed; showing the last known state." />
      ) : null}
      {w ? <WorkflowFormDialog open={editing} workflow={w} onClose={() => setEditing(false)} /> : null}
    </DetailLayout>
  );
}
