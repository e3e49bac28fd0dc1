import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import {
  formatDateTime,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  monthLabel,
  SLA_MESSAGES,
  slaMonths,
} from '@portal/contract';
import type { IncidentSeverity, IncidentStatus, SlaMonth, SlaWindow } from '@portal/contract';
import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { Panel } from '../../../shared/ui/Panel';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { TimeSeriesChart } from '../../../shared/ui/TimeSeriesChart';
import { Text } from '../../../shared/ui/Typography';
import { useSlaDetail, useSlaMonthly } from '../api';
import { dailyAvailabilityChart } from '../lib/charts';
import { breachStatus, formatAvailability, formatMinutes, objectiveLabel } from '../lib/format';
import { SLA_SUMMARY_PATH, slaDetailPath } from '../paths';
import '../sla.css';

/** An instant in UTC (`YYYY-MM-DD HH:mm:ss`): plain text, not DateText, whose Tooltip the page's budget can't carry. */
const Instant = ({ value }: { value: string }) => (
  <span style={{ whiteSpace: 'nowrap' }} title={`${formatDateTime(value)} UTC`}>
    {formatDateTime(value)}
  </span>
);

/**
 * The month picker: the browser's own select (no code to load), newest month first. The page's chart already
 * costs the budget what antd's Select would.
 */
function MonthPicker({
  months,
  value,
  onChange,
}: {
  months: readonly string[];
  value: string;
  onChange(month: string): void;
}) {
  return (
    <select className="sla-month-picker" aria-label="Month" value={value} onChange={(e) => onChange(e.target.value)}>
      {months.map((m, i) => (
        <option key={m} value={m}>
          {i === 0 ? `${monthLabel(m)} (this month)` : monthLabel(m)}
        </option>
      ))}
      {months.includes(value) ? null : <option value={value}>{value}</option>}
    </select>
  );
}

const windowColumns: DataColumns<SlaWindow> = [
  {
    title: 'Started',
    dataIndex: 'started_at',
    key: 'started_at',
    render: (v: string) => <Instant value={v} />,
  },
  { title: 'Ended', dataIndex: 'ended_at', key: 'ended_at', render: (v: string) => <Instant value={v} /> },
  {
    title: 'Minutes',
    dataIndex: 'minutes',
    key: 'minutes',
    align: 'right',
    render: (minutes: number, row) =>
      row.minutes_in_month === minutes
        ? formatMinutes(minutes)
        : `${formatMinutes(minutes)} (${formatMinutes(row.minutes_in_month)} this month)`,
  },
  {
    title: 'Incident',
    key: 'incident',
    render: (_: unknown, row) =>
      row.incident ? (
        <span>
          <ObjectLink kind="incident" id={row.incident.id} />{' '}
          <StatusTag status={INCIDENT_STATUS_LABELS[row.incident.status as IncidentStatus] ?? row.incident.status} />
          <br />
          <Text>{row.incident.title}</Text>
          <br />
          <Text type="secondary">
            {INCIDENT_SEVERITY_LABELS[row.incident.severity as IncidentSeverity] ?? row.incident.severity}
          </Text>
        </span>
      ) : (
        <span>
          <Text type="secondary">No incident</Text>
          <br />
          <Text>{row.cause}</Text>
        </span>
      ),
  },
];

