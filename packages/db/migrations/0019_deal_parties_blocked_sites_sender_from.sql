CREATE TABLE "deal_people" (
	"company_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deal_people_deal_id_person_id_pk" PRIMARY KEY("deal_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "inbox_blocked_origins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "municipio" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "uf" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "won_reason" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "won_note" text;--> statement-breakpoint
ALTER TABLE "crm_quotes" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "campaign_senders" ADD COLUMN "from_email" text;--> statement-breakpoint
ALTER TABLE "deal_people" ADD CONSTRAINT "deal_people_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_people" ADD CONSTRAINT "deal_people_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_people" ADD CONSTRAINT "deal_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_blocked_origins" ADD CONSTRAINT "inbox_blocked_origins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_people_company_person_id_idx" ON "deal_people" USING btree ("company_id","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_blocked_origins_company_origin_key" ON "inbox_blocked_origins" USING btree ("company_id","origin");--> statement-breakpoint
ALTER TABLE "crm_quotes" ADD CONSTRAINT "crm_quotes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 0404): a deal's existing contact becomes its first contact; quotes take their deal's organization.
INSERT INTO "deal_people" ("company_id", "deal_id", "person_id", "position")
  SELECT "company_id", "id", "person_id", 0 FROM "deals" WHERE "person_id" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "crm_quotes" q SET "organization_id" = d."organization_id" FROM "deals" d WHERE d."id" = q."deal_id" AND d."organization_id" IS NOT NULL;
