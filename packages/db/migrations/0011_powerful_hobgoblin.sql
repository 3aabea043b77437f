CREATE TABLE "crm_ai_insights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"result" jsonb NOT NULL,
	"version" text NOT NULL,
	"model" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"code" text,
	"unit" text DEFAULT 'un' NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_quote_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"product_id" uuid,
	"description" text NOT NULL,
	"unit" text DEFAULT 'un' NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"valid_until" date NOT NULL,
	"conditions" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"person_id" uuid,
	"sent_to" text,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"answered_by" text,
	"refusal_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_ai_insights" ADD CONSTRAINT "crm_ai_insights_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_ai_insights" ADD CONSTRAINT "crm_ai_insights_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_ai_insights" ADD CONSTRAINT "crm_ai_insights_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_products" ADD CONSTRAINT "crm_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quote_items" ADD CONSTRAINT "crm_quote_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quote_items" ADD CONSTRAINT "crm_quote_items_quote_id_crm_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."crm_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quote_items" ADD CONSTRAINT "crm_quote_items_product_id_crm_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."crm_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quotes" ADD CONSTRAINT "crm_quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quotes" ADD CONSTRAINT "crm_quotes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quotes" ADD CONSTRAINT "crm_quotes_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_quotes" ADD CONSTRAINT "crm_quotes_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_ai_insights_company_deal_id_kind_created_at_idx" ON "crm_ai_insights" USING btree ("company_id","deal_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "crm_ai_insights_deal_idx" ON "crm_ai_insights" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "crm_products_company_name_id_idx" ON "crm_products" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_products_company_code_key" ON "crm_products" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "crm_quote_items_company_quote_id_position_idx" ON "crm_quote_items" USING btree ("company_id","quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_quotes_company_number_key" ON "crm_quotes" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "crm_quotes_company_deal_id_created_at_idx" ON "crm_quotes" USING btree ("company_id","deal_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_quotes_company_status_created_at_idx" ON "crm_quotes" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "crm_quotes_company_created_at_id_idx" ON "crm_quotes" USING btree ("company_id","created_at","id");