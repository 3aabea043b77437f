CREATE TABLE "document_search" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_updates" (
	"company_id" uuid NOT NULL,
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" uuid NOT NULL,
	"update" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "documents_search_idx";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "ydoc_state" "bytea";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "ydoc_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_search" ADD CONSTRAINT "document_search_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_updates" ADD CONSTRAINT "document_updates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_updates" ADD CONSTRAINT "document_updates_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_search_text_idx" ON "document_search" USING gin (to_tsvector('portuguese', translate("title" || ' ' || "content_text", 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn')));--> statement-breakpoint
CREATE INDEX "document_updates_document_idx" ON "document_updates" USING btree ("document_id","id");--> statement-breakpoint
CREATE INDEX "document_updates_company_created_at_idx" ON "document_updates" USING btree ("company_id","created_at");