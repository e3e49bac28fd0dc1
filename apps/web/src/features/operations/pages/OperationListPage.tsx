import type { DataColumns } from '../../../shared/ui/DataTable';
import { Link } from 'react-router';
import { OPERATION_STATUSES } from '@portal/contract';
import type { Operation, OperationListQuery, OperationStatus } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { operationPath } from '../../../shared/ui/OperationSubmitted';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { useOperations } from '../api';
import { OperationProgress } from '../components/OperationProgress';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { Panel } from '../../../shared/ui/Panel';
import { Text } from '../../../shared/ui/Typography';

/** A cell clipped to `maxWidth` with the whole text in a tooltip, so the table fits beside its progress bars. */
const clipped = (maxWidth: number) => (text: string) => (
  <Text style={{ maxWidth }} ellipsis={{ tooltip: text }}>
    {text}
  </Text>
);

const columns: DataColumns<Operation> = [
  {
    title: 'ID',
    dataIndex: 'id',
    key: 'id',
    render: (id: string) => <Link to={operationPath(id)}>{id}</Link>,
  },
  {
    title: 'Title',
    dataIndex: 'title',
    key: 'title',
    render: clipped(280),
  },
  {
    title: 'Type',
    dataIndex: 'type',
    key: 'type',
    render: (type: string) => <Text code>{type}</Text>,
  },
  {
    title: 'Target',
    key: 'target',
    render: (_: unknown, row) => (
      <span>
        <Text type="secondary">{row.target_type}</Text>{' '}
        <ObjectLink kind={row.target_type} id={row.target_id} tenantId={row.tenant_id} />
      </span>
    ),
  },
  { title: 'Status', dataIndex: 'status', key: 'status', render: (status: string) => <StatusTag status={status} /> },
  { title: 'Progress', key: 'progress', render: (_: unknown, row) => <OperationProgress operation={row} /> },
  {
    title: 'Created By',
    dataIndex: 'created_by',
    key: 'created_by',
    render: clipped(180),
  },
  {
    title: 'Created At',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (value: string) => <DateText value={value} withTime />,
  },
  {
    title: 'Finished At',
    dataIndex: 'finished_at',
    key: 'finished_at',
    render: (value: string | null) => <DateText value={value} withTime />,
  },
];

/** /operations: operation instances, filtered by status, type, target and a search; 10 per page. */
export function OperationListPage() {
  const list = useListParams({
    search: '',
    status: [] as OperationStatus[],
    type: '',
    target_id: '',
    sort: '-created_at',
  });
  const { search, type, target_id, ...rest } = list.request;
  const query = useOperations({
    ...rest,
    // The URL's sort: the table offers only the contract's sortable fields (anything else is refused with a 400).
    sort: rest.sort as OperationListQuery['sort'],
    search: search || undefined,
    type: type || undefined,
    target_id: target_id || undefined,
  });
  const { filters } = list;
  const filtered = Boolean(filters.search || filters.status.length || filters.type || filters.target_id);

  return (
    <>
      <PageHeader
        title="Operations"
        description="Operation instances: restarts, upgrades, configuration applies and other long-running work."
      />
      <Panel>
        <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
          <SearchInput
            value={filters.search}
            onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
            placeholder="Search by title or ID"
          />
          <MultiSelectFilter
            label="Operation status"
            placeholder="Status"
            width={200}
            value={filters.status}
            options={OPERATION_STATUSES.map((value) => ({ value, label: value }))}
            onChange={(status) => list.setFilters({ status })}
          />
          <SearchInput
            value={filters.type}
            onSearch={(value) => list.setFilters({ type: value }, { replace: true })}
            placeholder="Type, e.g. ticdc.restart"
            aria-label="Operation type"
            width={220}
          />
          <SearchInput
            value={filters.target_id}
            onSearch={(value) => list.setFilters({ target_id: value }, { replace: true })}
            placeholder="Target ID"
            aria-label="Target ID"
            width={200}
          />
        </ListToolbar>
        <DataTable<Operation>
          aria-label="Operations"
          columns={columns}
          data={query.data}
          loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
          error={query.error}
          onRetry={() => void query.refetch()}
          list={list}
          emptyText={filtered ? 'No operations match these filters' : 'No operations'}
        />
      </Panel>
    </>
  );
}
