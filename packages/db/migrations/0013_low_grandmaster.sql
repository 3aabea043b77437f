CREATE TABLE "prospect_reveals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"cnpj" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"claim" uuid NOT NULL,
	"revealed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prospect_reveals" ADD CONSTRAINT "prospect_reveals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_reveals" ADD CONSTRAINT "prospect_reveals_revealed_by_user_id_fk" FOREIGN KEY ("revealed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_saved_searches" ADD CONSTRAINT "prospect_saved_searches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_saved_searches" ADD CONSTRAINT "prospect_saved_searches_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prospect_reveals_company_cnpj_key" ON "prospect_reveals" USING btree ("company_id","cnpj");--> statement-breakpoint
CREATE INDEX "prospect_reveals_company_created_at_id_idx" ON "prospect_reveals" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "prospect_reveals_claim_idx" ON "prospect_reveals" USING btree ("claim");--> statement-breakpoint
CREATE INDEX "prospect_saved_searches_company_created_at_id_idx" ON "prospect_saved_searches" USING btree ("company_id","created_at","id");