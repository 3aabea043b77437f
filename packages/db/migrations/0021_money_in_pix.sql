CREATE TABLE "fin_charge_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_event_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"account_id" uuid NOT NULL,
	"pix_key" text,
	"amount_cents" bigint NOT NULL,
	"txid" text NOT NULL,
	"br_code" text,
	"qr_svg" text,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_cents" bigint,
	"payer_name" text,
	"end_to_end_id" text,
	"provider_reference" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_pix_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fin_charge_events" ADD CONSTRAINT "fin_charge_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_charge_events" ADD CONSTRAINT "fin_charge_events_charge_id_fin_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."fin_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_charges" ADD CONSTRAINT "fin_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_charges" ADD CONSTRAINT "fin_charges_entry_id_fin_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."fin_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_charges" ADD CONSTRAINT "fin_charges_account_id_fin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fin_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_charges" ADD CONSTRAINT "fin_charges_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_payment_links" ADD CONSTRAINT "fin_payment_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_payment_links" ADD CONSTRAINT "fin_payment_links_entry_id_fin_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."fin_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_payment_links" ADD CONSTRAINT "fin_payment_links_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_pix_keys" ADD CONSTRAINT "fin_pix_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_pix_keys" ADD CONSTRAINT "fin_pix_keys_account_id_fin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_pix_keys" ADD CONSTRAINT "fin_pix_keys_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_charge_events_provider_event_idx" ON "fin_charge_events" USING btree ("company_id","provider","external_event_id");--> statement-breakpoint
CREATE INDEX "fin_charge_events_charge_idx" ON "fin_charge_events" USING btree ("charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_charges_company_txid_idx" ON "fin_charges" USING btree ("company_id","txid");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_charges_open_entry_method_idx" ON "fin_charges" USING btree ("entry_id","method") WHERE "fin_charges"."status" = 'open';--> statement-breakpoint
CREATE INDEX "fin_charges_company_entry_id_created_at_idx" ON "fin_charges" USING btree ("company_id","entry_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_payment_links_active_entry_idx" ON "fin_payment_links" USING btree ("entry_id") WHERE "fin_payment_links"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "fin_payment_links_company_entry_id_idx" ON "fin_payment_links" USING btree ("company_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_pix_keys_company_key_idx" ON "fin_pix_keys" USING btree ("company_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_pix_keys_company_default_idx" ON "fin_pix_keys" USING btree ("company_id") WHERE "fin_pix_keys"."is_default";--> statement-breakpoint
CREATE INDEX "fin_pix_keys_company_account_id_idx" ON "fin_pix_keys" USING btree ("company_id","account_id");