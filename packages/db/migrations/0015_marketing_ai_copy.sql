ALTER TABLE "marketing_pieces" ADD COLUMN "ai_copy" jsonb;--> statement-breakpoint
ALTER TABLE "marketing_pieces" ADD COLUMN "ai_copy_at" timestamp with time zone;