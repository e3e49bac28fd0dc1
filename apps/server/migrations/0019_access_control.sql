CREATE TABLE "iam_api_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text
);
--> statement-breakpoint
CREATE TABLE "iam_bindings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "iam_bindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iam_group_members" (
	"group_name" text NOT NULL,
	"user_email" text NOT NULL,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iam_group_members_group_name_user_email_pk" PRIMARY KEY("group_name","user_email")
);
--> statement-breakpoint
CREATE TABLE "iam_policies" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"statements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iam_user_groups" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impersonations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "impersonations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" text NOT NULL,
	"operator" text NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text
);
--> statement-breakpoint
CREATE TABLE "privilege_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privilege_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_email" text NOT NULL,
	"privilege" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" text NOT NULL,
	"approval_id" text,
	"decided_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"revoke_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rbac_role_privileges" (
	"role_id" integer NOT NULL,
	"privilege" text NOT NULL,
	CONSTRAINT "rbac_role_privileges_role_id_privilege_pk" PRIMARY KEY("role_id","privilege")
);
--> statement-breakpoint
CREATE TABLE "rbac_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rbac_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rbac_roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "iam_group_members" ADD CONSTRAINT "iam_group_members_group_name_iam_user_groups_name_fk" FOREIGN KEY ("group_name") REFERENCES "public"."iam_user_groups"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "iam_group_members" ADD CONSTRAINT "iam_group_members_user_email_portal_users_email_fk" FOREIGN KEY ("user_email") REFERENCES "public"."portal_users"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rbac_role_privileges" ADD CONSTRAINT "rbac_role_privileges_role_id_rbac_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."rbac_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "iam_api_keys_secret_idx" ON "iam_api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "iam_bindings_unique_idx" ON "iam_bindings" USING btree ("kind","target","subject_type","subject");--> statement-breakpoint
CREATE INDEX "iam_bindings_subject_idx" ON "iam_bindings" USING btree ("subject_type","subject");--> statement-breakpoint
CREATE INDEX "iam_group_members_user_idx" ON "iam_group_members" USING btree ("user_email");--> statement-breakpoint
CREATE INDEX "impersonations_tenant_idx" ON "impersonations" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "privilege_grants_user_idx" ON "privilege_grants" USING btree ("user_email","status","expires_at");--> statement-breakpoint
CREATE INDEX "privilege_grants_created_idx" ON "privilege_grants" USING btree ("created_at","id");