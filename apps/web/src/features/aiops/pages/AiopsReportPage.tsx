import { Link, useParams } from 'react-router';
import type { AiopsIssueStatus, AiopsReport, AiopsSeverity } from '@portal/contract';
import { BarChart } from '../../../shared/ui/BarChart';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { Panel, StatFigure } from '../../../shared/ui/Panel';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { TimeSeriesChart } from '../../../shared/ui/TimeSeriesChart';
import { Text } from '../../../shared/ui/Typography';
import { useAiopsReport } from '../api';
import { AiopsSeverityTag, AiopsStatusTag } from '../components/AiopsTags';
import { breakdownBars, trendChartProps } from '../lib/report';
import { aiopsIssuePath } from '../paths';
import '../aiops.css';

type TopCluster = AiopsReport['top_clusters'][number];
type NewIssue = AiopsReport['new_issues'][number];

const clusterColumns: DataColumns<TopCluster> = [
  {
    title: 'Cluster',
    key: 'cluster',
    render: (_: unknown, row) => (
      <span>
        <ObjectLink kind="cluster" id={row.cluster_id} tenantId={row.tenant_id} />{' '}
        <Text type="secondary">{row.cluster_name}</Text>
      </span>
    ),
  },
  { title: 'Tenant', dataIndex: 'tenant_name', key: 'tenant' },
  { title: 'Issues', dataIndex: 'issues', key: 'issues', align: 'right' },
  { title: 'Critical', dataIndex: 'critical', key: 'critical', align: 'right' },
];

const issueColumns: DataColumns<NewIssue> = [
  {
    title: 'Issue',
    dataIndex: 'key',
    key: 'key',
    render: (key: string) => <Link to={aiopsIssuePath(key)}>{key}</Link>,
  },
  { title: 'Rule', dataIndex: 'rule', key: 'rule', render: (rule: string) => <Text code>{rule}</Text> },
  {
    title: 'Severity',
    dataIndex: 'severity',
    key: 'severity',
    render: (s: AiopsSeverity) => <AiopsSeverityTag severity={s} />,
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (s: AiopsIssueStatus) => <AiopsStatusTag status={s} />,
  },
  { title: 'Cluster', dataIndex: 'cluster_name', key: 'cluster' },
  {
    title: 'First Seen (UTC)',
    dataIndex: 'first_seen',
    key: 'first_seen',
    render: (v: string) => <DateText value={v} withTime />,
  },
];

function ReportBody({ report }: { report: AiopsReport }) {
  const trend = trendChartProps(report);
  return (
    <>
      <Panel title="Summary">
        <div className="aiops-report-figures" aria-label="Totals">
          <StatFigure title="Issues Seen" value={report.total} />
          <StatFigure title="New" value={report.new} />
          <StatFigure title="Resolved" value={report.resolved} />
          <StatFigure title="Critical" value={report.critical} />
        </div>
        <TimeSeriesChart
          title={`New vs resolved issues, ${report.trend.length} days to ${report.day}`}
          caption
          x={trend.x}
          series={trend.series}
          integers
          height={200}
        />
      </Panel>
      <div className="aiops-report-grid">
        <Panel title="By Severity">
          <BarChart title="Issues by severity" data={breakdownBars(report.by_severity)} sorted={false} />
        </Panel>
        <Panel title="By Status">
          <BarChart title="Issues by status" data={breakdownBars(report.by_status)} sorted={false} color="#52c41a" />
        </Panel>
        <Panel title="By Rule">
          <BarChart title="Issues by rule" data={breakdownBars(report.by_rule)} color="#722ed1" />
        </Panel>
      </div>
      <Panel title="Top Clusters">
        <DataTable<TopCluster>
          aria-label="Top clusters"
          size="small"
          rowKey="cluster_id"
          columns={clusterColumns}
          data={report.top_clusters}
          pagination={false}
          emptyText="No issues that day"
        />
      </Panel>
      <Panel title="New Issues">
        <DataTable<NewIssue>
          aria-label="New issues"
          size="small"
          rowKey="key"
          columns={issueColumns}
          data={report.new_issues}
          emptyText="No new issues that day"
        />
      </Panel>
    </>
  );
}

/**
 * /aiops/reports/:reportId: a daily report — the day's issues by severity, status and rule, the clusters with the
 * most, the new-vs-resolved trend of the week to that day, and the day's new issues.
 */
export function AiopsReportPage() {
  const id = useParams().reportId ?? '';
  const query = useAiopsReport(id);
  const report = query.data;
  return (
    <DetailLayout
      title={report ? `Daily Report ${report.day}` : `Report ${id}`}
      loading={query.isLoading}
      error={report ? undefined : query.error}
      onRetry={() => void query.refetch()}
      extra={
        <>
          <Link to="/aiops/issues?tab=reports">All reports</Link>
          <ReloadButton loading={query.isFetching} onReload={() => void query.refetch()}>
            Refresh
          </ReloadButton>
        </>
      }
      descriptions={
        report && [
          { key: 'id', label: 'Report', children: <Text copyable>{report.id}</Text> },
          { key: 'day', label: 'Day (UTC)', children: report.day },
          { key: 'generated', label: 'Generated At', children: <DateText value={report.generated_at} withTime /> },
        ]
      }
    >
      {report ? <ReportBody report={report} /> : null}
    </DetailLayout>
  );
}
