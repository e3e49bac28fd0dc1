import { Tag } from 'antd';
import { Link } from 'react-router';
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DELIVERY_MAX_ATTEMPTS,
  NOTIFICATION_DELIVERY_STATUS_COLORS,
  NOTIFICATION_DELIVERY_STATUSES,
  PORTAL_EVENT_LABELS,
} from '@portal/contract';
import type {
  NotificationChannel,
  NotificationDelivery,
  NotificationDeliveryListQuery,
  NotificationDeliveryStatus,
} from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { Text } from '../../../shared/ui/Typography';
import { useDeliveries } from '../api';
import { useSubjectPath } from '../lib/subjectPath';

const STATUSES = NOTIFICATION_DELIVERY_STATUSES.map((value) => ({ value, label: value }));
const CHANNELS = NOTIFICATION_CHANNELS.map((value) => ({ value, label: NOTIFICATION_CHANNEL_LABELS[value] }));

export function DeliveryStatusTag({ status }: { status: NotificationDeliveryStatus }) {
  return (
    <Tag color={NOTIFICATION_DELIVERY_STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {status}
    </Tag>
  );
}

function useColumns(): DataColumns<NotificationDelivery> {
  const pathOf = useSubjectPath();
  return [
    {
      title: 'Created At',
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      render: (value: string) => <DateText value={value} withTime />,
    },
    {
      title: 'Event',
      key: 'event',
      render: (_: unknown, row) => {
        const path = pathOf(row);
        return (
          <span>
            <Text style={{ maxWidth: 320 }} ellipsis={{ tooltip: row.event_title }}>
              {path ? <Link to={path}>{row.event_title}</Link> : row.event_title}
            </Text>
            <br />
            <Text type="secondary">{`${PORTAL_EVENT_LABELS[row.event_type]} · event ${row.event_id}`}</Text>
          </span>
        );
      },
    },
    {
      title: 'Channel',
      dataIndex: 'channel',
      key: 'channel',
      render: (channel: NotificationChannel) => NOTIFICATION_CHANNEL_LABELS[channel],
    },
    { title: 'Recipient', dataIndex: 'recipient', key: 'recipient', width: 220, ellipsis: true },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: NotificationDeliveryStatus, row) => (
        <span>
          <DeliveryStatusTag status={status} />
          {row.attempts > 1 || row.error ? (
            <>
              <br />
              <Text type={row.error ? 'danger' : 'secondary'}>
                {`${row.attempts} / ${NOTIFICATION_DELIVERY_MAX_ATTEMPTS} attempts`}
              </Text>
            </>
          ) : null}
        </span>
      ),
    },
    {
      title: 'Sent / Opened',
      key: 'sent_at',
      render: (_: unknown, row) => (
        <span>
          <DateText value={row.sent_at} withTime />
          <br />
          <DateText value={row.opened_at} withTime />
        </span>
      ),
    },
  ];
}

/** A delivery's details: the message's subject as rendered, its attempts and last error, the chat message. */
function DeliveryDetails({ row }: { row: NotificationDelivery }) {
  return (
    <dl className="wf-delivery">
      <dt>Subject</dt>
      <dd>{row.subject}</dd>
      <dt>Attempts</dt>
      <dd>{`${row.attempts} / ${NOTIFICATION_DELIVERY_MAX_ATTEMPTS}`}</dd>
      {row.error ? (
        <>
          <dt>Last error</dt>
          <dd>
            <Text type="danger">{row.error}</Text>
          </dd>
        </>
      ) : null}
      {row.chat_message_id ? (
        <>
          <dt>Chat message</dt>
          <dd>{`${row.chat_message_id} (Chat Messages tab)`}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * A workflow's recent deliveries, newest first — one row per channel, recipient and event — filtered by status,
 * channel and recipient (kept in the URL). Re-read while any shown is pending, so its outcome shows by itself.
 */
export function DeliveriesTable({ workflowId }: { workflowId: string }) {
  const list = useListParams({
    status: [] as NotificationDeliveryStatus[],
    channel: [] as NotificationChannel[],
    recipient: '',
    sort: '-created_at',
  });
  const { recipient, ...rest } = list.request;
  const query = useDeliveries(workflowId, {
    ...rest,
    sort: rest.sort as NotificationDeliveryListQuery['sort'],
    recipient: recipient || undefined,
  });
  const columns = useColumns();
  const { filters } = list;
  const filtered = Boolean(filters.status.length || filters.channel.length || filters.recipient);
  return (
    <>
      <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        <MultiSelectFilter
          label="Status"
          width={200}
          value={filters.status}
          options={STATUSES}
          onChange={(status) => list.setFilters({ status })}
        />
        <MultiSelectFilter
          label="Channel"
          width={200}
          value={filters.channel}
          options={CHANNELS}
          onChange={(channel) => list.setFilters({ channel })}
        />
        <SearchInput
          value={filters.recipient}
          onSearch={(value) => list.setFilters({ recipient: value }, { replace: true })}
          placeholder="Recipient (exact)"
          aria-label="Recipient"
          width={240}
        />
      </ListToolbar>
      <DataTable<NotificationDelivery>
        aria-label="Deliveries"
        size="small"
        columns={columns}
        data={query.data}
        loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        list={list}
        expandable={{ expandedRowRender: (row) => <DeliveryDetails row={row} /> }}
        emptyText={filtered ? 'No deliveries match these filters' : 'No deliveries yet: none of its events happened'}
      />
    </>
  );
}
