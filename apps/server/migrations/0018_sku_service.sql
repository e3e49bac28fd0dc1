CREATE TABLE "sku_compute_mus" (
	"id" text PRIMARY KEY NOT NULL,
	"cloud_provider" text NOT NULL,
	"instance_type" text NOT NULL,
	"cpu_core" integer NOT NULL,
	"memory_gi" integer NOT NULL,
	"cpu_arch" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sku_skus" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"display_name" text NOT NULL,
	"spu_id" bigint NOT NULL,
	"cloud_provider" text NOT NULL,
	"component_type" text NOT NULL,
	"instance_mu_id" text NOT NULL,
	"default_node_count" integer NOT NULL,
	"tikv_sku_key" text,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data_storage" jsonb,
	"raftlog_storage" jsonb,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sku_spus" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"component_type" text NOT NULL,
	"cpu_core" integer NOT NULL,
	"memory_size_gi" integer NOT NULL,
	"mappings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sku_storage_mus" (
	"id" text PRIMARY KEY NOT NULL,
	"cloud_provider" text NOT NULL,
	"volume_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sku_whitelist" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"target_key" text NOT NULL,
	"component_type" text NOT NULL,
	"tenant_id" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sku_compute_mus_provider_type_idx" ON "sku_compute_mus" USING btree ("cloud_provider","instance_type");--> statement-breakpoint
CREATE UNIQUE INDEX "sku_skus_key_idx" ON "sku_skus" USING btree ("key");--> statement-breakpoint
CREATE INDEX "sku_skus_provider_component_key_idx" ON "sku_skus" USING btree ("cloud_provider","component_type","key");--> statement-breakpoint
CREATE INDEX "sku_skus_spu_idx" ON "sku_skus" USING btree ("spu_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "sku_spus_key_idx" ON "sku_spus" USING btree ("key");--> statement-breakpoint
CREATE INDEX "sku_spus_component_key_idx" ON "sku_spus" USING btree ("component_type","key");--> statement-breakpoint
CREATE UNIQUE INDEX "sku_storage_mus_provider_type_idx" ON "sku_storage_mus" USING btree ("cloud_provider","volume_type");--> statement-breakpoint
CREATE UNIQUE INDEX "sku_whitelist_target_tenant_idx" ON "sku_whitelist" USING btree ("scope","target_key","tenant_id");--> statement-breakpoint
CREATE INDEX "sku_whitelist_target_created_idx" ON "sku_whitelist" USING btree ("scope","target_key","created_at","id");--> statement-breakpoint
CREATE INDEX "sku_whitelist_tenant_idx" ON "sku_whitelist" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sku_whitelist_created_idx" ON "sku_whitelist" USING btree ("created_at","id");