import { and, asc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  METRICS_MAX_SAMPLES,
  METRICS_MAX_SERIES,
  metricInfo,
  type MetricComponent,
  type MetricExpr,
  type MetricMatcher,
  type MetricName,
  type MetricSeries,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { clusterComponents, clusters } from '../orgs/index.js';
import { applyOperator, orderSeries } from './evaluate.js';
import { coresOf, seriesModel, type SeriesProfile } from './model.js';
import {
  exprOf,
  instantFromRange,
  rangeTimestamps,
  type MetricsQueryOptions,
  type MetricsSource,
  type RangeQueryResult,
} from './source.js';

/*
 * The embedded metrics source: series are the clusters (or their components) the portal's own tables hold, chosen
 * with SQL from the selector's label matchers (at most `maxSeries` of them, in cluster id order: never the whole
 * fleet), and their values come from the deterministic model (model.ts).
 */

/** Clusters that run, and so report telemetry: not being created, paused, deleted or deleting. */
export const REPORTING_STATUSES = [
  'USER_CLUSTER_STATUS_AVAILABLE',
  'USER_CLUSTER_STATUS_MODIFYING',
  'USER_CLUSTER_STATUS_MAINTAINING',
  'USER_CLUSTER_STATUS_UNAVAILABLE',
  'USER_CLUSTER_STATUS_RESUMING',
];
const COMPONENT_ROWS = ['TIDB', 'TIKV', 'PD', 'TIFLASH', 'TIPROXY'];

const tidb = alias(clusterComponents, 'metric_tidb');
const part = alias(clusterComponents, 'metric_part');

/** The SQL of each label. */
const LABEL_SQL: Record<string, SQL> = {
  cluster_id: sql`${clusters.id}`,
  cluster_name: sql`${clusters.name}`,
  tenant_id: sql`${clusters.tenantId}`,
  project_id: sql`${clusters.projectId}`,
  provider: sql`${clusters.provider}`,
  region: sql`${clusters.region}`,
  cluster_type: sql`${clusters.clusterType}`,
  component: sql`lower(${part.component})`,
};

function matcherSql(m: MetricMatcher): SQL {
  const column = LABEL_SQL[m.label];
  if (!column) throw new AppError('metrics.badQuery', `Unknown label "${m.label}"`);
  // Prometheus's regex matchers are anchored at both ends.
  const anchored = `^(?:${m.value})$`;
  switch (m.op) {
    case '=':
      return sql`${column} = ${m.value}`;
    case '!=':
      return sql`${column} <> ${m.value}`;
    case '=~':
      return sql`${column} ~ ${anchored}`;
    case '!~':
      return not(sql`${column} ~ ${anchored}`);
  }
}

/** PostgreSQL's refusals of a regex or a value (bad pattern, too complex, bad character): the query's fault. */
const QUERY_FAULTS = new Set(['2201B', '22021', '54001', '22P05']);
function queryFault(err: unknown): string | null {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code && QUERY_FAULTS.has(e.code)) return e.message ?? 'invalid value';
  return null;
}

interface Selected {
  profiles: { profile: SeriesProfile; labels: Record<string, string> }[];
  truncated: boolean;
}

