ALTER TABLE "signature_envelopes" ADD COLUMN "sealing_run_id" uuid;--> statement-breakpoint
ALTER TABLE "signature_envelopes" ADD COLUMN "completion_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_envelopes" ADD CONSTRAINT "signature_envelopes_sealing_run_id_job_runs_id_fk" FOREIGN KEY ("sealing_run_id") REFERENCES "public"."job_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Envelopes sealed before the job existed were told in the signer's request already.
UPDATE "signature_envelopes" SET "completion_told_at" = "completed_at" WHERE "status" = 'assinado';
