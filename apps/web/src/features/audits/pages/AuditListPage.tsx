import { Tag } from 'antd';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { AUDIT_TYPES } from '@portal/contract';
import type { AdminAuditListQuery, AuditLog, AuditType } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import { DateRangeFilter } from '../../../shared/ui/DateRangeFilter';
import { DateText } from '../../../shared/ui/Formatted';
import { AuditInstanceLink } from '../../../shared/ui/ObjectLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { useAdminAuditLogs } from '../api';
import { AuditDetails } from '../components/AuditDetails';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { Panel } from '../../../shared/ui/Panel';
import { SelectFilter } from '../../../shared/ui/SelectFilter';

const isAuditType = (v: string): v is AuditType => (AUDIT_TYPES as readonly string[]).includes(v);

const columns: DataColumns<AuditLog> = [
  {
    title: 'Operate At (UTC)',
    dataIndex: 'operate_at',
    key: 'operate_at',
    sorter: true,
    render: (value: string) => <DateText value={value} withTime />,
  },
  { title: 'Type', dataIndex: 'type', key: 'type', render: (type: string) => <Tag>{type}</Tag> },
  {
    title: 'Instance ID',
    dataIndex: 'instance_id',
    key: 'instance_id',
    // Linked to the object's page when the area owning the type declared one (`auditLinks` in its manifest).
    render: (id: string, row) => <AuditInstanceLink type={row.type} id={id} />,
  },
  { title: 'Operator', dataIndex: 'operator', key: 'operator' },
  { title: 'Operation', dataIndex: 'operation', key: 'operation' },
];

/** /audits (admin only): every audit log, newest first, filterable by type, object, operator and UTC dates. */
export function AuditListPage() {
  const list = useListParams({ type: '', instance_id: '', operator: '', from: '', to: '', sort: '-operate_at' });
  const { type, instance_id, operator, from, to, ...paging } = list.params;
  const query = useAdminAuditLogs({
    ...paging,
    sort: paging.sort as AdminAuditListQuery['sort'],
    type: isAuditType(type) ? type : undefined,
    instance_id: instance_id || undefined,
    operator: operator || undefined,
    from: from || undefined,
    to: to || undefined,
  });
  const filtered = Boolean(type || instance_id || operator || from || to);

  return (
    <>
      <PageHeader
        title="Audit Logs"
        description="Every change made through the portal: who did what, when, and the values before and after."
      />
      <Panel>
        <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
          <SelectFilter<AuditType>
            showSearch
            id="audit-type-filter"
            label="Audit type"
            placeholder="Type"
            width={260}
            value={isAuditType(type) ? type : undefined}
            options={AUDIT_TYPES.map((value) => ({ value, label: value }))}
            onChange={(value) => list.setFilters({ type: value ?? '' })}
          />
          <SearchInput
            value={instance_id}
            onSearch={(value) => list.setFilters({ instance_id: value }, { replace: true })}
            placeholder="Instance ID"
            width={200}
          />
          <SearchInput
            value={operator}
            onSearch={(value) => list.setFilters({ operator: value }, { replace: true })}
            placeholder="Operator email"
            width={240}
          />
          {/* Days in UTC: the URL's YYYY-MM-DD means that UTC day. */}
          <DateRangeFilter
            aria-label="Operate date range (UTC)"
            from={from}
            to={to}
            onChange={(start, end) => list.setFilters({ from: start, to: end })}
          />
        </ListToolbar>
        <DataTable<AuditLog>
          aria-label="Audit logs"
          columns={columns}
          query={query}
          list={list}
          emptyText={filtered ? 'No audit logs match these filters' : 'No audit logs yet'}
          expandable={{
            rowExpandable: (row) => row.details !== undefined && row.details !== null,
            expandedRowRender: (row) => <AuditDetails details={row.details} />,
          }}
        />
      </Panel>
    </>
  );
}
