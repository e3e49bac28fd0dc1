import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The state of the simulated control plane (see simulated.ts). On a real deployment PD holds its own settings and
 * schedulers and the gitops repository lives on a git host; here the model keeps them in the portal's database.
 */

/**
 * PD configuration a cluster runs with, where it differs from PD's defaults (`pd-ctl config set` writes here;
 * `pd-ctl config show` merges it over the defaults). Values are kept as pd-ctl prints them.
 */
export const pdConfigs = pgTable(
  'pd_configs',
  {
    clusterId: text('cluster_id').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'pd_configs_pk', columns: [t.clusterId, t.key] })],
);

/** Schedulers added to a cluster's PD beyond its default ones (e.g. `evict-leader-scheduler-4`). */
export const pdSchedulers = pgTable(
  'pd_schedulers',
  {
    clusterId: text('cluster_id').notNull(),
    /** As pd-ctl names it: `evict-leader-scheduler-{store id}`. */
    name: text('name').notNull(),
    /** The store it acts on, when it acts on one. */
    storeId: text('store_id'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'pd_schedulers_pk', columns: [t.clusterId, t.name] }),
    index('pd_schedulers_created_idx').on(t.clusterId, t.createdAt),
  ],
);

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
