import type { FeatureManifest } from '../../shared/lib/feature';
import { incidentPath } from './paths';

export { incidentsKeys } from './keys';

/**
 * Incidents (issue 13; spec §2 /incidents, /incidents/{incident_id}; §7 devops incidents): severity, status
 * open → acknowledged → mitigated → resolved, commander, affected tenants and clusters, a timeline of logs, post-mortem
 * todo actions, chat notices and what changed on the affected clusters before it started. Loads with the shell: data
 * and lazy imports only.
 */
export const incidentsFeature: FeatureManifest = {
  key: 'incidents',
  requires: 'incidents.read',
  routes: [
    {
      path: '/incidents',
      title: 'Incidents',
      page: () => import('./pages/IncidentListPage').then((m) => m.IncidentListPage),
    },
    {
      path: '/incidents/:incidentId',
      page: () => import('./pages/IncidentDetailPage').then((m) => m.IncidentDetailPage),
    },
  ],
  menu: { section: 'eventCenter', key: 'incidents', label: 'Incidents', path: '/incidents', order: 1 },
  objectLinks: [{ kind: 'incident', path: incidentPath }],
  auditLinks: [{ type: 'incident', path: incidentPath }],
  // The contract's INCIDENT_STATUS_COLORS, spelled out: the manifest loads with the shell and keeps to data.
  statusColors: {
    OPEN: 'error',
    ACKNOWLEDGED: 'warning',
    MITIGATED: 'processing',
    RESOLVED: 'success',
  },
};
