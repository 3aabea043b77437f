CREATE TABLE "fin_boletos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"environment" text NOT NULL,
	"external_id" text,
	"customer_external_id" text,
	"status" text DEFAULT 'issuing' NOT NULL,
	"due_date" date NOT NULL,
	"identification_field" text,
	"bar_code" text,
	"nosso_numero" text,
	"bank_slip_url" text,
	"invoice_url" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_payment_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"environment" text NOT NULL,
	"api_key_encrypted" text NOT NULL,
	"api_key_hint" text NOT NULL,
	"webhook_token_hash" text NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_provider_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"environment" text NOT NULL,
	"tax_id" text NOT NULL,
	"external_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fin_boletos" ADD CONSTRAINT "fin_boletos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_boletos" ADD CONSTRAINT "fin_boletos_charge_id_fin_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."fin_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_boletos" ADD CONSTRAINT "fin_boletos_entry_id_fin_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."fin_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_boletos" ADD CONSTRAINT "fin_boletos_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_payment_providers" ADD CONSTRAINT "fin_payment_providers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_payment_providers" ADD CONSTRAINT "fin_payment_providers_account_id_fin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fin_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_payment_providers" ADD CONSTRAINT "fin_payment_providers_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_provider_customers" ADD CONSTRAINT "fin_provider_customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_boletos_charge_idx" ON "fin_boletos" USING btree ("charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_boletos_company_external_idx" ON "fin_boletos" USING btree ("company_id","provider","external_id");--> statement-breakpoint
CREATE INDEX "fin_boletos_company_entry_id_created_at_idx" ON "fin_boletos" USING btree ("company_id","entry_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_payment_providers_company_provider_idx" ON "fin_payment_providers" USING btree ("company_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_payment_providers_webhook_token_idx" ON "fin_payment_providers" USING btree ("webhook_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_provider_customers_company_tax_idx" ON "fin_provider_customers" USING btree ("company_id","provider","environment","tax_id");