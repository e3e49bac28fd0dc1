import { Link } from 'react-router';
import { MAINTENANCE_STATUSES } from '@portal/contract';
import type { Maintenance, MaintenanceListQuery, MaintenanceStatus } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateRangeFilter } from '../../../shared/ui/DateRangeFilter';
import { DateText } from '../../../shared/ui/Formatted';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';
import { useMaintenances } from '../api';
import { maintenancePath } from '../lib/paths';

export interface MaintenanceTableProps {
  /** Only the maintenances with an execution on this cluster (the cluster page's tab). */
  clusterId?: string;
  /** URL key prefix of the list state. */
  prefix?: string;
}

/** Cluster maintenances, latest schedule first: status, project and schedule-day filters, kept in the URL. */
export function MaintenanceTable({ clusterId, prefix = '' }: MaintenanceTableProps) {
  const list = useListParams(
    {
      status: [] as MaintenanceStatus[],
      project_id: '',
      schedule_from: '',
      schedule_to: '',
      sort: '-schedule_time',
    },
    { prefix },
  );
  const { project_id, schedule_from, schedule_to, ...rest } = list.request;
  const query = useMaintenances({
    ...rest,
    // The URL's sort: the table offers only the contract's sortable fields (anything else is refused with a 400).
    sort: rest.sort as MaintenanceListQuery['sort'],
    project_id: clusterId ? undefined : project_id || undefined,
    cluster_id: clusterId,
    schedule_from: schedule_from || undefined,
    schedule_to: schedule_to || undefined,
  });
  const { filters } = list;
  const filtered = Boolean(filters.status.length || filters.project_id || filters.schedule_from || filters.schedule_to);

  const columns: DataColumns<Maintenance> = [
    {
      title: 'ID',
      dataIndex: 'id',
      key: 'id',
      render: (id: string) => <Link to={maintenancePath(id)}>{id}</Link>,
    },
    {
      // The name over its id (the Project ID filter's value): one column, so the list fits beside the menu.
      title: 'Project',
      dataIndex: 'project_id',
      key: 'project',
      render: (id: string, row) => (
        <>
          <div>{row.project_name || '-'}</div>
          <Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {id}
          </Text>
        </>
      ),
    },
    {
      title: 'Clusters',
      dataIndex: 'cluster_ids',
      key: 'clusters',
      align: 'right',
      render: (ids: string[]) => ids.length,
    },
    {
      title: 'Schedule Time (UTC)',
      dataIndex: 'schedule_time',
      key: 'schedule_time',
      sorter: true,
      render: (value: string) => <DateText value={value} withTime />,
    },
    {
      title: 'Deadline (UTC)',
      dataIndex: 'deadline',
      key: 'deadline',
      render: (value: string) => <DateText value={value} withTime />,
    },
    { title: 'Status', dataIndex: 'status', key: 'status', render: (s: string) => <StatusTag status={s} /> },
    {
      // Takes the width left over, in at most two lines (the whole text on hover).
      title: 'Description',
      dataIndex: 'description',
      key: 'description',
      render: (text: string) =>
        text ? (
          <Text ellipsis={{ rows: 2, tooltip: text }} style={{ minWidth: 160 }}>
            {text}
          </Text>
        ) : (
          '-'
        ),
    },
    { title: 'Created By', dataIndex: 'created_by', key: 'created_by' },
    {
      title: 'Created At',
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      render: (value: string) => <DateText value={value} withTime />,
    },
  ];

  return (
    <>
      <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        <MultiSelectFilter
          label="Status"
          width={220}
          value={filters.status}
          options={MAINTENANCE_STATUSES.map((value) => ({ value, label: value }))}
          onChange={(status) => list.setFilters({ status })}
        />
        {clusterId ? null : (
          <SearchInput
            value={filters.project_id}
            onSearch={(value) => list.setFilters({ project_id: value }, { replace: true })}
            placeholder="Project ID"
            aria-label="Project ID"
            width={220}
          />
        )}
        {/* Days in UTC: the URL's YYYY-MM-DD means that UTC day. */}
        <DateRangeFilter
          aria-label="Schedule date range (UTC)"
          from={filters.schedule_from}
          to={filters.schedule_to}
          onChange={(from, to) => list.setFilters({ schedule_from: from, schedule_to: to })}
        />
      </ListToolbar>
      <DataTable<Maintenance>
        aria-label="Maintenances"
        columns={columns}
        query={query}
        list={list}
        // The box's width: the times wrap rather than hide the last columns off to the right.
        scroll={{ x: '100%' }}
        emptyText={filtered ? 'No maintenances match these filters' : 'No maintenances'}
      />
    </>
  );
}
