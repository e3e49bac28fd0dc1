CREATE TABLE "cc_change_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"change_id" bigint NOT NULL,
	"type" text NOT NULL,
	"subject_key" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"released" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cc_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"applicant" text NOT NULL,
	"reason" text NOT NULL,
	"phase" text NOT NULL,
	"phase_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cc_component_defaults" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cluster_type" text NOT NULL,
	"component" text NOT NULL,
	"version" text NOT NULL,
	"base_image" text NOT NULL,
	"image_tag" text NOT NULL,
	"change_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cc_default_cases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cluster_type" text NOT NULL,
	"version" text NOT NULL,
	"cloud_provider" text,
	"instance_type" text,
	"config_type" text NOT NULL,
	"region" text,
	"template_id" bigint NOT NULL,
	"change_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cc_gitops_versions" (
	"branch" text NOT NULL,
	"cluster_type" text NOT NULL,
	"version" text NOT NULL,
	"tier_branch" text,
	CONSTRAINT "cc_gitops_versions_pk" PRIMARY KEY("branch","cluster_type","version")
);
--> statement-breakpoint
CREATE TABLE "cc_instance_types" (
	"cluster_type" text NOT NULL,
	"cloud_provider" text NOT NULL,
	"instance_type" text NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "cc_instance_types_pk" PRIMARY KEY("cluster_type","cloud_provider","instance_type")
);
--> statement-breakpoint
CREATE TABLE "cc_released" (
	"environment" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"release_id" bigint,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cc_released_pk" PRIMARY KEY("environment","kind","key")
);
--> statement-breakpoint
CREATE TABLE "cc_releases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"change_id" bigint NOT NULL,
	"environment" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"phase" text NOT NULL,
	"release_number" integer NOT NULL,
	"applicant" text NOT NULL,
	"approval_id" text,
	"operation_id" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cc_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cluster_type" text NOT NULL,
	"template_type" text NOT NULL,
	"config_type" text,
	"effective_minor_version" text NOT NULL,
	"creator_email" text NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_data" jsonb,
	"change_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cc_version_rules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"component" text NOT NULL,
	"cloud_provider" text,
	"region" text,
	"cluster_version" text,
	"version" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cc_versions" (
	"cluster_type" text NOT NULL,
	"version" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cc_versions_pk" PRIMARY KEY("cluster_type","version")
);
--> statement-breakpoint
CREATE INDEX "cc_change_items_change_idx" ON "cc_change_items" USING btree ("change_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cc_change_items_subject_idx" ON "cc_change_items" USING btree ("change_id","type","subject_key");--> statement-breakpoint
CREATE INDEX "cc_changes_created_idx" ON "cc_changes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cc_changes_phase_created_idx" ON "cc_changes" USING btree ("phase","created_at","id");--> statement-breakpoint
CREATE INDEX "cc_changes_applicant_created_idx" ON "cc_changes" USING btree ("applicant","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cc_component_defaults_key_idx" ON "cc_component_defaults" USING btree ("cluster_type","component","version");--> statement-breakpoint
CREATE INDEX "cc_component_defaults_change_idx" ON "cc_component_defaults" USING btree ("change_id") WHERE "cc_component_defaults"."change_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cc_default_cases_case_idx" ON "cc_default_cases" USING btree ("cluster_type","version",coalesce("cloud_provider", ''),coalesce("instance_type", ''),"config_type",coalesce("region", ''));--> statement-breakpoint
CREATE INDEX "cc_default_cases_type_version_idx" ON "cc_default_cases" USING btree ("cluster_type","version","config_type","id");--> statement-breakpoint
CREATE INDEX "cc_default_cases_template_idx" ON "cc_default_cases" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "cc_default_cases_provider_idx" ON "cc_default_cases" USING btree ("cluster_type","cloud_provider","instance_type");--> statement-breakpoint
CREATE INDEX "cc_default_cases_change_idx" ON "cc_default_cases" USING btree ("change_id") WHERE "cc_default_cases"."change_id" is not null;--> statement-breakpoint
CREATE INDEX "cc_releases_change_idx" ON "cc_releases" USING btree ("change_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cc_releases_number_idx" ON "cc_releases" USING btree ("environment","release_number");--> statement-breakpoint
CREATE UNIQUE INDEX "cc_releases_one_open_idx" ON "cc_releases" USING btree ("change_id","environment") WHERE "cc_releases"."phase" in ('approving', 'releasing');--> statement-breakpoint
CREATE INDEX "cc_templates_type_created_idx" ON "cc_templates" USING btree ("template_type","created_at","id");--> statement-breakpoint
CREATE INDEX "cc_templates_cluster_type_created_idx" ON "cc_templates" USING btree ("cluster_type","template_type","created_at","id");--> statement-breakpoint
CREATE INDEX "cc_templates_name_idx" ON "cc_templates" USING btree ("name");--> statement-breakpoint
CREATE INDEX "cc_templates_type_minor_created_idx" ON "cc_templates" USING btree ("template_type","effective_minor_version","created_at","id");--> statement-breakpoint
CREATE INDEX "cc_templates_change_idx" ON "cc_templates" USING btree ("change_id") WHERE "cc_templates"."change_id" is not null;--> statement-breakpoint
CREATE INDEX "cc_version_rules_component_idx" ON "cc_version_rules" USING btree ("component","id");