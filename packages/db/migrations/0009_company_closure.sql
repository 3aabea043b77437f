ALTER TABLE "companies" ADD COLUMN "closure_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "closure_requested_by" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "erase_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_closure_requested_by_user_id_fk" FOREIGN KEY ("closure_requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_erase_after_idx" ON "companies" USING btree ("erase_after") WHERE "companies"."erase_after" IS NOT NULL;