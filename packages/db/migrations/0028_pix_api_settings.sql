CREATE TABLE "fin_pix_api_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"base_url" text NOT NULL,
	"token_url" text,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"pix_key" text NOT NULL,
	"fine_bps" integer DEFAULT 0 NOT NULL,
	"interest_bps" integer DEFAULT 0 NOT NULL,
	"cert_pfx_encrypted" text,
	"cert_password_encrypted" text,
	"cert_subject" text,
	"cert_not_before" timestamp with time zone,
	"cert_not_after" timestamp with time zone,
	"cert_expiry_notified_at" timestamp with time zone,
	"webhook_secret_hash" text NOT NULL,
	"webhook_secret_encrypted" text NOT NULL,
	"webhook_registered_at" timestamp with time zone,
	"webhook_error" text,
	"reconciled_until" timestamp with time zone,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fin_pix_api_settings" ADD CONSTRAINT "fin_pix_api_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_pix_api_settings" ADD CONSTRAINT "fin_pix_api_settings_account_id_fin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_pix_api_settings" ADD CONSTRAINT "fin_pix_api_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_pix_api_settings_account_idx" ON "fin_pix_api_settings" USING btree ("company_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_pix_api_settings_webhook_idx" ON "fin_pix_api_settings" USING btree ("webhook_secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_pix_api_settings_key_idx" ON "fin_pix_api_settings" USING btree ("company_id","pix_key");--> statement-breakpoint
CREATE INDEX "fin_pix_api_settings_company_created_at_idx" ON "fin_pix_api_settings" USING btree ("company_id","created_at");