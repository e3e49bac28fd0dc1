CREATE TABLE "partner_api_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"role" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_by" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_customers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_type" text NOT NULL,
	"partner_org_id" text NOT NULL,
	"customer_org_id" text NOT NULL,
	"effected_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone,
	"partner_billing_config_id" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_by" text,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_logos" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"svg" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"org_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name_key" text,
	"website" text,
	"logo_id" text,
	"logo_name" text,
	"disclaimers" text DEFAULT '' NOT NULL,
	"advertising" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bound_plan_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "partner_api_keys_hash_idx" ON "partner_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "partner_api_keys_org_idx" ON "partner_api_keys" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "partner_customers_partner_effected_idx" ON "partner_customers" USING btree ("partner_org_id","effected_at","id");--> statement-breakpoint
CREATE INDEX "partner_customers_partner_created_idx" ON "partner_customers" USING btree ("partner_org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "partner_customers_customer_idx" ON "partner_customers" USING btree ("customer_org_id","effected_at","id");--> statement-breakpoint
CREATE INDEX "partners_type_created_idx" ON "partners" USING btree ("type","created_at","org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_msp_name_idx" ON "partners" USING btree ("name_key") WHERE "partners"."type" = 'msp';--> statement-breakpoint
CREATE INDEX "tenants_email_idx" ON "tenants" USING btree (lower("email"));