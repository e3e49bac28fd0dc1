import { SLA_OBJECTIVES, slaApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { eventSubscribers } from '../../platform/events.js';
import * as service from './service.js';

export { slaDowntimeWindows } from './schema.js';
export { recordIncidentDowntime } from './repo.js';

/**
 * The SLA of the dedicated clusters (spec §2 /sla/summary, /sla/{cluster_id}/detail; §7 dashboard sla,
 * sla-dedicated-monthly, sla-dedicated-detail, slo): monthly availability against the objective of the cluster's plan,
 * computed in SQL from downtime windows — incidents' start → mitigation (recorded when an incident is resolved, through
 * the portal's events) and downtime recorded on its own. The service takes `now` (the current month ends there).
 */
export const slaFeature = defineFeature({
  name: 'sla',
  provides: () => [eventSubscribers.provide(service.incidentDowntimeSubscriber)],
  routes: (r, { db }) => {
    r.add(slaApi.fleet, (req) => service.fleet(db, req.query, Date.now()));
    r.add(slaApi.list, (req) => service.list(db, req.query, Date.now()));
    r.add(slaApi.detail, (req) => service.detail(db, req.params.clusterId, req.query.month, Date.now()));
    r.add(slaApi.monthly, (req) => service.monthly(db, req.params.clusterId, req.query, Date.now()));
    r.add(slaApi.slo, () => ({ items: [...SLA_OBJECTIVES] }));
  },
});
