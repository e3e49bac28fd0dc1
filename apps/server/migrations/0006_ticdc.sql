CREATE TABLE "pd_configs" (
	"cluster_id" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pd_configs_pk" PRIMARY KEY("cluster_id","key")
);
--> statement-breakpoint
CREATE TABLE "pd_schedulers" (
	"cluster_id" text NOT NULL,
	"name" text NOT NULL,
	"store_id" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pd_schedulers_pk" PRIMARY KEY("cluster_id","name")
);
--> statement-breakpoint
CREATE TABLE "gitops_desired_states" (
	"cluster_id" text NOT NULL,
	"branch" text NOT NULL,
	"path" text NOT NULL,
	"value" text NOT NULL,
	"revision" text NOT NULL,
	"author" text NOT NULL,
	"message" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gitops_desired_states_pk" PRIMARY KEY("cluster_id","branch","path")
);
--> statement-breakpoint
CREATE TABLE "changefeeds" (
	"id" text PRIMARY KEY NOT NULL,
	"display_id" text NOT NULL,
	"display_name" text NOT NULL,
	"ticdc_cluster_id" text NOT NULL,
	"cluster_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"status" text NOT NULL,
	"downstream_type" text NOT NULL,
	"destination" text NOT NULL,
	"error" text,
	"checkpoint_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticdc_clusters" (
	"id" text PRIMARY KEY NOT NULL,
	"cluster_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"version" text NOT NULL,
	"deploy_type" text NOT NULL,
	"specification" text NOT NULL,
	"region" text NOT NULL,
	"provider" text NOT NULL,
	"control_plane_arch" text NOT NULL,
	"operator_version" text NOT NULL,
	"base_image" text NOT NULL,
	"image_tag" text NOT NULL,
	"overwrite_image_tag" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "changefeeds" ADD CONSTRAINT "changefeeds_ticdc_cluster_fk" FOREIGN KEY ("ticdc_cluster_id") REFERENCES "public"."ticdc_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pd_schedulers_created_idx" ON "pd_schedulers" USING btree ("cluster_id","created_at");--> statement-breakpoint
CREATE INDEX "changefeeds_ticdc_created_idx" ON "changefeeds" USING btree ("ticdc_cluster_id","created_at","id");--> statement-breakpoint
CREATE INDEX "changefeeds_cluster_created_idx" ON "changefeeds" USING btree ("cluster_id","created_at","id");--> statement-breakpoint
CREATE INDEX "changefeeds_created_idx" ON "changefeeds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "changefeeds_status_created_idx" ON "changefeeds" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "ticdc_clusters_cluster_created_idx" ON "ticdc_clusters" USING btree ("cluster_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ticdc_clusters_tenant_created_idx" ON "ticdc_clusters" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ticdc_clusters_created_idx" ON "ticdc_clusters" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ticdc_clusters_status_created_idx" ON "ticdc_clusters" USING btree ("status","created_at","id");