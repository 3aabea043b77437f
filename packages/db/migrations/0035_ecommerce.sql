CREATE TABLE "ecommerce_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"external_id" text,
	"sku" text,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecommerce_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"number" text NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"fulfillment_status" text NOT NULL,
	"currency" text DEFAULT 'BRL' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text,
	"buyer_phone" text,
	"buyer_document" text,
	"person_id" uuid,
	"organization_id" uuid,
	"shipping_method" text,
	"shipping_address" text,
	"payment_method" text,
	"placed_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"receivable_id" uuid,
	"fee_payable_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecommerce_stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"access_token_enc" text,
	"webhook_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account_id" uuid,
	"import_job_id" uuid,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disconnected_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ecommerce_order_items" ADD CONSTRAINT "ecommerce_order_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_order_items" ADD CONSTRAINT "ecommerce_order_items_order_id_ecommerce_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ecommerce_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_orders" ADD CONSTRAINT "ecommerce_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_orders" ADD CONSTRAINT "ecommerce_orders_store_id_ecommerce_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."ecommerce_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_orders" ADD CONSTRAINT "ecommerce_orders_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_orders" ADD CONSTRAINT "ecommerce_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_orders" ADD CONSTRAINT "ecommerce_orders_receivable_id_fin_entries_id_fk" FOREIGN KEY ("receivable_id") REFERENCES "public"."fin_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_orders" ADD CONSTRAINT "ecommerce_orders_fee_payable_id_fin_entries_id_fk" FOREIGN KEY ("fee_payable_id") REFERENCES "public"."fin_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_stores" ADD CONSTRAINT "ecommerce_stores_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_stores" ADD CONSTRAINT "ecommerce_stores_account_id_fin_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fin_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_stores" ADD CONSTRAINT "ecommerce_stores_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ecommerce_order_items_order_idx" ON "ecommerce_order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "ecommerce_orders_company_placed_at_id_idx" ON "ecommerce_orders" USING btree ("company_id","placed_at","id");--> statement-breakpoint
CREATE INDEX "ecommerce_orders_store_idx" ON "ecommerce_orders" USING btree ("company_id","store_id","placed_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ecommerce_orders_store_external_key" ON "ecommerce_orders" USING btree ("store_id","external_id");--> statement-breakpoint
CREATE INDEX "ecommerce_stores_company_created_at_id_idx" ON "ecommerce_stores" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ecommerce_stores_live_key" ON "ecommerce_stores" USING btree ("provider","external_id") WHERE "ecommerce_stores"."disconnected_at" IS NULL;