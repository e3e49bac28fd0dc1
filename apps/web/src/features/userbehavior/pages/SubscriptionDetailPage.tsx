import { useState } from 'react';
import { Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PORTAL_EVENT_LABELS, USERBEHAVIOR_MESSAGE_SOURCE } from '@portal/contract';
import type { TenantEventType } from '@portal/contract';
import { chatMessagesKeys } from '../../../shared/api/chatMessages';
import { ActionsMenu } from '../../../shared/ui/ActionsMenu';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { ChatMessagesPanel } from '../../../shared/ui/ChatMessagesPanel';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { EnabledTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';
import { auditsKeys } from '../../audits';
import { userbehaviorKeys, useSubscription } from '../api';
import { EventTypeTags, SubscriptionTenant } from '../components/SubscriptionFacts';
import { useSubscriptionActions } from '../components/useSubscriptionActions';
import { USERBEHAVIOR_LIST_PATH } from '../paths';

const SubscriptionDialog = lazyDialog(() =>
  import('../components/SubscriptionDialog').then((m) => m.SubscriptionDialog),
);

/**
 * /userbehavior_subscriptions/:subscriptionId: one subscription — what it watches and where it sends it, its actions
 * (Edit, Enable/Disable, Send test event of any of its event types, Delete), the chat messages it sent (reloading
 * while one is queued) and its audit logs.
 */
export function SubscriptionDetailPage() {
  const id = useParams().subscriptionId ?? '';
  const query = useSubscription(id);
  const s = query.data;
  const client = useQueryClient();
  const navigate = useNavigate();
  const actions = useSubscriptionActions({ onDeleted: () => void navigate(USERBEHAVIOR_LIST_PATH) });
  const [editing, setEditing] = useState(false);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: userbehaviorKeys.detail(id) });
    void client.invalidateQueries({ queryKey: chatMessagesKeys.all });
    void client.invalidateQueries({ queryKey: auditsKeys.all });
  };

  return (
    <>
      <DetailLayout
        title={s ? s.name : `Subscription ${id}`}
        tags={s ? <EnabledTag enabled={s.enabled} /> : null}
        loading={query.isLoading}
        error={s ? undefined : query.error}
        onRetry={() => void query.refetch()}
        extra={
          s ? (
            <>
              {actions.may('mock') ? (
                s.event_types.length > 1 ? (
                  <ActionsMenu
                    label="Send test event"
                    items={s.event_types.map((t) => ({
                      key: t,
                      label: PORTAL_EVENT_LABELS[t],
                      disabled: !actions.allows(s, 'mock'),
                    }))}
                    onClick={({ key }) => actions.sendTest(s, key as TenantEventType)}
                  />
                ) : (
                  <Button
                    type="primary"
                    disabled={!actions.allows(s, 'mock')}
                    loading={actions.busy}
                    onClick={() => actions.sendTest(s)}
                  >
                    Send test event
                  </Button>
                )
              ) : null}
              {actions.may('edit') ? (
                <Button
                  disabled={!actions.allows(s, 'edit')}
                  onPointerEnter={SubscriptionDialog.preload}
                  onClick={() => setEditing(true)}
                >
                  Edit
                </Button>
              ) : null}
              {actions.may(s.enabled ? 'disable' : 'enable') ? (
                <Button
                  danger={s.enabled}
                  disabled={!actions.allows(s, s.enabled ? 'disable' : 'enable')}
                  onClick={() => actions.toggle(s)}
                >
                  {s.enabled ? 'Disable' : 'Enable'}
                </Button>
              ) : null}
              {actions.may('delete') ? (
                <Button danger disabled={!actions.allows(s, 'delete')} onClick={() => actions.remove(s)}>
                  Delete
                </Button>
              ) : null}
              <ReloadButton loading={query.isFetching} onReload={refresh}>
                Refresh
              </ReloadButton>
            </>
          ) : null
        }
        descriptions={
          s && [
            { key: 'id', label: 'ID', children: <Text copyable>{s.id}</Text> },
            { key: 'status', label: 'Status', children: <EnabledTag enabled={s.enabled} /> },
            { key: 'tenant', label: 'Tenant', children: <SubscriptionTenant s={s} /> },
            { key: 'events', label: 'Event Types', children: <EventTypeTags types={s.event_types} /> },
            { key: 'chat', label: 'Chat', children: s.chat_name },
            {
              key: 'messages',
              label: 'Messages Sent',
              children: (
                <span>
                  {s.message_count}
                  {s.last_message_at ? (
                    <Text type="secondary">
                      {' '}
                      · last <DateText value={s.last_message_at} withTime />
                    </Text>
                  ) : null}
                </span>
              ),
            },
            { key: 'by', label: 'Created By', children: s.created_by },
            { key: 'created', label: 'Created At', children: <DateText value={s.created_at} withTime /> },
            { key: 'updated', label: 'Updated At', children: <DateText value={s.updated_at} withTime /> },
          ]
        }
        tabs={
          s
            ? [
                {
                  key: 'messages',
                  label: 'Chat Messages',
                  children: (
                    <ChatMessagesPanel
                      sourceType={USERBEHAVIOR_MESSAGE_SOURCE}
                      sourceId={s.id}
                      emptyText="Nothing sent yet: send a test event"
                    />
                  ),
                },
                {
                  key: 'audit',
                  label: 'Audit Logs',
                  children: <AuditLogTab type="userbehavior_subscription" instanceId={s.id} />,
                },
              ]
            : undefined
        }
      />
      {s ? <SubscriptionDialog open={editing} subscription={s} onClose={() => setEditing(false)} /> : null}
    </>
  );
}
