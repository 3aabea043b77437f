ALTER TABLE "fin_pix_recurrences" ADD COLUMN "journey" text;--> statement-breakpoint
ALTER TABLE "fin_pix_recurrences" ADD COLUMN "first_charge_id" uuid;--> statement-breakpoint
ALTER TABLE "fin_pix_recurrences" ADD CONSTRAINT "fin_pix_recurrences_first_charge_id_fin_charges_id_fk" FOREIGN KEY ("first_charge_id") REFERENCES "public"."fin_charges"("id") ON DELETE set null ON UPDATE no action;