CREATE TABLE "fin_pix_recurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"recurrence_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"id_rec" text NOT NULL,
	"status" text DEFAULT 'CRIADA' NOT NULL,
	"id_solic_rec" text,
	"solic_status" text,
	"periodicity" text NOT NULL,
	"amount_cents" bigint,
	"start_date" date NOT NULL,
	"end_date" date,
	"debtor_document" text NOT NULL,
	"debtor_name" text NOT NULL,
	"reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fin_pix_recurrences" ADD CONSTRAINT "fin_pix_recurrences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_pix_recurrences" ADD CONSTRAINT "fin_pix_recurrences_account_id_fin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fin_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_pix_recurrences" ADD CONSTRAINT "fin_pix_recurrences_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_pix_recurrences_id_rec_idx" ON "fin_pix_recurrences" USING btree ("company_id","id_rec");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_pix_recurrences_live_idx" ON "fin_pix_recurrences" USING btree ("company_id","recurrence_id") WHERE "fin_pix_recurrences"."status" in ('CRIADA', 'APROVADA');--> statement-breakpoint
CREATE INDEX "fin_pix_recurrences_company_recurrence_id_created_at_idx" ON "fin_pix_recurrences" USING btree ("company_id","recurrence_id","created_at");