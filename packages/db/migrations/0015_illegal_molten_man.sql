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
ALTER TABLE "file_share_links" ADD CONSTRAINT "file_share_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_share_links" ADD CONSTRAINT "file_share_links_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_share_links" ADD CONSTRAINT "file_share_links_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "marketing_material_folders_company_client_id_parent_id_idx" ON "marketing_material_folders" USING btree ("company_id","client_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_material_folders_sibling_name_key" ON "marketing_material_folders" USING btree ("client_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "marketing_materials_company_created_at_id_idx" ON "marketing_materials" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_materials_company_client_id_folder_id_created_at_idx" ON "marketing_materials" USING btree ("company_id","client_id","folder_id","created_at");--> statement-breakpoint
CREATE INDEX "marketing_materials_tags_idx" ON "marketing_materials" USING gin ("tags");