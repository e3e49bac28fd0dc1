import type { TenantEngine, TenantRanking } from '@portal/contract';

/** Every query key of the dashboard area (root `'dashboard'`). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  oncall: () => ['dashboard', 'oncall'] as const,
  incidents: (limit: number) => ['dashboard', 'incidents', limit] as const,
  releases: (limit: number) => ['dashboard', 'releases', limit] as const,
  topQps: (limit: number) => ['dashboard', 'top-qps', limit] as const,
  engineTenants: (engine: TenantEngine, by: TenantRanking, limit: number) =>
    ['dashboard', 'engine-tenants', engine, by, limit] as const,
};
