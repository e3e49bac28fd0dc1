import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A period a dedicated cluster was down: an incident's start to its mitigation (`incident_number`, one window per
 * incident and cluster), or downtime recorded on its own (a blip no incident was opened for). Availability is computed
 * from these in SQL (the union of a cluster's windows over a period). The GiST index serves "windows overlapping a
 * period" fleet-wide; (cluster_id, started_at) serves one cluster's windows and the summary's "has no downtime" probe.
 */
export const slaDowntimeWindows = pgTable(
  'sla_downtime_windows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clusterId: text('cluster_id').notNull(),
    startedAt: at('started_at').notNull(),
    endedAt: at('ended_at').notNull(),
    incidentNumber: integer('incident_number'),
    cause: text('cause').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sla_windows_cluster_started_idx').on(t.clusterId, t.startedAt),
    index('sla_windows_range_idx').using('gist', sql`tstzrange(${t.startedAt}, ${t.endedAt})`),
    uniqueIndex('sla_windows_incident_cluster_idx')
      .on(t.incidentNumber, t.clusterId)
      .where(sql`${t.incidentNumber} is not null`),
    check('sla_windows_ends_after_start', sql`${t.endedAt} > ${t.startedAt}`),
  ],
);
