import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Spinner } from '../../../shared/ui/Spinner';
import { ApartmentOutlined, ClusterOutlined, ProjectOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { displayClusterStatus, formatDateTime } from '@portal/contract';
import { BarChart } from '../../../shared/ui/BarChart';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel, StatFigure } from '../../../shared/ui/Panel';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { OptionalPart } from '../../../shared/ui/OptionalPart';
import { useSlots } from '../../../shared/lib/slots';
import { useCan } from '../../../shared/lib/useCan';
import { useDashboardStats } from '../api';

type CountBy = { key: string; count: number }[];

/** One formatter for every figure: `toLocaleString` builds a new one (and its locale data) per call. */
const COUNT = new Intl.NumberFormat('en-US');

const bars = (rows: CountBy, label: (key: string) => string = (key) => key) =>
  rows.map((row) => ({ label: label(row.key), value: row.count }));

function Figure({
  title,
  value,
  icon,
  to,
}: {
  title: string;
  value: number | undefined;
  icon: ReactNode;
  to?: string;
}) {
  return (
    <Panel>
      <StatFigure
        title={to ? <Link to={to}>{title}</Link> : title}
        value={value === undefined ? <Spinner size="small" /> : COUNT.format(value)}
        icon={icon}
      />
    </Panel>
  );
}

/**
 * The panels other areas add (spec §7 dashboard: on-call, critical alerts, incidents, releases, SLA, top QPS…). Each
 * loads its own code and runs its own query: one that fails shows its own error (or, when its code cannot load, a
 * notice in its place) and the rest of the page stays.
 */
function ContributedPanels() {
  const { overviewPanels } = useSlots();
  const can = useCan();
  const shown = overviewPanels.filter((panel) => !panel.requires || can(panel.requires));
  if (shown.length === 0) return null;
  return (
    <div className="overview-panels">
      {shown.map(({ key, title, span, Content }) => (
        <Panel key={key} title={title} className={span === 2 ? 'overview-panel-wide' : undefined}>
          <OptionalPart
            what={`The overview panel ${title}`}
            fallback={
              <ErrorState
                compact
                error="Its code could not be downloaded; reload the page to try again."
                title={`Failed to load ${title}`}
              />
            }
          >
            <Suspense fallback={<Spinner />}>
              <Content />
            </Suspense>
          </OptionalPart>
        </Panel>
      ))}
    </div>
  );
}

/** /overview: platform totals, how clusters and tenants break down, and the panels other areas add. */
export function OverviewPage() {
  const { data, error, isLoading, isFetching, refetch } = useDashboardStats();

  const charts: { title: string; color: string; rows: ReturnType<typeof bars> }[] = data
    ? [
        { title: 'Clusters by status', color: '#1f5fd6', rows: bars(data.clusters.by_status, displayClusterStatus) },
        { title: 'Clusters by provider', color: '#13a8a8', rows: bars(data.clusters.by_provider) },
        { title: 'Clusters by cluster type', color: '#7b61ff', rows: bars(data.clusters.by_cluster_type) },
        { title: 'Tenants by status', color: '#fa8c16', rows: bars(data.tenants.by_status) },
      ]
    : [];

  return (
    <>
      <PageHeader
        title="Overview"
        description={data ? <span>Platform totals as of {formatDateTime(data.generated_at)} UTC</span> : undefined}
        extra={
          <ReloadButton loading={isFetching} onReload={refetch}>
            Refresh
          </ReloadButton>
        }
      />
      {error && !data ? (
        <Panel>
          <ErrorState error={error} title="Failed to load the dashboard" onRetry={() => void refetch()} />
        </Panel>
      ) : (
        <>
          {/* CSS grids (global.css), not antd's Row and Col: their breakpoint listeners and stylesheet weigh on the
              first page. */}
          <div className="overview-figures">
            <Figure title="Tenants" value={data?.tenants.total} icon={<ApartmentOutlined />} to="/orgs" />
            <Figure title="Projects" value={data?.projects.total} icon={<ProjectOutlined />} />
            <Figure title="Clusters" value={data?.clusters.total} icon={<ClusterOutlined />} />
          </div>
          {isLoading ? null : (
            <div className="overview-charts">
              {charts.map((chart) => (
                <Panel key={chart.title} title={chart.title}>
                  <BarChart title={chart.title} color={chart.color} data={chart.rows} />
                </Panel>
              ))}
            </div>
          )}
        </>
      )}
      <ContributedPanels />
    </>
  );
}
