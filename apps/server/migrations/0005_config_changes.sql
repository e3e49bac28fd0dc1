CREATE TABLE "config_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"cluster_type" text NOT NULL,
	"tenant_id" text,
	"change_type" text NOT NULL,
	"applicant" text NOT NULL,
	"apply_policy" text NOT NULL,
	"phase" text NOT NULL,
	"phase_reason" text,
	"approval_id" text,
	"operation_id" text,
	"reason" text NOT NULL,
	"scope" jsonb NOT NULL,
	"snapshot" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"base_fingerprint" text NOT NULL,
	"modified_params" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "config_custom_params" (
	"cluster_type" text NOT NULL,
	"target_id" text NOT NULL,
	"config_type" text NOT NULL,
	"filename" text NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "config_custom_params_pk" PRIMARY KEY("cluster_type","target_id","config_type","name")
);
--> statement-breakpoint
CREATE TABLE "config_image_overrides" (
	"cluster_type" text NOT NULL,
	"target_id" text NOT NULL,
	"component" text NOT NULL,
	"image_tag" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "config_image_overrides_pk" PRIMARY KEY("cluster_type","target_id","component")
);
--> statement-breakpoint
CREATE TABLE "config_parameters" (
	"config_type" text NOT NULL,
	"minor_version" text NOT NULL,
	"name" text NOT NULL,
	"filename" text NOT NULL,
	"default_value" text NOT NULL,
	"type" text NOT NULL,
	"apply_policy" text NOT NULL,
	"validation" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text NOT NULL,
	"risk_level" text NOT NULL,
	CONSTRAINT "config_parameters_pk" PRIMARY KEY("config_type","minor_version","name")
);
--> statement-breakpoint
CREATE INDEX "config_changes_created_idx" ON "config_changes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "config_changes_target_created_idx" ON "config_changes" USING btree ("target_id","created_at","id");--> statement-breakpoint
CREATE INDEX "config_changes_phase_created_idx" ON "config_changes" USING btree ("phase","created_at","id");--> statement-breakpoint
CREATE INDEX "config_changes_applicant_created_idx" ON "config_changes" USING btree ("applicant","created_at","id");--> statement-breakpoint
CREATE INDEX "config_changes_cluster_type_created_idx" ON "config_changes" USING btree ("cluster_type","created_at","id");--> statement-breakpoint
CREATE INDEX "config_changes_modified_params_trgm_idx" ON "config_changes" USING gin ("modified_params" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "config_changes_one_open_per_target_idx" ON "config_changes" USING btree ("cluster_type","target_id") WHERE "config_changes"."phase" in ('created', 'approving', 'wait_for_apply', 'applying');