function monthColumns(clusterId: string): DataColumns<SlaMonth> {
  return [
    {
      title: 'Month',
      dataIndex: 'month',
      key: 'month',
      render: (month: string) => <Link to={slaDetailPath(clusterId, month)}>{monthLabel(month)}</Link>,
    },
    {
      title: 'Availability',
      dataIndex: 'availability_percent',
      key: 'availability_percent',
      align: 'right',
      render: (p: number | null) =>
        p === null ? <Text type="secondary">{SLA_MESSAGES.notMeasured}</Text> : formatAvailability(p),
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
    {
      title: 'SLO',
      key: 'breached',
      render: (_: unknown, row) =>
        row.availability_percent === null ? '-' : <StatusTag status={breachStatus(row.breached)} />,
    },
  ];
}

/**
 * /sla/:clusterId/detail: a dedicated cluster's month — its availability against its objective, each day of it as a
 * chart, the downtime windows behind it with the incidents that caused them — and its last 12 months. The month
 * (`?month=YYYY-MM`, the current one when absent) is chosen in the header or from the months table.
 */
export function SlaDetailPage() {
  const clusterId = useParams().clusterId ?? '';
  const [search, updateSearch] = useSearchUpdate();
  const month = search.get('month') || undefined;
  const months = useMemo(() => slaMonths(), []);
  const query = useSlaDetail(clusterId, month);
  const monthly = useSlaMonthly(clusterId);
  const d = query.data;
  const c = d?.cluster;
  useEffect(() => TimeSeriesChart.preload(), []);
  const chart = useMemo(() => (d ? dailyAvailabilityChart(d) : undefined), [d]);
  const history = useMemo(() => [...(monthly.data?.months ?? [])].reverse(), [monthly.data]);
  const setMonth = (next: string) =>
    updateSearch((sp) => {
      if (next && next !== months[0]) sp.set('month', next);
      else sp.delete('month');
    });

  return (
    <DetailLayout
      title={`SLA: ${c?.cluster_name ?? clusterId}`}
      tags={c ? <StatusTag status={breachStatus(c.breached)} /> : null}
      loading={query.isLoading}
      error={d ? undefined : query.error}
      onRetry={() => void query.refetch()}
      extra={
        <>
          <MonthPicker months={months} value={c?.month ?? month ?? months[0]!} onChange={setMonth} />
          <Link to={SLA_SUMMARY_PATH}>SLA summary</Link>
          <ReloadButton
            onReload={() => Promise.all([query.refetch(), monthly.refetch()])}
            loading={query.isFetching || monthly.isFetching}
          >
            Refresh
          </ReloadButton>
        </>
      }
      descriptions={
        c
          ? [
              {
                key: 'cluster',
                label: 'Cluster',
                children: <ObjectLink kind="cluster" id={c.cluster_id} tenantId={c.tenant_id} />,
              },
              {
                key: 'tenant',
                label: 'Tenant',
                children: (
                  <span>
                    <ObjectLink kind="tenant" id={c.tenant_id} /> {c.tenant_name}
                  </span>
                ),
              },
              { key: 'provider', label: 'Provider', children: `${c.provider} · ${c.region}` },
              { key: 'objective', label: 'Objective', children: objectiveLabel(c.plan) },
              { key: 'month', label: 'Month', children: monthLabel(c.month) },
              { key: 'availability', label: 'Availability', children: formatAvailability(c.availability_percent) },
              { key: 'downtime', label: 'Downtime (min)', children: formatMinutes(c.downtime_minutes) },
              { key: 'allowed', label: 'Allowed (min)', children: formatMinutes(c.allowed_downtime_minutes) },
              { key: 'measured', label: 'Measured (min)', children: formatMinutes(c.measured_minutes) },
            ]
          : undefined
      }
    >
      {d && chart ? (
        <>
          <Panel title="Daily Availability">
            <TimeSeriesChart
              title={`Daily availability, ${monthLabel(d.cluster.month)}`}
              x={chart.x}
              series={chart.series}
              fitValues
            />
          </Panel>
          <Panel title="Downtime and Incidents">
            <DataTable<SlaWindow>
              aria-label="Downtime windows"
              columns={windowColumns}
              data={d.windows}
              pagination={false}
              emptyText={`No downtime in ${monthLabel(d.cluster.month)}`}
            />
          </Panel>
          <Panel title="Last 12 Months">
            <DataTable<SlaMonth>
              aria-label="Months"
              rowKey="month"
              columns={monthColumns(clusterId)}
              data={monthly.data ? history : undefined}
              loading={monthly.isLoading}
              error={monthly.error}
              onRetry={() => void monthly.refetch()}
              pagination={false}
            />
          </Panel>
        </>
      ) : null}
    </DetailLayout>
  );
}
