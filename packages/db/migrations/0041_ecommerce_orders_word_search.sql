DROP INDEX "ecommerce_orders_buyer_name_trgm_idx";--> statement-breakpoint
DROP INDEX "ecommerce_orders_buyer_email_trgm_idx";--> statement-breakpoint
CREATE INDEX "ecommerce_orders_search_idx" ON "ecommerce_orders" USING gin (to_tsvector('simple', translate(translate("buyer_name" || ' ' || coalesce("buyer_email", ''), '@._-', '    '), 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn')));--> statement-breakpoint
CREATE INDEX "ecommerce_orders_company_payment_idx" ON "ecommerce_orders" USING btree ("company_id","payment_status");--> statement-breakpoint
CREATE INDEX "ecommerce_orders_company_status_idx" ON "ecommerce_orders" USING btree ("company_id","status");