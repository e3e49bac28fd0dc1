import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TRIGGERS,
  notificationsApi,
  PORTAL_EVENT_LABELS,
} from '@portal/contract';
import type {
  NotificationChannel,
  NotificationTrigger,
  NotificationWorkflow,
  NotificationWorkflowListQuery,
} from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
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
import { useWorkflows } from '../api';
import { audienceText } from '../lib/describe';
import { workflowPath, workflowStatisticsPath } from '../paths';

const WorkflowFormDialog = lazyDialog(() =>
  import('../components/WorkflowFormDialog').then((m) => m.WorkflowFormDialog),
);

const TRIGGERS = NOTIFICATION_TRIGGERS.map((value) => ({ value, label: PORTAL_EVENT_LABELS[value] }));
const CHANNELS = NOTIFICATION_CHANNELS.map((value) => ({ value, label: NOTIFICATION_CHANNEL_LABELS[value] }));
const STATES = [
  { value: 'true' as const, label: 'Enabled' },
  { value: 'false' as const, label: 'Disabled' },
];

const columns: DataColumns<NotificationWorkflow> = [
  {
    title: 'Name',
    dataIndex: 'name',
    key: 'name',
    sorter: true,
    render: (name: string, row) => (
      <span>
        <Link to={workflowPath(row.id)}>{name}</Link>
        {row.description ? (
          <>
            <br />
            <Text type="secondary" style={{ maxWidth: 220 }} ellipsis={{ tooltip: row.description }}>
              {row.description}
            </Text>
          </>
        ) : null}
      </span>
    ),
  },
  {
    title: 'Trigger / Channels',
    dataIndex: 'trigger',
    key: 'trigger',
    render: (trigger: NotificationTrigger, row) => (
      <span>
        {PORTAL_EVENT_LABELS[trigger]}
        <br />
        <Text type="secondary">{row.channels.map((c) => NOTIFICATION_CHANNEL_LABELS[c]).join(', ')}</Text>
      </span>
    ),
  },
  {
    title: 'Audience',
    key: 'audience',
    render: (_: unknown, row) => (
      <Text style={{ maxWidth: 200 }} ellipsis={{ tooltip: audienceText(row) }}>
        {audienceText(row)}
      </Text>
    ),
  },
  {
    title: 'Status',
    dataIndex: 'enabled',
    key: 'enabled',
    render: (enabled: boolean) => <EnabledTag enabled={enabled} />,
  },
  {
    title: 'Last Triggered',
    dataIndex: 'last_triggered_at',
    key: 'last_triggered_at',
    sorter: true,
    render: (value: string | null) => <DateText value={value} withTime />,
  },
  {
    title: 'Updated At',
    dataIndex: 'updated_at',
    key: 'updated_at',
    sorter: true,
    render: (value: string) => <DateText value={value} />,
  },
  {
    title: 'Actions',
    key: 'actions',
    render: (_: unknown, row) => <Link to={workflowStatisticsPath(row.id)}>Statistics</Link>,
  },
];

/**
 * /notification: the notification workflows (search, trigger, channel and state filters, sort and page in the URL);
 * Create Workflow opens the workflow form and leads to the new workflow's page.
 */
export function WorkflowListPage() {
  const list = useListParams({
    search: '',
    trigger: [] as NotificationTrigger[],
    channel: [] as NotificationChannel[],
    enabled: '',
    sort: '-updated_at',
  });
  const { search, enabled, ...rest } = list.request;
  const query = useWorkflows({
    ...rest,
    sort: rest.sort as NotificationWorkflowListQuery['sort'],
    search: search || undefined,
    enabled: enabled === 'true' || enabled === 'false' ? enabled : undefined,
  });
  const { filters } = list;
  const filtered = Boolean(filters.search || filters.trigger.length || filters.channel.length || filters.enabled);
  const [creating, setCreating] = useState(false);
  const can = useCan();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Notification Workflows"
        description="When a portal event happens, each enabled workflow listening to it sends its message by email, to a chat or to the in-portal inbox (the bell in the header)."
        extra={
          can(notificationsApi.create) ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onPointerEnter={WorkflowFormDialog.preload}
              onClick={() => setCreating(true)}
            >
              Create Workflow
            </Button>
          ) : null
        }
      />
      <Panel>
        <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
          <SearchInput
            value={filters.search}
            onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
            placeholder="Search by name"
            aria-label="Search by name"
            width={240}
          />
          <MultiSelectFilter
            label="Trigger"
            width={240}
            value={filters.trigger}
            options={TRIGGERS}
            onChange={(trigger) => list.setFilters({ trigger })}
          />
          <MultiSelectFilter
            label="Channel"
            width={200}
            value={filters.channel}
            options={CHANNELS}
            onChange={(channel) => list.setFilters({ channel })}
          />
          <SelectFilter
            label="Status"
            width={140}
            value={filters.enabled === 'true' || filters.enabled === 'false' ? filters.enabled : undefined}
            options={STATES}
            onChange={(value) => list.setFilters({ enabled: value ?? '' })}
          />
        </ListToolbar>
        <DataTable<NotificationWorkflow>
          aria-label="Notification workflows"
          columns={columns}
          data={query.data}
          loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
          error={query.error}
          onRetry={() => void query.refetch()}
          list={list}
          emptyText={filtered ? 'No workflows match these filters' : 'No notification workflows'}
        />
      </Panel>
      <WorkflowFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(w) => void navigate(workflowPath(w.id))}
      />
    </>
  );
}
