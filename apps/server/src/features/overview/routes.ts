import { dashboardRoutes, dashboardStatsSchema } from '@portal/contract';
import type { FeatureRoutes } from '../../platform/context.js';
import { dashboardStats } from './service.js';

/** The overview's platform figures (spec §2 /overview, §7 GET /dashboard/stats). */
export const registerDashboardRoutes: FeatureRoutes = (app, { database }) => {
  app.get(
    dashboardRoutes.stats,
    { schema: { response: { 200: dashboardStatsSchema }, tags: ['dashboard'] }, config: { access: 'portal.read' } },
    () => dashboardStats(database.db),
  );
};
