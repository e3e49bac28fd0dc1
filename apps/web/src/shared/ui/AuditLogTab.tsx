import type { DataColumns } from './DataTable';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditsApi } from '@portal/contract';
import type { AuditListQuery, AuditLog, AuditType } from '@portal/contract';
import { auditsKeys } from '../api/audits';
import { api } from '../lib/api';
import { useListParams } from '../lib/useListParams';
import { DataTable } from './DataTable';
import { DateText } from './Formatted';
import { Paragraph } from './Typography';

export interface AuditLogTabProps {
  /** The audited object type (spec §3 list). */
  type: AuditType;
  instanceId: string;
}

const columns: DataColumns<AuditLog> = [
  { title: 'Operator', dataIndex: 'operator', key: 'operator' },
  { title: 'Operation', dataIndex: 'operation', key: 'operation' },
  {
    title: 'Operate At',
    dataIndex: 'operate_at',
    key: 'operate_at',
    sorter: true,
    render: (value: string) => <DateText value={value} withTime />,
  },
];

/** The audit trail of one object: operator, operation, time, and its details as expandable JSON. */
export function AuditLogTab({ type, instanceId }: AuditLogTabProps) {
  const list = useListParams({ sort: '-operate_at' }, { prefix: 'audit_' });
  const params: AuditListQuery = {
    ...list.request,
    sort: list.request.sort as AuditListQuery['sort'],
    type,
    instance_id: instanceId,
  };
  const query = useQuery({
    queryKey: auditsKeys.trail(params),
    queryFn: ({ signal }) => api(auditsApi.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable<AuditLog>
      aria-label="Audit logs"
      columns={columns}
      query={query}
      list={list}
      emptyText="No audit logs"
      expandable={{
        rowExpandable: (row) => row.details !== undefined && row.details !== null,
        expandedRowRender: (row) => (
          <Paragraph style={{ margin: 0 }}>
            <pre className="json-block">{JSON.stringify(row.details, null, 2)}</pre>
          </Paragraph>
        ),
      }}
    />
  );
}
