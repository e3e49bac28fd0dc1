import { useEffect, useMemo } from 'react';
import { Alert, Button, Flex } from 'antd';
import { Link, useParams } from 'react-router';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_STATS_DEFAULT_DAYS,
  NOTIFICATION_STATS_MAX_DAYS,
  notificationRangeDays,
} from '@portal/contract';
import type { NotificationStatsDay } from '@portal/contract';
import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateRangeFilter } from '../../../shared/ui/DateRangeFilter';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel, StatFigure } from '../../../shared/ui/Panel';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { TimeSeriesChart } from '../../../shared/ui/TimeSeriesChart';
import { useStatistics, useWorkflow } from '../api';
import { workflowPath } from '../paths';
import '../notifications.css';

const M = NOTIFICATION_MESSAGES;
const DAY_MS = 86_400_000;
const PRESETS = [7, 30, NOTIFICATION_STATS_MAX_DAYS];

/** The chart's colours: sent green, failed red, opened blue. */
export const STATS_COLORS = { sent: '#52c41a', failed: '#ff4d4f', opened: '#1677ff' } as const;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const openRate = (d: Pick<NotificationStatsDay, 'sent' | 'opened'>) =>
  d.sent ? `${Math.round((d.opened / d.sent) * 1000) / 10}%` : '-';

const columns: DataColumns<NotificationStatsDay> = [
  { title: 'Day (UTC)', dataIndex: 'day', key: 'day' },
  { title: 'Sent', dataIndex: 'sent', key: 'sent', align: 'right' },
  { title: 'Failed', dataIndex: 'failed', key: 'failed', align: 'right' },
  { title: 'Opened', dataIndex: 'opened', key: 'opened', align: 'right' },
  { title: 'Pending', dataIndex: 'pending', key: 'pending', align: 'right' },
  { title: 'Open Rate', key: 'open_rate', align: 'right', render: (_: unknown, row) => openRate(row) },
];

/** What is wrong with a chosen range, in the server's words (both ends are needed to tell). */
function rangeError(from: string, to: string): string | undefined {
  if (!from || !to) return undefined;
  const days = notificationRangeDays(from, to);
  if (days < 1) return M.rangeOrder;
  if (days > NOTIFICATION_STATS_MAX_DAYS) return M.rangeTooLong;
  return undefined;
}

/**
 * /notification/:workflowId/statistics: a workflow's deliveries per UTC day — sent, failed and opened as a chart and
 * a table (with pending and the open rate) — over a date range kept in the URL (default the last 30 days, at most
 * 90).
 */
export function WorkflowStatisticsPage() {
  const id = useParams().workflowId ?? '';
  const [search, updateSearch] = useSearchUpdate();
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const invalid = rangeError(from, to);
  const workflow = useWorkflow(id);
  const query = useStatistics(id, { from: from || undefined, to: to || undefined }, !invalid);
  const stats = query.data;
  useEffect(() => TimeSeriesChart.preload(), []);

  const setRange = (nextFrom: string, nextTo: string) =>
    updateSearch((sp) => {
      if (nextFrom) sp.set('from', nextFrom);
      else sp.delete('from');
      if (nextTo) sp.set('to', nextTo);
      else sp.delete('to');
    }, true);
  const preset = (days: number) => {
    const today = Date.now();
    setRange(isoDay(today - (days - 1) * DAY_MS), isoDay(today));
  };

  const days = stats?.days;
  const chart = useMemo(
    () =>
      days
        ? {
            x: days.map((d) => d.day),
            series: [
              { name: 'Sent', color: STATS_COLORS.sent, values: days.map((d) => d.sent) },
              { name: 'Failed', color: STATS_COLORS.failed, values: days.map((d) => d.failed) },
              { name: 'Opened', color: STATS_COLORS.opened, values: days.map((d) => d.opened) },
            ],
          }
        : undefined,
    [days],
  );
  const rows = useMemo(() => (days ? [...days].reverse() : undefined), [days]);
  const name = workflow.data?.name;

  return (
    <>
      <PageHeader
        title={name ? `Statistics: ${name}` : `Workflow ${id} Statistics`}
        description={
          <>
            Deliveries per UTC day, by the day they were made: sent (opened ones included), failed after their retries,
            and opened (in-portal items read since). <Link to={workflowPath(id)}>Back to the workflow</Link>
          </>
        }
        extra={
          <ReloadButton loading={query.isFetching} onReload={() => void query.refetch()}>
            Refresh
          </ReloadButton>
        }
      />
      <Panel>
        <div className="toolbar">
          <DateRangeFilter aria-label="Date range" from={from} to={to} onChange={setRange} />
          <Flex gap={4} wrap>
            {PRESETS.map((d) => (
              <Button key={d} size="small" onClick={() => preset(d)}>
                {`Last ${d} days`}
              </Button>
            ))}
          </Flex>
          {from || to ? <Button onClick={() => setRange('', '')}>Reset</Button> : null}
        </div>
        {invalid ? (
          <Alert type="error" showIcon title={invalid} />
        ) : query.error && !stats ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <p className="page-description">
              {stats
                ? `${stats.from} to ${stats.to} (UTC)`
                : `The last ${NOTIFICATION_STATS_DEFAULT_DAYS} days unless a range is chosen`}
            </p>
            <div className="wf-stats-figures" aria-label="Totals">
              <StatFigure title="Sent" value={stats?.totals.sent ?? '-'} />
              <StatFigure title="Failed" value={stats?.totals.failed ?? '-'} />
              <StatFigure title="Opened" value={stats?.totals.opened ?? '-'} />
              <StatFigure title="Pending" value={stats?.totals.pending ?? '-'} />
              <StatFigure title="Open Rate" value={stats ? openRate(stats.totals) : '-'} />
            </div>
            {chart ? (
              <TimeSeriesChart
                title="Deliveries per day: sent, failed, opened"
                x={chart.x}
                series={chart.series}
                integers
                height={260}
              />
            ) : (
              <div className="ts-chart" style={{ height: 294 }} aria-busy="true" />
            )}
          </>
        )}
      </Panel>
      {invalid ? null : (
        <Panel title="Per Day">
          <DataTable<NotificationStatsDay>
            aria-label="Deliveries per day"
            size="small"
            rowKey="day"
            columns={columns}
            data={rows}
            loading={query.isLoading}
            error={stats ? undefined : query.error}
            onRetry={() => void query.refetch()}
            pagination={{ showTotal: (total) => `${total} days` }}
          />
        </Panel>
      )}
    </>
  );
}
