CREATE TABLE "fin_charge_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"refund_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"payable_entry_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fin_charge_refunds" ADD CONSTRAINT "fin_charge_refunds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_charge_refunds" ADD CONSTRAINT "fin_charge_refunds_charge_id_fin_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."fin_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_charge_refunds" ADD CONSTRAINT "fin_charge_refunds_entry_id_fin_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."fin_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_charge_refunds" ADD CONSTRAINT "fin_charge_refunds_payable_entry_id_fin_entries_id_fk" FOREIGN KEY ("payable_entry_id") REFERENCES "public"."fin_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_charge_refunds" ADD CONSTRAINT "fin_charge_refunds_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_charge_refunds_refund_idx" ON "fin_charge_refunds" USING btree ("company_id","charge_id","refund_id");--> statement-breakpoint
CREATE INDEX "fin_charge_refunds_company_entry_id_created_at_idx" ON "fin_charge_refunds" USING btree ("company_id","entry_id","created_at");