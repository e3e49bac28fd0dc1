import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The desired state of each cluster on each branch of the gitops repository, one row per path (e.g.
 * `components.TIDB.image_tag`, `pd.schedule.leader-schedule-limit`), with the commit that last set it. A path whose
 * desired value differs from the cluster's current one is pending secondary confirmation.
 */
export const gitopsDesiredStates = pgTable(
  'gitops_desired_states',
  {
    clusterId: text('cluster_id').notNull(),
    branch: text('branch').notNull(),
    path: text('path').notNull(),
    value: text('value').notNull(),
    revision: text('revision').notNull(),
    author: text('author').notNull(),
    message: text('message').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'gitops_desired_states_pk', columns: [t.clusterId, t.branch, t.path] })],
);
