CREATE TABLE "crm_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"target_cents" bigint NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"bank_id" text,
	"acct_id" text,
	"start_date" date,
	"end_date" date,
	"total_lines" integer DEFAULT 0 NOT NULL,
	"imported_lines" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"posted_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fit_id" text,
	"memo" text DEFAULT '' NOT NULL,
	"payee" text,
	"dedup_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"matched_payment_id" uuid,
	"matched_entry_id" uuid,
	"suggested_category_id" uuid,
	"reconciled_by" text,
	"reconciled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_import_errors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"field" text,
	"message" text NOT NULL,
	"raw" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" text,
	"file_id" uuid,
	"file_name" text,
	"encoding" text,
	"separator" text,
	"mapping" jsonb,
	"status" text DEFAULT 'draft' NOT NULL,
	"job_run_id" uuid,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"merged_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"organizations_created" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crm_list_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"person_id" uuid,
	"organization_id" uuid,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_list_members_one_party" CHECK (("crm_list_members"."person_id" IS NULL) <> ("crm_list_members"."organization_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "crm_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"entity" text NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_ai_insights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"result" jsonb NOT NULL,
	"version" text NOT NULL,
	"model" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"code" text,
	"unit" text DEFAULT 'un' NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_quote_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"product_id" uuid,
	"description" text NOT NULL,
	"unit" text DEFAULT 'un' NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"valid_until" date NOT NULL,
	"conditions" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"person_id" uuid,
	"sent_to" text,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"answered_by" text,
	"refusal_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "lost_note" text;--> statement-breakpoint
