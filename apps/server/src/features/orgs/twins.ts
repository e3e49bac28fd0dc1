import { orgsBenchApi, type Cluster, type Tenant } from '@portal/contract';
import type { RouteRegistrar } from '../../platform/routes.js';

/*
 * Benchmark twins of the tenant and cluster lists (`npm run bench`): the same auth, the same query schema (parsed
 * and validated the same way), the same response schema (validated and serialized the same way) and a page of the
 * same size, with no list query. Against them the bench sees what the database work of a list costs. Registered only
 * with `BENCH_ROUTES=1` (config `benchRoutes`), never in a normal start; read access like the lists.
 */

const TENANT_PAGE: Tenant[] = Array.from({ length: 10 }, (_, i) => ({
  id: String(1_500_000_000_000_090_000n + BigInt(i)),
  name: `Northern Systems LLC ${90_000 + i}`,
  region: i % 2 ? 'eu-central-1' : 'us-east-1',
  status: i % 3 ? 'ACTIVE' : 'SUSPENDED',
  email: `it@systems${90_000 + i}.example.com`,
  org_tag: i % 2 ? 'startup' : null,
  created_at: new Date(Date.UTC(2026, 8, 1, 23, 49 - i)).toISOString(),
  project_count: 4 + (i % 3),
  cluster_count: 7 + (i % 5),
}));

const CLUSTER_PAGE: Cluster[] = Array.from({ length: 10 }, (_, i) => ({
  id: String(1_700_000_000_000_980_000n + BigInt(i)),
  name: `catalog-dr-${980_000 + i}`,
  status: i % 4 ? 'USER_CLUSTER_STATUS_AVAILABLE' : 'USER_CLUSTER_STATUS_PAUSED',
  cluster_type: i % 2 ? 'DEDICATED_TIDB' : 'SHARED_POOL',
  project_id: String(1_600_000_000_000_193_000n + BigInt(i)),
  project_name: 'payments',
  tenant_id: String(1_500_000_000_000_024_000n + BigInt(i)),
  tenant_name: `Prime Bio KK ${24_000 + i}`,
  provider: 'AWS',
  region: 'ap-southeast-1',
  version: 'v8.1.2',
  is_byoc: false,
  errmsg: null,
  created_at: new Date(Date.UTC(2026, 9, 31, 23, 58 - i)).toISOString(),
}));

/** The bench-only routes: the bare authenticated ping and the twins of the tenant and cluster lists. */
export function registerBenchRoutes(r: RouteRegistrar): void {
  // A cheap authenticated route with no DB work beyond auth.
  r.add(orgsBenchApi.ping, () => ({ ok: true as const }));
  r.add(orgsBenchApi.tenants, () => ({ items: TENANT_PAGE, total: 100_050 }));
  r.add(orgsBenchApi.clusters, () => ({ items: CLUSTER_PAGE, total: 1_000_577 }));
}
