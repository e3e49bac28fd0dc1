CREATE TABLE "billing_bound_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"support_plan_id" bigint NOT NULL,
	"active_date" timestamp with time zone NOT NULL,
	"expired_date" timestamp with time zone,
	"state" text DEFAULT 'bound' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_by" text,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_configs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"reseller_id" text,
	"payment_code" text,
	"payment_sub_code" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"effective_date" date NOT NULL,
	"expired_date" date,
	"tax_rate" numeric(9, 6) DEFAULT '0' NOT NULL,
	"tax_display_name" text DEFAULT 'No tax' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_credit_applications" (
	"credit_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_credit_applications_credit_id_invoice_id_pk" PRIMARY KEY("credit_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "billing_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"credit_type" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"approval_id" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reclaimed_by" text,
	"reclaimed_at" timestamp with time zone,
	"reclaimed_amount" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_discount_customers" (
	"discount_id" bigint NOT NULL,
	"tenant_id" text NOT NULL,
	CONSTRAINT "billing_discount_customers_discount_id_tenant_id_pk" PRIMARY KEY("discount_id","tenant_id")
);
--> statement-breakpoint
CREATE TABLE "billing_discounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"unit_filters" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"discount" numeric(9, 6) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone NOT NULL,
	"usage" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"estimated_monthly_value" bigint DEFAULT 0 NOT NULL,
	"approval_id" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reclaimed_by" text,
	"reclaimed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_fx_rates" (
	"base" text NOT NULL,
	"target" text NOT NULL,
	"date" date NOT NULL,
	"value" numeric(14, 4) NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_fx_rates_base_target_date_pk" PRIMARY KEY("base","target","date")
);
--> statement-breakpoint
CREATE TABLE "billing_global_discounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"unit_filters" jsonb NOT NULL,
	"discount" numeric(9, 6) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" text,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"kind" text NOT NULL,
	"tenant_id" text NOT NULL,
	"tenant_name" text NOT NULL,
	"billing_config_id" bigint NOT NULL,
	"status" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cost_price" bigint DEFAULT 0 NOT NULL,
	"usage_amount" bigint DEFAULT 0 NOT NULL,
	"discount_amount" bigint DEFAULT 0 NOT NULL,
	"support_amount" bigint DEFAULT 0 NOT NULL,
	"tax_rate" numeric(9, 6) DEFAULT '0' NOT NULL,
	"tax_display_name" text DEFAULT 'No tax' NOT NULL,
	"tax_amount" bigint DEFAULT 0 NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"credits_applied" bigint DEFAULT 0 NOT NULL,
	"amount_due" bigint DEFAULT 0 NOT NULL,
	"support_plan" jsonb,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_unit_costs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"project_costs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" text,
	"suspended_at" timestamp with time zone,
	"suspended_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_risk_levels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cost_quota_limit" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_support_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"type" text NOT NULL,
	"fixed_charge_price" bigint DEFAULT 0 NOT NULL,
	"support_price_percentage" numeric(9, 6),
	"tiered_price_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" boolean NOT NULL,
	"tenant_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_tenant_risk_levels" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"risk_level_id" bigint NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"project_id" text,
	"cluster_id" text,
	"month" date NOT NULL,
	"unit" text NOT NULL,
	"filter_id" text NOT NULL,
	"provider" text NOT NULL,
	"quantity" bigint NOT NULL,
	"price_cents" integer NOT NULL,
	"price_per" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_companies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"address" text NOT NULL,
	"tax_id" text NOT NULL,
	"email" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"tenant_name" text NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"billing_company_id" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"commitment_cents" bigint NOT NULL,
	"billing_frequency" text NOT NULL,
	"payment_terms_days" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"signed_by" text,
	"signed_at" timestamp with time zone,
	"status_reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text
);
--> statement-breakpoint
CREATE TABLE "marketplace_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"marketplace" text NOT NULL,
	"marketplace_account_id" text NOT NULL,
	"product_code" text NOT NULL,
	"offer" text NOT NULL,
	"status" text NOT NULL,
	"subscribed_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text
);
--> statement-breakpoint
CREATE TABLE "partner_billing_configs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_type" text NOT NULL,
	"tenant_id" text NOT NULL,
	"reseller_id" text NOT NULL,
	"payment_code" text NOT NULL,
	"payment_sub_code" text,
	"effective_date" timestamp with time zone NOT NULL,
	"support_plan" jsonb,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"billing_config_id" text,
	"bound_plan_id" text,
	"discount_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_provider_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"default_payment_method_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_provider_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"number" text,
	"status" text NOT NULL,
	"amount_due_cents" bigint NOT NULL,
	"amount_paid_cents" bigint NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"due_date" timestamp with time zone,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"hosted_invoice_url" text
);
--> statement-breakpoint
CREATE TABLE "payment_provider_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_billing_companies" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"billing_company_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_budgets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"period" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"thresholds" jsonb NOT NULL,
	"project_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notify_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_closings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"policies" jsonb NOT NULL,
	"tenant_status_before" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"close_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"outcome" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_payment_accounts" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"type" text,
	"payment_code" text,
	"payment_sub_code" text,
	"invoiceable" boolean DEFAULT false NOT NULL,
	"provider_customer_id" text,
	"card_payment_method_id" text,
	"card" jsonb,
	"subscription_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reference" text NOT NULL,
	"invoice_id" text,
	"description" text DEFAULT '' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "billing_bound_plans_tenant_idx" ON "billing_bound_plans" USING btree ("tenant_id","active_date");--> statement-breakpoint
