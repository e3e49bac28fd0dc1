import { z } from 'zod';
import { route } from './api.js';

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

/** The overview's platform figures (spec §2 /overview, §7 GET /dashboard/stats). */
export const overviewApi = {
  stats: route({
    method: 'GET',
    path: '/api/v1/admin/dashboard/stats',
    access: 'overview.read',
    response: dashboardStatsSchema,
  }),
};
