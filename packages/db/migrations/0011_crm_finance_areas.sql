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
CREATE UNIQUE INDEX "crm_targets_company_month_user_key" ON "crm_targets" USING btree ("company_id","month","user_id");--> statement-breakpoint
CREATE INDEX "fin_statement_imports_company_created_at_id_idx" ON "fin_statement_imports" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_statement_lines_account_dedup_uq" ON "fin_statement_lines" USING btree ("account_id","dedup_key");--> statement-breakpoint
CREATE INDEX "fin_statement_lines_company_account_id_status_posted_date_idx" ON "fin_statement_lines" USING btree ("company_id","account_id","status","posted_date");--> statement-breakpoint
CREATE INDEX "fin_statement_lines_company_import_id_idx" ON "fin_statement_lines" USING btree ("company_id","import_id");--> statement-breakpoint
CREATE INDEX "fin_entries_company_id_kind_idx" ON "fin_entries" USING btree ("company_id","id","kind");--> statement-breakpoint
CREATE INDEX "fin_entries_open_due_cover_idx" ON "fin_entries" USING btree ("company_id","due_date","kind","amount_cents","paid_cents") WHERE "fin_entries"."status" = 'open';--> statement-breakpoint
CREATE INDEX "fin_entries_competence_cover_idx" ON "fin_entries" USING btree ("company_id","competence_date","kind","category_id","amount_cents") WHERE "fin_entries"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "fin_payments_company_paid_cover_idx" ON "fin_payments" USING btree ("company_id","paid_date","account_id","entry_id","amount_cents","interest_cents","fine_cents","discount_cents");