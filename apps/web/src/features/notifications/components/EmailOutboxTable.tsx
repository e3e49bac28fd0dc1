import type { EmailOutboxMessage } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { Text } from '../../../shared/ui/Typography';
import { useEmailOutbox } from '../api';

const columns: DataColumns<EmailOutboxMessage> = [
  {
    title: 'Time',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (value: string) => <DateText value={value} withTime />,
  },
  { title: 'To', dataIndex: 'to', key: 'to', width: 220, ellipsis: true },
  { title: 'Subject', dataIndex: 'subject', key: 'subject', width: 320, ellipsis: true },
  { title: 'From', dataIndex: 'from', key: 'from', width: 200, ellipsis: true },
];

/**
 * The emails a workflow sent while no SMTP server is configured: the embedded outbox keeps each as it would have gone
 * out (a row expands to its body). With SMTP configured, emails leave through it and this stays empty.
 */
export function EmailOutboxTable({ workflowId }: { workflowId: string }) {
  const list = useListParams({ sort: '-created_at' }, { prefix: 'email_' });
  const query = useEmailOutbox({
    page: list.request.page,
    per_page: list.request.per_page,
    sort: list.request.sort === 'created_at' ? 'created_at' : '-created_at',
    workflow_id: workflowId,
  });
  return (
    <DataTable<EmailOutboxMessage>
      aria-label="Email outbox"
      size="small"
      columns={columns}
      data={query.data}
      loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
      error={query.error}
      onRetry={() => void query.refetch()}
      list={list}
      emptyText="No emails in the outbox for this workflow"
      expandable={{
        expandedRowRender: (row) => (
          <div>
            <Text strong>{row.subject}</Text>
            <pre className="json-block" style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
              {row.body}
            </pre>
          </div>
        ),
      }}
    />
  );
}
