DROP INDEX "fin_entries_company_kind_status_due_date_id_idx";--> statement-breakpoint
DROP INDEX "fin_entries_open_due_cover_idx";--> statement-breakpoint
CREATE INDEX "fin_entries_list_cover_idx" ON "fin_entries" USING btree ("company_id","kind","status","due_date","id","amount_cents","paid_cents");--> statement-breakpoint
CREATE INDEX "fin_entries_search_idx" ON "fin_entries" USING gin (to_tsvector('simple', translate(translate("description" || ' ' || coalesce("document_number", ''), '-./', '   '), 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn')));--> statement-breakpoint
CREATE INDEX "fin_entries_company_person_id_idx" ON "fin_entries" USING btree ("company_id","person_id");--> statement-breakpoint
CREATE INDEX "fin_entries_open_due_cover_idx" ON "fin_entries" USING btree ("company_id","due_date","kind","amount_cents","paid_cents","account_id") WHERE "fin_entries"."status" = 'open';