CREATE TABLE "marketing_client_contacts" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"role" text,
	"can_approve" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_client_members" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_client_contacts" ADD CONSTRAINT "marketing_client_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_client_contacts" ADD CONSTRAINT "marketing_client_contacts_client_id_marketing_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."marketing_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_client_contacts" ADD CONSTRAINT "marketing_client_contacts_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_client_contacts" ADD CONSTRAINT "marketing_client_contacts_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_client_members" ADD CONSTRAINT "marketing_client_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_client_members" ADD CONSTRAINT "marketing_client_members_client_id_marketing_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."marketing_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_client_members" ADD CONSTRAINT "marketing_client_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_client_contacts_client_person_key" ON "marketing_client_contacts" USING btree ("client_id","person_id");--> statement-breakpoint
CREATE INDEX "marketing_client_contacts_company_client_id_created_at_idx" ON "marketing_client_contacts" USING btree ("company_id","client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_client_members_client_user_key" ON "marketing_client_members" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "marketing_client_members_company_user_id_idx" ON "marketing_client_members" USING btree ("company_id","user_id");