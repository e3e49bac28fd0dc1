CREATE TABLE "providers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"region_code" text NOT NULL,
	"display_name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cluster_components" (
	"cluster_id" text NOT NULL,
	"component" text NOT NULL,
	"replicas" integer NOT NULL,
	"node_spec" text NOT NULL,
	"storage_gib" integer NOT NULL,
	"version" text NOT NULL,
	"image_tag" text NOT NULL,
	CONSTRAINT "cluster_components_pk" PRIMARY KEY("cluster_id","component")
);
--> statement-breakpoint
CREATE TABLE "cluster_counts" (
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"cluster_type" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cluster_counts_pk" PRIMARY KEY("status","provider","cluster_type")
);
--> statement-breakpoint
CREATE TABLE "clusters" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"cluster_type" text NOT NULL,
	"project_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"provider" text NOT NULL,
	"region" text NOT NULL,
	"version" text NOT NULL,
	"is_byoc" boolean DEFAULT false NOT NULL,
	"errmsg" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_counts" (
	"scope" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"status" text NOT NULL,
	"email" text NOT NULL,
	"org_tag" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_provider_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_components" ADD CONSTRAINT "cluster_components_cluster_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_project_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "providers_name_key" ON "providers" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_provider_code_key" ON "regions" USING btree ("provider_id","region_code");--> statement-breakpoint
CREATE INDEX "clusters_created_idx" ON "clusters" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clusters_name_idx" ON "clusters" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "clusters_status_created_idx" ON "clusters" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "clusters_tenant_created_idx" ON "clusters" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clusters_project_created_idx" ON "clusters" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clusters_type_created_idx" ON "clusters" USING btree ("cluster_type","created_at","id");--> statement-breakpoint
CREATE INDEX "clusters_provider_created_idx" ON "clusters" USING btree ("provider","created_at","id");--> statement-breakpoint
CREATE INDEX "clusters_byoc_created_idx" ON "clusters" USING btree ("created_at","id") WHERE "clusters"."is_byoc";--> statement-breakpoint
CREATE INDEX "clusters_name_trgm_idx" ON "clusters" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_tenant_created_idx" ON "projects" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tenants_created_idx" ON "tenants" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tenants_name_idx" ON "tenants" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "tenants_status_created_idx" ON "tenants" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "tenants_org_tag_created_idx" ON "tenants" USING btree ("org_tag","created_at","id") WHERE "tenants"."org_tag" is not null;--> statement-breakpoint
CREATE INDEX "tenants_name_trgm_idx" ON "tenants" USING gin ("name" gin_trgm_ops);