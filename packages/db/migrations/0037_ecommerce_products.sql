CREATE TABLE "ecommerce_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"external_parent_id" text,
	"sku" text,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"stock" integer,
	"pushed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ecommerce_products" ADD CONSTRAINT "ecommerce_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecommerce_products" ADD CONSTRAINT "ecommerce_products_store_id_ecommerce_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."ecommerce_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ecommerce_products_company_name_id_idx" ON "ecommerce_products" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "ecommerce_products_company_sku_idx" ON "ecommerce_products" USING btree ("company_id","sku");--> statement-breakpoint
CREATE INDEX "ecommerce_products_store_parent_idx" ON "ecommerce_products" USING btree ("store_id","external_parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ecommerce_products_store_external_key" ON "ecommerce_products" USING btree ("store_id","external_id");