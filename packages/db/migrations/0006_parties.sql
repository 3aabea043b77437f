CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"razao_social" text NOT NULL,
	"nome_fantasia" text,
	"cnpj" text,
	"email" text,
	"phone" text,
	"website" text,
	"logradouro" text,
	"numero" text,
	"complemento" text,
	"bairro" text,
	"municipio" text,
	"uf" text,
	"cep" text,
	"notes" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"phones" text[] DEFAULT '{}'::text[] NOT NULL,
	"cpf" text,
	"position" text,
	"organization_id" uuid,
	"notes" text,
	"legal_basis" text,
	"legal_basis_source" text,
	"legal_basis_at" date,
	"email_opt_out" boolean DEFAULT false NOT NULL,
	"whatsapp_opt_out" boolean DEFAULT false NOT NULL,
	"email_bounced" boolean DEFAULT false NOT NULL,
	"suppressed" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "suppression_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppression_list" ADD CONSTRAINT "suppression_list_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizations_company_name_idx" ON "organizations" USING btree ("company_id",lower("razao_social"),"id");--> statement-breakpoint
CREATE INDEX "organizations_company_created_at_id_idx" ON "organizations" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_company_cnpj_key" ON "organizations" USING btree ("company_id","cnpj") WHERE "organizations"."cnpj" IS NOT NULL AND "organizations"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "people_company_name_idx" ON "people" USING btree ("company_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "people_company_created_at_id_idx" ON "people" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "people_company_organization_idx" ON "people" USING btree ("company_id","organization_id");--> statement-breakpoint
CREATE INDEX "people_emails_idx" ON "people" USING gin ("emails");--> statement-breakpoint
CREATE UNIQUE INDEX "people_company_cpf_key" ON "people" USING btree ("company_id","cpf") WHERE "people"."cpf" IS NOT NULL AND "people"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "suppression_list_company_hash_key" ON "suppression_list" USING btree ("company_id","hash");