-- The activity log is append-only, without foreign keys on the company and the key (decision 0778): the erasure deletes a company's lines itself.
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_api_key_id_api_keys_id_fk";
--> statement-breakpoint
DROP INDEX "activity_log_user_idx";--> statement-breakpoint
CREATE INDEX "activity_log_user_idx" ON "activity_log" USING btree ("user_id") WHERE "activity_log"."user_id" IS NOT NULL;