CREATE INDEX "billing_bound_plans_active_idx" ON "billing_bound_plans" USING btree ("active_date","id");--> statement-breakpoint
CREATE INDEX "billing_bound_plans_plan_idx" ON "billing_bound_plans" USING btree ("support_plan_id");--> statement-breakpoint
CREATE INDEX "billing_configs_tenant_idx" ON "billing_configs" USING btree ("tenant_id","effective_date");--> statement-breakpoint
CREATE INDEX "billing_credit_applications_invoice_idx" ON "billing_credit_applications" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "billing_credits_created_idx" ON "billing_credits" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "billing_credits_expired_idx" ON "billing_credits" USING btree ("expired_at","id");--> statement-breakpoint
CREATE INDEX "billing_credits_amount_idx" ON "billing_credits" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "billing_credits_tenant_idx" ON "billing_credits" USING btree ("tenant_id","expired_at","id");--> statement-breakpoint
CREATE INDEX "billing_discount_customers_tenant_idx" ON "billing_discount_customers" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_discounts_code_idx" ON "billing_discounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "billing_discounts_created_idx" ON "billing_discounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "billing_discounts_started_idx" ON "billing_discounts" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "billing_discounts_expired_idx" ON "billing_discounts" USING btree ("expired_at","id");--> statement-breakpoint
CREATE INDEX "billing_discounts_status_idx" ON "billing_discounts" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_global_discounts_created_idx" ON "billing_global_discounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_number_idx" ON "billing_invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_config_month_idx" ON "billing_invoices" USING btree ("billing_config_id","period_start") WHERE "billing_invoices"."kind" = 'usage';--> statement-breakpoint
CREATE INDEX "billing_invoices_period_idx" ON "billing_invoices" USING btree ("period_start","id");--> statement-breakpoint
CREATE INDEX "billing_invoices_tenant_period_idx" ON "billing_invoices" USING btree ("tenant_id","period_start","id");--> statement-breakpoint
CREATE INDEX "billing_invoices_status_period_idx" ON "billing_invoices" USING btree ("status","period_start","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_risk_levels_name_idx" ON "billing_risk_levels" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "billing_support_plans_level_idx" ON "billing_support_plans" USING btree ("level","id");--> statement-breakpoint
CREATE INDEX "billing_support_plans_tenant_idx" ON "billing_support_plans" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "billing_tenant_risk_levels_level_idx" ON "billing_tenant_risk_levels" USING btree ("risk_level_id");--> statement-breakpoint
CREATE INDEX "billing_usage_tenant_month_idx" ON "billing_usage" USING btree ("tenant_id","month");--> statement-breakpoint
CREATE INDEX "billing_usage_month_amount_idx" ON "billing_usage" USING btree ("month","amount","id");--> statement-breakpoint
CREATE INDEX "billing_contracts_created_idx" ON "billing_contracts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "billing_contracts_start_idx" ON "billing_contracts" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "billing_contracts_end_idx" ON "billing_contracts" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "billing_contracts_commitment_idx" ON "billing_contracts" USING btree ("commitment_cents","id");--> statement-breakpoint
CREATE INDEX "billing_contracts_tenant_created_idx" ON "billing_contracts" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_contracts_status_created_idx" ON "billing_contracts" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_subscriptions_subscribed_idx" ON "marketplace_subscriptions" USING btree ("subscribed_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_subscriptions_tenant_idx" ON "marketplace_subscriptions" USING btree ("tenant_id","subscribed_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_subscriptions_status_idx" ON "marketplace_subscriptions" USING btree ("status","subscribed_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_billing_configs_tenant_effective_idx" ON "partner_billing_configs" USING btree ("tenant_id","effective_date");--> statement-breakpoint
CREATE INDEX "partner_billing_configs_reseller_effective_idx" ON "partner_billing_configs" USING btree ("reseller_id","effective_date","id");--> statement-breakpoint
CREATE INDEX "partner_billing_configs_reseller_created_idx" ON "partner_billing_configs" USING btree ("reseller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_provider_invoices_customer_idx" ON "payment_provider_invoices" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_provider_methods_customer_idx" ON "payment_provider_methods" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "tenant_budgets_created_idx" ON "tenant_budgets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tenant_budgets_amount_idx" ON "tenant_budgets" USING btree ("amount_cents","id");--> statement-breakpoint
CREATE INDEX "tenant_budgets_tenant_created_idx" ON "tenant_budgets" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tenant_closings_tenant_idx" ON "tenant_closings" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_closings_one_open_idx" ON "tenant_closings" USING btree ("tenant_id") WHERE "tenant_closings"."status" = 'closing';--> statement-breakpoint
CREATE INDEX "tenant_payments_created_idx" ON "tenant_payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tenant_payments_amount_idx" ON "tenant_payments" USING btree ("amount_cents","id");--> statement-breakpoint
CREATE INDEX "tenant_payments_tenant_created_idx" ON "tenant_payments" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tenant_payments_status_created_idx" ON "tenant_payments" USING btree ("status","created_at","id");