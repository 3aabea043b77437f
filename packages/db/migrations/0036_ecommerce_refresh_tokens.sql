ALTER TABLE "ecommerce_stores" ADD COLUMN "refresh_token_enc" text;--> statement-breakpoint
ALTER TABLE "ecommerce_stores" ADD COLUMN "token_expires_at" timestamp with time zone;