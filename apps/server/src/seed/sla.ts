import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { clusters } from '../features/orgs/index.js';
import { insertWindows, recordIncidentDowntime } from '../features/sla/repo.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * The SLA's demo data: the downtime of the seeded incidents (each mitigated — or resolved after a mitigation —
 * incident's start → mitigation on its dedicated clusters, exactly what the SLA records when an incident is resolved),
 * plus downtime recorded on its own on a few other dedicated clusters, chosen by a stable query: within the objective
 * and breaching it, one BYOC cluster (99.9%), two overlapping windows (counted once), in earlier months (dated from
 * DEMO_BASE_TIME) and in the current one (relative to the hour the seed runs in, like the active incidents).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `days` before DEMO_BASE_TIME (2026-11-01), at hh:mm UTC. */
const before = (days: number, hh: number, mm: number) =>
  new Date(DEMO_BASE_TIME - days * DAY + hh * HOUR + mm * MINUTE);

interface Standalone {
  /** Index into the picked clusters; `byoc` for the BYOC one. */
  cluster: number | 'byoc';
  start: (base: number) => Date;
  minutes: number;
  cause: string;
}

export const SLA_STANDALONE: readonly Standalone[] = [
  // October 2026: 3 minutes (within 99.99%), 2 + 4 (breach), 25 on BYOC (within 99.9%), two overlapping (6, breach).
  {
    cluster: 0,
    start: () => before(18, 2, 10),
    minutes: 3,
    cause: 'TiDB pod rescheduled after a spot-node preemption',
  },
  {
    cluster: 1,
    start: () => before(25, 11, 20),
    minutes: 2,
    cause: 'Load balancer health checks flapped on the SQL endpoint',
  },
  { cluster: 1, start: () => before(11, 16, 5), minutes: 4, cause: 'PD leader election stalled after a network blip' },
  {
    cluster: 'byoc',
    start: () => before(22, 3, 0),
    minutes: 25,
    cause: "Customer VPC route-table change cut the cluster's endpoint",
  },
  { cluster: 3, start: () => before(29, 8, 0), minutes: 5, cause: 'TiProxy restarted with a bad configuration' },
  {
    cluster: 3,
    start: () => before(29, 8, 3),
    minutes: 3,
    cause: 'TiDB servers restarted on out-of-memory during the proxy restart',
  },
  // Earlier months.
  { cluster: 2, start: () => before(44, 22, 40), minutes: 1, cause: 'TiKV region leader transfer timed out' },
  {
    cluster: 0,
    start: () => before(67, 5, 30),
    minutes: 12,
    cause: 'Storage volume detached during a host retirement',
  },
  // This month, relative to the seed's hour.
  {
    cluster: 2,
    start: (base) => new Date(base - 2 * DAY - 3 * HOUR),
    minutes: 2,
    cause: 'Rolling restart exceeded its surge budget',
  },
  {
    cluster: 'byoc',
    start: (base) => new Date(base - 3 * DAY),
    minutes: 50,
    cause: 'Customer-managed KMS key disabled',
  },
  {
    cluster: 1,
    start: (base) => new Date(base - 26 * HOUR),
    minutes: 7,
    cause: 'SQL endpoint certificate reload failed',
  },
];

/** The dedicated clusters the standalone downtime goes to: available ones past the incidents' pool (first 40). */
export async function slaStandaloneClusters(tx: Db): Promise<{ picked: string[]; byoc: string | undefined }> {
  const dedicated = and(
    eq(clusters.clusterType, 'DEDICATED_TIDB'),
    eq(clusters.status, 'USER_CLUSTER_STATUS_AVAILABLE'),
  );
  const [picked, byoc] = await Promise.all([
    tx
      .select({ id: clusters.id })
      .from(clusters)
      .where(and(dedicated, eq(clusters.isByoc, false)))
      .orderBy(asc(clusters.id))
      .offset(40)
      .limit(4),
    tx
      .select({ id: clusters.id })
      .from(clusters)
      .where(and(dedicated, eq(clusters.isByoc, true)))
      .orderBy(asc(clusters.id))
      .limit(1),
  ]);
  return { picked: picked.map((r) => r.id), byoc: byoc[0]?.id };
}

/** Seeds the SLA's downtime windows (expects the fleet and the incidents seeded). */
export async function seedSla(tx: Db, base = Math.floor(Date.now() / HOUR) * HOUR): Promise<void> {
  await recordIncidentDowntime(tx);
  const { picked, byoc } = await slaStandaloneClusters(tx);
  await insertWindows(
    tx,
    SLA_STANDALONE.flatMap((w) => {
      const clusterId = w.cluster === 'byoc' ? byoc : picked[w.cluster];
      if (!clusterId) return [];
      const startedAt = w.start(base);
      const endedAt = new Date(startedAt.getTime() + w.minutes * MINUTE);
      return [{ clusterId, startedAt, endedAt, incidentNumber: null, cause: w.cause, createdAt: endedAt }];
    }),
  );
}