ALTER TABLE "fin_entries" ADD COLUMN "due_soon_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fin_entries" ADD COLUMN "overdue_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_targets" ADD CONSTRAINT "crm_targets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_targets" ADD CONSTRAINT "crm_targets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_targets" ADD CONSTRAINT "crm_targets_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_statement_imports" ADD CONSTRAINT "fin_statement_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_statement_imports" ADD CONSTRAINT "fin_statement_imports_account_id_fin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_statement_imports" ADD CONSTRAINT "fin_statement_imports_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_statement_lines" ADD CONSTRAINT "fin_statement_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_statement_lines" ADD CONSTRAINT "fin_statement_lines_import_id_fin_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."fin_statement_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_statement_lines" ADD CONSTRAINT "fin_statement_lines_account_id_fin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_statement_lines" ADD CONSTRAINT "fin_statement_lines_matched_payment_id_fin_payments_id_fk" FOREIGN KEY ("matched_payment_id") REFERENCES "public"."fin_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_statement_lines" ADD CONSTRAINT "fin_statement_lines_matched_entry_id_fin_entries_id_fk" FOREIGN KEY ("matched_entry_id") REFERENCES "public"."fin_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_statement_lines" ADD CONSTRAINT "fin_statement_lines_suggested_category_id_fin_categories_id_fk" FOREIGN KEY ("suggested_category_id") REFERENCES "public"."fin_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_statement_lines" ADD CONSTRAINT "fin_statement_lines_reconciled_by_user_id_fk" FOREIGN KEY ("reconciled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_import_errors" ADD CONSTRAINT "crm_import_errors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_import_errors" ADD CONSTRAINT "crm_import_errors_import_id_crm_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."crm_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_imports" ADD CONSTRAINT "crm_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_imports" ADD CONSTRAINT "crm_imports_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_list_members" ADD CONSTRAINT "crm_list_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_list_members" ADD CONSTRAINT "crm_list_members_list_id_crm_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."crm_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_list_members" ADD CONSTRAINT "crm_list_members_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_list_members" ADD CONSTRAINT "crm_list_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_list_members" ADD CONSTRAINT "crm_list_members_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lists" ADD CONSTRAINT "crm_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lists" ADD CONSTRAINT "crm_lists_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_segments" ADD CONSTRAINT "crm_segments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_segments" ADD CONSTRAINT "crm_segments_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_ai_insights" ADD CONSTRAINT "crm_ai_insights_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_ai_insights" ADD CONSTRAINT "crm_ai_insights_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_ai_insights" ADD CONSTRAINT "crm_ai_insights_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_products" ADD CONSTRAINT "crm_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quote_items" ADD CONSTRAINT "crm_quote_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quote_items" ADD CONSTRAINT "crm_quote_items_quote_id_crm_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."crm_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quote_items" ADD CONSTRAINT "crm_quote_items_product_id_crm_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."crm_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quotes" ADD CONSTRAINT "crm_quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quotes" ADD CONSTRAINT "crm_quotes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quotes" ADD CONSTRAINT "crm_quotes_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quotes" ADD CONSTRAINT "crm_quotes_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_targets_company_month_user_key" ON "crm_targets" USING btree ("company_id","month","user_id");--> statement-breakpoint
CREATE INDEX "fin_statement_imports_company_created_at_id_idx" ON "fin_statement_imports" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_statement_lines_account_dedup_uq" ON "fin_statement_lines" USING btree ("account_id","dedup_key");--> statement-breakpoint
CREATE INDEX "fin_statement_lines_company_account_id_status_posted_date_idx" ON "fin_statement_lines" USING btree ("company_id","account_id","status","posted_date");--> statement-breakpoint
CREATE INDEX "fin_statement_lines_company_import_id_idx" ON "fin_statement_lines" USING btree ("company_id","import_id");--> statement-breakpoint
CREATE INDEX "crm_import_errors_company_import_id_row_number_idx" ON "crm_import_errors" USING btree ("company_id","import_id","row_number");--> statement-breakpoint
CREATE INDEX "crm_imports_company_created_at_id_idx" ON "crm_imports" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_list_members_company_list_id_created_at_idx" ON "crm_list_members" USING btree ("company_id","list_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_list_members_person_key" ON "crm_list_members" USING btree ("list_id","person_id") WHERE "crm_list_members"."person_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_list_members_organization_key" ON "crm_list_members" USING btree ("list_id","organization_id") WHERE "crm_list_members"."organization_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "crm_list_members_person_idx" ON "crm_list_members" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "crm_list_members_organization_idx" ON "crm_list_members" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "crm_lists_company_created_at_id_idx" ON "crm_lists" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_segments_company_created_at_id_idx" ON "crm_segments" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_ai_insights_company_deal_id_kind_created_at_idx" ON "crm_ai_insights" USING btree ("company_id","deal_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "crm_ai_insights_deal_idx" ON "crm_ai_insights" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "crm_products_company_name_id_idx" ON "crm_products" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_products_company_code_key" ON "crm_products" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "crm_quote_items_company_quote_id_position_idx" ON "crm_quote_items" USING btree ("company_id","quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_quotes_company_number_key" ON "crm_quotes" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "crm_quotes_company_deal_id_created_at_idx" ON "crm_quotes" USING btree ("company_id","deal_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_quotes_company_status_created_at_idx" ON "crm_quotes" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "crm_quotes_company_created_at_id_idx" ON "crm_quotes" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "organizations_search_idx" ON "organizations" USING gin (to_tsvector('simple', translate("razao_social" || ' ' || coalesce("nome_fantasia", ''), 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn')));--> statement-breakpoint
CREATE INDEX "organizations_company_email_prefix_idx" ON "organizations" USING btree ("company_id",lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "organizations_company_phone_prefix_idx" ON "organizations" USING btree ("company_id","phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "organizations_company_cnpj_prefix_idx" ON "organizations" USING btree ("company_id","cnpj" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "people_search_idx" ON "people" USING gin (to_tsvector('simple', translate("name", 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn')));--> statement-breakpoint
CREATE INDEX "people_company_email_prefix_idx" ON "people" USING btree ("company_id",(lower("emails"[1])) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "people_company_phone_prefix_idx" ON "people" USING btree ("company_id",("phones"[1]) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "people_company_local_phone_prefix_idx" ON "people" USING btree ("company_id",(substr("phones"[1], 3)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "fin_entries_company_id_kind_idx" ON "fin_entries" USING btree ("company_id","id","kind");--> statement-breakpoint
CREATE INDEX "fin_entries_open_due_cover_idx" ON "fin_entries" USING btree ("company_id","due_date","kind","amount_cents","paid_cents") WHERE "fin_entries"."status" = 'open';--> statement-breakpoint
CREATE INDEX "fin_entries_competence_cover_idx" ON "fin_entries" USING btree ("company_id","competence_date","kind","category_id","amount_cents") WHERE "fin_entries"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "fin_payments_company_paid_cover_idx" ON "fin_payments" USING btree ("company_id","paid_date","account_id","entry_id","amount_cents","interest_cents","fine_cents","discount_cents");