async function select(
  db: Db,
  metric: MetricName,
  matchers: readonly MetricMatcher[],
  limit: number,
): Promise<Selected> {
  const perComponent = metricInfo(metric)?.per === 'component';
  const where: SQL[] = [inArray(clusters.status, REPORTING_STATUSES), ...matchers.map(matcherSql)];
  if (perComponent) where.push(inArray(part.component, COMPONENT_ROWS));
  const columns = {
    id: clusters.id,
    name: clusters.name,
    tenantId: clusters.tenantId,
    projectId: clusters.projectId,
    provider: clusters.provider,
    region: clusters.region,
    clusterType: clusters.clusterType,
    createdAt: clusters.createdAt,
  };
  let rows: {
    id: string;
    name: string;
    tenantId: string;
    projectId: string;
    provider: string;
    region: string;
    clusterType: string;
    createdAt: Date;
    tidbReplicas: number | null;
    tidbSpec: string | null;
    component: string | null;
  }[];
  try {
    if (perComponent) {
      rows = await db
        .select({ ...columns, tidbReplicas: sql<null>`null`, tidbSpec: sql<null>`null`, component: part.component })
        .from(clusters)
        .innerJoin(part, eq(part.clusterId, clusters.id))
        .where(and(...where))
        .orderBy(asc(clusters.id), asc(part.component))
        .limit(limit + 1);
    } else if (metric === 'tikv_storage_usage_ratio') {
      rows = await db
        .select({ ...columns, tidbReplicas: sql<null>`null`, tidbSpec: sql<null>`null`, component: sql<null>`null` })
        .from(clusters)
        .innerJoin(part, and(eq(part.clusterId, clusters.id), eq(part.component, 'TIKV')))
        .where(and(...where))
        .orderBy(asc(clusters.id))
        .limit(limit + 1);
    } else {
      rows = await db
        .select({ ...columns, tidbReplicas: tidb.replicas, tidbSpec: tidb.nodeSpec, component: sql<null>`null` })
        .from(clusters)
        .innerJoin(tidb, and(eq(tidb.clusterId, clusters.id), eq(tidb.component, 'TIDB')))
        .where(and(...where))
        .orderBy(asc(clusters.id))
        .limit(limit + 1);
    }
  } catch (err) {
    const fault = queryFault(err);
    if (fault) throw new AppError('metrics.badQuery', `The metrics source refused a label matcher: ${fault}`);
    throw err;
  }
  const truncated = rows.length > limit;
  const profiles = rows.slice(0, limit).map((r) => {
    const component = r.component ? (r.component.toLowerCase() as MetricComponent) : undefined;
    const labels: Record<string, string> = {
      cluster_id: r.id,
      cluster_name: r.name,
      tenant_id: r.tenantId,
      project_id: r.projectId,
      provider: r.provider,
      region: r.region,
      cluster_type: r.clusterType,
      ...(component ? { component } : {}),
    };
    const profile: SeriesProfile = {
      clusterId: r.id,
      region: r.region,
      createdAt: new Date(r.createdAt).getTime(),
      tidb: r.tidbReplicas === null ? null : { replicas: r.tidbReplicas, cores: coresOf(r.tidbSpec ?? '') },
      ...(component ? { component } : {}),
    };
    return { profile, labels };
  });
  return { profiles, truncated };
}

/** The embedded source over a database (the portal's own: its clusters are the series). */
export function embeddedMetricsSource(db: Db): MetricsSource {
  async function evaluate(
    expr: MetricExpr,
    timestamps: number[],
    opts: MetricsQueryOptions,
    warnings: string[],
  ): Promise<MetricSeries[]> {
    if (expr.kind !== 'selector')
      return applyOperator(expr, await evaluate(expr.expr, timestamps, opts, warnings), timestamps.length);
    const metric = expr.metric as MetricName;
    if (!metricInfo(metric)) throw new AppError('metrics.badQuery', `Unknown metric "${expr.metric}"`);
    const max = opts.maxSeries ?? METRICS_MAX_SERIES;
    const { profiles, truncated } = await select(db, metric, expr.matchers, max);
    if (truncated) {
      if (opts.onTooManySeries !== 'truncate')
        throw new AppError(
          'metrics.limitExceeded',
          `The selector ${metric}${expr.matchers.length ? '{…}' : ''} matches more than ${max} series: ` +
            'narrow it with label filters (tenant_id, region, cluster_type…)',
        );
      warnings.push(
        `Only the first ${max} series of ${metric} (by cluster id) were read: more match. ` +
          'Narrow the selector with label filters for a complete answer.',
      );
    }
    const samples = profiles.length * timestamps.length;
    if (samples > METRICS_MAX_SAMPLES)
      throw new AppError(
        'metrics.limitExceeded',
        `The query would read ${samples} samples (${profiles.length} series × ${timestamps.length} points); at most ` +
          `${METRICS_MAX_SAMPLES}: shorten the range, use a larger step or narrow the selector`,
      );
    return profiles.map(({ profile, labels }) => {
      const model = seriesModel(metric, profile);
      return { labels, values: timestamps.map(model) };
    });
  }

  async function run(query: string | MetricExpr, timestamps: number[], opts: MetricsQueryOptions = {}) {
    const expr = exprOf(query);
    const warnings: string[] = [];
    const series = await evaluate(expr, timestamps, opts, warnings);
    // Series with no value at any point (a cluster created after the range) are not part of the answer.
    const present = series.filter((s) => s.values.some((v) => v !== null));
    return { timestamps, series: orderSeries(expr, present), warnings } satisfies RangeQueryResult;
  }

  return {
    kind: 'embedded',
    rangeQuery: (query, range, opts) => run(query, rangeTimestamps(range), opts),
    instantQuery: async (query, at, opts) => instantFromRange(at, await run(query, [at.getTime()], opts)),
  };
}
