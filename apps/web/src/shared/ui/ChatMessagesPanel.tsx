import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { CHAT_MESSAGE_STATUS_COLORS, DEFAULT_PAGE_SIZE, eventsApi, formatDateTime } from '@portal/contract';
import type { ChatMessage, ChatMessageListQuery } from '@portal/contract';
import { chatMessagesKeys } from '../api/chatMessages';
import { api } from '../lib/api';
import { DataTable } from './DataTable';
import type { DataColumns, TableListState } from './DataTable';
import { DateText } from './Formatted';
import { Text } from './Typography';

/** How often the list reloads while one of its messages still waits for delivery. */
export const CHAT_MESSAGES_POLL_MS = 5_000;

export interface ChatMessagesPanelProps {
  /** What sent the messages, e.g. `incident` / `INC-1042`, `userbehavior_subscription` / `7`. */
  sourceType: string;
  sourceId: string;
  /** Rows per page (default 10). */
  pageSize?: number;
  emptyText?: string;
}

const columns: DataColumns<ChatMessage> = [
  {
    title: 'Time',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (value: string) => <DateText value={value} withTime />,
  },
  { title: 'Target', dataIndex: 'target', key: 'target', width: 180, ellipsis: true },
  { title: 'Title', dataIndex: 'title', key: 'title', width: 240, ellipsis: true },
  { title: 'Text', dataIndex: 'text', key: 'text', width: 320, ellipsis: true },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (value: ChatMessage['status']) => (
      <Tag color={CHAT_MESSAGE_STATUS_COLORS[value]} style={{ marginInlineEnd: 0 }}>
        {value}
      </Tag>
    ),
  },
  {
    title: 'Attempts',
    dataIndex: 'attempts',
    key: 'attempts',
    align: 'right',
    render: (value: number, row) =>
      row.error ? (
        <span title={row.error}>
          {value} <Text type="danger">(error)</Text>
        </span>
      ) : (
        value
      ),
  },
];

/**
 * The chat messages one object sent (the portal's chat outbox, newest first): time, chat, title, text, delivery
 * status, attempts and the last error. A row expands to the whole text. While any message shown is still queued the
 * list reloads every 5 s, so a message sent a moment ago turns `recorded`, `sent` or `failed` by itself.
 */
export function ChatMessagesPanel({
  sourceType,
  sourceId,
  pageSize = DEFAULT_PAGE_SIZE,
  emptyText = 'No chat messages',
}: ChatMessagesPanelProps) {
  const [page, setPageState] = useState(1);
  const [perPage, setPerPage] = useState(pageSize);
  const [sort, setSortState] = useState<string | undefined>(undefined);
  const list: TableListState = {
    page,
    perPage,
    sort: sort ?? '-created_at',
    setPage: (next, size) => {
      setPageState(next);
      if (size !== undefined) setPerPage(size);
    },
    setSort: (next) => {
      setSortState(next);
      setPageState(1);
    },
  };
  const params: ChatMessageListQuery = {
    page,
    per_page: perPage,
    sort: sort === 'created_at' ? 'created_at' : '-created_at',
    source_type: sourceType,
    source_id: sourceId,
  };
  const query = useQuery({
    queryKey: chatMessagesKeys.list(params),
    queryFn: ({ signal }) => api(eventsApi.chatMessages, { query: params }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      !q.state.error && q.state.data?.items.some((m) => m.status === 'queued') ? CHAT_MESSAGES_POLL_MS : false,
  });
  return (
    <DataTable<ChatMessage>
      aria-label="Chat messages"
      columns={columns}
      query={query}
      list={list}
      size="small"
      emptyText={emptyText}
      expandable={{
        expandedRowRender: (row) => (
          <div>
            <div>
              <Text strong>{row.title}</Text>
            </div>
            <pre className="json-block" style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
              {row.text}
            </pre>
            {row.error ? (
              <div>
                <Text type="danger">Last error: {row.error}</Text>
              </div>
            ) : null}
            <div>
              <Text type="secondary">
                Sent by {row.sender}
                {row.sent_at ? ` · delivered ${formatDateTime(row.sent_at)} UTC` : ''}
              </Text>
            </div>
          </div>
        ),
      }}
    />
  );
}
