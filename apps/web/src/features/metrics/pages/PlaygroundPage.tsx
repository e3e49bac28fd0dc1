import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Flex, Input } from 'antd';
import { Link } from 'react-router';
import {
  formatMetricDuration,
  METRICS_DEFAULT_RANGE,
  METRICS_RANGE_PRESETS,
  metricRangeProblem,
  parseMetricQuery,
} from '@portal/contract';
import type { MetricsRangeQuery } from '@portal/contract';
import { errorMessage, isApiError } from '../../../shared/lib/ApiError';
import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { TimeSeriesChart } from '../../../shared/ui/TimeSeriesChart';
import { useRangeQuery } from '../api';
import { MetricCatalogue } from '../components/MetricCatalogue';
import { CHART_MAX_SERIES, chartData, formatValue, tableRows } from '../lib/chartData';
import type { SeriesRow } from '../lib/chartData';
import '../metrics.css';

/** Queries to start from (each a link: the query and range live in the URL). */
export const PLAYGROUND_EXAMPLES = [
  'sum by (region) (tidb_qps)',
  'topk(5, tidb_query_duration_p99_seconds)',
  'max by (component) (component_cpu_usage_ratio{provider="AWS"})',
  'topk(10, tikv_storage_usage_ratio)',
  'count by (cluster_type) (tidb_connections)',
];

export const playgroundPath = (query: string, range?: string) =>
  `/playground?${new URLSearchParams(range ? { query, range } : { query })}`;

const utc = (iso: string) => iso.slice(0, 16).replace('T', ' ');

function columns(unit: string): DataColumns<SeriesRow> {
  const figure = (title: string, key: 'last' | 'min' | 'max' | 'avg') => ({
    title: `${title}${unit ? ` (${unit})` : ''}`,
    dataIndex: key,
    key,
    align: 'right' as const,
    render: (v: number | null) => formatValue(v),
  });
  return [
    {
      title: 'Series',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row) => (
        <span title={row.labels}>{row.clusterPath ? <Link to={row.clusterPath}>{name}</Link> : name}</span>
      ),
    },
    figure('Last', 'last'),
    figure('Min', 'min'),
    figure('Max', 'max'),
    figure('Avg', 'avg'),
  ];
}

/**
 * /playground: a read-only query over the platform's metrics — a PromQL subset, checked as it is typed by the same
 * parser the server runs — shown as a chart and a table. The query, range, step and end live in the URL, so a view
 * can be shared (`/playground?query=…&range=6h`).
 */
