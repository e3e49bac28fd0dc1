import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import {
  REMEDIATION_ACTION_INFO,
  REMEDIATION_ACTIONS,
  REMEDIATION_STATUS_LABELS,
  REMEDIATION_STATUSES,
  remediationApi,
} from '@portal/contract';
import type {
  RemediationAction,
  RemediationListQuery,
  RemediationRiskLevel,
  RemediationStatus,
  RemediationTicket,
} from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { Text } from '../../../shared/ui/Typography';
import { useTickets } from '../api';
import { RiskTag, TicketStatusTag } from '../components/display';
import { ticketPath } from '../paths';

const TicketFormDialog = lazyDialog(() => import('../components/TicketFormDialog').then((m) => m.TicketFormDialog));

const columns: DataColumns<RemediationTicket> = [
  {
    title: 'ID',
    dataIndex: 'id',
    key: 'id',
    render: (id: string) => (
      <Link to={ticketPath(id)} style={{ whiteSpace: 'nowrap' }}>
        {id}
      </Link>
    ),
  },
  {
    title: 'Cluster',
    key: 'cluster',
    render: (_: unknown, row) => (
      <span>
        <ObjectLink kind="cluster" id={row.cluster_id} tenantId={row.tenant_id} />
        <br />
        <Text type="secondary" style={{ maxWidth: 200 }} ellipsis={{ tooltip: row.cluster_name }}>
          {row.cluster_name}
        </Text>
      </span>
    ),
  },
  {
    title: 'Remediation',
    dataIndex: 'summary',
    key: 'summary',
    render: (summary: string, row) => (
      <span>
        {summary}
        <br />
        <Text type="secondary">{REMEDIATION_ACTION_INFO[row.action]?.label ?? row.action}</Text>
      </span>
    ),
  },
  {
    title: 'Risk',
    dataIndex: 'risk_level',
    key: 'risk_level',
    render: (risk: RemediationRiskLevel) => <RiskTag risk={risk} />,
  },
  {
    title: 'Incident',
    dataIndex: 'incident_id',
    key: 'incident_id',
    render: (incident: string | null) =>
      incident ? (
        <span style={{ whiteSpace: 'nowrap' }}>
          <ObjectLink kind="incident" id={incident} />
        </span>
      ) : (
        '-'
      ),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: RemediationStatus) => <TicketStatusTag status={status} />,
  },
  { title: 'Applicant', dataIndex: 'applicant', key: 'applicant' },
  {
    title: 'Created At',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (value: string) => <DateText value={value} withTime />,
  },
  {
    title: 'Updated At',
    dataIndex: 'updated_at',
    key: 'updated_at',
    sorter: true,
    render: (value: string) => <DateText value={value} withTime />,
  },
];

const STATUS_OPTIONS = REMEDIATION_STATUSES.map((value) => ({ value, label: REMEDIATION_STATUS_LABELS[value] }));
const ACTION_OPTIONS = REMEDIATION_ACTIONS.map((value) => ({ value, label: REMEDIATION_ACTION_INFO[value].label }));

/**
 * /remediation_tickets: the remediation tickets, filtered by status, cluster, incident and action (filters, sort and
 * page in the URL, 10 per page); Create Ticket opens the ticket form and leads to the new ticket's page.
 */
export function TicketListPage() {
  const list = useListParams({
    status: [] as RemediationStatus[],
    action: [] as RemediationAction[],
    cluster_id: '',
    incident_id: '',
    sort: '-created_at',
  });
  const { cluster_id, incident_id, ...rest } = list.request;
  const query = useTickets({
    ...rest,
    // The URL's sort: the table offers only the contract's sortable fields (anything else is refused with a 400).
    sort: rest.sort as RemediationListQuery['sort'],
    cluster_id: cluster_id || undefined,
    incident_id: incident_id || undefined,
  });
  const { filters } = list;
  const filtered = Boolean(filters.status.length || filters.action.length || filters.cluster_id || filters.incident_id);
  const [creating, setCreating] = useState(false);
  const can = useCan();
  const navigate = useNavigate();

  return (
    <>
      <PageHeader
        title="Remediation Tickets"
        description="A remediation proposed for a cluster, approved by the on-call reviewers, then run as an operation."
        extra={
          can(remediationApi.create) ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onPointerEnter={TicketFormDialog.preload}
              onClick={() => setCreating(true)}
            >
              Create Ticket
            </Button>
          ) : null
        }
      />
      <Panel>
        <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
          <MultiSelectFilter
            label="Status"
            width={220}
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => list.setFilters({ status })}
          />
          <SearchInput
            value={filters.cluster_id}
            onSearch={(value) => list.setFilters({ cluster_id: value }, { replace: true })}
            placeholder="Cluster ID"
            aria-label="Cluster ID"
            width={200}
          />
          <SearchInput
            value={filters.incident_id}
            onSearch={(value) => list.setFilters({ incident_id: value }, { replace: true })}
            placeholder="Incident ID (INC-1001)"
            aria-label="Incident ID"
            width={220}
          />
          <MultiSelectFilter
            label="Action"
            width={260}
            value={filters.action}
            options={ACTION_OPTIONS}
            onChange={(action) => list.setFilters({ action })}
          />
        </ListToolbar>
        <DataTable<RemediationTicket>
          aria-label="Remediation tickets"
          scroll={{ x: '100%' }}
          columns={columns}
          data={query.data}
          loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
          error={query.error}
          onRetry={() => void query.refetch()}
          list={list}
          emptyText={filtered ? 'No remediation tickets match these filters' : 'No remediation tickets'}
        />
      </Panel>
      <TicketFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(t) => void navigate(ticketPath(t.id))}
      />
    </>
  );
}
