CREATE TABLE "demo_seed_parts" (
	"part" text PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cluster_alerts" ADD COLUMN "fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_alerts_firing_fingerprint_idx" ON "cluster_alerts" USING btree ("fingerprint") WHERE "cluster_alerts"."status" = 'firing';