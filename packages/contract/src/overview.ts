import { z } from 'zod';

const countBy = z.array(z.object({ key: z.string(), count: z.number().int() }));

export const dashboardStatsSchema = z.object({
  tenants: z.object({ total: z.number().int(), by_status: countBy }),
  projects: z.object({ total: z.number().int() }),
  clusters: z.object({
    total: z.number().int(),
    by_status: countBy,
    by_provider: countBy,
    by_cluster_type: countBy,
  }),
  generated_at: z.string(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const dashboardRoutes = { stats: '/api/v1/admin/dashboard/stats' } as const;