export function PlaygroundPage() {
  const [search, updateSearch] = useSearchUpdate();
  const query = search.get('query') ?? '';
  const range = search.get('range') || METRICS_DEFAULT_RANGE;
  const step = search.get('step') || undefined;
  const end = search.get('end') || undefined;

  const [draft, setDraft] = useState(query);
  useEffect(() => setDraft(query), [query]);
  const draftParse = useMemo(() => (draft.trim() ? parseMetricQuery(draft) : null), [draft]);
  const draftError = draftParse && !draftParse.ok ? draftParse.error : null;

  // What the URL asks for, checked like the server would before anything is sent.
  const urlParse = useMemo(() => (query.trim() ? parseMetricQuery(query) : null), [query]);
  const rangeProblem = metricRangeProblem(range, step);
  const invalid = urlParse && !urlParse.ok ? urlParse.error.message : rangeProblem?.message;
  const params: MetricsRangeQuery | null =
    urlParse?.ok && !rangeProblem ? { query, range, ...(step ? { step } : {}), ...(end ? { end } : {}) } : null;
  const result = useRangeQuery(params);
  const data = params ? result.data : undefined;
  useEffect(() => TimeSeriesChart.preload(), []);

  const chart = useMemo(() => (data ? chartData(data) : undefined), [data]);
  const rows = useMemo(() => (data ? tableRows(data) : undefined), [data]);
  const tableColumns = useMemo(() => columns(data?.unit ?? ''), [data?.unit]);

  const run = (e?: FormEvent) => {
    e?.preventDefault();
    if (!draft.trim() || draftError) return;
    if (draft === query) void result.refetch();
    else updateSearch((sp) => sp.set('query', draft));
  };
  const setRange = (next: string) =>
    updateSearch((sp) => {
      sp.set('range', next);
      sp.delete('step');
    });
  const toNow = () => updateSearch((sp) => sp.delete('end'));
  const pick = (name: string) => setDraft((d) => (d.trim() ? `${d}${name}` : name));

  const failed = params && result.error && !result.isFetching ? result.error : null;
  const refused = failed && isApiError(failed) && failed.status === 400;

  return (
    <>
      <PageHeader
        title="Playground"
        description={
          <>
            A read-only query over the platform&apos;s metrics, in a subset of PromQL: a metric with label filters (
            <code>{'tidb_qps{region="us-east-1", cluster_type!="SHARED_POOL"}'}</code>, regexes with <code>=~</code> and{' '}
            <code>!~</code>), aggregations <code>sum</code>, <code>avg</code>, <code>max</code>, <code>min</code>,{' '}
            <code>count</code> with <code>by (…)</code> or <code>without (…)</code>, and <code>topk</code> /{' '}
            <code>bottomk</code>. Times are UTC.
          </>
        }
        extra={
          params ? (
            <ReloadButton loading={result.isFetching} onReload={() => void result.refetch()}>
              Refresh
            </ReloadButton>
          ) : null
        }
      />
      <Panel>
        <form onSubmit={run} aria-label="Query">
          <div className="mp-query-row">
            <Input
              className="mp-query"
              aria-label="PromQL query"
              placeholder={'tidb_qps{region="us-east-1"}'}
              value={draft}
              status={draftError ? 'error' : undefined}
              onChange={(e) => setDraft(e.target.value)}
              aria-invalid={draftError ? true : undefined}
              aria-describedby={draftError ? 'mp-query-error' : undefined}
            />
            <Button type="primary" htmlType="submit" disabled={!draft.trim() || !!draftError}>
              Run Query
            </Button>
          </div>
          {draftError ? (
            <p className="mp-query-error" id="mp-query-error" role="alert">
              {draftError.message}
            </p>
          ) : null}
        </form>
        <div className="toolbar" style={{ marginTop: 12 }}>
          <span>Range:</span>
          <Flex gap={4} wrap role="group" aria-label="Range">
            {METRICS_RANGE_PRESETS.map((r) => (
              <Button
                key={r}
                size="small"
                type={r === range ? 'primary' : 'default'}
                aria-pressed={r === range}
                onClick={() => setRange(r)}
              >
                {r}
              </Button>
            ))}
          </Flex>
          {(METRICS_RANGE_PRESETS as readonly string[]).includes(range) ? null : <span>{range}</span>}
          {step ? <span>every {step}</span> : null}
          {end ? (
            <>
              <span>ending {end}</span>
              <Button size="small" onClick={toNow}>
                Up to now
              </Button>
            </>
          ) : null}
        </div>
        {!query.trim() ? (
          <p className="mp-examples">
            Type a query and run it, or start from one of these:{' '}
            {PLAYGROUND_EXAMPLES.map((q) => (
              <Link key={q} to={playgroundPath(q, range)}>
                <code>{q}</code>
              </Link>
            ))}
          </p>
        ) : invalid ? (
          <Alert type="error" showIcon title="The query cannot run" description={invalid} />
        ) : failed ? (
          refused ? (
            <Alert type="error" showIcon title="The query was refused" description={errorMessage(failed)} />
          ) : (
            <ErrorState error={failed} title="The query failed" onRetry={() => void result.refetch()} />
          )
        ) : (
          <>
            {data ? (
              <p className="mp-summary" aria-label="Query summary">
                <code>{data.query}</code> · {utc(data.start)} to {utc(data.end)} UTC, every{' '}
                {formatMetricDuration(data.step)} · {data.total_series} series · {data.unit || 'no unit'} ·{' '}
                {data.source === 'prometheus' ? 'Prometheus' : 'embedded model'}
              </p>
            ) : null}
            {data?.warnings.map((w) => (
              <Alert key={w} type="warning" showIcon title={w} style={{ marginBottom: 8 }} />
            ))}
            {data && data.series.length > CHART_MAX_SERIES ? (
              <p className="mp-summary">
                The chart draws the first {CHART_MAX_SERIES} of {data.series.length} series; the table lists them all.
              </p>
            ) : null}
            {chart ? (
              <TimeSeriesChart
                title={data?.query ?? query}
                x={chart.series.length ? chart.x : []}
                series={chart.series}
                height={300}
                emptyText="No series match the query in this range"
              />
            ) : (
              <div className="ts-chart" style={{ height: 334 }} aria-busy="true" />
            )}
          </>
        )}
      </Panel>
      {params && !failed ? (
        <Panel title="Series">
          <DataTable<SeriesRow>
            aria-label="Series"
            size="small"
            rowKey="key"
            columns={tableColumns}
            data={rows}
            loading={result.isLoading}
            emptyText="No series match the query in this range"
            pagination={{ pageSize: 20, showTotal: (total) => `${total} series` }}
          />
        </Panel>
      ) : null}
      <MetricCatalogue onPick={pick} />
    </>
  );
}
