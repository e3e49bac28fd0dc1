import { clusterMonitoringApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { alertSyncObservation } from './alertsync.js';
import * as service from './service.js';
import { storeSourceFor } from './storesource.js';

export { clusterAlerts, clusterStores, dmNamespaces, dmTasks } from './schema.js';
export { availabilityZones, componentInstance } from './topology.js';

/**
 * Cluster monitoring (spec §7 devops cluster alerts, alert-summary, topology, dm-ns; dashboard critical-alert): a
 * cluster's alerts with what the staff did about them (acknowledge, silence, audited), its topology (components
 * and their zones, the stores PD reports) and its DM namespaces; the fleet's critical alerts for /overview.
 *
 * Two adapters (decision 0015): the alerts are synced from Alertmanager (ALERTMANAGER_URL) by a periodic observation
 * (platform/observation.ts: a durable job; Alertmanager read with no transaction open); the stores are read live
 * from each cluster's PD (PD_URL_TEMPLATE) when the topology is asked for. Unconfigured, nothing syncs and the
 * stored rows (the demo's) are what the routes answer.
 */
export const clusterMonitoringFeature = defineFeature({
  name: 'clustermonitoring',
  observations: (ctx) => [alertSyncObservation(ctx.config)],
  routes: (r, ctx) => {
    const { db } = ctx;
    const stores = storeSourceFor(ctx);
    const api = clusterMonitoringApi;
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email;
    r.add(api.alerts, (req) => service.listAlerts(db, req.params.id, req.query));
    r.add(api.alertSummary, (req) => service.alertSummary(db, req.params.id));
    r.add(api.acknowledgeAlert, async (req) => ({
      alert: await service.acknowledgeAlert(db, req.params.id, req.params.alert_id, who(req), req.body),
    }));
    r.add(api.silenceAlert, async (req) => ({
      alert: await service.silenceAlert(db, req.params.id, req.params.alert_id, who(req), req.body),
    }));
    r.add(api.unsilenceAlert, async (req) => ({
      alert: await service.unsilenceAlert(db, req.params.id, req.params.alert_id, who(req)),
    }));
    r.add(api.topology, (req) => service.topology(db, req.params.id, stores));
    r.add(api.dmNamespaces, (req) => service.dmNamespaces(db, req.params.id));
    r.add(api.criticalAlerts, (req) => service.criticalAlerts(db, req.query));
  },
});
