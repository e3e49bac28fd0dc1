import { useState } from 'react';
import { Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_STATUSES,
  incidentsApi,
} from '@portal/contract';
import type { Incident, IncidentListQuery, IncidentSeverity, IncidentStatus } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateRangeFilter } from '../../../shared/ui/DateRangeFilter';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { Text } from '../../../shared/ui/Typography';
import { useIncidents } from '../api';
import { IncidentStatusTag, SeverityTag } from '../components/IncidentTags';
import { incidentPath } from '../paths';

const IncidentFormDialog = lazyDialog(() =>
  import('../components/IncidentFormDialog').then((m) => m.IncidentFormDialog),
);

/** "2 tenants · 3 clusters", the names on hover. */
function Affected({ incident }: { incident: Incident }) {
  const { tenants, clusters } = incident;
  if (!tenants.length && !clusters.length) return <Text type="secondary">-</Text>;
  const names = [...tenants.map((t) => t.name), ...clusters.map((c) => `${c.name} (${c.id})`)].join(', ');
  const parts = [];
  if (tenants.length) parts.push(`${tenants.length} tenant${tenants.length === 1 ? '' : 's'}`);
  if (clusters.length) parts.push(`${clusters.length} cluster${clusters.length === 1 ? '' : 's'}`);
  // One part a line, never broken inside: "2 tenants" over "3 clusters".
  return (
    <span title={names}>
      {parts.map((part) => (
        <span key={part} style={{ display: 'block', whiteSpace: 'nowrap' }}>
          {part}
        </span>
      ))}
    </span>
  );
}

const columns: DataColumns<Incident> = [
  {
    title: 'ID',
    dataIndex: 'id',
    key: 'id',
    render: (id: string) => (
      <Link to={incidentPath(id)} style={{ whiteSpace: 'nowrap' }}>
        {id}
      </Link>
    ),
  },
  {
    title: 'Title',
    dataIndex: 'title',
    key: 'title',
    render: (title: string) => (
      <Text style={{ maxWidth: 280 }} ellipsis={{ tooltip: title }}>
        {title}
      </Text>
    ),
  },
  {
    title: 'Severity',
    dataIndex: 'severity',
    key: 'severity',
    render: (severity: IncidentSeverity) => <SeverityTag severity={severity} />,
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: IncidentStatus) => <IncidentStatusTag status={status} />,
  },
  {
    title: 'Commander',
    dataIndex: 'commander',
    key: 'commander',
    render: (commander: string | null) => commander ?? <Text type="secondary">-</Text>,
  },
  { title: 'Affected', key: 'affected', render: (_: unknown, row) => <Affected incident={row} /> },
  {
    title: 'Started At (UTC)',
    dataIndex: 'started_at',
    key: 'started_at',
    sorter: true,
    render: (value: string) => <DateText value={value} withTime />,
  },
  {
    title: 'Resolved At (UTC)',
    dataIndex: 'resolved_at',
    key: 'resolved_at',
    render: (value: string | null) => <DateText value={value} withTime />,
  },
];

/**
 * /incidents: incidents, newest start first, 10 per page; filters (status, severity, tenant, cluster, started days,
 * words of the title) kept in the URL. Create Incident opens the form and leads to the new incident's page.
 */
export function IncidentListPage() {
  const list = useListParams({
    search: '',
    status: [] as IncidentStatus[],
    severity: [] as IncidentSeverity[],
    tenant_id: '',
    cluster_id: '',
    started_from: '',
    started_to: '',
    sort: '-started_at',
  });
  const { search, tenant_id, cluster_id, started_from, started_to, ...rest } = list.request;
  const query = useIncidents({
    ...rest,
    // The URL's sort: the table offers only the contract's sortable fields (anything else is refused with a 400).
    sort: rest.sort as IncidentListQuery['sort'],
    search: search || undefined,
    tenant_id: tenant_id || undefined,
    cluster_id: cluster_id || undefined,
    started_from: started_from || undefined,
    started_to: started_to || undefined,
  });
  const { filters } = list;
  const filtered = Boolean(
    filters.search ||
    filters.status.length ||
    filters.severity.length ||
    filters.tenant_id ||
    filters.cluster_id ||
    filters.started_from ||
    filters.started_to,
  );
  const can = useCan();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title="Incidents"
        description="Incidents of the platform: severity, status from open to resolved, the commander, the tenants and clusters affected, and their timelines."
        extra={
          can(incidentsApi.create) ? (
            <Button type="primary" onPointerEnter={IncidentFormDialog.preload} onClick={() => setCreating(true)}>
              Create Incident
            </Button>
          ) : null
        }
      />
      <Panel>
        <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
          <SearchInput
            value={filters.search}
            onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
            placeholder="Search by title or ID"
            aria-label="Search incidents"
            width={240}
          />
          <MultiSelectFilter
            label="Status"
            width={200}
            value={filters.status}
            options={INCIDENT_STATUSES.map((value) => ({ value, label: INCIDENT_STATUS_LABELS[value] }))}
            onChange={(status) => list.setFilters({ status })}
          />
          <MultiSelectFilter
            label="Severity"
            width={200}
            value={filters.severity}
            options={INCIDENT_SEVERITIES.map((value) => ({ value, label: INCIDENT_SEVERITY_LABELS[value] }))}
            onChange={(severity) => list.setFilters({ severity })}
          />
          <SearchInput
            value={filters.tenant_id}
            onSearch={(value) => list.setFilters({ tenant_id: value }, { replace: true })}
            placeholder="Tenant ID"
            aria-label="Tenant ID"
            width={200}
          />
          <SearchInput
            value={filters.cluster_id}
            onSearch={(value) => list.setFilters({ cluster_id: value }, { replace: true })}
            placeholder="Cluster ID"
            aria-label="Cluster ID"
            width={160}
          />
          {/* Days in UTC: the URL's YYYY-MM-DD means that UTC day. */}
          <DateRangeFilter
            aria-label="Started date range (UTC)"
            from={filters.started_from}
            to={filters.started_to}
            onChange={(from, to) => list.setFilters({ started_from: from, started_to: to })}
          />
        </ListToolbar>
        <DataTable<Incident>
          aria-label="Incidents"
          columns={columns}
          query={query}
          list={list}
          scroll={{ x: '100%' }}
          emptyText={filtered ? 'No incidents match these filters' : 'No incidents'}
        />
      </Panel>
      <IncidentFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(incident) => void navigate(incidentPath(incident.id))}
      />
    </>
  );
}
