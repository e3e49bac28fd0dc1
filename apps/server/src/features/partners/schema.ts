import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * Partners (issue 16). A partner is an org (tenant) whose org_tag is its type (msp, cppo, mcpo, reseller): the org
 * holds its name and contact email, `partners` what a partner has besides (an MSP's website, logo, disclaimers,
 * advertising and support plan). Customer links, API keys (hashes only) and uploaded logos (sanitised SVG) have a
 * table each. Every list filter and sort has an index ending in the ORDER BY the repo emits (`…, <sort>, id`).
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const partners = pgTable(
  'partners',
  {
    orgId: text('org_id').primaryKey(),
    type: text('type').notNull(),
    /** lower(name) of an MSP: its signup link is made from the name, so MSP names are unique. */
    nameKey: text('name_key'),
    website: text('website'),
    logoId: text('logo_id'),
    logoName: text('logo_name'),
    disclaimers: text('disclaimers').notNull().default(''),
    advertising: jsonb('advertising').notNull().default([]),
    /** The MSP's support plan as bound by billing (billing_bound_plans id). */
    boundPlanId: text('bound_plan_id'),
    createdBy: text('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedBy: text('updated_by'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    index('partners_type_created_idx').on(t.type, t.createdAt, t.orgId),
    uniqueIndex('partners_msp_name_idx')
      .on(t.nameKey)
      .where(sql`${t.type} = 'msp'`),
  ],
);

/** Spec §3 Partner-customer link. The status is derived from the dates when read. */
export const partnerCustomers = pgTable(
  'partner_customers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerType: text('partner_type').notNull(),
    partnerOrgId: text('partner_org_id').notNull(),
    customerOrgId: text('customer_org_id').notNull(),
    effectedAt: at('effected_at').notNull(),
    expiredAt: at('expired_at'),
    /** CPPO / MCPO: billingaccounts' partner billing config made with the link. */
    partnerBillingConfigId: text('partner_billing_config_id'),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    endedBy: text('ended_by'),
    endedAt: at('ended_at'),
  },
  (t) => [
    index('partner_customers_partner_effected_idx').on(t.partnerOrgId, t.effectedAt, t.id),
    index('partner_customers_partner_created_idx').on(t.partnerOrgId, t.createdAt, t.id),
    index('partner_customers_customer_idx').on(t.customerOrgId, t.effectedAt, t.id),
  ],
);

/** API keys of MSPs: only the SHA-256 of the key is kept (the key is 256 random bits, shown once). */
export const partnerApiKeys = pgTable(
  'partner_api_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: text('org_id').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    role: text('role').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    revokedBy: text('revoked_by'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('partner_api_keys_hash_idx').on(t.keyHash),
    index('partner_api_keys_org_idx').on(t.orgId, t.createdAt, t.id),
  ],
);

/** Uploaded MSP logos, sanitised before they are kept; served by their random id. */
export const partnerLogos = pgTable('partner_logos', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  svg: text('svg').notNull(),
  sha256: text('sha256').notNull(),
  bytes: integer('bytes').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
