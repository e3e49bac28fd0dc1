import { boolean, foreignKey, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Cloud providers the platform runs on (spec §3 enumeration: AWS, GCP, AZURE, ALICLOUD), managed on /providers. */
export const providers = pgTable(
  'providers',
  {
    /** A lowercase slug, e.g. `aws`. */
    id: text('id').primaryKey(),
    /** The platform's provider enumeration, e.g. `AWS`; clusters.provider holds this value. */
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('providers_name_key').on(t.name)],
);

/** A provider's regions; `id` is `${provider_id}-${region_code}`, stable and readable. */
export const regions = pgTable(
  'regions',
  {
    id: text('id').primaryKey(),
    providerId: text('provider_id').notNull(),
    regionCode: text('region_code').notNull(),
    displayName: text('display_name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'regions_provider_fk', columns: [t.providerId], foreignColumns: [providers.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('regions_provider_code_key').on(t.providerId, t.regionCode),
  ],
);
