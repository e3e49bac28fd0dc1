CREATE TABLE "tenant_account_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenant_account_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_quotas" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"max_clusters" integer NOT NULL,
	"max_nodes_per_cluster" integer NOT NULL,
	"max_storage_tb" integer NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_vpc_cidrs" (
	"tenant_id" text NOT NULL,
	"region" text NOT NULL,
	"cidr" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_vpc_cidrs_pk" PRIMARY KEY("tenant_id","region")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_account_users_email_idx" ON "tenant_account_users" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE INDEX "tenant_account_users_created_idx" ON "tenant_account_users" USING btree ("tenant_id","created_at","id");