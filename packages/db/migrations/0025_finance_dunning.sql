CREATE TABLE "fin_dunning_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"reason" text,
	"recipient" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_dunning_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"organization_id" uuid,
	"person_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_dunning_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"days_before" integer[] NOT NULL,
	"on_due_date" boolean NOT NULL,
	"days_after" integer[] NOT NULL,
	"email" boolean NOT NULL,
	"whatsapp" boolean NOT NULL,
	"whatsapp_template" text,
	"whatsapp_language" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fin_dunning_messages" ADD CONSTRAINT "fin_dunning_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_dunning_messages" ADD CONSTRAINT "fin_dunning_messages_entry_id_fin_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."fin_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_dunning_pauses" ADD CONSTRAINT "fin_dunning_pauses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_dunning_pauses" ADD CONSTRAINT "fin_dunning_pauses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_dunning_pauses" ADD CONSTRAINT "fin_dunning_pauses_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_dunning_pauses" ADD CONSTRAINT "fin_dunning_pauses_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_dunning_settings" ADD CONSTRAINT "fin_dunning_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_dunning_settings" ADD CONSTRAINT "fin_dunning_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_dunning_messages_entry_step_channel_idx" ON "fin_dunning_messages" USING btree ("entry_id","step","channel");--> statement-breakpoint
CREATE INDEX "fin_dunning_messages_company_entry_id_created_at_idx" ON "fin_dunning_messages" USING btree ("company_id","entry_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_dunning_pauses_org_idx" ON "fin_dunning_pauses" USING btree ("company_id","organization_id") WHERE "fin_dunning_pauses"."organization_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_dunning_pauses_person_idx" ON "fin_dunning_pauses" USING btree ("company_id","person_id") WHERE "fin_dunning_pauses"."person_id" IS NOT NULL;