CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "ecommerce_orders_buyer_name_trgm_idx" ON "ecommerce_orders" USING gin ("buyer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ecommerce_orders_buyer_email_trgm_idx" ON "ecommerce_orders" USING gin ("buyer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ecommerce_orders_company_number_idx" ON "ecommerce_orders" USING btree ("company_id","number");