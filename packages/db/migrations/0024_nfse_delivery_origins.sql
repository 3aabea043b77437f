CREATE TABLE "fin_entry_origins" (
	"company_id" uuid NOT NULL,
	"origin_type" text NOT NULL,
	"origin_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_entry_origins_company_id_origin_type_origin_id_pk" PRIMARY KEY("company_id","origin_type","origin_id")
);
--> statement-breakpoint
CREATE TABLE "nfse_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"sent_to" text,
	"status" text NOT NULL,
	"error" text,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fin_entry_origins" ADD CONSTRAINT "fin_entry_origins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_entry_origins" ADD CONSTRAINT "fin_entry_origins_entry_id_fin_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."fin_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_entry_origins" ADD CONSTRAINT "fin_entry_origins_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse_deliveries" ADD CONSTRAINT "nfse_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse_deliveries" ADD CONSTRAINT "nfse_deliveries_invoice_id_nfse_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."nfse_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse_deliveries" ADD CONSTRAINT "nfse_deliveries_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_entry_origins_entry_key" ON "fin_entry_origins" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "nfse_deliveries_company_invoice_id_created_at_idx" ON "nfse_deliveries" USING btree ("company_id","invoice_id","created_at");