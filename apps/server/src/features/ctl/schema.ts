import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
