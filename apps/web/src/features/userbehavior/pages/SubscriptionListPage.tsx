import { useState } from 'react';
import { Button, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import {
  PORTAL_EVENT_LABELS,
  TENANT_EVENT_TYPES,
  USERBEHAVIOR_MESSAGE_SOURCE,
  userbehaviorApi,
} from '@portal/contract';
import type {
  TenantEventType,
  UserbehaviorListQuery,
  UserbehaviorScope,
  UserbehaviorSubscription,
} from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { ChatMessagesPanel } from '../../../shared/ui/ChatMessagesPanel';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { SelectFilter } from '../../../shared/ui/SelectFilter';
import { EnabledTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';
import { useSubscriptions } from '../api';
import { EventTypeTags, SubscriptionTenant } from '../components/SubscriptionFacts';
import { useSubscriptionActions } from '../components/useSubscriptionActions';
import { subscriptionPath } from '../paths';

const SubscriptionDialog = lazyDialog(() =>
  import('../components/SubscriptionDialog').then((m) => m.SubscriptionDialog),
);
const AddChatDialog = lazyDialog(() => import('../components/AddChatDialog').then((m) => m.AddChatDialog));

const SCOPE_OPTIONS: { value: UserbehaviorScope; label: string }[] = [
  { value: 'all', label: 'All tenants' },
  { value: 'one', label: 'One tenant' },
];
const ENABLED_OPTIONS = [
  { value: 'true' as const, label: 'Enabled' },
  { value: 'false' as const, label: 'Disabled' },
];
const EVENT_OPTIONS = TENANT_EVENT_TYPES.map((value) => ({ value, label: PORTAL_EVENT_LABELS[value] }));

/** The static columns; Actions is added by the page (it needs the actions' hooks). */
const baseColumns: DataColumns<UserbehaviorSubscription> = [
  {
    title: 'Name',
    dataIndex: 'name',
    key: 'name',
    sorter: true,
    render: (name: string, s) => <Link to={subscriptionPath(s.id)}>{name}</Link>,
  },
  { title: 'Tenant', key: 'tenant', render: (_: unknown, s) => <SubscriptionTenant s={s} /> },
  {
    title: 'Event Types',
    dataIndex: 'event_types',
    key: 'event_types',
    render: (types: TenantEventType[]) => <EventTypeTags types={types} />,
  },
  { title: 'Chat', dataIndex: 'chat_name', key: 'chat_name' },
  { title: 'Status', dataIndex: 'enabled', key: 'enabled', render: (v: boolean) => <EnabledTag enabled={v} /> },
  {
    title: 'Messages',
    dataIndex: 'message_count',
    key: 'message_count',
    align: 'right',
    render: (n: number, s) => (
      <span>
        {n}
        {s.last_message_at ? (
          <>
            <br />
            <Text type="secondary">
              last <DateText value={s.last_message_at} withTime />
            </Text>
          </>
        ) : null}
      </span>
    ),
  },
  {
    title: 'Created At',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (v: string, row) => (
      <span>
        <DateText value={v} withTime />
        <br />
        <Text type="secondary">by {row.created_by}</Text>
      </span>
    ),
  },
];

/**
 * /userbehavior_subscriptions: the subscriptions (filters, sort and page in the URL, 10 per page), each row with its
 * actions and, expanded, the chat messages it sent; New subscription and Add chat open their dialogs.
 */
export function SubscriptionListPage() {
  const list = useListParams({
    search: '',
    scope: '',
    tenant_id: '',
    event_type: [] as TenantEventType[],
    enabled: '',
    sort: '-created_at',
  });
  const { search, scope, tenant_id, event_type, enabled, ...rest } = list.request;
  const query = useSubscriptions({
    ...rest,
    sort: rest.sort as UserbehaviorListQuery['sort'],
    search: search || undefined,
    scope: (scope || undefined) as UserbehaviorScope | undefined,
    tenant_id: tenant_id || undefined,
    event_type: event_type.length ? event_type : undefined,
    enabled: (enabled || undefined) as 'true' | 'false' | undefined,
  });
  const { filters } = list;
  const filtered = Boolean(
    filters.search || filters.scope || filters.tenant_id || filters.event_type.length || filters.enabled,
  );
  const can = useCan();
  const actions = useSubscriptionActions();
  const [editing, setEditing] = useState<UserbehaviorSubscription | 'new' | null>(null);
  const [addingChat, setAddingChat] = useState(false);

  const columns: DataColumns<UserbehaviorSubscription> = [
    ...baseColumns,
    {
      title: 'Actions',
      key: 'actions',
      // Always in view: the table scrolls sideways under it on narrower screens.
      fixed: 'right',
      width: 190,
      render: (_: unknown, s) => (
        <Flex gap={0} wrap>
          {actions.may('edit') ? (
            <Button
              size="small"
              type="link"
              aria-label={`Edit ${s.name}`}
              disabled={!actions.allows(s, 'edit')}
              onPointerEnter={SubscriptionDialog.preload}
              onClick={() => setEditing(s)}
            >
              Edit
            </Button>
          ) : null}
          {actions.may(s.enabled ? 'disable' : 'enable') ? (
            <Button
              size="small"
              type="link"
              danger={s.enabled}
              aria-label={`${s.enabled ? 'Disable' : 'Enable'} ${s.name}`}
              disabled={!actions.allows(s, s.enabled ? 'disable' : 'enable')}
              onClick={() => actions.toggle(s)}
            >
              {s.enabled ? 'Disable' : 'Enable'}
            </Button>
          ) : null}
          {actions.may('mock') ? (
            <Button
              size="small"
              type="link"
              aria-label={`Send test event for ${s.name}`}
              disabled={!actions.allows(s, 'mock')}
              onClick={() => actions.sendTest(s)}
            >
              Send test event
            </Button>
          ) : null}
          {actions.may('delete') ? (
            <Button
              size="small"
              type="link"
              danger
              aria-label={`Delete ${s.name}`}
              disabled={!actions.allows(s, 'delete')}
              onClick={() => actions.remove(s)}
            >
              Delete
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="User-behavior Subscriptions"
        description="Tenant events — sign-ups, clusters created, failed payments — sent to Lark/Feishu chats, once per event."
        extra={
          <>
            {can(userbehaviorApi.addChat) ? (
              <Button onPointerEnter={AddChatDialog.preload} onClick={() => setAddingChat(true)}>
                Add chat
              </Button>
            ) : null}
            {can(userbehaviorApi.create) ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onPointerEnter={SubscriptionDialog.preload}
                onClick={() => setEditing('new')}
              >
                New subscription
              </Button>
            ) : null}
          </>
        }
      />
      <Panel>
        <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
          <SearchInput
            value={filters.search}
            onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
            placeholder="Search by name"
            aria-label="Name"
            width={220}
          />
          <SelectFilter
            label="Tenants"
            width={150}
            value={(filters.scope || undefined) as UserbehaviorScope | undefined}
            options={SCOPE_OPTIONS}
            onChange={(value) => list.setFilters({ scope: value ?? '' })}
          />
          <SearchInput
            value={filters.tenant_id}
            onSearch={(value) => list.setFilters({ tenant_id: value }, { replace: true })}
            placeholder="Tenant ID"
            aria-label="Tenant ID"
            width={220}
          />
          <MultiSelectFilter
            label="Event type"
            width={240}
            value={filters.event_type}
            options={EVENT_OPTIONS}
            onChange={(value) => list.setFilters({ event_type: value })}
          />
          <SelectFilter
            label="Status"
            width={130}
            value={(filters.enabled || undefined) as 'true' | 'false' | undefined}
            options={ENABLED_OPTIONS}
            onChange={(value) => list.setFilters({ enabled: value ?? '' })}
          />
        </ListToolbar>
        <DataTable<UserbehaviorSubscription>
          aria-label="User-behavior subscriptions"
          columns={columns}
          data={query.data}
          loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
          error={query.error}
          onRetry={() => void query.refetch()}
          list={list}
          emptyText={filtered ? 'No subscriptions match these filters' : 'No subscriptions yet'}
          expandable={{
            expandedRowRender: (s) => (
              <ChatMessagesPanel
                sourceType={USERBEHAVIOR_MESSAGE_SOURCE}
                sourceId={s.id}
                emptyText="Nothing sent yet: send a test event"
              />
            ),
          }}
        />
      </Panel>
      <SubscriptionDialog
        open={editing !== null}
        subscription={editing && editing !== 'new' ? editing : undefined}
        onClose={() => setEditing(null)}
      />
      <AddChatDialog open={addingChat} onClose={() => setAddingChat(false)} />
    </>
  );
}
