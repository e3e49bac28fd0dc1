import { overviewApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { dashboardStats } from './service.js';

/** The overview's platform figures (spec §2 /overview, §7 GET /dashboard/stats). */
export const overviewFeature = defineFeature({
  name: 'overview',
  routes: (r, { db }) => {
    r.add(overviewApi.stats, () => dashboardStats(db));
  },
});
