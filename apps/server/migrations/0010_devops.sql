CREATE TABLE "jump_authorizations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cluster_id" text NOT NULL,
	"cluster_name" text NOT NULL,
	"tenant_id" text NOT NULL,
	"applicant" text NOT NULL,
	"jumpserver_user" text NOT NULL,
	"reason" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"approval_id" text,
	"hosts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grant_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text
);
--> statement-breakpoint
CREATE TABLE "jump_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"hosts" jsonb NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jump_users" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "k8s_cluster_hosting" (
	"cluster_id" text PRIMARY KEY NOT NULL,
	"k8s_cluster_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "k8s_clusters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"region" text NOT NULL,
	"environment" text NOT NULL,
	"version" text NOT NULL,
	"version_rank" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "k8s_node_pools" (
	"k8s_cluster_id" bigint NOT NULL,
	"name" text NOT NULL,
	"instance_type" text NOT NULL,
	"node_count" integer NOT NULL,
	"version" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	CONSTRAINT "k8s_node_pools_pk" PRIMARY KEY("k8s_cluster_id","name")
);
--> statement-breakpoint
CREATE TABLE "k8s_upgrade_task_clusters" (
	"task_id" bigint NOT NULL,
	"k8s_cluster_id" bigint NOT NULL,
	"batch" integer NOT NULL,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"from_version" text NOT NULL,
	"operation_id" text,
	"reason" text,
	"pools_before" jsonb,
	"pools_after" jsonb,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "k8s_upgrade_task_clusters_pk" PRIMARY KEY("task_id","k8s_cluster_id")
);
--> statement-breakpoint
CREATE TABLE "k8s_upgrade_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"target_version" text NOT NULL,
	"status" text NOT NULL,
	"verification" text DEFAULT 'automatic' NOT NULL,
	"reason" text,
	"current_batch" integer,
	"generation" jsonb,
	"created_by" text NOT NULL,
	"submitted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cluster_maintenance_executions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"maintenance_id" bigint NOT NULL,
	"cluster_id" text NOT NULL,
	"cluster_name" text NOT NULL,
	"status" text NOT NULL,
	"cancel_reason" text,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"operator" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cluster_maintenances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"schedule_time" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" text
);
--> statement-breakpoint
CREATE TABLE "rel_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"release_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"component" text NOT NULL,
	"repository" text NOT NULL,
	"pull_requests" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"target_cluster_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"canary_cluster_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text NOT NULL,
	"deploy_operation_id" bigint,
	"deployed_at" timestamp with time zone,
	"ready_check" jsonb,
	"verification" jsonb,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rel_codehost_labels" (
	"name" text PRIMARY KEY NOT NULL,
	"color" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rel_codehost_pulls" (
	"number" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"author" text NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"head_ref" text NOT NULL,
	"base_ref" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"merged_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rel_codehost_releases" (
	"tag_name" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"draft" boolean DEFAULT false NOT NULL,
	"prerelease" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rel_releases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"environment" text NOT NULL,
	"phase" text NOT NULL,
	"release_number" text NOT NULL,
	"released_at" timestamp with time zone,
	"approval_id" bigint,
	"approval_status" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rel_ticket_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rel_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"release_id" bigint NOT NULL,
	"change_id" bigint NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"link" text,
	"status" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "k8s_cluster_hosting" ADD CONSTRAINT "k8s_cluster_hosting_k8s_cluster_id_k8s_clusters_id_fk" FOREIGN KEY ("k8s_cluster_id") REFERENCES "public"."k8s_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "k8s_node_pools" ADD CONSTRAINT "k8s_node_pools_k8s_cluster_id_k8s_clusters_id_fk" FOREIGN KEY ("k8s_cluster_id") REFERENCES "public"."k8s_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "k8s_upgrade_task_clusters" ADD CONSTRAINT "k8s_upgrade_task_clusters_task_id_k8s_upgrade_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."k8s_upgrade_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "k8s_upgrade_task_clusters" ADD CONSTRAINT "k8s_upgrade_task_clusters_k8s_cluster_id_k8s_clusters_id_fk" FOREIGN KEY ("k8s_cluster_id") REFERENCES "public"."k8s_clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_maintenance_executions" ADD CONSTRAINT "cluster_maintenance_executions_maintenance_fk" FOREIGN KEY ("maintenance_id") REFERENCES "public"."cluster_maintenances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rel_changes" ADD CONSTRAINT "rel_changes_release_fk" FOREIGN KEY ("release_id") REFERENCES "public"."rel_releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rel_ticket_history" ADD CONSTRAINT "rel_ticket_history_ticket_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."rel_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rel_tickets" ADD CONSTRAINT "rel_tickets_release_fk" FOREIGN KEY ("release_id") REFERENCES "public"."rel_releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rel_tickets" ADD CONSTRAINT "rel_tickets_change_fk" FOREIGN KEY ("change_id") REFERENCES "public"."rel_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jump_authorizations_created_idx" ON "jump_authorizations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "jump_authorizations_expires_idx" ON "jump_authorizations" USING btree ("expires_at","id");--> statement-breakpoint
CREATE INDEX "jump_authorizations_status_created_idx" ON "jump_authorizations" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "jump_authorizations_status_expires_idx" ON "jump_authorizations" USING btree ("status","expires_at","id");--> statement-breakpoint
CREATE INDEX "jump_authorizations_cluster_created_idx" ON "jump_authorizations" USING btree ("cluster_id","created_at","id");--> statement-breakpoint
CREATE INDEX "jump_authorizations_applicant_created_idx" ON "jump_authorizations" USING btree ("applicant","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "jump_authorizations_one_open_idx" ON "jump_authorizations" USING btree ("applicant","cluster_id","jumpserver_user") WHERE "jump_authorizations"."status" in ('approving', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "jump_grants_reference_idx" ON "jump_grants" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "jump_grants_username_idx" ON "jump_grants" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "jump_users_username_idx" ON "jump_users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "jump_users_active_idx" ON "jump_users" USING btree ("is_active","username");--> statement-breakpoint
CREATE INDEX "jump_users_search_trgm_idx" ON "jump_users" USING gin (("username" || ' ' || "name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "k8s_cluster_hosting_k8s_idx" ON "k8s_cluster_hosting" USING btree ("k8s_cluster_id","cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "k8s_clusters_name_idx" ON "k8s_clusters" USING btree ("name");--> statement-breakpoint
CREATE INDEX "k8s_clusters_provider_name_idx" ON "k8s_clusters" USING btree ("provider","name");--> statement-breakpoint
CREATE INDEX "k8s_clusters_region_name_idx" ON "k8s_clusters" USING btree ("region","name");--> statement-breakpoint
CREATE INDEX "k8s_clusters_env_name_idx" ON "k8s_clusters" USING btree ("environment","name");--> statement-breakpoint
CREATE INDEX "k8s_clusters_version_idx" ON "k8s_clusters" USING btree ("version_rank","name");--> statement-breakpoint
CREATE INDEX "k8s_clusters_created_idx" ON "k8s_clusters" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "k8s_upgrade_task_clusters_batch_idx" ON "k8s_upgrade_task_clusters" USING btree ("task_id","batch","position");--> statement-breakpoint
CREATE INDEX "k8s_upgrade_task_clusters_k8s_idx" ON "k8s_upgrade_task_clusters" USING btree ("k8s_cluster_id","status");--> statement-breakpoint
CREATE INDEX "k8s_upgrade_tasks_created_idx" ON "k8s_upgrade_tasks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "k8s_upgrade_tasks_status_created_idx" ON "k8s_upgrade_tasks" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "k8s_upgrade_tasks_name_idx" ON "k8s_upgrade_tasks" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "k8s_upgrade_tasks_target_created_idx" ON "k8s_upgrade_tasks" USING btree ("target_version","created_at","id");--> statement-breakpoint
CREATE INDEX "k8s_upgrade_tasks_name_trgm_idx" ON "k8s_upgrade_tasks" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_maintenance_executions_cluster_uq" ON "cluster_maintenance_executions" USING btree ("maintenance_id","cluster_id");--> statement-breakpoint
CREATE INDEX "cluster_maintenance_executions_cluster_idx" ON "cluster_maintenance_executions" USING btree ("cluster_id","maintenance_id");--> statement-breakpoint
CREATE INDEX "cluster_maintenance_executions_open_idx" ON "cluster_maintenance_executions" USING btree ("cluster_id") WHERE "cluster_maintenance_executions"."status" in ('Pending', 'Running');--> statement-breakpoint
CREATE INDEX "cluster_maintenances_schedule_idx" ON "cluster_maintenances" USING btree ("schedule_time","id");--> statement-breakpoint
CREATE INDEX "cluster_maintenances_created_idx" ON "cluster_maintenances" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cluster_maintenances_status_schedule_idx" ON "cluster_maintenances" USING btree ("status","schedule_time","id");--> statement-breakpoint
CREATE INDEX "cluster_maintenances_status_created_idx" ON "cluster_maintenances" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "cluster_maintenances_project_schedule_idx" ON "cluster_maintenances" USING btree ("project_id","schedule_time","id");--> statement-breakpoint
CREATE INDEX "cluster_maintenances_project_created_idx" ON "cluster_maintenances" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rel_changes_release_created_idx" ON "rel_changes" USING btree ("release_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rel_changes_release_title_idx" ON "rel_changes" USING btree ("release_id","title","id");--> statement-breakpoint
CREATE INDEX "rel_changes_release_status_idx" ON "rel_changes" USING btree ("release_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "rel_changes_operation_idx" ON "rel_changes" USING btree ("deploy_operation_id");--> statement-breakpoint
CREATE INDEX "rel_codehost_pulls_state_idx" ON "rel_codehost_pulls" USING btree ("state","number");--> statement-breakpoint
CREATE INDEX "rel_codehost_pulls_labels_idx" ON "rel_codehost_pulls" USING gin ("labels");--> statement-breakpoint
CREATE INDEX "rel_codehost_releases_published_idx" ON "rel_codehost_releases" USING btree ("published_at","tag_name");--> statement-breakpoint
CREATE UNIQUE INDEX "rel_releases_env_number_idx" ON "rel_releases" USING btree ("environment","release_number");--> statement-breakpoint
CREATE INDEX "rel_releases_created_idx" ON "rel_releases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "rel_releases_env_created_idx" ON "rel_releases" USING btree ("environment","created_at","id");--> statement-breakpoint
CREATE INDEX "rel_releases_phase_created_idx" ON "rel_releases" USING btree ("phase","created_at","id");--> statement-breakpoint
CREATE INDEX "rel_releases_released_idx" ON "rel_releases" USING btree ("released_at","id");--> statement-breakpoint
CREATE INDEX "rel_releases_approval_idx" ON "rel_releases" USING btree ("approval_id");--> statement-breakpoint
CREATE INDEX "rel_ticket_history_ticket_idx" ON "rel_ticket_history" USING btree ("ticket_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rel_tickets_release_name_idx" ON "rel_tickets" USING btree ("release_id","name");--> statement-breakpoint
CREATE INDEX "rel_tickets_release_updated_idx" ON "rel_tickets" USING btree ("release_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "rel_tickets_release_status_idx" ON "rel_tickets" USING btree ("release_id","status","name");--> statement-breakpoint
CREATE INDEX "rel_tickets_change_idx" ON "rel_tickets" USING btree ("change_id","name");