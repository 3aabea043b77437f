ALTER TABLE "fin_entries" ADD COLUMN "due_soon_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fin_entries" ADD COLUMN "overdue_notified_at" timestamp with time zone;