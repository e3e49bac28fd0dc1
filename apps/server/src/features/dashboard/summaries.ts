import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  DASHBOARD_INCIDENT_STATUSES,
  DASHBOARD_ONGOING_PHASES,
  INCIDENT_SEVERITIES,
  type DashboardIncidents,
  type DashboardRelease,
  type DashboardReleases,
  type IncidentSeverity,
  type IncidentStatus,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { incidentId, incidents } from '../incidents/index.js';
import { relChanges, relReleases } from '../release/index.js';

/**
 * GET dashboard/incident: the unresolved incidents counted by severity and status, and the newest of them (their
 * start, latest first). Unresolved incidents are few at any fleet size; the list reads incidents_status_started_idx.
 */
export async function dashboardIncidents(db: Db, limit: number): Promise<DashboardIncidents> {
  const active = inArray(incidents.status, [...DASHBOARD_INCIDENT_STATUSES]);
  const [counts, rows] = await Promise.all([
    db
      .select({ severity: incidents.severity, status: incidents.status, n: count() })
      .from(incidents)
      .where(active)
      .groupBy(incidents.severity, incidents.status),
    db
      .select({
        number: incidents.number,
        title: incidents.title,
        severity: incidents.severity,
        status: incidents.status,
        commander: incidents.commander,
        startedAt: incidents.startedAt,
        clusters: sql<number>`cardinality(${incidents.clusterIds})`,
        tenants: sql<number>`cardinality(${incidents.tenantIds})`,
      })
      .from(incidents)
      .where(active)
      .orderBy(desc(incidents.startedAt), desc(incidents.number))
      .limit(limit),
  ]);
  const sum = (pick: (r: (typeof counts)[number]) => boolean) =>
    counts.filter(pick).reduce((s, r) => s + Number(r.n), 0);
  return {
    total: sum(() => true),
    by_severity: INCIDENT_SEVERITIES.map((severity) => ({ severity, count: sum((r) => r.severity === severity) })),
    by_status: DASHBOARD_INCIDENT_STATUSES.map((status) => ({ status, count: sum((r) => r.status === status) })),
    items: rows.map((r) => ({
      id: incidentId(r.number),
      title: r.title,
      severity: r.severity as IncidentSeverity,
      status: r.status as IncidentStatus,
      commander: r.commander,
      started_at: iso(r.startedAt),
      clusters: Number(r.clusters),
      tenants: Number(r.tenants),
    })),
  };
}

type ReleaseRow = typeof relReleases.$inferSelect;

/**
 * GET dashboard/release: releases not released yet (deploying first, then approved, approving, planning; newest first
 * within a phase) and the latest released ones, each with its changes counted by status.
 */
export async function dashboardReleases(db: Db, limit: number): Promise<DashboardReleases> {
  const r = relReleases;
  const ongoingPhases = inArray(r.phase, [...DASHBOARD_ONGOING_PHASES]);
  const phaseOrder = sql`array_position(string_to_array(${DASHBOARD_ONGOING_PHASES.join(',')}, ','), ${r.phase})`;
  const [ongoing, [ongoingTotal], recent] = await Promise.all([
    db.select().from(r).where(ongoingPhases).orderBy(phaseOrder, desc(r.createdAt), desc(r.id)).limit(limit),
    db.select({ n: count() }).from(r).where(ongoingPhases),
    db
      .select()
      .from(r)
      .where(and(eq(r.phase, 'released'), isNotNull(r.releasedAt)))
      .orderBy(desc(r.releasedAt), desc(r.id))
      .limit(limit),
  ]);
  const ids = [...ongoing, ...recent].map((x) => x.id);
  const counts = ids.length
    ? await db
        .select({ releaseId: relChanges.releaseId, status: relChanges.status, n: count() })
        .from(relChanges)
        .where(inArray(relChanges.releaseId, ids))
        .groupBy(relChanges.releaseId, relChanges.status)
        .orderBy(asc(relChanges.releaseId), asc(relChanges.status))
    : [];
  const toRelease = (x: ReleaseRow): DashboardRelease => {
    const mine = counts.filter((c) => c.releaseId === x.id);
    return {
      id: String(x.id),
      release_number: x.releaseNumber,
      environment: x.environment as DashboardRelease['environment'],
      phase: x.phase as DashboardRelease['phase'],
      description: x.description,
      created_at: iso(x.createdAt),
      released_at: isoOrNull(x.releasedAt),
      changes: {
        total: mine.reduce((s, c) => s + Number(c.n), 0),
        by_status: Object.fromEntries(mine.map((c) => [c.status, Number(c.n)])),
      },
    };
  };
  return {
    ongoing: { total: Number(ongoingTotal?.n ?? 0), items: ongoing.map(toRelease) },
    recent: { items: recent.map(toRelease) },
  };
}
