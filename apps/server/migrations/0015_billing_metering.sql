CREATE TABLE "billing_metering" (
	"key" text PRIMARY KEY NOT NULL,
	"metered_through" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_usage" ADD COLUMN "source" text DEFAULT 'measure' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_usage" ADD COLUMN "exact_quantity" numeric(24, 6);--> statement-breakpoint
CREATE UNIQUE INDEX "billing_usage_meter_line_idx" ON "billing_usage" USING btree ("tenant_id","project_id","month","unit") WHERE source = 'meter';--> statement-breakpoint
-- A database that already holds usage (rated before metering existed) is metered from the upgrade on, not from its
-- month's start again.
INSERT INTO "billing_metering" ("key", "metered_through", "updated_at")
SELECT 'fleet', now(), now() WHERE EXISTS (SELECT 1 FROM "billing_usage");
