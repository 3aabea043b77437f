CREATE TABLE "paid_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"action" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"coins" integer NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "paid_actions" ADD CONSTRAINT "paid_actions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_actions" ADD CONSTRAINT "paid_actions_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paid_actions_company_reference_key" ON "paid_actions" USING btree ("company_id","reference");--> statement-breakpoint
CREATE INDEX "paid_actions_company_created_at_idx" ON "paid_actions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "paid_actions_reserved_idx" ON "paid_actions" USING btree ("created_at") WHERE "paid_actions"."status" = 'reserved';