ALTER TABLE "fin_boletos" DROP CONSTRAINT "fin_boletos_charge_id_fin_charges_id_fk";
--> statement-breakpoint
ALTER TABLE "fin_boletos" DROP CONSTRAINT "fin_boletos_entry_id_fin_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "fin_boletos" ALTER COLUMN "charge_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_boletos" ALTER COLUMN "entry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_boletos" ADD COLUMN "auto_cancel_reason" text;--> statement-breakpoint
ALTER TABLE "fin_boletos" ADD COLUMN "auto_cancel_state" text;--> statement-breakpoint
ALTER TABLE "fin_boletos" ADD COLUMN "auto_cancel_error" text;--> statement-breakpoint
ALTER TABLE "fin_boletos" ADD COLUMN "auto_cancel_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fin_boletos" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "fin_payment_providers" ADD COLUMN "webhook_external_id" text;--> statement-breakpoint
ALTER TABLE "fin_payment_providers" ADD COLUMN "webhook_state" text;--> statement-breakpoint
ALTER TABLE "fin_payment_providers" ADD COLUMN "webhook_error" text;--> statement-breakpoint
ALTER TABLE "fin_payment_providers" ADD COLUMN "webhook_registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fin_boletos" ADD CONSTRAINT "fin_boletos_charge_id_fin_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."fin_charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_boletos" ADD CONSTRAINT "fin_boletos_entry_id_fin_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."fin_entries"("id") ON DELETE set null ON UPDATE no action;