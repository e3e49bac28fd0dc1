import { inArray, eq } from 'drizzle-orm';
import type { TopQps } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { iso } from '../../platform/time.js';
import type { MetricsSource } from '../metrics/index.js';
import { clusters, tenants } from '../orgs/index.js';

/** The query that ranks clusters by QPS: the catalogue's `tidb_qps`, its top `limit`. */
export const topQpsQuery = (limit: number): string => `topk(${limit}, tidb_qps)`;

/**
 * GET dashboard/top-qps: the clusters with the most queries per second now, from the metrics source (a `topk`
 * instant query: Prometheus ranks the whole fleet; the embedded source reads a bounded part of a very large fleet and
 * says so in `warnings`), named from the portal's clusters and tenants (the `limit` rows only).
 */
export async function topQps(db: Db, source: MetricsSource, limit: number, at = new Date()): Promise<TopQps> {
  const query = topQpsQuery(limit);
  const result = await source.instantQuery(query, at, { onTooManySeries: 'truncate' });
  const samples = result.samples
    .filter((s) => s.labels.cluster_id && Number.isFinite(s.value))
    .sort((a, b) => b.value - a.value || a.labels.cluster_id!.localeCompare(b.labels.cluster_id!))
    .slice(0, limit);
  const ids = samples.map((s) => s.labels.cluster_id!);
  const known = ids.length
    ? await db
        .select({ id: clusters.id, name: clusters.name, tenantId: clusters.tenantId, tenantName: tenants.name })
        .from(clusters)
        .leftJoin(tenants, eq(tenants.id, clusters.tenantId))
        .where(inArray(clusters.id, ids))
    : [];
  const byId = new Map(known.map((c) => [c.id, c]));
  return {
    at: iso(new Date(result.at)),
    query,
    warnings: result.warnings,
    items: samples.map((s, i) => {
      const c = byId.get(s.labels.cluster_id!);
      return {
        rank: i + 1,
        cluster_id: s.labels.cluster_id!,
        cluster_name: c?.name ?? null,
        tenant_id: c?.tenantId ?? null,
        tenant_name: c?.tenantName ?? null,
        qps: s.value,
      };
    }),
  };
}
