import { useMemo } from 'react';
import { Link } from 'react-router';
import { CLOUD_PROVIDERS, monthLabel, SLA_OBJECTIVES, slaMonths } from '@portal/contract';
import type { CloudProvider, SlaClusterMonth, SlaListQuery } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel, StatFigure } from '../../../shared/ui/Panel';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { SelectFilter } from '../../../shared/ui/SelectFilter';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';
import { useSlaFleet, useSlaList } from '../api';
import { breachStatus, formatAvailability, formatMinutes, objectiveLabel } from '../lib/format';
import { slaDetailPath } from '../paths';
import '../sla.css';

const DESCRIPTION =
  'Monthly availability of each dedicated cluster against the objective of its plan (' +
  SLA_OBJECTIVES.map((o) => `${o.label} ${o.target_percent}%`).join(', ') +
  '): downtime is the union of its downtime windows — incidents from start to mitigation, and downtime recorded on ' +
  'its own.';

type BreachedFilter = 'true' | 'false';
const BREACHED_OPTIONS: { value: BreachedFilter; label: string }[] = [
  { value: 'true', label: 'Breached only' },
  { value: 'false', label: 'Met only' },
];

/**
 * The rows link to the detail of THEIR month (the answer's, not the filter's: while another month loads, the rows
 * still shown are the previous month's and must not lead to the new one); the current month needs no parameter.
 */
function columnsFor(currentMonth: string): DataColumns<SlaClusterMonth> {
  return [
    {
      title: 'Cluster',
      key: 'cluster',
      render: (_: unknown, row) => (
        <span>
          <Link to={slaDetailPath(row.cluster_id, row.month === currentMonth ? undefined : row.month)}>
            {row.cluster_name}
          </Link>
          <br />
          <Text type="secondary">{row.cluster_id}</Text>
        </span>
      ),
    },
    {
      title: 'Tenant',
      key: 'tenant',
      render: (_: unknown, row) => (
        <span>
          <ObjectLink kind="tenant" id={row.tenant_id} />
          <br />
          <Text type="secondary" style={{ maxWidth: 200 }} ellipsis={{ tooltip: row.tenant_name }}>
            {row.tenant_name}
          </Text>
        </span>
      ),
    },
    { title: 'Provider', key: 'provider', render: (_: unknown, row) => `${row.provider} · ${row.region}` },
    { title: 'Objective', dataIndex: 'plan', key: 'plan', render: objectiveLabel },
    {
      title: 'Availability',
      dataIndex: 'availability_percent',
      key: 'availability',
      sorter: true,
      align: 'right',
      render: formatAvailability,
    },
    {
      title: 'Downtime (min)',
      dataIndex: 'downtime_minutes',
      key: 'downtime_minutes',
      align: 'right',
      render: formatMinutes,
    },
    {
      title: 'Allowed (min)',
      dataIndex: 'allowed_downtime_minutes',
      key: 'allowed_downtime_minutes',
      align: 'right',
      render: formatMinutes,
    },
    { title: 'Windows', dataIndex: 'windows', key: 'windows', align: 'right' },
    {
      title: 'SLO',
      dataIndex: 'breached',
      key: 'breached',
      render: (breached: boolean) => <StatusTag status={breachStatus(breached)} />,
    },
  ];
}

/**
 * /sla/summary: each dedicated cluster's month against its objective, worst first, with the month's figures for the
 * same filters (month, tenant, provider; breached or met only). Filters, sort and page live in the URL, so a view can
 * be shared; a row leads to the cluster's SLA detail for the same month.
 */
export function SlaSummaryPage() {
  const months = useMemo(() => slaMonths(), []);
  const list = useListParams({ month: '', tenant_id: '', provider: '', breached: '', sort: 'availability' });
  const { month, tenant_id, provider, breached, ...rest } = list.request;
  const scope = {
    month: month || undefined,
    tenant_id: tenant_id || undefined,
    provider: (provider || undefined) as CloudProvider | undefined,
  };
  const fleet = useSlaFleet(scope);
  const query = useSlaList({
    ...rest,
    ...scope,
    sort: rest.sort as SlaListQuery['sort'],
    breached: breached === 'true' || breached === 'false' ? breached : undefined,
  });
  const { filters } = list;
  const filtered = Boolean(filters.month || filters.tenant_id || filters.provider || filters.breached);
  const columns = useMemo(() => columnsFor(months[0]!), [months]);
  const f = fleet.data;
  const shownMonth = month || months[0]!;

  return (
    <>
      <PageHeader title="SLA Summary" description={DESCRIPTION} />
      <Panel title={`${monthLabel(shownMonth)}${shownMonth === months[0] ? ' (so far)' : ''}`}>
        <div className="sla-figures" aria-label="Month figures">
          <StatFigure title="Fleet Availability" value={f ? formatAvailability(f.availability_percent) : '-'} />
          <StatFigure title="Clusters Measured" value={f ? f.clusters : '-'} />
          <StatFigure title="With Downtime" value={f ? f.clusters_with_downtime : '-'} />
          <StatFigure title="Breaches" value={f ? f.breaches : '-'} />
          <StatFigure title="Downtime (min)" value={f ? formatMinutes(f.downtime_minutes) : '-'} />
        </div>
      </Panel>
      <Panel>
        <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
          <SelectFilter
            label="Month"
            width={200}
            allowClear={false}
            value={shownMonth}
            options={months.map((m, i) => ({
              value: m,
              label: i === 0 ? `${monthLabel(m)} (this month)` : monthLabel(m),
            }))}
            onChange={(next) => list.setFilters({ month: next && next !== months[0] ? next : '' })}
          />
          <SelectFilter
            label="Provider"
            width={160}
            value={filters.provider || undefined}
            options={CLOUD_PROVIDERS.map((p) => ({ value: p, label: p }))}
            onChange={(next) => list.setFilters({ provider: next ?? '' })}
          />
          <SearchInput
            value={filters.tenant_id}
            onSearch={(value) => list.setFilters({ tenant_id: value }, { replace: true })}
            placeholder="Tenant ID"
            aria-label="Tenant ID"
            width={220}
          />
          <SelectFilter<BreachedFilter>
            label="SLO"
            width={160}
            value={filters.breached === 'true' || filters.breached === 'false' ? filters.breached : undefined}
            options={BREACHED_OPTIONS}
            onChange={(next) => list.setFilters({ breached: next ?? '' })}
          />
        </ListToolbar>
        <DataTable<SlaClusterMonth>
          aria-label="Dedicated clusters' SLA"
          rowKey="cluster_id"
          columns={columns}
          data={query.data}
          loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
          error={query.error}
          onRetry={() => void query.refetch()}
          list={list}
          emptyText={filtered ? 'No dedicated clusters match these filters' : 'No dedicated clusters measured'}
        />
      </Panel>
    </>
  );
}
