CREATE TABLE "marketing_approval_links" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"piece_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_piece_approvals" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"piece_id" uuid NOT NULL,
	"version_id" uuid,
	"version_number" integer,
	"decision" text NOT NULL,
	"comment" text,
	"source" text NOT NULL,
	"actor_id" text,
	"reviewer_name" text,
	"link_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_piece_versions" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"piece_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"copy" text DEFAULT '' NOT NULL,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"note" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"restored_from" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_approval_links" ADD CONSTRAINT "marketing_approval_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_approval_links" ADD CONSTRAINT "marketing_approval_links_piece_id_marketing_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."marketing_pieces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_approval_links" ADD CONSTRAINT "marketing_approval_links_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_piece_approvals" ADD CONSTRAINT "marketing_piece_approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_piece_approvals" ADD CONSTRAINT "marketing_piece_approvals_piece_id_marketing_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."marketing_pieces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_piece_approvals" ADD CONSTRAINT "marketing_piece_approvals_version_id_marketing_piece_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."marketing_piece_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_piece_approvals" ADD CONSTRAINT "marketing_piece_approvals_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_piece_approvals" ADD CONSTRAINT "marketing_piece_approvals_link_id_marketing_approval_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."marketing_approval_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_piece_versions" ADD CONSTRAINT "marketing_piece_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_piece_versions" ADD CONSTRAINT "marketing_piece_versions_piece_id_marketing_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."marketing_pieces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_piece_versions" ADD CONSTRAINT "marketing_piece_versions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_approval_links_token_hash_key" ON "marketing_approval_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "marketing_approval_links_company_piece_id_created_at_idx" ON "marketing_approval_links" USING btree ("company_id","piece_id","created_at");--> statement-breakpoint
CREATE INDEX "marketing_piece_approvals_company_piece_id_created_at_idx" ON "marketing_piece_approvals" USING btree ("company_id","piece_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_piece_versions_piece_number_key" ON "marketing_piece_versions" USING btree ("piece_id","number");--> statement-breakpoint
CREATE INDEX "marketing_piece_versions_company_piece_id_number_idx" ON "marketing_piece_versions" USING btree ("company_id","piece_id","number");