ALTER TABLE "fin_pix_recurrences" ADD COLUMN "qr_code" text;--> statement-breakpoint
ALTER TABLE "fin_pix_recurrences" ADD COLUMN "qr_svg" text;