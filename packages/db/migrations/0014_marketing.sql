CREATE TABLE "file_share_links" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_share_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "canvas_board_updates" (
	"company_id" uuid NOT NULL,
	"id" bigserial PRIMARY KEY NOT NULL,
	"board_id" uuid NOT NULL,
	"update" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_campaigns" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"goal" text,
	"starts_on" date,
	"ends_on" date,
	"budget_cents" integer,
	"status" text DEFAULT 'planejada' NOT NULL,
	"reach" integer,
	"clicks" integer,
	"leads" integer,
	"spend_cents" integer,
	"summary" text,
	"finished_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_clients" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"brand_kit" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"client_approval" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'all' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_pieces" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"campaign_id" uuid,
	"title" text NOT NULL,
	"channel" text NOT NULL,
	"format" text DEFAULT 'post' NOT NULL,
	"status" text DEFAULT 'ideia' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"brief" text,
	"copy" text,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"assignee_id" text,
	"published_url" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "marketing_material_folders" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_materials" (
	"company_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"folder_id" uuid,
	"file_id" uuid NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_materials_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "canvas_boards" ADD COLUMN "ydoc_state" "bytea";--> statement-breakpoint
ALTER TABLE "canvas_boards" ADD COLUMN "ydoc_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "file_share_links" ADD CONSTRAINT "file_share_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_share_links" ADD CONSTRAINT "file_share_links_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_share_links" ADD CONSTRAINT "file_share_links_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_board_updates" ADD CONSTRAINT "canvas_board_updates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_board_updates" ADD CONSTRAINT "canvas_board_updates_board_id_canvas_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."canvas_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_client_id_marketing_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."marketing_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_clients" ADD CONSTRAINT "marketing_clients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_clients" ADD CONSTRAINT "marketing_clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_clients" ADD CONSTRAINT "marketing_clients_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_pieces" ADD CONSTRAINT "marketing_pieces_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_pieces" ADD CONSTRAINT "marketing_pieces_client_id_marketing_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."marketing_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_pieces" ADD CONSTRAINT "marketing_pieces_campaign_id_marketing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."marketing_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_pieces" ADD CONSTRAINT "marketing_pieces_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_pieces" ADD CONSTRAINT "marketing_pieces_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_pieces" ADD CONSTRAINT "marketing_pieces_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "marketing_client_contacts" ADD CONSTRAINT "marketing_client_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_client_contacts" ADD CONSTRAINT "marketing_client_contacts_client_id_marketing_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."marketing_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_client_contacts" ADD CONSTRAINT "marketing_client_contacts_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_client_contacts" ADD CONSTRAINT "marketing_client_contacts_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_client_members" ADD CONSTRAINT "marketing_client_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_client_members" ADD CONSTRAINT "marketing_client_members_client_id_marketing_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."marketing_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_client_members" ADD CONSTRAINT "marketing_client_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_material_folders" ADD CONSTRAINT "marketing_material_folders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_material_folders" ADD CONSTRAINT "marketing_material_folders_client_id_marketing_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."marketing_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_material_folders" ADD CONSTRAINT "marketing_material_folders_parent_id_marketing_material_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."marketing_material_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_material_folders" ADD CONSTRAINT "marketing_material_folders_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_materials" ADD CONSTRAINT "marketing_materials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_materials" ADD CONSTRAINT "marketing_materials_client_id_marketing_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."marketing_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_materials" ADD CONSTRAINT "marketing_materials_folder_id_marketing_material_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."marketing_material_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_materials" ADD CONSTRAINT "marketing_materials_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_materials" ADD CONSTRAINT "marketing_materials_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_share_links_company_file_id_created_at_idx" ON "file_share_links" USING btree ("company_id","file_id","created_at");--> statement-breakpoint
CREATE INDEX "canvas_board_updates_board_idx" ON "canvas_board_updates" USING btree ("board_id","id");--> statement-breakpoint
CREATE INDEX "canvas_board_updates_company_created_at_idx" ON "canvas_board_updates" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "marketing_campaigns_company_created_at_id_idx" ON "marketing_campaigns" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_campaigns_company_status_finished_at_id_idx" ON "marketing_campaigns" USING btree ("company_id","status","finished_at","id");--> statement-breakpoint
CREATE INDEX "marketing_campaigns_company_client_id_starts_on_idx" ON "marketing_campaigns" USING btree ("company_id","client_id","starts_on");--> statement-breakpoint
CREATE INDEX "marketing_campaigns_search_idx" ON "marketing_campaigns" USING gin (to_tsvector('portuguese', "name" || ' ' || coalesce("goal", '') || ' ' || coalesce("summary", '')));--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_clients_company_org_key" ON "marketing_clients" USING btree ("company_id","organization_id") WHERE "marketing_clients"."organization_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_clients_company_own_key" ON "marketing_clients" USING btree ("company_id") WHERE "marketing_clients"."organization_id" IS NULL;--> statement-breakpoint
CREATE INDEX "marketing_clients_company_created_at_id_idx" ON "marketing_clients" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_pieces_company_scheduled_at_id_idx" ON "marketing_pieces" USING btree ("company_id","scheduled_at","id");--> statement-breakpoint
CREATE INDEX "marketing_pieces_company_client_id_scheduled_at_idx" ON "marketing_pieces" USING btree ("company_id","client_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "marketing_pieces_company_updated_at_id_idx" ON "marketing_pieces" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "marketing_pieces_company_status_updated_at_idx" ON "marketing_pieces" USING btree ("company_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "marketing_pieces_company_campaign_id_idx" ON "marketing_pieces" USING btree ("company_id","campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_approval_links_token_hash_key" ON "marketing_approval_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "marketing_approval_links_company_piece_id_created_at_idx" ON "marketing_approval_links" USING btree ("company_id","piece_id","created_at");--> statement-breakpoint
CREATE INDEX "marketing_piece_approvals_company_piece_id_created_at_idx" ON "marketing_piece_approvals" USING btree ("company_id","piece_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_piece_versions_piece_number_key" ON "marketing_piece_versions" USING btree ("piece_id","number");--> statement-breakpoint
CREATE INDEX "marketing_piece_versions_company_piece_id_number_idx" ON "marketing_piece_versions" USING btree ("company_id","piece_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_client_contacts_client_person_key" ON "marketing_client_contacts" USING btree ("client_id","person_id");--> statement-breakpoint
CREATE INDEX "marketing_client_contacts_company_client_id_created_at_idx" ON "marketing_client_contacts" USING btree ("company_id","client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_client_members_client_user_key" ON "marketing_client_members" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "marketing_client_members_company_user_id_idx" ON "marketing_client_members" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "marketing_material_folders_company_client_id_parent_id_idx" ON "marketing_material_folders" USING btree ("company_id","client_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_material_folders_sibling_name_key" ON "marketing_material_folders" USING btree ("client_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "marketing_materials_company_created_at_id_idx" ON "marketing_materials" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_materials_company_client_id_folder_id_created_at_idx" ON "marketing_materials" USING btree ("company_id","client_id","folder_id","created_at");--> statement-breakpoint
CREATE INDEX "marketing_materials_tags_idx" ON "marketing_materials" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "campaigns_company_scheduled_at_idx" ON "campaigns" USING btree ("company_id","scheduled_at");