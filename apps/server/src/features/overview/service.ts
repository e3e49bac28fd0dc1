import type { DashboardStats } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { platformCounters } from '../orgs/index.js';

type CountBy = DashboardStats['tenants']['by_status'];

function countBy<T>(rows: T[], key: (r: T) => string, n: (r: T) => number): CountBy {
  const m = new Map<string, number>();
  for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + n(r));
  return [...m]
    .filter(([, c]) => c !== 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, count]) => ({ key: k, count }));
}

/** Platform totals for the overview, read from the trigger-maintained counters (a few dozen rows at any scale). */
export async function dashboardStats(db: Db): Promise<DashboardStats> {
  const c = await platformCounters(db);
  const sum = <T>(rows: T[], n: (r: T) => number) => rows.reduce((s, r) => s + n(r), 0);
  return {
    tenants: {
      total: sum(c.tenants, (r) => r.n),
      by_status: countBy(
        c.tenants,
        (r) => r.status,
        (r) => r.n,
      ),
    },
    projects: { total: c.projects },
    clusters: {
      total: sum(c.clusters, (r) => r.n),
      by_status: countBy(
        c.clusters,
        (r) => r.status,
        (r) => r.n,
      ),
      by_provider: countBy(
        c.clusters,
        (r) => r.provider,
        (r) => r.n,
      ),
      by_cluster_type: countBy(
        c.clusters,
        (r) => r.clusterType,
        (r) => r.n,
      ),
    },
    generated_at: new Date().toISOString(),
  };
}
