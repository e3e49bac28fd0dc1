import { dashboardApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { metricsSource } from '../metrics/index.js';
import { cloudOncall } from './oncall.js';
import { engineTenants, ROLLUP_JOB, rollupJob, scheduleRollup } from './rollup.js';
import { dashboardIncidents, dashboardReleases } from './summaries.js';
import { topQps } from './topqps.js';

/**
 * The overview's dashboard calls (spec §7 dashboard: cloud-oncall, incident, release, top qps, tiflash and tikv
 * tenants): who is on call per rotation, unresolved incidents, ongoing and recent releases, the busiest clusters by
 * QPS (the metrics source) and tenants ranked by TiKV / TiFlash nodes and storage (a rollup kept by a durable job).
 */
/** When each app (its database handle) was built: its first rollup pass waits a period after that. */
const startedAt = new WeakMap<object, number>();
const startOf = (db: object): number => {
  if (!startedAt.has(db)) startedAt.set(db, Date.now());
  return startedAt.get(db)!;
};

export const dashboardFeature = defineFeature({
  name: 'dashboard',
  jobs: (ctx) => {
    startOf(ctx.db);
    return { [ROLLUP_JOB]: (tx) => rollupJob(tx, startOf(ctx.db)) };
  },
  start: (ctx) => scheduleRollup(ctx.db, startOf(ctx.db)),
  routes: (r, ctx) => {
    const { db } = ctx;
    const metrics = metricsSource(ctx);
    r.add(dashboardApi.cloudOncall, (req) => cloudOncall(db, req.query.at));
    r.add(dashboardApi.incident, (req) => dashboardIncidents(db, req.query.limit));
    r.add(dashboardApi.release, (req) => dashboardReleases(db, req.query.limit));
    r.add(dashboardApi.topQps, (req) => topQps(db, metrics, req.query.limit));
    r.add(dashboardApi.tikvTenants, (req) => engineTenants(db, 'tikv', req.query));
    r.add(dashboardApi.tiflashTenants, (req) => engineTenants(db, 'tiflash', req.query));
  },
});

export { oncallMembers, oncallRotations } from './schema.js';
export { rollupPass } from './rollup.js';
