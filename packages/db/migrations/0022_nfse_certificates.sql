CREATE TABLE "company_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"pfx_encrypted" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"subject" text NOT NULL,
	"cnpj" text NOT NULL,
	"issuer" text NOT NULL,
	"serial_number" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"expiry_notified_at" timestamp with time zone,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfse_counters" (
	"company_id" uuid NOT NULL,
	"serie" text NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "nfse_counters_company_id_serie_pk" PRIMARY KEY("company_id","serie")
);
--> statement-breakpoint
CREATE TABLE "nfse_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"status" text DEFAULT 'authorized' NOT NULL,
	"environment" text NOT NULL,
	"serie" text NOT NULL,
	"number" integer NOT NULL,
	"dps_id" text NOT NULL,
	"access_key" text NOT NULL,
	"service_code" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"xml_file_id" uuid,
	"pdf_file_id" uuid,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issued_by" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfse_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"environment" text DEFAULT 'restricted' NOT NULL,
	"municipality_code" text NOT NULL,
	"municipal_registration" text,
	"regime" text NOT NULL,
	"serie" text DEFAULT '1' NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ibs_cbs_cst" text,
	"ibs_cbs_classification" text,
	"ibs_rate" numeric(7, 4),
	"cbs_rate" numeric(7, 4),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_certificates" ADD CONSTRAINT "company_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_certificates" ADD CONSTRAINT "company_certificates_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse_counters" ADD CONSTRAINT "nfse_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse_invoices" ADD CONSTRAINT "nfse_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse_invoices" ADD CONSTRAINT "nfse_invoices_entry_id_fin_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."fin_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse_invoices" ADD CONSTRAINT "nfse_invoices_issued_by_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse_settings" ADD CONSTRAINT "nfse_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_certificates_company_key" ON "company_certificates" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nfse_invoices_number_key" ON "nfse_invoices" USING btree ("company_id","serie","number");--> statement-breakpoint
CREATE UNIQUE INDEX "nfse_invoices_access_key" ON "nfse_invoices" USING btree ("access_key");--> statement-breakpoint
CREATE UNIQUE INDEX "nfse_invoices_live_entry_key" ON "nfse_invoices" USING btree ("entry_id") WHERE status = 'authorized';--> statement-breakpoint
CREATE INDEX "nfse_invoices_company_entry_id_idx" ON "nfse_invoices" USING btree ("company_id","entry_id");